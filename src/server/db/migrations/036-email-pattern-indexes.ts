import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SqlDialect } from './columns.ts';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * The caps on a guest's pending bookings and event requests, under their
 * locks, and staff's "Rifiuta tutte" look for the guest's tagged addresses
 * with `lower(email) like 'anna+%@…'` (services/guests/guest-match.ts
 * `isGuestsRowSql`). PostgreSQL answers a LIKE's fixed prefix from a btree
 * index only when the index compares bytes: its `lower(email)` indexes
 * (migrations 012, 020, 022) use the database's collation, so each such
 * look-up read every pending row (docs/performance.md, "The caps look a
 * guest up in the indexes"). Rebuilt with `text_pattern_ops`, which
 * compares bytes and still answers `lower(email) = …`; nothing orders by
 * e-mail. SQLite compares bytes already, and its caps name the prefix's
 * range. (The orders' cap counts a turn's waiting orders in memory:
 * services/takeaway/pending-orders.ts.)
 */
const EMAIL_INDEXES = [
  ['reservations_email', 'reservations'],
  ['takeaway_orders_email', 'takeaway_orders'],
  ['event_inquiries_email', 'event_inquiries'],
] as const;

export async function up(db: AnyDatabase, dialect: SqlDialect): Promise<void> {
  if (dialect === 'postgres') await rebuild(db, sql`lower(email) text_pattern_ops`);
}

export async function down(db: AnyDatabase, dialect: SqlDialect): Promise<void> {
  if (dialect === 'postgres') await rebuild(db, sql`lower(email)`);
}

/** The e-mail indexes made again on `expression`. */
async function rebuild(db: AnyDatabase, expression: RawBuilder<unknown>): Promise<void> {
  for (const [name, table] of EMAIL_INDEXES) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on(table).expression(expression).execute();
  }
}
