import type { Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * What the kitchen board needs. `takeaway_orders.opened_at`: when someone
 * first opened the order on the board (null: nobody yet, and it rings);
 * orders stored before this migration count as opened when they were made,
 * so that an upgrade does not ring for old orders. `takeaway_orders.message`:
 * staff's last word to the guest (a decline's reason). And
 * `takeaway_settings.orders_version`, counted up in the transaction of
 * every write to orders, the settings or the pause, which the board's
 * polling compares (one row read) on every instance. And
 * `takeaway_order_lines.guest_name`: the dish's name in the guest's
 * language when ordered, which the guest's mails and status page show (the
 * kitchen reads `name`, the Italian); empty for lines stored before, which
 * show `name`.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema.alterTable('takeaway_orders').addColumn('opened_at', 'text').execute();
  await db.schema
    .alterTable('takeaway_orders')
    .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db
    .updateTable('takeaway_orders')
    .set((eb) => ({ opened_at: eb.ref('created_at') }))
    .execute();
  await db.schema
    .alterTable('takeaway_settings')
    .addColumn('orders_version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('takeaway_order_lines')
    .addColumn('guest_name', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.alterTable('takeaway_order_lines').dropColumn('guest_name').execute();
  await db.schema.alterTable('takeaway_settings').dropColumn('orders_version').execute();
  await db.schema.alterTable('takeaway_orders').dropColumn('message').execute();
  await db.schema.alterTable('takeaway_orders').dropColumn('opened_at').execute();
}
