import { sql, type Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * The caps on a guest's pending orders and event requests read that
 * guest's rows by e-mail or phone, under the lock, at every request of a
 * burst (services/guests/guest-match.ts `isGuestsRowSql`). The e-mail is
 * indexed already (`lower(email)`, migrations 020 and 022); the phone is
 * indexed here as it is compared, the expression of migration 013's
 * `reservations_phone`. With both, SQLite looks each guest up in the
 * indexes (a multi-index OR) instead of reading every waiting row:
 * docs/performance.md, "The caps look a guest up in the indexes".
 */
const NORMAL_PHONE = sql`replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '.', ''), '(', ''), ')', ''), '/', '')`;

export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createIndex('takeaway_orders_phone')
    .on('takeaway_orders')
    .expression(NORMAL_PHONE)
    .execute();
  await db.schema
    .createIndex('event_inquiries_phone')
    .on('event_inquiries')
    .expression(NORMAL_PHONE)
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropIndex('event_inquiries_phone').execute();
  await db.schema.dropIndex('takeaway_orders_phone').execute();
}
