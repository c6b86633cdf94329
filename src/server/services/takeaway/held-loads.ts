import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { LIMITED_GROUPS, LOADING_STATUSES, type Load } from '../../../shared/schemas/takeaway.ts';
import type { Turn } from '../turn.ts';
import { NO_LOAD } from './slots.ts';

/**
 * What each pickup slot of `date` already holds: per slot ("HH:MM") and
 * kitchen group, the quantities of the lines of its orders still to make
 * (received, accepted or ready). Each line's group is the one it was ordered
 * with, so that moving a dish to another section later leaves the load as
 * the kitchen took it.
 */
export async function heldLoads(db: Kysely<Database>, date: string): Promise<Map<string, Load>> {
  const rows = await db
    .selectFrom('takeaway_order_lines')
    .innerJoin('takeaway_orders', 'takeaway_orders.id', 'takeaway_order_lines.order_id')
    .select(['takeaway_orders.time as time', 'takeaway_order_lines.kitchen as kitchen'])
    .select((eb) => eb.fn.sum<number | string>('takeaway_order_lines.quantity').as('pieces'))
    .where('takeaway_orders.date', '=', date)
    .where('takeaway_orders.status', 'in', LOADING_STATUSES)
    .where('takeaway_order_lines.kitchen', '!=', 'none')
    .groupBy(['takeaway_orders.time', 'takeaway_order_lines.kitchen'])
    .execute();
  const held = new Map<string, Load>();
  for (const row of rows) {
    const load = held.get(row.time) ?? { ...NO_LOAD };
    // PostgreSQL sums integers as bigint, which pg gives as text.
    if (row.kitchen !== 'none') load[row.kitchen] += Number(row.pieces);
    held.set(row.time, load);
  }
  return held;
}

/**
 * `heldLoads` read once per turn of the lock (turn.ts `Turn`): the
 * decisions of one transaction share a day's loads, each adding what it
 * accepts (`holdLoad`), instead of reading them again.
 */
export const loadsInTurn = (trx: Kysely<Database>, turn: Turn, date: string) =>
  turn.once(loadsKey(date), () => heldLoads(trx, date));

const loadsKey = (date: string) => `takeaway loads ${date}`;

/**
 * An accepted order's load added to its slot, in the loads its turn keeps
 * for its date, if it keeps them: otherwise the next read, made after this
 * order's rows were written, counts it (reading them here would count it twice).
 */
export async function holdLoad(
  turn: Turn,
  { date, time }: { date: string; time: string },
  order: Load,
): Promise<void> {
  const held = await turn.kept<Map<string, Load>>(loadsKey(date));
  if (!held) return;
  const slot = held.get(time) ?? { ...NO_LOAD };
  for (const group of LIMITED_GROUPS) slot[group] += order[group];
  held.set(time, slot);
}
