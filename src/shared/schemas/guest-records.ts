import { limitedEmail, limitedPhone } from './guest.ts';
import { ONE_LINE_TEXT, z } from './zod.ts';

/**
 * Guest records (CONTRACT.md part four, "Guests"): one per guest across
 * bookings, takeaway orders and event requests, with staff's notes and the
 * owner's tags. Staff-only personal data (docs/security.md): notes may say
 * allergies, which are health data, so they never reach a mail, a push, a
 * log line or a report.
 */

/** A search needs this many characters, and answers at most `GUEST_SEARCH_LIMIT` guests. */
export const GUEST_SEARCH_MIN = 3;
export const GUEST_SEARCH_LIMIT = 50;
/** Staff's notes on a guest (allergies, preferences). */
export const STAFF_NOTES_MAX = 1000;
/** The owner's list of tags, and one tag's length. */
export const GUEST_TAGS_MAX = 30;
export const GUEST_TAG_MAX = 30;

/**
 * Who a guest is, as their record is found: an e-mail case-folded and
 * without its `+tag`, or, without an e-mail, a phone's digits (a leading
 * `00` read as `+`), the same folding the limits use (shared/schemas/guest.ts).
 * Null when the row names neither (a walk-in who gave nothing).
 */
export function guestIdentity(contact: { email: string; phone: string }): string | null {
  if (contact.email.trim() !== '') return `e:${limitedEmail(contact.email)}`;
  const digits = limitedPhone(contact.phone).replace(/\D/g, '');
  return digits === '' ? null : `p:${digits}`;
}

/** A record's key in addresses (`/api/guests/{key}`): opaque, never the e-mail or phone. */
export const guestKeyParams = z.strictObject({
  key: z.string().regex(/^[A-Za-z0-9_-]{16}$/, 'must be a guest key'),
});

/**
 * GET /api/guests?q=: guests whose name, e-mail or phone holds `q` (at least
 * 3 characters); without `q`, the guests seen most recently. At most 50.
 */
export const guestsQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .min(GUEST_SEARCH_MIN, `Cerca: almeno ${GUEST_SEARCH_MIN} caratteri.`)
    .max(100, 'Cerca: al massimo 100 caratteri.')
    .regex(ONE_LINE_TEXT, 'Cerca: una riga di testo.')
    .optional(),
});

const tag = z
  .string()
  .trim()
  .min(1, 'Etichetta: almeno un carattere.')
  .max(GUEST_TAG_MAX, `Etichetta: al massimo ${GUEST_TAG_MAX} caratteri.`)
  .regex(ONE_LINE_TEXT, 'Etichetta: una riga di testo.');

const distinctTags = (max: number) =>
  z
    .array(tag)
    .max(max, `Etichette: al massimo ${max}.`)
    .refine(
      (tags) => new Set(tags.map((name) => name.toLowerCase())).size === tags.length,
      'Etichette: ognuna una volta sola.',
    );

/** GET|PUT /api/guests/tags: the owner's list, in the order shown. */
export const guestTagsBody = z.strictObject({ tags: distinctTags(GUEST_TAGS_MAX) });
export const guestTagsAnswer = z.object({ tags: z.array(z.string()) });

/** PATCH /api/guests/{key} (staff): notes and tags from the owner's list (the service checks the list). */
export const guestPatchBody = z
  .strictObject({
    notes: z
      .string()
      .trim()
      .max(STAFF_NOTES_MAX, `Note: al massimo ${STAFF_NOTES_MAX} caratteri.`)
      .refine((text) => !text.includes('\0'), 'Note: testo non valido.')
      .optional(),
    tags: distinctTags(GUEST_TAGS_MAX).optional(),
  })
  .refine((body) => body.notes !== undefined || body.tags !== undefined, {
    message: 'Indica le note o le etichette.',
    path: ['notes'],
  });
export type GuestPatchBody = z.infer<typeof guestPatchBody>;

/**
 * What a card shows of its guest (a booking in the day view and the
 * evening view, an order on the board): visits, no-shows, notes and tags.
 * `visits` counts bookings marked seated or finished, and, while the plan
 * has no table, confirmed ones whose time has passed ("came", CONTRACT.md).
 */
export const guestSummary = z.object({
  key: z.string(),
  visits: z.number(),
  noShows: z.number(),
  cancellations: z.number(),
  orders: z.number(),
  notes: z.string(),
  tags: z.array(z.string()),
});
export type GuestSummary = z.infer<typeof guestSummary>;

/** GET /api/guests: one guest as a list shows them. */
export const guestAnswer = guestSummary.extend({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The day of the last visit (YYYY-MM-DD), or null. */
  lastVisit: z.string().nullable(),
});
export type GuestRecord = z.infer<typeof guestAnswer>;
export const guestsAnswer = z.array(guestAnswer);

export const GUEST_HISTORY_KINDS = ['booking', 'order', 'event'] as const;
/** GET /api/guests/{key}: the record and its history, newest first. */
export const guestDetailAnswer = guestAnswer.extend({
  lang: z.string(),
  history: z.array(
    z.object({
      kind: z.enum(GUEST_HISTORY_KINDS),
      id: z.number(),
      date: z.string(),
      time: z.string().nullable(),
      status: z.string(),
      /** Covers for a booking, guests for an event, dishes' total for an order ("€ 24,00"). */
      detail: z.string(),
    }),
  ),
  /** When the last review request went, and whether the guest stopped them. */
  reviewAskedAt: z.string().nullable(),
  reviewsStopped: z.boolean(),
});
export type GuestDetail = z.infer<typeof guestDetailAnswer>;

/** POST /api/guests/stop-reviews `{token}`: the review mail's stop link, pressed (it never expires). */
export const reviewStopBody = z.strictObject({ token: z.string().min(1).max(200) });
export const reviewStopAnswer = z.object({ stopped: z.boolean() });
