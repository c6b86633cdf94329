import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Schedule } from '../../../shared/opening-hours.ts';
import type { TakeawayBoard } from '../../../shared/schemas/takeaway.ts';
import { heldLoads } from './held-loads.ts';
import { readOrders, staffViewsWithGuests } from './order-rows.ts';
import { readTakeawaySettings } from './settings.ts';
import { NO_LOAD, pickupTimes } from './slots.ts';

/**
 * The kitchen board's answer for `date` (GET /api/takeaway/board): the
 * date's orders, the unopened ones of any day, and every pickup time of the
 * date (past ones and ones sooner than the preparation time too: staff see
 * the whole day) with the load its orders hold, in the day's order, then
 * any time an order holds that the hours no longer list (they changed after
 * it was taken).
 */
export async function readBoard(
  db: Kysely<Database>,
  input: { date: string; schedule: Schedule; nowMs: number },
): Promise<TakeawayBoard> {
  const settings = await readTakeawaySettings(db, input.nowMs);
  const held = await heldLoads(db, input.date);
  const times = pickupTimes(input.schedule, input.date, settings.slotMinutes).map(
    ({ time }) => time,
  );
  const elsewhere = [...held.keys()].filter((time) => !times.includes(time)).sort();
  return {
    date: input.date,
    orders: await staffViewsWithGuests(db, await readOrders(db, { date: input.date }), input.nowMs),
    unopened: await staffViewsWithGuests(db, await readOrders(db, { unopened: true }), input.nowMs),
    slots: [...times, ...elsewhere].map((time) => ({ time, ...(held.get(time) ?? NO_LOAD) })),
    settings,
  };
}

/**
 * What the board's answer for `date` is made of, in one read of the
 * settings row: the orders' version (counted up by every write to orders,
 * the settings and the pause, and by a change of a guest's notes or tags,
 * on every instance), the bookings' version (a booking's status changes
 * its guest's visits and no-shows, which the orders' cards show), whether
 * a pause is running (it ends by itself, with no write), and the content
 * version the caller adds (the opening hours, which the slots follow). Read before the
 * answer's rows, so that an answer is never newer than the tag it goes with
 * (one a moment older only costs the next poll a 200).
 */
export async function boardTag(
  db: Kysely<Database>,
  input: { date: string; nowMs: number; contentVersion: number | undefined },
): Promise<string> {
  const row = await db
    .selectFrom('takeaway_settings')
    .select(['orders_version', 'paused_until'])
    .select((eb) =>
      eb
        .selectFrom('reservation_settings')
        .select('bookings_version')
        .where('id', '=', 1)
        .as('bookings_version'),
    )
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const paused = row.paused_until !== null && Date.parse(row.paused_until) > input.nowMs;
  return `"takeaway-${row.orders_version}.${row.bookings_version ?? 0}-${input.contentVersion ?? 0}-${input.date}-${paused ? 'p' : 'o'}"`;
}
