import type {
  ReservationBody,
  ReservationSettings,
  ReservationStatus,
} from '../../../shared/schemas/reservations.ts';
import type { Slot } from '../opening-slots.ts';
import { MINUTE_MS } from './rows.ts';
import { availableAt, bestSeat, paceAllows, turnFor } from './seating.ts';
import type { SeatOption, SeatRequest } from './seating-types.ts';
import type { TableDay } from './table-state.ts';

/**
 * Decisions by tables (CONTRACT.md part four, "Tables and the floor
 * plan"), for a plan with at least one table: the same pure judgement
 * before the lock, on what an instance keeps in memory, and under it, on
 * rows read afresh (booking.ts), as covers mode's `judgeBooking` does.
 * Which table is free and which is best is seating.ts's alone.
 */

/** A booking's start, as the pace counts covers starting at a slot. */
export interface Starting {
  party: number;
  startsAt: number;
}

/** What a booking by tables gets: its slot, its turn's end, its seat (or none past a conflict). */
export interface SeatedBooking {
  slot: Slot;
  endsAt: number;
  /** Its tables; null when staff booked past the plan with `override` and no table seats the party. */
  seat: SeatOption | null;
  /** Staff's override seated it on tables another hold has at some moment of its turn, or on none. */
  overCapacity: boolean;
  status: ReservationStatus;
}

export type TableRefusal = 'not-a-slot' | 'slot-full' | 'party-too-large';

/** A party's turn by its size (table mode only; covers mode keeps `turnMinutes`). */
export const turnMs = (party: number, settings: ReservationSettings) =>
  turnFor(party, settings) * MINUTE_MS;

/** The request seating is asked for: online, only what is online-bookable, in the guest's area. */
export function seatRequest(
  party: number,
  startsAt: number,
  settings: ReservationSettings,
  options: { online: boolean; area: number | null },
): SeatRequest {
  return {
    party,
    startsAt,
    endsAt: startsAt + turnMs(party, settings),
    online: options.online,
    area: options.area,
  };
}

/**
 * Whether a booking may be taken by tables: a slot of the date, the pace
 * (online only: staff may go past it), and a table or combination free for
 * the party's whole turn; staff's `override` seats past a conflict on the
 * best table as if nothing held it (the day plan then shows the conflict).
 */
export function judgeByTables(
  body: Pick<ReservationBody, 'party' | 'time'> & { area?: number | undefined },
  how: { online: boolean; override: boolean },
  state: {
    settings: ReservationSettings;
    slots: readonly Slot[];
    day: TableDay;
    starting: readonly Starting[];
  },
): SeatedBooking | { reason: TableRefusal } {
  const { settings, day } = state;
  if (how.online && body.party > settings.maxPartyOnline) return { reason: 'party-too-large' };
  const slot = state.slots.find((candidate) => candidate.time === body.time);
  if (!slot) return { reason: 'not-a-slot' };
  const startsAt = slot.at.getTime();
  const request = seatRequest(body.party, startsAt, settings, {
    online: how.online,
    area: body.area ?? null,
  });
  if (how.online && !paceAllows(state.starting, startsAt, body.party, settings.coversPerSlot)) {
    return { reason: 'slot-full' };
  }
  const status: ReservationStatus =
    !how.online ||
    (settings.autoConfirmMaxParty !== null && body.party <= settings.autoConfirmMaxParty)
      ? 'confirmed'
      : 'pending';
  const seat = bestSeat(day.plan, day.holds, request);
  if (seat) return { slot, endsAt: request.endsAt, seat, overCapacity: false, status };
  if (!how.override) return { reason: 'slot-full' };
  return {
    slot,
    endsAt: request.endsAt,
    seat: bestSeat(day.plan, [], request),
    overCapacity: true,
    status,
  };
}

/** Which of a date's slots have a table for the party online (availability in table mode). */
export function slotsByTables(
  party: number,
  area: number | null,
  state: {
    settings: ReservationSettings;
    slots: readonly Slot[];
    day: TableDay;
    starting: readonly Starting[];
  },
): { time: string; available: boolean }[] {
  const { settings, day } = state;
  return state.slots.map((slot) => {
    const startsAt = slot.at.getTime();
    const available =
      paceAllows(state.starting, startsAt, party, settings.coversPerSlot) &&
      availableAt(
        day.plan,
        day.index,
        seatRequest(party, startsAt, settings, { online: true, area }),
      );
    return { time: slot.time, available };
  });
}
