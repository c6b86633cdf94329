import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Schedule } from '../../../shared/opening-hours.ts';
import type { FloorPlan } from '../../../shared/schemas/floor.ts';
import type { ReservationSettings } from '../../../shared/schemas/reservations.ts';
import { holdEnd, tablesFree } from './seating.ts';
import { heldFrom } from './table-holds.ts';
import { readTableDay } from './table-state.ts';
import type { Row } from './rows.ts';

/**
 * Why tables were refused to a booking or a walk-in: `table-taken` (409)
 * when another booking or an event holds one of them at some moment of the
 * turn, or they do not seat the party (staff may pass `override`, and the
 * booking then shows a conflict); `bad-tables` (400) when one is not in the
 * plan, or the plan has no table (covers mode).
 */
export type TablesRefusal = {
  ok: false;
  reason: 'table-taken' | 'bad-tables';
  description: string;
};

/**
 * Whether `tableIds` seat `party`: one table whose seat range holds it, or
 * exactly a combination's tables whose own range does (two tables pushed
 * together seat what the owner says, not the sum of their chairs).
 */
export function seatsParty(plan: FloorPlan, tableIds: readonly number[], party: number): boolean {
  const fits = (range: { minSeats: number; maxSeats: number }) =>
    range.minSeats <= party && party <= range.maxSeats;
  if (tableIds.length === 1) {
    const table = plan.tables.find((candidate) => candidate.id === tableIds[0]);
    return table !== undefined && fits(table);
  }
  const wanted = [...tableIds].sort((a, b) => a - b).join(',');
  return plan.combinations.some(
    (combination) =>
      [...combination.tableIds].sort((a, b) => a - b).join(',') === wanted && fits(combination),
  );
}

/** The tables' names as staff know them, for the audit log. */
export const tableNames = (plan: FloorPlan, tableIds: readonly number[]): string =>
  tableIds.map((id) => plan.tables.find((table) => table.id === id)?.name ?? `n. ${id}`).join(', ');

/**
 * Judges `tableIds` for a party over [startsAt, endsAt) on fresh rows,
 * under the bookings' lock: known tables of the plan, seating the party,
 * free of every other hold; past the last two only with `override`, which
 * the answer then marks as a conflict.
 */
export async function judgeTables(
  trx: Kysely<Database>,
  request: {
    date: string;
    party: number;
    startsAt: number;
    endsAt: number;
    tableIds: readonly number[];
    override: boolean;
    bookingId?: number;
  },
  context: { schedule: Schedule; settings: ReservationSettings; now: number },
): Promise<{ ok: true; conflict: boolean; plan: FloorPlan } | TablesRefusal> {
  const day = await readTableDay(trx, { ...context, date: request.date });
  if (day.plan.tables.length === 0) {
    return { ok: false, reason: 'bad-tables', description: 'La pianta non ha tavoli.' };
  }
  const known = new Set(day.plan.tables.map((table) => table.id));
  if (!request.tableIds.every((id) => known.has(id))) {
    return { ok: false, reason: 'bad-tables', description: 'Tavolo non trovato nella pianta.' };
  }
  const seats = seatsParty(day.plan, request.tableIds, request.party);
  const free = tablesFree(
    day.holds,
    request.tableIds,
    request.startsAt,
    request.endsAt,
    request.bookingId,
  );
  if (!request.override && !seats) {
    return {
      ok: false,
      reason: 'table-taken',
      description: `Quei tavoli non sono per ${request.party} persone: puoi assegnarli comunque.`,
    };
  }
  if (!request.override && !free) {
    return {
      ok: false,
      reason: 'table-taken',
      description:
        'Il tavolo è occupato da un’altra prenotazione in quel turno: puoi assegnarlo comunque.',
    };
  }
  return { ok: true, conflict: !free, plan: day.plan };
}

/** Replaces a booking's tables, in the caller's transaction. */
export async function storeTables(
  trx: Kysely<Database>,
  bookingId: number,
  tableIds: readonly number[],
): Promise<void> {
  await trx.deleteFrom('reservation_tables').where('reservation_id', '=', bookingId).execute();
  if (tableIds.length === 0) return;
  await trx
    .insertInto('reservation_tables')
    .values(tableIds.map((table_id) => ({ reservation_id: bookingId, table_id })))
    .execute();
}

/** A stored booking's turn as its tables are held: from its start to its effective end at `now`. */
export const rowTurn = (row: Row, now: number) => ({
  startsAt: heldFrom(row),
  endsAt: holdEnd(
    {
      status: row.status,
      endsAt: Date.parse(row.ends_at),
      finishedAt: row.finished_at === null ? null : Date.parse(row.finished_at),
    },
    now,
  ),
});
