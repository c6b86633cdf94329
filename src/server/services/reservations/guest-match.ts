import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { GuestKey } from '../../../shared/schemas/guest.ts';

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
 * A booking's phone as `normalPhone` writes it (shared/schemas/reservations.ts):
 * the schema lets through only digits, a leading + and these six characters.
 * Migration 013 indexes this very expression.
 */
const NORMAL_PHONE = sql<string>`replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '.', ''), '(', ''), ')', ''), '/', '')`;

/**
 * The bookings, takeaway orders or event requests of `guest`: by e-mail whatever its case,
 * or by phone (normalised) however it was written. Both forms check the
 * phone with the same schema (`guestContactFields`).
 */
export const guestsRows =
  (guest: GuestKey) =>
  (eb: ExpressionBuilder<Database, 'reservations' | 'takeaway_orders' | 'event_inquiries'>) =>
    'email' in guest ? sameEmail('email', guest.email)(eb) : eb(NORMAL_PHONE, '=', guest.phone);
