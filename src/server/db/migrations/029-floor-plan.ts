import { sql, type Kysely } from 'kysely';
import { autoIncrementId, type SqlDialect } from './columns.ts';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/** The turns by party size a restaurant starts with (CONTRACT.md part four). */
const DEFAULT_TURN_BY_PARTY = JSON.stringify([
  { upTo: 2, minutes: 90 },
  { upTo: 4, minutes: 120 },
  { upTo: null, minutes: 150 },
]);

const OLD_STATUSES = `'pending', 'confirmed', 'declined', 'cancelled', 'no-show'`;
const NEW_STATUSES = `${OLD_STATUSES}, 'arrived', 'seated', 'finished'`;
const OLD_SOURCES = `'online', 'staff'`;
const NEW_SOURCES = `'online', 'staff', 'walk-in'`;

/**
 * The dining room as tables (CONTRACT.md part four, docs/decisions/019):
 * - `floor_areas`, `floor_tables`, `floor_combinations` and
 *   `floor_combination_tables`: the owner's plan, in the order it was drawn
 *   (`position`);
 * - `reservation_tables`: which tables a booking holds (none in covers
 *   mode, or while unassigned); a booking's removal takes its rows along;
 * - bookings learn the evening's steps (`arrived`, `seated`, `finished`,
 *   with their times), walk-ins as a source, and the area a guest chose;
 * - the settings learn turns by party size and whether guests choose the
 *   area, and `covers_per_slot` may be null (no pace, in table mode);
 * - a confirmed event learns the area whose tables its hold takes.
 *
 * SQLite cannot change a column's CHECK or NOT NULL: its two tables are
 * rebuilt from their own stored definition with just those words changed
 * (the way SQLite's documentation for ALTER TABLE describes), indexes and all.
 */
