import { sql, type Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * Takeaway's settings, one row (id 1) as the restaurant starts: online
 * orders on, a pickup slot every 15 minutes, 12 pieces from the oven and 8
 * from the kitchen a slot, 30 minutes to prepare, today and the next two
 * days (docs/api.md, "Takeaway"). `paused_until` is the instant staff's
 * pause ends ("forno pieno"), null when not paused.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable('takeaway_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('enabled', 'integer', (col) => col.notNull().check(sql`enabled in (0, 1)`))
    .addColumn('slot_minutes', 'integer', (col) => col.notNull())
    .addColumn('oven_limit', 'integer', (col) => col.notNull())
    .addColumn('kitchen_limit', 'integer', (col) => col.notNull())
    .addColumn('prep_minutes', 'integer', (col) => col.notNull())
    .addColumn('horizon_days', 'integer', (col) => col.notNull())
    .addColumn('paused_until', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db
    .insertInto('takeaway_settings')
    .values({
      id: 1,
      enabled: 1,
      slot_minutes: 15,
      oven_limit: 12,
      kitchen_limit: 8,
      prep_minutes: 30,
      horizon_days: 2,
      paused_until: null,
      updated_at: new Date().toISOString(),
    })
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropTable('takeaway_settings').execute();
}
