import { romeDate, type Schedule } from '../../../shared/opening-hours.ts';
import { SLOT_MINUTES } from '../../../shared/schemas/reservations.ts';
import { MINUTE_MS, openingSlots, slotsAhead, stepsFrom, type Slot } from '../opening-slots.ts';

/**
 * Which times a table can be booked at, and how many covers are seated when:
 * pure functions of the opening hours, the owner's settings and the clock
 * (a slot is a real instant named by Rome's wall clock: opening-slots.ts).
 */

export interface SlotRules {
  /** A booking holds its table this long; the last slot is one turn before closing. */
  turnMinutes: number;
  /** No slot starts sooner than this after now. */
  minNoticeMinutes: number;
  /** No slot on a date further than this many days after today (Rome). */
  horizonDays: number;
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
export function daySlots(schedule: Schedule, date: string, turnMinutes: number): readonly Slot[] {
  let ofSchedule = keptDaySlots.get(schedule);
  if (!ofSchedule) {
    ofSchedule = new Map();
    keptDaySlots.set(schedule, ofSchedule);
  }
  const key = `${date} ${turnMinutes}`;
  let slots = ofSchedule.get(key);
  if (!slots) {
    slots = Object.freeze(
      openingSlots(schedule, date, (start, end) =>
        stepsFrom(start, end - turnMinutes * MINUTE_MS, SLOT_MINUTES),
      ),
    );
    // Anyone may ask for any date: a schedule keeps at most this many.
    if (ofSchedule.size >= KEPT_DAYS) ofSchedule.clear();
    ofSchedule.set(key, slots);
  }
  return slots;
}

/**
 * `daySlots` kept per schedule object (the opening hours as the service
 * keeps them, the same object while the content version stays, dropped with
 * it): the decision under the booking lock works a date's slots out twice,
 * each step a lookup of Rome's clock, a tenth of a 200-booking burst
 * (docs/performance.md, "200-request bursts").
 */
const keptDaySlots = new WeakMap<Schedule, Map<string, readonly Slot[]>>();
const KEPT_DAYS = 400;

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
  return slotsAhead(
    slots,
    date,
    { leadMinutes: rules.minNoticeMinutes, horizonDays: rules.horizonDays },
    now,
    today,
  );
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
