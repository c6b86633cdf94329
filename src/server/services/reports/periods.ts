import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SqlDialect } from '../../db/dialect.ts';

/**
 * The reports' calendar (CONTRACT.md part four, "The owner's view"). Days
 * are stored as Rome's `YYYY-MM-DD` text (a booking's, a pickup's, an
 * event's date), so a day needs no time zone here: it is plain calendar
 * arithmetic on UTC midnights, the same across the DST changes. A period is
 * named by its first day: the day itself, its week's Monday, its month's 1st.
 */

export type TimeGroup = 'day' | 'week' | 'month';

/** One range of a report, grouped by time. */
export interface RangeQuery {
  from: string;
  to: string;
  group: TimeGroup;
}

const DAY_MS = 86_400_000;

const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => dateOf(dayMs(date) + days * DAY_MS);

/** How many days `from` to `to`, both counted. */
export const daysIn = (from: string, to: string) =>
  Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;

/** 1 Monday … 7 Sunday. */
export const isoWeekday = (date: string) => ((new Date(dayMs(date)).getUTCDay() + 6) % 7) + 1;

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/** The 1st of the month `months` after `date`'s (before, when negative). */
function addMonths(date: string, months: number): string {
  const day = new Date(dayMs(monthStart(date)));
  return dateOf(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + months, 1));
}

/** The first day of the period that holds `date`. */
export function periodOf(date: string, group: TimeGroup): string {
  if (group === 'day') return date;
  if (group === 'week') return addDays(date, 1 - isoWeekday(date));
  return monthStart(date);
}

/** Every period from the one holding `from` to the one holding `to`, in order. */
export function periodsOf(from: string, to: string, group: TimeGroup): string[] {
  const periods: string[] = [];
  const step = (period: string) =>
    group === 'day'
      ? addDays(period, 1)
      : group === 'week'
        ? addDays(period, 7)
        : addMonths(period, 1);
  for (let period = periodOf(from, group); period <= to; period = step(period)) {
    periods.push(period);
  }
  return periods;
}

/**
 * The range just before `from`…`to`: as many whole calendar months when the
 * range is whole months (from a 1st to a month's last day), else as many days.
 */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const before = addDays(from, -1);
  const wholeMonths = from.endsWith('-01') && addDays(to, 1).endsWith('-01');
  if (wholeMonths) {
    const months =
      (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
      (Number(to.slice(5, 7)) - Number(from.slice(5, 7))) +
      1;
    return { from: addMonths(from, -months), to: before };
  }
  return { from: addDays(before, 1 - daysIn(from, to)), to: before };
}

/** How many Mondays … Sundays the range holds: index 1 to 7 (0 unused). */
export function weekdaysIn(from: string, to: string): number[] {
  const days = daysIn(from, to);
  const counts = Array.from({ length: 8 }, () => Math.floor(days / 7));
  counts[0] = 0;
  // The days past whole weeks are the weekdays following `from`'s.
  for (let extra = 0; extra < days % 7; extra += 1) {
    counts[((isoWeekday(from) - 1 + extra) % 7) + 1]! += 1;
  }
  return counts;
}

/**
 * SQL naming the period of a stored `YYYY-MM-DD` column, on each engine:
 * the database groups by it. Months cut the text; weeks step back to
 * Monday with each engine's own date arithmetic (SQLite's modifiers,
 * PostgreSQL's ISO weekday), written back as `YYYY-MM-DD`.
 */
export function periodSql(
  dialect: SqlDialect,
  group: TimeGroup,
  column: string,
): RawBuilder<string> {
  const ref = sql.ref(column);
  if (group === 'day') return sql<string>`${ref}`;
  if (group === 'month') return sql<string>`substr(${ref}, 1, 7) || '-01'`;
  return dialect === 'sqlite'
    ? sql<string>`date(${ref}, '-6 days', 'weekday 1')`
    : sql<string>`to_char(cast(${ref} as date) - (cast(extract(isodow from cast(${ref} as date)) as integer) - 1), 'YYYY-MM-DD')`;
}

/** SQL giving a stored `YYYY-MM-DD` column's ISO weekday, 1 Monday … 7 Sunday. */
export function weekdaySql(dialect: SqlDialect, column: string): RawBuilder<number> {
  const ref = sql.ref(column);
  return dialect === 'sqlite'
    ? sql<number>`((cast(strftime('%w', ${ref}) as integer) + 6) % 7 + 1)`
    : sql<number>`cast(extract(isodow from cast(${ref} as date)) as integer)`;
}

/** Rows by period, every period of the range there: those the database found none in are `zero`. */
export function everyPeriod<Row extends { period: string }>(
  periods: readonly string[],
  found: readonly Row[],
  zero: (period: string) => Row,
): Row[] {
  const byPeriod = new Map(found.map((row) => [row.period, row]));
  return periods.map((period) => byPeriod.get(period) ?? zero(period));
}

/**
 * A query's sums per day (`days`: grouped by its `day` column, `sums` its
 * other columns) summed again per period, by the database: grouping by the
 * stored date first reads the rows in the order of the index on date, with
 * nothing to sort, and leaves at most one row a day (732) for the period's
 * SQL to work on, instead of working it out on every row.
 */
export function summedByPeriod<Sum extends string>(
  db: Kysely<Database>,
  dialect: SqlDialect,
  group: TimeGroup,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query grouped by day
  days: SelectQueryBuilder<Database, any, { day: string } & Record<Sum, unknown>>,
  sums: readonly Sum[],
) {
  return db
    .selectFrom(days.as('days'))
    .select([
      periodSql(dialect, group, 'days.day').as('period'),
      ...sums.map((column) => sql<number>`sum(${sql.ref(`days.${column}`)})`.as(column)),
    ])
    .groupBy(sql`1`)
    .$castTo<{ period: string } & Record<Sum, number | string>>();
}
