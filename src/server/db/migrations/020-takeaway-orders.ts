import { sql, type Kysely } from 'kysely';
import { autoIncrementId, type SqlDialect } from './columns.ts';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * Takeaway orders and their lines. `date`/`time` are the pickup slot in
 * Rome's wall clock, which a slot's load is counted on. Each line keeps
 * what the menu said at the moment of ordering (the dish's name, the size's
 * label, the unit amount in whole cents, its kitchen group), so that a later
 * change of the menu changes neither the order's total nor the slot's load.
 */
export async function up(db: AnyDatabase, dialect: SqlDialect): Promise<void> {
  await db.schema
    .createTable('takeaway_orders')
    .addColumn('id', 'integer', autoIncrementId(dialect))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('time', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`status in ('received', 'accepted', 'ready', 'collected', 'declined', 'cancelled', 'no-show')`,
        ),
    )
    .addColumn('notes', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull().check(sql`source in ('online', 'phone')`))
    .addColumn('total_cents', 'integer', (col) => col.notNull().check(sql`total_cents >= 0`))
    .addColumn('privacy_accepted_at', 'text')
    .addColumn('client_key', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('takeaway_orders_date')
    .on('takeaway_orders')
    .columns(['date', 'time'])
    .execute();
  // A guest's data is found by e-mail whatever its case (services/guest-data.ts).
  await db.schema
    .createIndex('takeaway_orders_email')
    .on('takeaway_orders')
    .expression(sql`lower(email)`)
    .execute();

  await db.schema
    .createTable('takeaway_order_lines')
    .addColumn('order_id', 'integer', (col) =>
      col.notNull().references('takeaway_orders.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('item_id', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 1`))
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents >= 0`))
    .addColumn('kitchen', 'text', (col) =>
      col.notNull().check(sql`kitchen in ('oven', 'kitchen', 'none')`),
    )
    .addPrimaryKeyConstraint('takeaway_order_lines_pk', ['order_id', 'position'])
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropTable('takeaway_order_lines').execute();
  await db.schema.dropTable('takeaway_orders').execute();
}