export async function up(db: AnyDatabase, dialect: SqlDialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table reservations drop constraint reservations_status_check`.execute(db);
    await sql`alter table reservations drop constraint reservations_source_check`.execute(db);
    await sql
      .raw(
        `alter table reservations add constraint reservations_status_check check (status in (${NEW_STATUSES})), ` +
          `add constraint reservations_source_check check (source in (${NEW_SOURCES}))`,
      )
      .execute(db);
    await sql`alter table reservation_settings alter column covers_per_slot drop not null`.execute(
      db,
    );
  } else {
    await rebuildSqliteTable(db, 'reservations', (definition) =>
      definition
        .replace(`status in (${OLD_STATUSES})`, `status in (${NEW_STATUSES})`)
        .replace(`source in (${OLD_SOURCES})`, `source in (${NEW_SOURCES})`),
    );
    await rebuildSqliteTable(db, 'reservation_settings', (definition) =>
      definition.replace(/"covers_per_slot" integer not null/i, '"covers_per_slot" integer'),
    );
  }

  await db.schema.alterTable('reservations').addColumn('area_id', 'integer').execute();
  await db.schema.alterTable('reservations').addColumn('arrived_at', 'text').execute();
  await db.schema.alterTable('reservations').addColumn('seated_at', 'text').execute();
  await db.schema.alterTable('reservations').addColumn('finished_at', 'text').execute();
  await db.schema
    .alterTable('reservation_settings')
    .addColumn('turn_by_party', 'text', (col) => col.notNull().defaultTo(DEFAULT_TURN_BY_PARTY))
    .execute();
  await db.schema
    .alterTable('reservation_settings')
    .addColumn('area_choice', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('event_inquiries').addColumn('hold_area', 'integer').execute();

  await db.schema
    .createTable('floor_areas')
    .addColumn('id', 'integer', autoIncrementId(dialect))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('online_bookable', 'integer', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('floor_tables')
    .addColumn('id', 'integer', autoIncrementId(dialect))
    .addColumn('area_id', 'integer', (col) => col.notNull().references('floor_areas.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('min_seats', 'integer', (col) => col.notNull())
    .addColumn('max_seats', 'integer', (col) => col.notNull())
    .addColumn('online_bookable', 'integer', (col) => col.notNull())
    .addColumn('priority', 'integer', (col) => col.notNull())
    .addColumn('shape', 'text', (col) =>
      col.notNull().check(sql`shape in ('round', 'square', 'rect')`),
    )
    .addColumn('x', 'integer', (col) => col.notNull())
    .addColumn('y', 'integer', (col) => col.notNull())
    .addColumn('w', 'integer', (col) => col.notNull())
    .addColumn('h', 'integer', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('floor_combinations')
    .addColumn('id', 'integer', autoIncrementId(dialect))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('min_seats', 'integer', (col) => col.notNull())
    .addColumn('max_seats', 'integer', (col) => col.notNull())
    .addColumn('online_bookable', 'integer', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('floor_combination_tables')
    .addColumn('combination_id', 'integer', (col) =>
      col.notNull().references('floor_combinations.id').onDelete('cascade'),
    )
    .addColumn('table_id', 'integer', (col) => col.notNull().references('floor_tables.id'))
    .addPrimaryKeyConstraint('floor_combination_tables_pk', ['combination_id', 'table_id'])
    .execute();
  await db.schema
    .createTable('reservation_tables')
    .addColumn('reservation_id', 'integer', (col) =>
      col.notNull().references('reservations.id').onDelete('cascade'),
    )
    .addColumn('table_id', 'integer', (col) => col.notNull().references('floor_tables.id'))
    .addPrimaryKeyConstraint('reservation_tables_pk', ['reservation_id', 'table_id'])
    .execute();
  await db.schema
    .createIndex('reservation_tables_table')
    .on('reservation_tables')
    .column('table_id')
    .execute();
}

/**
 * Rebuilds a SQLite table under a changed definition: its CREATE statement
 * as stored, changed by `change`, made under a new name, filled, swapped
 * in; its indexes made again. Refuses if `change` changed nothing, so a
 * definition written otherwise than expected fails loudly, not quietly.
 */
async function rebuildSqliteTable(
  db: AnyDatabase,
  table: string,
  change: (definition: string) => string,
): Promise<void> {
  const stored = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = ${table}`.execute(db);
  const definition = stored.rows.find((row) => row.type === 'table')?.sql;
  if (!definition) throw new Error(`no table ${table}`);
  const changed = change(definition);
  if (changed === definition) throw new Error(`the definition of ${table} was not as expected`);
  const rebuilt = `${table}_rebuilt`;
  const renamed = changed.replace(/^CREATE TABLE\s+("?)\w+\1/i, `CREATE TABLE "${rebuilt}"`);
  await sql.raw(renamed).execute(db);
  await sql.raw(`insert into "${rebuilt}" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${rebuilt}" rename to "${table}"`).execute(db);
  for (const index of stored.rows) {
    if (index.type === 'index' && index.sql) await sql.raw(index.sql).execute(db);
  }
}

/**
 * Back to part two: the plan and the new columns go; bookings in the
 * evening's steps become `confirmed`, walk-ins staff bookings, an empty
 * pace the default 40; then the CHECKs and NOT NULL are what they were, so
 * that `up` finds the definitions it expects again.
 */
export async function down(db: AnyDatabase, dialect: SqlDialect): Promise<void> {
  await db.schema.dropTable('reservation_tables').execute();
  await db.schema.dropTable('floor_combination_tables').execute();
  await db.schema.dropTable('floor_combinations').execute();
  await db.schema.dropTable('floor_tables').execute();
  await db.schema.dropTable('floor_areas').execute();
  await db.schema.alterTable('event_inquiries').dropColumn('hold_area').execute();
  await db.schema.alterTable('reservation_settings').dropColumn('area_choice').execute();
  await db.schema.alterTable('reservation_settings').dropColumn('turn_by_party').execute();
  for (const column of ['finished_at', 'seated_at', 'arrived_at', 'area_id']) {
    await db.schema.alterTable('reservations').dropColumn(column).execute();
  }
  await db
    .updateTable('reservations')
    .set({ status: 'confirmed' })
    .where('status', 'in', ['arrived', 'seated', 'finished'])
    .execute();
  await db
    .updateTable('reservations')
    .set({ source: 'staff' })
    .where('source', '=', 'walk-in')
    .execute();
  await db
    .updateTable('reservation_settings')
    .set({ covers_per_slot: 40 })
    .where('covers_per_slot', 'is', null)
    .execute();
  if (dialect === 'postgres') {
    await sql`alter table reservations drop constraint reservations_status_check`.execute(db);
    await sql`alter table reservations drop constraint reservations_source_check`.execute(db);
    await sql
      .raw(
        `alter table reservations add constraint reservations_status_check check (status in (${OLD_STATUSES})), ` +
          `add constraint reservations_source_check check (source in (${OLD_SOURCES}))`,
      )
      .execute(db);
    await sql`alter table reservation_settings alter column covers_per_slot set not null`.execute(
      db,
    );
  } else {
    await rebuildSqliteTable(db, 'reservations', (definition) =>
      definition
        .replace(`status in (${NEW_STATUSES})`, `status in (${OLD_STATUSES})`)
        .replace(`source in (${NEW_SOURCES})`, `source in (${OLD_SOURCES})`),
    );
    await rebuildSqliteTable(db, 'reservation_settings', (definition) =>
      definition.replace(
        /"covers_per_slot" integer(?! not null)/i,
        '"covers_per_slot" integer not null',
      ),
    );
  }
}
