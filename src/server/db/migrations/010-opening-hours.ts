import { sql, type Kysely } from 'kysely';
import { autoIncrementId, type SqlDialect } from './columns.ts';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * Today's hours, as content/restaurant.ts and the pages state them when this
 * migration is written: lunch and dinner from Tuesday to Sunday, Monday the
 * weekly rest day. Copied rather than imported: the seed is what was true
 * then, whatever those files say later.
 */
const SEEDED_DAYS = [2, 3, 4, 5, 6, 7];
const SEEDED_RANGES = [
  { open: '12:00', close: '15:00' },
  { open: '19:00', close: '23:30' },
];

/**
 * The opening hours move into the database (docs/decisions/008): the weekly
 * ranges per ISO weekday, closures as inclusive date ranges with an optional
 * Italian note (translated through text_translations as entity `closure`),
 * and special days whose ranges replace the weekday's. Dates are YYYY-MM-DD
 * and times HH:MM as text, compared as text, on SQLite and PostgreSQL alike.
 */
export async function up(db: AnyDatabase, dialect: SqlDialect): Promise<void> {
  // HH:MM from 00:00 to 23:59, and a range of some length (the API says more: overlaps, dates).
  const times = sql`length(open_time) = 5 and length(close_time) = 5 and open_time >= '00:00' and open_time <= '23:59' and close_time >= '00:00' and close_time <= '23:59' and open_time <> close_time`;

  await db.schema
    .createTable('opening_weekly_ranges')
    .addColumn('day', 'integer', (col) => col.notNull().check(sql`day between 1 and 7`))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('open_time', 'text', (col) => col.notNull())
    .addColumn('close_time', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('opening_weekly_ranges_pk', ['day', 'position'])
    .addCheckConstraint('opening_weekly_ranges_times', times)
    .execute();

  await db.schema
    .createTable('opening_closures')
    .addColumn('id', 'integer', autoIncrementId(dialect))
    .addColumn('from_date', 'text', (col) => col.notNull())
    .addColumn('to_date', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addCheckConstraint('opening_closures_order', sql`from_date <= to_date`)
    .execute();

  await db.schema
    .createTable('opening_exception_ranges')
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('open_time', 'text', (col) => col.notNull())
    .addColumn('close_time', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('opening_exception_ranges_pk', ['date', 'position'])
    .addCheckConstraint('opening_exception_ranges_times', times)
    .execute();

  await db
    .insertInto('opening_weekly_ranges')
    .values(
      SEEDED_DAYS.flatMap((day) =>
        SEEDED_RANGES.map((range, position) => ({
          day,
          position,
          open_time: range.open,
          close_time: range.close,
        })),
      ),
    )
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.deleteFrom('text_translations').where('entity', '=', 'closure').execute();
  await db.schema.dropTable('opening_exception_ranges').execute();
  await db.schema.dropTable('opening_closures').execute();
  await db.schema.dropTable('opening_weekly_ranges').execute();
}
