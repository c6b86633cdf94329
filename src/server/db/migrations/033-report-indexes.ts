import type { Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * The owner's reports (services/reports/) group a range of days of
 * bookings and takeaway orders: with every column a report reads in the
 * index that orders them by date, each engine reads the range from the
 * index alone, never the rows (npm run bench, `reports`: a year of a busy
 * restaurant). The lines' index gives each order's lines, with what the
 * reports sum, likewise. The old indexes on `date` (and `time`) stay for
 * the day views, whose queries read whole rows.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createIndex('reservations_report')
    .on('reservations')
    .columns(['date', 'status', 'source', 'party', 'lang', 'starts_at'])
    .execute();
  await db.schema
    .createIndex('takeaway_orders_report')
    .on('takeaway_orders')
    .columns(['date', 'time', 'status', 'total_cents', 'lang', 'id'])
    .execute();
  await db.schema
    .createIndex('takeaway_order_lines_report')
    .on('takeaway_order_lines')
    .columns(['order_id', 'position', 'item_id', 'kitchen', 'quantity', 'amount_cents'])
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropIndex('takeaway_order_lines_report').execute();
  await db.schema.dropIndex('takeaway_orders_report').execute();
  await db.schema.dropIndex('reservations_report').execute();
}
