import { FALLBACK_LANG, toLang, type Lang } from '../../shared/languages.ts';
import type { RestaurantFacts } from '../../shared/schemas/restaurant.ts';
import { renderMail, type Block } from './layout.ts';
import type { OutgoingMail } from './message.ts';
import { guestTexts, type GuestTexts, type MailTexts } from './texts.ts';

/** What a guest mail says beside its envelope: `write`'s answer. */
export interface GuestMailContent {
  subject: string;
  /** The blocks, `condition && block` allowed (layout.ts `renderMail`). */
  blocks: readonly (Block | false | undefined)[];
  /** schema.org data for the HTML part (a confirmed booking's card). */
  jsonLd?: object;
  /** A secret link or a calendar invitation the mail carries. */
  attached?: Pick<OutgoingMail, 'secretLink' | 'calendar'>;
}

/**
 * The one preamble of every mail to a guest (a booking's, a takeaway
 * order's, an event request's): in the guest's language (the fallback's for
 * one the site no longer has), from the family's texts (`namespace`), to the
 * guest, Reply-To the restaurant (the guest's answer reaches its inbox),
 * signed with its name, and personal (mail/message.ts): its bodies are
 * emptied once sent. `write` gives the subject and the blocks.
 */
export function mailToGuest(
  namespace: GuestTexts,
  kind: string,
  guest: { email: string; lang: string },
  restaurant: RestaurantFacts,
  write: (t: MailTexts, lang: Lang) => GuestMailContent,
): OutgoingMail {
  const lang = toLang(guest.lang) ?? FALLBACK_LANG;
  const { subject, blocks, jsonLd, attached } = write(guestTexts(namespace, lang), lang);
  return {
    kind,
    to: guest.email,
    replyTo: restaurant.email,
    subject,
    ...renderMail(blocks, { lang, signature: restaurant.name, ...(jsonLd ? { jsonLd } : {}) }),
    ...attached,
    personal: true,
  };
}
