import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import { centsToAmount } from '../../../shared/money.ts';
import type { TakeawayRow, TakeawaySlotRow } from '../../../shared/schemas/reports.ts';
import type { Load } from '../../../shared/schemas/takeaway.ts';
import {
  everyPeriod,
  periodsOf,
  summedByPeriod,
  weekdaysIn,
  weekdaySql,
  type RangeQuery,
} from './periods.ts';

/**
 * Each order once in a join with its lines: on its first line (position 0,
 * which every order with lines has), or alone when it has none.
 */
const FIRST_LINE = sql<SqlBool>`(takeaway_order_lines.position = 0 or takeaway_order_lines.position is null)`;

/** An order's lines beside it, none lost when it has none. */
const ordersWithLines = (db: Kysely<Database>, range: { from: string; to: string }) =>
  db
    .selectFrom('takeaway_orders')
    .leftJoin('takeaway_order_lines', 'takeaway_order_lines.order_id', 'takeaway_orders.id')
    .where('takeaway_orders.date', '>=', range.from)
    .where('takeaway_orders.date', '<=', range.to);

const TAKEAWAY_SUMS = ['orders', 'items', 'collectedCents', 'noShows'] as const;

/**
 * The `takeaway` report of one range: per period (the pickup date's), the
 * orders but declined ones, their pieces, the money of those collected (a
 * decimal string, summed in cents) and the no-shows. One grouped query
 * over the orders and their lines.
 */
export async function takeawayRows(
  db: Kysely<Database>,
  dialect: SqlDialect,
  range: RangeQuery,
): Promise<TakeawayRow[]> {
  const days = ordersWithLines(db, range)
    .select([
      'takeaway_orders.date as day',
      sql<number>`sum(case when ${FIRST_LINE} then 1 else 0 end)`.as('orders'),
      sql<number>`sum(coalesce(takeaway_order_lines.quantity, 0))`.as('items'),
      sql<number>`sum(case when ${FIRST_LINE} and takeaway_orders.status = 'collected' then takeaway_orders.total_cents else 0 end)`.as(
        'collectedCents',
      ),
      sql<number>`sum(case when ${FIRST_LINE} and takeaway_orders.status = 'no-show' then 1 else 0 end)`.as(
        'noShows',
      ),
    ])
    .where('takeaway_orders.status', '!=', 'declined')
    .groupBy('takeaway_orders.date');
  const rows = await summedByPeriod(db, dialect, range.group, days, TAKEAWAY_SUMS).execute();
  return everyPeriod(
    periodsOf(range.from, range.to, range.group),
    rows.map((row) => ({
      period: row.period,
      orders: Number(row.orders),
      items: Number(row.items),
      collectedTotal: centsToAmount(Number(row.collectedCents)),
      noShows: Number(row.noShows),
    })),
    (empty) => ({ period: empty, orders: 0, items: 0, collectedTotal: '0.00', noShows: 0 }),
  );
}

const average = (sum: number, days: number) =>
  days === 0 ? 0 : Math.round((sum / days) * 100) / 100;

/**
 * `takeaway` with `group=slot` of one range, summed: per weekday and pickup
 * time, the orders the kitchen made (all but declined and cancelled ones: a
 * no-show's were made too) and their pieces per kitchen group (`slotRows`
 * averages them). The pieces count as a slot's load does
 * (services/takeaway/held-loads.ts `heldLoads`): each line's quantity in the
 * group it was ordered with.
 */
export async function takeawaySlotSums(
  db: Kysely<Database>,
  dialect: SqlDialect,
  range: { from: string; to: string },
) {
  const piecesOf = (group: 'oven' | 'kitchen') =>
    sql<number>`sum(case when takeaway_order_lines.kitchen = ${group} then takeaway_order_lines.quantity else 0 end)`;
  // By day and time first, along the index on (date, time), then by weekday.
  const slots = ordersWithLines(db, range)
    .select([
      'takeaway_orders.date as day',
      'takeaway_orders.time as time',
      sql<number>`sum(case when ${FIRST_LINE} then 1 else 0 end)`.as('orders'),
      piecesOf('oven').as('oven'),
      piecesOf('kitchen').as('kitchen'),
    ])
    .where('takeaway_orders.status', 'not in', ['declined', 'cancelled'])
    .groupBy(['takeaway_orders.date', 'takeaway_orders.time']);
  const rows = await db
    .selectFrom(slots.as('slots'))
    .select([
      weekdaySql(dialect, 'slots.day').as('weekday'),
      'slots.time',
      sql<number>`sum(slots.orders)`.as('orders'),
      sql<number>`sum(slots.oven)`.as('oven'),
      sql<number>`sum(slots.kitchen)`.as('kitchen'),
    ])
    .groupBy([sql`1`, 'slots.time'])
    .execute();
  return rows.map((row) => ({
    weekday: Number(row.weekday),
    time: row.time,
    orders: Number(row.orders),
    oven: Number(row.oven),
    kitchen: Number(row.kitchen),
  }));
}

export type SlotSums = Awaited<ReturnType<typeof takeawaySlotSums>>;

/**
 * The heat map's rows of one range: every weekday the range holds by every
 * time of `times` (both ranges' times, so that the two maps have one grid),
 * each sum the average per such weekday of the range (2 decimals), zeros
 * where nothing was made, beside today's limits per slot.
 */
export function slotRows(
  range: { from: string; to: string },
  sums: SlotSums,
  times: readonly string[],
  limits: Load,
): TakeawaySlotRow[] {
  const weekdays = weekdaysIn(range.from, range.to);
  const found = new Map(sums.map((row) => [`${row.weekday} ${row.time}`, row]));
  const rows: TakeawaySlotRow[] = [];
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    const days = weekdays[weekday]!;
    if (days === 0) continue;
    for (const time of times) {
      const sum = found.get(`${weekday} ${time}`);
      rows.push({
        weekday,
        time,
        orders: average(sum?.orders ?? 0, days),
        oven: average(sum?.oven ?? 0, days),
        kitchen: average(sum?.kitchen ?? 0, days),
        ovenLimit: limits.oven,
        kitchenLimit: limits.kitchen,
      });
    }
  }
  return rows;
}
