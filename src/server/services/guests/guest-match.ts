import { sql, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import { limitedEmail, limitedPhone, type GuestKey } from '../../../shared/schemas/guest.ts';

/** The tables whose rows a guest asks for from the site, with their e-mail, phone and address. */
export type GuestTable = 'reservations' | 'takeaway_orders' | 'event_inquiries';

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

/**
 * `isGuestsRow` in SQL: the rows that are `guest`'s as it reads them, so that
 * a cap reads these few rows rather than every pending one: a burst of 200
 * orders read 20,000 rows to count each guest's (docs/performance.md, "The
 * caps read one guest's rows"). `isGuestsRow` still decides on what is read.
 * The two agree on every row written through the guests' and staff's forms
 * (`guestEmail`, `guestPhone` in shared/schemas/guest.ts), as every pending
 * booking, order and request is (a walk-in's free-text phone is never
 * pending):
 * - an e-mail is ASCII, which SQL's `lower()` folds as `limitedEmail` does:
 *   `anna@x.it` is stored as itself or with a +tag;
 * - a phone is digits, a leading + and `NORMAL_PHONE`'s six characters, so
 *   `NORMAL_PHONE` writes it as `normalPhone` does; `limitedPhone` then reads
 *   a leading `00` as `+`, so both spellings are asked for.
 * The columns are named bare: the caps read one table.
 *
 * The caps on bookings and event requests, which run under the lock, name
 * their database's `dialect`, so that it looks the guest up in its indexes
 * (`lower(email)`; the phone's expression, migrations 013 and 035) rather
 * than read every pending row: each arm of the test must then be one an
 * index answers. On SQLite, which compares text byte by byte, the tagged
 * addresses are also the range of `lower(email)` from "local+" to "local,"
 * (the character after "+"), which its index answers; a LIKE on an
 * expression is not. On PostgreSQL the LIKE's fixed prefix is answered by
 * the e-mail's index, which compares bytes (migration 036). The orders'
 * cap counts a turn's waiting orders in memory instead
 * (takeaway/pending-orders.ts `waitingInTurn`).
 */
export function isGuestsRowSql(guest: GuestKey, dialect?: SqlDialect): RawBuilder<SqlBool> {
  if ('email' in guest) {
    const email = limitedEmail(guest.email);
    const at = email.lastIndexOf('@');
    if (at < 0) return sql<SqlBool>`lower(email) = ${email}`;
    const local = email.slice(0, at);
    const tagged = sql<SqlBool>`lower(email) like ${`${likeLiteral(local)}+%@${likeLiteral(email.slice(at + 1))}`} escape '!'`;
    const taggedRows =
      dialect === 'sqlite'
        ? sql<SqlBool>`(lower(email) >= ${`${local}+`} and lower(email) < ${`${local},`} and ${tagged})`
        : tagged;
    return sql<SqlBool>`(lower(email) = ${email} or ${taggedRows})`;
  }
  const phone = limitedPhone(guest.phone);
  const spellings = phone.startsWith('+') ? [phone, `00${phone.slice(1)}`] : [phone];
  return sql<SqlBool>`${NORMAL_PHONE} in (${sql.join(spellings)})`;
}

/** `text` matched as it is by a LIKE with `escape '!'` (the same on SQLite and PostgreSQL). */
const likeLiteral = (text: string) => text.replace(/[!%_]/g, '!$&');

/**
 * The rows that hold `guest`'s e-mail or phone (`isGuestsRowSql`), those
 * the caps count a guest's pending requests among (pending-caps.ts): an
 * empty e-mail (staff's phone booking) is nobody's.
 */
export const isSameGuestSql =
  (guest: { email: string; phone: string }, dialect: SqlDialect) =>
  (eb: ExpressionBuilder<Database, GuestTable>) =>
    eb.or([
      ...(guest.email === '' ? [] : [isGuestsRowSql({ email: guest.email }, dialect)]),
      isGuestsRowSql({ phone: guest.phone }, dialect),
    ]);

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
export const guestsRows = (guest: GuestKey) => (eb: ExpressionBuilder<Database, GuestTable>) =>
  eb.and([
    'email' in guest ? sameEmail('email', guest.email)(eb) : eb(NORMAL_PHONE, '=', guest.phone),
    eb('anonymised_at', 'is', null),
  ]);
