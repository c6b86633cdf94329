import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { autoIncrementId, type SqlDialect } from './columns.ts';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/** A random secret, as URL-safe text. */
const secret = () => randomBytes(32).toString('base64url');

/**
 * Table reservations (docs/decisions/011):
 * - `reservations`: one booking each. `date`/`time` are Rome's wall clock as
 *   the guest picked them; `starts_at`/`ends_at` the real instants of its
 *   table-turn (fixed when booked, so a later change of the turn's length
 *   does not move old bookings), which is what capacity is counted on.
 * - `reservation_settings`: the owner's settings, one row (id 1) that every
 *   booking locks, so that concurrent bookings on any instance take turns,
 *   and the bookings' version, which every change of a booking counts.
 * - `server_secrets`: secrets every instance must share, made once here: the
 *   key that signs cancel links (nothing secret is stored beside a booking).
 * - the outbox learns calendar invitations, and which mails hold a guest's
 *   words (their bodies are emptied once sent).
 */
export async function up(db: AnyDatabase, dialect: SqlDialect): Promise<void> {
  await db.schema
    .createTable('reservations')
    .addColumn('id', 'integer', autoIncrementId(dialect))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('party', 'integer', (col) => col.notNull().check(sql`party >= 1`))
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('time', 'text', (col) => col.notNull())
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('ends_at', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .check(sql`status in ('pending', 'confirmed', 'declined', 'cancelled', 'no-show')`),
    )
    .addColumn('notes', 'text', (col) => col.notNull())
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull().check(sql`source in ('online', 'staff')`))
    .addColumn('over_capacity', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('staff_message', 'text')
    .addColumn('privacy_accepted_at', 'text')
    /** Goes up with every change a calendar must follow (RFC 5545 SEQUENCE). */
    .addColumn('sequence', 'integer', (col) => col.notNull().defaultTo(0))
    /** Whether a confirmation with an invitation went out: a cancellation then carries METHOD:CANCEL. */
    .addColumn('invited', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reminder_queued_at', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('reservations_starts_at')
    .on('reservations')
    .columns(['starts_at'])
    .execute();
  await db.schema.createIndex('reservations_date').on('reservations').columns(['date']).execute();
  // A guest's data is found by e-mail whatever its case (services/guest-data.ts).
  await db.schema
    .createIndex('reservations_email')
    .on('reservations')
    .expression(sql`lower(email)`)
    .execute();

  await db.schema
    .createTable('reservation_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('covers_per_slot', 'integer', (col) => col.notNull())
    .addColumn('turn_minutes', 'integer', (col) => col.notNull())
    .addColumn('min_notice_minutes', 'integer', (col) => col.notNull())
    .addColumn('horizon_days', 'integer', (col) => col.notNull())
    .addColumn('max_party_online', 'integer', (col) => col.notNull())
    .addColumn('auto_confirm_max_party', 'integer')
    .addColumn('retention_months', 'integer', (col) => col.notNull())
    .addColumn('calendar_feed_secret', 'text', (col) => col.notNull())
    /** Goes up with every change of the bookings: each instance's availability cache follows it. */
    .addColumn('bookings_version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // the defaults docs/api.md gives; the retention period is docs/security.md's item 39 (24 months).
  await db
    .insertInto('reservation_settings')
    .values({
      id: 1,
      covers_per_slot: 40,
      turn_minutes: 120,
      min_notice_minutes: 120,
      horizon_days: 60,
      max_party_online: 8,
      auto_confirm_max_party: null,
      retention_months: 24,
      calendar_feed_secret: secret(),
      updated_at: new Date().toISOString(),
    })
    .execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
  await db.insertInto('server_secrets').values({ name: 'cancel-links', value: secret() }).execute();

  await db.schema.alterTable('outbox').addColumn('calendar_method', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('calendar_ics', 'text').execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('personal', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('personal').execute();
  await db.schema.alterTable('outbox').dropColumn('calendar_ics').execute();
  await db.schema.alterTable('outbox').dropColumn('calendar_method').execute();
  await db.schema.dropTable('server_secrets').execute();
  await db.schema.dropTable('reservation_settings').execute();
  await db.schema.dropTable('reservations').execute();
}
