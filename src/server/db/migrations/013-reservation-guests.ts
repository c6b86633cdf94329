import { sql, type Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * Finding one guest's bookings (docs/security.md items 39 and 41):
 * - `client_key`: the client address an online booking came from (an IPv6
 *   client's /56, plugins/staff-auth.ts `clientKey`), so that staff can
 *   decline every pending request of one address; null for staff's bookings.
 *   Deleted with the booking, by the retention chore or an erasure.
 * - an index on the phone as services/guest-data.ts compares it: its digits
 *   after a leading + (the schema lets only these six other characters in).
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema.alterTable('reservations').addColumn('client_key', 'text').execute();
  await db.schema
    .createIndex('reservations_client_key')
    .on('reservations')
    .columns(['client_key', 'status'])
    .execute();
  await db.schema
    .createIndex('reservations_phone')
    .on('reservations')
    .expression(
      sql`replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '.', ''), '(', ''), ')', ''), '/', '')`,
    )
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropIndex('reservations_phone').execute();
  await db.schema.dropIndex('reservations_client_key').execute();
  await db.schema.alterTable('reservations').dropColumn('client_key').execute();
}
