/**
 * A mail as a template makes it and the outbox stores it. How the module
 * fits together, and how to add a mail: layout.ts.
 */

/**
 * Where a mail's secret link goes in its bodies. The link itself is stored
 * apart and put in only for the send (outbox.ts); once the mail is sent, or
 * the link has expired unsent, it is deleted: no row keeps a usable token
 * (docs/security.md).
 */
export const SECRET_LINK = '{{secret-link}}';

/** Where a mail's further secret links go (`SecretLink.also`): the first is SECRET_LINK. */
export const secretLinkMarker = (index: number) =>
  index === 0 ? SECRET_LINK : `{{secret-link-${index}}}`;

/**
 * A mail's secret link, and when the outbox must give up sending it. A mail
 * may carry further links expiring with it (the reminder's "I'll be there"
 * beside its cancel link): `also`, in the bodies as `secretLinkMarker(1)`…
 */
export interface SecretLink {
  url: string;
  expiresAt: string;
  also?: readonly string[];
}

/**
 * The outbox's `secret_link` column: the links one a line (an address holds
 * no line break), the first alone for a mail with one.
 */
export const storedSecretLinks = (link: SecretLink) => [link.url, ...(link.also ?? [])].join('\n');

/** A body with the stored links put in for the send (`escape` for the HTML part). */
export function withSecretLinks(
  body: string,
  stored: string,
  escape: (text: string) => string = (text) => text,
): string {
  return stored
    .split('\n')
    .reduce(
      (filled, link, index) => filled.replaceAll(secretLinkMarker(index), escape(link)),
      body,
    );
}

/** A mail as the outbox stores it, before any send. */
export interface OutgoingMail {
  kind: string;
  to: string;
  replyTo?: string;
  subject: string;
  /** Bodies: a secret link appears in them only as SECRET_LINK. */
  text: string;
  html: string;
  secretLink?: SecretLink;
  /** A calendar invitation (iCalendar text) sent as the mail's event part. */
  calendar?: CalendarPart;
  /**
   * The mail holds a guest's words (a booking's name, notes): its bodies and
   * invitation are emptied once it is sent, not kept for the outbox's lifetime.
   */
  personal?: boolean;
}

export interface CalendarPart {
  method: 'REQUEST' | 'CANCEL';
  ics: string;
}
