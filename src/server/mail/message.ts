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

/** A mail's secret link, and when the outbox must give up sending it. */
export interface SecretLink {
  url: string;
  expiresAt: string;
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
