import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { BookingsRow } from '../../../shared/schemas/reports.ts';
import { cameCondition } from '../guests/guest-records.ts';
import { everyPeriod, periodsOf, summedByPeriod, type RangeQuery } from './periods.ts';

const SUMS = [
  'bookings',
  'covers',
  'seatedCovers',
  'noShowCovers',
  'cancelledCovers',
  'online',
  'phone',
  'walkIn',
] as const;

/**
 * The `bookings` report of one range: per period, every booking but
 * declined ones and their covers, the covers that came (`cameCondition`:
 * seated or finished, before table mode also confirmed and past), no-show
 * and cancelled covers, and the bookings by source. One grouped query.
 */
export async function bookingsRows(
  db: Kysely<Database>,
  dialect: SqlDialect,
  range: RangeQuery,
  came: { tableMode: boolean; now: string },
): Promise<BookingsRow[]> {
  const coversWhen = (condition: Expression<SqlBool>) =>
    sql<number>`sum(case when ${condition} then reservations.party else 0 end)`;
  const countWhen = (condition: Expression<SqlBool>) =>
    sql<number>`sum(case when ${condition} then 1 else 0 end)`;
  const days = db
    .selectFrom('reservations')
    .select((eb) => [
      'reservations.date as day',
      eb.fn.countAll<number>().as('bookings'),
      eb.fn.sum<number>('reservations.party').as('covers'),
      coversWhen(cameCondition(came.tableMode, came.now)).as('seatedCovers'),
      coversWhen(sql`reservations.status = 'no-show'`).as('noShowCovers'),
      coversWhen(sql`reservations.status = 'cancelled'`).as('cancelledCovers'),
      countWhen(sql`reservations.source = 'online'`).as('online'),
      countWhen(sql`reservations.source = 'staff'`).as('phone'),
      countWhen(sql`reservations.source = 'walk-in'`).as('walkIn'),
    ])
    .where('reservations.date', '>=', range.from)
    .where('reservations.date', '<=', range.to)
    .where('reservations.status', '!=', 'declined')
    .groupBy('reservations.date');
  const rows = await summedByPeriod(db, dialect, range.group, days, SUMS).execute();
  return everyPeriod(
    periodsOf(range.from, range.to, range.group),
    rows.map((row) => ({
      period: row.period,
      ...(Object.fromEntries(SUMS.map((sum) => [sum, Number(row[sum])])) as Record<
        (typeof SUMS)[number],
        number
      >),
    })),
    (empty) => ({
      period: empty,
      ...(Object.fromEntries(SUMS.map((sum) => [sum, 0])) as Record<(typeof SUMS)[number], number>),
    }),
  );
}
