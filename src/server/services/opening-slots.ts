import {
  addDays,
  openingOn,
  rangeInstants,
  romeDate,
  romeDateTime,
  type Schedule,
} from '../../shared/opening-hours.ts';

/**
 * The times something can be booked or picked up at inside the opening
 * hours, in Rome whatever the server's zone: what a table's slots
 * (reservations/slots.ts) and a takeaway order's pickup slots
 * (takeaway/slots.ts) share. Pure functions of the hours and the clock.
 *
 * A slot is a real instant, named by Rome's wall clock (date and "HH:MM").
 * A date's slots are those whose wall-clock date it is, so a range past
 * midnight gives its last slots to the next date: "Saturday 00:15" is the
 * moment the guest reads, never "Friday 24:15".
 */

export const MINUTE_MS = 60_000;

export interface Slot {
  /** Rome's wall clock, "HH:MM". */
  time: string;
  at: Date;
}

/**
 * The slots of `date` (Rome) inside its opening ranges, minus closures
 * (through `openingOn`): `instantsIn` picks a range's instants (ms) from its
 * real start and end.
 */
export function openingSlots(
  schedule: Schedule,
  date: string,
  instantsIn: (start: number, end: number) => number[],
): Slot[] {
  const slots: Slot[] = [];
  const seen = new Set<string>();
  // Yesterday's ranges may run past midnight into `date`.
  for (const day of [addDays(date, -1), date]) {
    for (const range of openingOn(schedule, day).ranges) {
      const { start, end } = rangeInstants(day, range);
      for (const at of instantsIn(start.getTime(), end.getTime())) {
        const wall = romeDateTime(new Date(at));
        // The hour Rome's clocks repeat in October shows one "02:15": its first.
        // Two ranges that touch (12:00–15:00, 15:00–18:00) share their slot too.
        if (wall.date !== date || seen.has(wall.time)) continue;
        seen.add(wall.time);
        slots.push({ time: wall.time, at: new Date(at) });
      }
    }
  }
  return slots.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Real steps of `minutes` from `start` up to `last` included (ms): on the
 * night clocks change, the wall clock jumps with them.
 */
export function stepsFrom(start: number, last: number, minutes: number): number[] {
  const steps: number[] = [];
  for (let at = start; at <= last; at += minutes * MINUTE_MS) steps.push(at);
  return steps;
}

/**
 * A date's slots that can be taken at `now`: none on a date before today
 * or further than `horizonDays` after it (Rome), none sooner than
 * `leadMinutes` from now.
 */
export function slotsAhead(
  slots: readonly Slot[],
  date: string,
  rules: { leadMinutes: number; horizonDays: number },
  now: Date,
  /** Today in Rome at `now`, when the caller already knows it (it costs a time-zone lookup). */
  today = romeDate(now),
): Slot[] {
  if (date < today || date > addDays(today, rules.horizonDays)) return [];
  const earliest = now.getTime() + rules.leadMinutes * MINUTE_MS;
  return slots.filter((slot) => slot.at.getTime() >= earliest);
}
