import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { SEATED_STATUSES, type ReservationStatus } from '../../../shared/schemas/reservations.ts';
import { nowIso } from '../tokens.ts';
import type { Slot } from '../opening-slots.ts';
import { HOLD_ALL, serviceWindow, type Hold } from './held-covers.ts';
import { holdEnd, tablesForHold } from './seating.ts';
import type { SeatingPlan, TableHold } from './seating-types.ts';

/**
 * What holds the plan's tables when, read from the rows (migration 029):
 * the bookings' `reservation_tables`, and the tables confirmed events keep
 * for their service (held-covers.ts). Read through `db`: the app's database
 * for what an instance keeps in memory (availability.ts), or a booking's
 * transaction under the lock for a decision (booking.ts).
 */

/** A booking's tables as stored; its effective end is seating.ts `holdEnd`'s, at the caller's now. */
export interface BookedTables {
  bookingId: number;
  party: number;
  status: ReservationStatus;
  tableIds: number[];
  startsAt: number;
  endsAt: number;
  finishedAt: number | null;
}

/**
 * Bookings holding tables at some moment of [from, to): those in a status
 * that holds seats whose turn overlaps it, and a party still seated past its
 * turn (it keeps its tables, running late, until finished).
 */
export async function bookedTablesBetween(
  db: Kysely<Database>,
  from: number,
  to: number,
): Promise<BookedTables[]> {
  const rows = await db
    .selectFrom('reservations')
    .innerJoin('reservation_tables', 'reservation_tables.reservation_id', 'reservations.id')
    .select([
      'reservations.id',
      'reservations.party',
      'reservations.status',
      'reservations.starts_at',
      'reservations.ends_at',
      'reservations.finished_at',
      'reservations.seated_at',
      'reservation_tables.table_id',
    ])
    .where('reservations.status', 'in', SEATED_STATUSES)
    // A party seated before its time holds its tables from then (`heldFrom`).
    .where((eb) =>
      eb.or([
        eb('reservations.starts_at', '<', nowIso(to)),
        eb('reservations.seated_at', '<', nowIso(to)),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('reservations.ends_at', '>', nowIso(from)),
        eb('reservations.status', '=', 'seated'),
      ]),
    )
    .orderBy('reservations.id')
    .orderBy('reservation_tables.table_id')
    .execute();
  return groupBooked(rows);
}

/** The tables of the given bookings, by booking (staff's list, the day plan). */
export async function tablesOf(
  db: Kysely<Database>,
  bookingIds: readonly number[],
): Promise<Map<number, number[]>> {
  const tables = new Map<number, number[]>();
  if (bookingIds.length === 0) return tables;
  const rows = await db
    .selectFrom('reservation_tables')
    .select(['reservation_id', 'table_id'])
    .where('reservation_id', 'in', bookingIds)
    .orderBy('reservation_id')
    .orderBy('table_id')
    .execute();
  for (const row of rows) {
    const list = tables.get(row.reservation_id) ?? [];
    list.push(row.table_id);
    tables.set(row.reservation_id, list);
  }
  return tables;
}

type BookedRow = {
  id: number;
  party: number;
  status: ReservationStatus;
  starts_at: string;
  ends_at: string;
  finished_at: string | null;
  seated_at: string | null;
  table_id: number;
};

function groupBooked(rows: readonly BookedRow[]): BookedTables[] {
  const byId = new Map<number, BookedTables>();
  for (const row of rows) {
    const kept = byId.get(row.id);
    if (kept) {
      kept.tableIds.push(row.table_id);
      continue;
    }
    byId.set(row.id, {
      bookingId: row.id,
      party: row.party,
      status: row.status,
      tableIds: [row.table_id],
      startsAt: heldFrom(row),
      endsAt: Date.parse(row.ends_at),
      finishedAt: row.finished_at === null ? null : Date.parse(row.finished_at),
    });
  }
  return [...byId.values()];
}

/** When a booking's tables are held from: its turn's start, or the moment the party sat down if earlier. */
export const heldFrom = (row: { starts_at: string; seated_at: string | null }): number =>
  Math.min(
    Date.parse(row.starts_at),
    row.seated_at === null ? Infinity : Date.parse(row.seated_at),
  );

/** A booking's tables as seating sees them at `now`: a finished one's end, a late party's now. */
export const bookingHold = (booked: BookedTables, now: number): TableHold => ({
  bookingId: booked.bookingId,
  tableIds: booked.tableIds,
  startsAt: booked.startsAt,
  endsAt: holdEnd(booked, now),
});

/** An event's hold on tables over its service, as the day plan shows it. */
export interface EventTableHold extends TableHold {
  eventId: number;
  name: string;
}

/**
 * The tables confirmed events hold over their service (held-covers.ts
 * `serviceWindow`): every table for "all", the fewest tables reaching N in
 * the event's `holdArea` (anywhere when none) for a number, none for 0
 * (seating.ts `tablesForHold`, preferring tables the bookings leave free).
 */
export function eventTableHolds(
  holds: readonly Hold[],
  daySlots: readonly Slot[],
  plan: SeatingPlan,
  turnMinutes: number,
  booked: readonly TableHold[],
): EventTableHold[] {
  const taken: EventTableHold[] = [];
  for (const hold of holds) {
    if (hold.holdCovers === 0) continue;
    const window = serviceWindow(hold, daySlots, turnMinutes);
    if (!window) continue;
    const tableIds = tablesForHold(plan, booked, {
      covers: hold.holdCovers === HOLD_ALL ? 'all' : hold.holdCovers,
      area: hold.holdArea,
      ...window,
    });
    if (tableIds.length === 0) continue;
    taken.push({ bookingId: null, eventId: hold.id, name: hold.name, tableIds, ...window });
  }
  return taken;
}
