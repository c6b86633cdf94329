import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { BookingsRow } from '../../../shared/schemas/reports.ts';
import { cameCondition } from '../guests/guest-records.ts';
import { everyPeriod, periodSql, periodsOf, type TimeGroup } from './periods.ts';

export interface RangeQuery {
  from: string;
  to: string;
  group: TimeGroup;
}

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
  const period = periodSql(dialect, range.group, 'reservations.date');
  const coversWhen = (condition: ReturnType<typeof sql>) =>
    sql<number>`sum(case when ${condition} then reservations.party else 0 end)`;
  const countWhen = (condition: ReturnType<typeof sql>) =>
    sql<number>`sum(case when ${condition} then 1 else 0 end)`;
  const rows = await db
    .selectFrom('reservations')
    .select((eb) => [
      period.as('period'),
      eb.fn.countAll<number>().as('bookings'),
      eb.fn.sum<number>('reservations.party').as('covers'),
      coversWhen(sql`${cameCondition(came.tableMode, came.now)}`).as('seatedCovers'),
      coversWhen(sql`reservations.status = 'no-show'`).as('noShowCovers'),
      coversWhen(sql`reservations.status = 'cancelled'`).as('cancelledCovers'),
      countWhen(sql`reservations.source = 'online'`).as('online'),
      countWhen(sql`reservations.source = 'staff'`).as('phone'),
      countWhen(sql`reservations.source = 'walk-in'`).as('walkIn'),
    ])
    .where('reservations.date', '>=', range.from)
    .where('reservations.date', '<=', range.to)
    .where('reservations.status', '!=', 'declined')
    .groupBy(sql`1`)
    .execute();
  return everyPeriod(
    periodsOf(range.from, range.to, range.group),
    rows.map((row) => ({
      period: row.period,
      bookings: Number(row.bookings),
      covers: Number(row.covers),
      seatedCovers: Number(row.seatedCovers),
      noShowCovers: Number(row.noShowCovers),
      cancelledCovers: Number(row.cancelledCovers),
      online: Number(row.online),
      phone: Number(row.phone),
      walkIn: Number(row.walkIn),
    })),
    (empty) => ({
      period: empty,
      bookings: 0,
      covers: 0,
      seatedCovers: 0,
      noShowCovers: 0,
      cancelledCovers: 0,
      online: 0,
      phone: 0,
      walkIn: 0,
    }),
  );
}
