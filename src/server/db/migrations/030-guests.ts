import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { autoIncrementId, type SqlDialect } from './columns.ts';
// The one folding of who a guest is, which the records are found by at run time too:
// a pure function of the schemas, not of today's `Database` type.
import { guestIdentity } from '../../../shared/schemas/guest-records.ts';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/** The tables whose rows belong to a guest, each with the day it is about. */
const GUESTS_ROWS = ['reservations', 'takeaway_orders', 'event_inquiries'] as const;

/**
 * Guest records (CONTRACT.md part four, "Guests"):
 * - `guests`: one per guest (`identity`: e-mail case-folded without its
 *   +tag, or a phone's digits), an opaque `key` for addresses, the latest
 *   name, contact and language the guest gave, staff's notes, the owner's
 *   tags, `last_seen_on` (the newest day of their bookings, orders and
 *   requests: retention counts from it), and the review requests' memory;
 * - `guest_tags`: the owner's list of tags, in order;
 * - bookings, takeaway orders and event requests point at their guest;
 * - bookings learn the guest's "I'll be there" and staff's "non inviare",
 *   bookings and orders when their review request was decided;
 * - the settings learn the review requests (off by default).
 * The records are built here from every row already stored.
 */
export async function up(db: AnyDatabase, dialect: SqlDialect): Promise<void> {
  await db.schema
    .createTable('guests')
    .addColumn('id', 'integer', autoIncrementId(dialect))
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('identity', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('lang', 'text', (col) => col.notNull())
    /** Lower-case name and e-mail and the phone's digits, one per line: what a search looks in. */
    .addColumn('search_text', 'text', (col) => col.notNull())
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('last_seen_on', 'text', (col) => col.notNull())
    .addColumn('review_asked_at', 'text')
    .addColumn('reviews_stopped_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('guests_last_seen').on('guests').column('last_seen_on').execute();
  await db.schema
    .createTable('guest_tags')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();

  for (const table of GUESTS_ROWS) {
    // No foreign key: SQLite cannot drop a column that has one (`down`), and a guest's
    // erasure and retention delete the rows with their record (services/guest-data.ts).
    await db.schema.alterTable(table).addColumn('guest_id', 'integer').execute();
    await db.schema.createIndex(`${table}_guest`).on(table).column('guest_id').execute();
  }
  await db.schema.alterTable('reservations').addColumn('guest_confirmed_at', 'text').execute();
  await db.schema
    .alterTable('reservations')
    .addColumn('review_held', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('reservations').addColumn('review_decided_at', 'text').execute();
  await db.schema.alterTable('takeaway_orders').addColumn('review_decided_at', 'text').execute();
  await db.schema
    .alterTable('reservation_settings')
    .addColumn('reviews_enabled', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('reservation_settings')
    .addColumn('reviews_url', 'text', (col) => col.notNull().defaultTo(''))
    .execute();

  await buildRecords(db);
}

interface GuestRow {
  id: number;
  name: string;
  email: string;
  phone: string;
  lang: string;
  date: string;
  created_at: string;
}

/** Every stored row's guest, oldest first, so that the newest name and contact win. */
async function buildRecords(db: AnyDatabase): Promise<void> {
  const records = new Map<
    string,
    Omit<GuestRow, 'id'> & { rows: Map<string, number[]>; firstSeenAt: string }
  >();
  for (const table of GUESTS_ROWS) {
    const rows = (await db
      .selectFrom(table)
      .select(['id', 'name', 'email', 'phone', 'lang', 'date', 'created_at'])
      .orderBy('created_at')
      .orderBy('id')
      .execute()) as GuestRow[];
    for (const row of rows) {
      const identity = guestIdentity(row);
      if (identity === null) continue;
      const record = records.get(identity);
      if (record === undefined) {
        records.set(identity, {
          ...row,
          firstSeenAt: row.created_at,
          rows: new Map([[table, [row.id]]]),
        });
        continue;
      }
      const ids = record.rows.get(table) ?? [];
      ids.push(row.id);
      record.rows.set(table, ids);
      if (row.date > record.date) record.date = row.date;
      if (row.created_at >= record.created_at) {
        Object.assign(record, {
          name: row.name,
          lang: row.lang,
          created_at: row.created_at,
          email: row.email || record.email,
          phone: row.phone || record.phone,
        });
      }
    }
  }
  const now = new Date().toISOString();
  for (const [identity, record] of records) {
    const { id } = (await db
      .insertInto('guests')
      .values({
        key: randomBytes(12).toString('base64url'),
        identity,
        name: record.name,
        email: record.email,
        phone: record.phone,
        lang: record.lang,
        search_text: [
          record.name.toLowerCase(),
          record.email.toLowerCase(),
          record.phone.replace(/\D/g, ''),
        ].join('\n'),
        last_seen_on: record.date,
        created_at: record.firstSeenAt,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number };
    for (const [table, ids] of record.rows) {
      // In slices: SQLite takes at most 32,766 parameters in one statement.
      for (let start = 0; start < ids.length; start += 500) {
        await db
          .updateTable(table)
          .set({ guest_id: id })
          .where('id', 'in', ids.slice(start, start + 500))
          .execute();
      }
    }
  }
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.alterTable('reservation_settings').dropColumn('reviews_url').execute();
  await db.schema.alterTable('reservation_settings').dropColumn('reviews_enabled').execute();
  await db.schema.alterTable('takeaway_orders').dropColumn('review_decided_at').execute();
  await db.schema.alterTable('reservations').dropColumn('review_decided_at').execute();
  await db.schema.alterTable('reservations').dropColumn('review_held').execute();
  await db.schema.alterTable('reservations').dropColumn('guest_confirmed_at').execute();
  for (const table of GUESTS_ROWS) {
    await db.schema.dropIndex(`${table}_guest`).execute();
    await db.schema.alterTable(table).dropColumn('guest_id').execute();
  }
  await db.schema.dropTable('guest_tags').execute();
  await db.schema.dropTable('guests').execute();
}
