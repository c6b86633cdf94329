import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import { limitedEmail, limitedPhone, type GuestKey } from '../../../shared/schemas/guest.ts';

/**
 * Two ways one guest is found, for two purposes:
 * - a guest's data (export, erasure: guest-data.ts) finds what was typed:
 *   an e-mail in any case, a phone however it was spaced (`guestsRows`);
 * - the caps on pending requests and staff's "Rifiuta tutte" read one guest
 *   the same stricter way (docs/security.md item 41): an e-mail without its
 *   `+tag`, a phone written with `00` for its `+` (`isGuestsRow`), so that
 *   staff decline exactly what the cap counted.
 */

/**
 * The test of whether a row is `guest`'s as the caps and the staff's bulk
 * decline read a guest (`limitedEmail`, `limitedPhone`): the guest's side
 * read once, for the many rows a cap looks through (every order waiting,
 * in a burst).
 */
export function isGuestsRow(guest: GuestKey): (row: { email: string; phone: string }) => boolean {
  if ('email' in guest) {
    const email = limitedEmail(guest.email);
    return (row) => row.email !== '' && limitedEmail(row.email) === email;
  }
  const phone = limitedPhone(guest.phone);
  return (row) => limitedPhone(row.phone) === phone;
}

/** A column holding an e-mail equals `email`, whatever the case of either (`lower()` is indexed). */
export const sameEmail =
  (column: 'email' | 'recipient' | 'reply_to', email: string) =>
  (
    eb: ExpressionBuilder<
      Database,
      'reservations' | 'takeaway_orders' | 'event_inquiries' | 'contact_messages' | 'outbox'
    >,
  ) =>
    eb(eb.fn('lower', [column]), '=', email.toLowerCase());

/**
 * A booking's phone as `normalPhone` writes it (shared/schemas/guest.ts):
 * the schema lets through only digits, a leading + and these six characters.
 * Migration 013 indexes this very expression.
 */
const NORMAL_PHONE = sql<string>`replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '.', ''), '(', ''), ')', ''), '/', '')`;

/**
 * The bookings, takeaway orders or event requests of `guest`: by e-mail whatever its case,
 * or by phone (normalised) however it was written. Both forms check the
 * phone with the same schema (`guestContactFields`). A row retention
 * anonymised (guest-data.ts `purgeExpired`) is nobody's: its e-mail and
 * phone are empty, which no key is, and `anonymised_at` says so outright.
 */
export const guestsRows =
  (guest: GuestKey) =>
  (eb: ExpressionBuilder<Database, 'reservations' | 'takeaway_orders' | 'event_inquiries'>) =>
    eb.and([
      'email' in guest ? sameEmail('email', guest.email)(eb) : eb(NORMAL_PHONE, '=', guest.phone),
      eb('anonymised_at', 'is', null),
    ]);
