import { ONE_LINE_TEXT, z } from './zod.ts';

/**
 * The guest core's payloads: what every guest's form takes (a booking, a
 * takeaway order, an event request), how the limits and the staff's bulk
 * decline name one guest, and how a guest's data is asked for. The families'
 * schemas (reservations.ts, takeaway.ts, events.ts) build on these; the
 * messages are the API's plain English, like theirs.
 */

/** The longest note a guest leaves the restaurant (a booking's, a takeaway order's, an event request's). */
export const GUEST_NOTES_MAX = 500;
/** The longest message staff send a guest with a decline (one booking, or all of a guest's pending requests). */
export const STAFF_MESSAGE_MAX = 1000;

/** Names and phones end up in mail subjects and calendar entries: one line, no controls. */
export const oneLine = (max: number) =>
  z.string().trim().min(1).max(max).regex(ONE_LINE_TEXT, 'must not contain control characters');

/**
 * A phone number as people write it: digits, spaces, +, -, dots, slashes,
 * brackets, 6 to 20 digits. Spaces only: no tabs, line breaks or line
 * separators, which would start a line of their own in the restaurant's notice.
 */
export const guestPhone = z
  .string()
  .trim()
  .max(30)
  .regex(/^\+?[\d \-.()/]+$/, 'must be a phone number')
  .refine((text) => {
    const digits = text.replace(/\D/g, '').length;
    return digits >= 6 && digits <= 20;
  }, 'must be a phone number');

export const guestEmail = z.string().trim().max(254).pipe(z.email());

/**
 * A phone as limits and a guest's data compare it: its digits, after a
 * leading + if it has one ("+39 06 123-456" and "+3906123456" are one phone).
 */
export const normalPhone = (text: string) =>
  `${text.trim().startsWith('+') ? '+' : ''}${text.replace(/\D/g, '')}`;

/**
 * One guest as the limits on online bookings count them (docs/security.md item
 * 41): stricter than a guest's data, which finds what was typed. An e-mail in
 * any case and without its `+tag` (`anna+1@…` and `anna+2@…` reach one
 * mailbox), a phone written with `00` for its `+` (however spaced: folded
 * after `normalPhone`, so that folding twice changes nothing, and staff's
 * decline, which gets the phone as `normalPhone` writes it, finds what the
 * limits counted).
 */
export const limitedEmail = (text: string) => {
  const address = text.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  return at < 0 ? address : `${address.slice(0, at).split('+')[0]}${address.slice(at)}`;
};
export const limitedPhone = (text: string) => {
  const phone = normalPhone(text);
  return phone.startsWith('00') ? `+${phone.slice(2)}` : phone;
};

/**
 * A guest's note to the restaurant (a booking's, a takeaway order's). U+0000
 * cannot be stored by PostgreSQL: a form posted without JavaScript reaches
 * this schema without the API's JSON check (api-conventions.ts).
 */
export const guestNotes = z
  .string()
  .trim()
  .max(GUEST_NOTES_MAX)
  .refine((text) => !text.includes('\0'), 'must not contain the character U+0000')
  .optional();

/** A guest's name, e-mail and phone, as every guest's form takes them (a booking, a takeaway order). */
export const guestContactFields = { name: oneLine(100), email: guestEmail, phone: guestPhone };

/**
 * GET|DELETE /api/guest-data?email= or ?phone=: one guest's data, to export
 * or erase on request, found by exactly one of the two (a booking taken by
 * phone may have no e-mail). The phone is compared as `normalPhone` writes it.
 */
export const guestDataQuery = z
  .strictObject({ email: guestEmail.optional(), phone: guestPhone.optional() })
  .superRefine((query, ctx) => {
    if ((query.email === undefined) === (query.phone === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'give either email or phone' });
    }
  });
/** Whom a guest-data request names. */
export type GuestKey = { email: string } | { phone: string };
/** The guest a checked query names; a phone as `normalPhone` writes it. */
export const guestKeyOf = (query: z.infer<typeof guestDataQuery>): GuestKey =>
  query.email !== undefined ? { email: query.email } : { phone: normalPhone(query.phone ?? '') };

/**
 * Whose pending requests staff decline at once (docs/security.md item 41): one
 * e-mail, one phone, or the client address booking `addressOf` came from
 * (the address itself is never shown). Exactly one of the three.
 */
const pendingOfFields = {
  email: guestEmail.optional(),
  phone: guestPhone.optional(),
  addressOf: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,10}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(1).max(2_147_483_647))
    .optional(),
};
const exactlyOne = (
  query: { email?: string; phone?: string; addressOf?: number },
  ctx: z.RefinementCtx,
) => {
  const given = [query.email, query.phone, query.addressOf].filter((v) => v !== undefined);
  if (given.length !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['email'],
      message: 'give one of email, phone, addressOf',
    });
  }
};
/** GET /api/reservations/decline-pending?email=|phone=|addressOf=: how many would be declined. */
export const pendingOfQuery = z.strictObject(pendingOfFields).superRefine(exactlyOne);
/** POST /api/reservations/decline-pending: declines them, with one message to each guest. */
export const declinePendingBody = z
  .strictObject({
    ...pendingOfFields,
    message: z.string().trim().max(STAFF_MESSAGE_MAX).optional(),
  })
  .superRefine(exactlyOne);
export type PendingOf = { email: string } | { phone: string } | { addressOf: number };
/** The guest a checked query or body names; a phone as `normalPhone` writes it. */
export const pendingOf = (query: z.infer<typeof pendingOfQuery>): PendingOf =>
  query.email !== undefined
    ? { email: query.email }
    : query.phone !== undefined
      ? { phone: normalPhone(query.phone) }
      : { addressOf: query.addressOf ?? 0 };
export const pendingCountAnswer = z.object({ pending: z.number() });
export const declinedPendingAnswer = z.object({ declined: z.number() });
