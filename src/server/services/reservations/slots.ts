import {
  addDays,
  openingOn,
  rangeInstants,
  romeDate,
  romeDateTime,
  type Schedule,
} from '../../../shared/opening-hours.ts';
import { SLOT_MINUTES } from '../../../shared/schemas/reservations.ts';

/**
 * Which times a table can be booked at, and how many covers are seated when:
 * pure functions of the opening hours, the owner's settings and the clock.
 *
 * A slot is a real instant, named by Rome's wall clock (date and "HH:MM").
 * A date's slots are those whose wall-clock date it is, so a range past
 * midnight gives its last slots to the next date: "Saturday 00:15" is the
 * moment the guest reads, never "Friday 24:15".
 */

const MINUTE_MS = 60_000;

export interface SlotRules {
  /** A booking holds its table this long; the last slot is one turn before closing. */
  turnMinutes: number;
  /** No slot starts sooner than this after now. */
  minNoticeMinutes: number;
  /** No slot on a date further than this many days after today (Rome). */
  horizonDays: number;
}

export interface Slot {
  /** Rome's wall clock, "HH:MM". */
  time: string;
  at: Date;
}

/**
 * The slots of `date` (Rome), every 15 minutes from each range's opening, the
 * last one a table-turn before its close, minus closures (through
 * `openingOn`), past ones and those sooner than the notice, and none beyond
 * the horizon. Capacity is not looked at here.
 *
 * `now` null: staff booking by phone, whom neither the notice nor the
 * horizon binds (a walk-in is booked as it happens).
 */
export function slotsOn(
  schedule: Schedule,
  date: string,
  rules: SlotRules,
  now: Date | null,
): Slot[] {
  return bookableNow(daySlots(schedule, date, rules.turnMinutes), date, rules, now);
}

/**
 * Every slot of a date, whatever the clock: what depends on the hours and
 * the turn alone, which the service keeps per content version (working out
 * Rome's clock for each step costs far more than the rest of a request).
 */
export function daySlots(schedule: Schedule, date: string, turnMinutes: number): Slot[] {
  const turn = turnMinutes * MINUTE_MS;
  const slots: Slot[] = [];
  const seen = new Set<string>();
  // Yesterday's ranges may run past midnight into `date`.
  for (const day of [addDays(date, -1), date]) {
    for (const range of openingOn(schedule, day).ranges) {
      const { start, end } = rangeInstants(day, range);
      // Real 15-minute steps: on the night clocks change, the wall clock jumps with them.
      for (let at = start.getTime(); at + turn <= end.getTime(); at += SLOT_MINUTES * MINUTE_MS) {
        const wall = romeDateTime(new Date(at));
        // The hour Rome's clocks repeat in October shows one "02:15": its first.
        if (wall.date !== date || seen.has(wall.time)) continue;
        seen.add(wall.time);
        slots.push({ time: wall.time, at: new Date(at) });
      }
    }
  }
  return slots.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** A date's slots a guest may book at `now` (all of them for staff: `now` null). */
export function bookableNow(
  slots: readonly Slot[],
  date: string,
  rules: Pick<SlotRules, 'minNoticeMinutes' | 'horizonDays'>,
  now: Date | null,
  /** Today in Rome at `now`, when the caller already knows it (it costs a time-zone lookup). */
  today = now && romeDate(now),
): Slot[] {
  if (!now || !today) return [...slots];
  if (date < today || date > addDays(today, rules.horizonDays)) return [];
  const earliest = now.getTime() + rules.minNoticeMinutes * MINUTE_MS;
  return slots.filter((slot) => slot.at.getTime() >= earliest);
}

/** A booking as capacity sees it: its party, seated from start to end (ms). */
export interface Seated {
  party: number;
  startsAt: number;
  endsAt: number;
}

/** The covers seated at an instant: bookings whose turn has begun and not ended. */
export function seatedAt(bookings: readonly Seated[], at: number): number {
  let covers = 0;
  for (const booking of bookings) {
    if (booking.startsAt <= at && at < booking.endsAt) covers += booking.party;
  }
  return covers;
}

/**
 * The most covers seated at any moment of [from, to): the number a new
 * booking over that stretch adds its party to. Seating changes only when a
 * booking begins, so the moments to look at are `from` and every start inside.
 */
export function peakSeated(bookings: readonly Seated[], from: number, to: number): number {
  let peak = seatedAt(bookings, from);
  for (const booking of bookings) {
    if (from < booking.startsAt && booking.startsAt < to) {
      peak = Math.max(peak, seatedAt(bookings, booking.startsAt));
    }
  }
  return peak;
}

/** Whether a party fits at `at` for a turn, with `capacity` covers at every moment. */
export function fits(
  bookings: readonly Seated[],
  at: number,
  party: number,
  rules: { turnMinutes: number; capacity: number },
): boolean {
  return peakSeated(bookings, at, at + rules.turnMinutes * MINUTE_MS) + party <= rules.capacity;
}
