import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Schedule } from '../../../shared/opening-hours.ts';
import type { ReservationStatus } from '../../../shared/schemas/reservations.ts';
import { nowIso } from '../tokens.ts';
import { readFloorPlan, tableMode } from './floor-plan-rows.ts';
import { holdsOn } from './held-covers.ts';
import { lockBookings } from './lock.ts';
import { storeTables } from './moves.ts';
import { bumpBookingsVersion, readSettingsRow, toSettings } from './rows.ts';
import { assignInOrder } from './seating.ts';
import type { TableHold } from './seating-types.ts';
import { daySlots } from './slots.ts';
import { bookedTablesBetween, bookingHold, eventTableHolds } from './table-holds.ts';

/** Bookings the switch seats: still expected, and not yet at a table of their own. */
const TO_ASSIGN: readonly ReservationStatus[] = ['pending', 'confirmed', 'arrived'];

/**
 * The switch to table mode, and every later change of the plan
 * (CONTRACT.md part four): every booking still to come without tables gets
 * the best ones free, in the order of its time, then of its creation
 * (seating.ts `assignInOrder`), each holding its tables against the next.
 * Those the plan cannot seat stay unassigned (the day plan lists them),
 * never declined or dropped. Their turns are kept as stored.
 *
 * Called by PUT /api/floor (floor-plan.ts) inside its transaction, after
 * the plan is stored: it takes the bookings' lock (a no-op when the caller
 * took it first, as it should, before writing the plan) and counts the
 * bookings' version up, so every instance's availability and early
 * refusals see the new plan. A plan without tables assigns nothing.
 */
export async function assignUnassigned(
  trx: Kysely<Database>,
  context: { now: number; schedule: Schedule },
): Promise<{ assigned: number[]; unassigned: number[] }> {
  await lockBookings(trx);
  await bumpBookingsVersion(trx);
  const plan = await readFloorPlan(trx);
  if (!tableMode(plan)) return { assigned: [], unassigned: [] };
  const waiting = await trx
    .selectFrom('reservations')
    .select(['id', 'party', 'date', 'starts_at', 'ends_at', 'area_id'])
    .where('status', 'in', TO_ASSIGN)
    .where('ends_at', '>', nowIso(context.now))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('reservation_tables')
            .select('reservation_tables.table_id')
            .whereRef('reservation_tables.reservation_id', '=', 'reservations.id'),
        ),
      ),
    )
    .orderBy('starts_at')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (waiting.length === 0) return { assigned: [], unassigned: [] };

  const settings = toSettings(await readSettingsRow(trx));
  const from = Math.min(context.now, ...waiting.map((row) => Date.parse(row.starts_at)));
  const to = Math.max(...waiting.map((row) => Date.parse(row.ends_at)));
  const booked = (await bookedTablesBetween(trx, from, to)).map((one) =>
    bookingHold(one, context.now),
  );
  const holds: TableHold[] = [...booked];
  for (const date of new Set(waiting.map((row) => row.date))) {
    const slots = daySlots(context.schedule, date, settings.turnMinutes);
    holds.push(
      ...eventTableHolds(await holdsOn(trx, date), slots, plan, settings.turnMinutes, booked),
    );
  }
  const seats = assignInOrder(
    plan,
    holds,
    waiting.map((row) => ({
      bookingId: row.id,
      party: row.party,
      startsAt: Date.parse(row.starts_at),
      endsAt: Date.parse(row.ends_at),
      online: false,
      area: row.area_id,
    })),
  );
  const assigned: number[] = [];
  const unassigned: number[] = [];
  for (const row of waiting) {
    const seat = seats.get(row.id);
    if (!seat) {
      unassigned.push(row.id);
      continue;
    }
    await storeTables(trx, row.id, seat.tableIds);
    assigned.push(row.id);
  }
  return { assigned, unassigned };
}
