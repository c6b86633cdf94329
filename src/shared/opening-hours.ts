/**
 * The restaurant's opening hours as data, and what follows from them at a
 * given instant: pure functions, the same on the server, in pages and in the
 * back office (docs/decisions/008-opening-hours.md).
 *
 * Every answer is in the restaurant's time, Europe/Rome, whatever the zone of
 * the process or the browser: instants are read through `Intl` with that zone
 * and never through a `Date`'s local getters. Dates are "YYYY-MM-DD", times
 * "HH:MM" on a 24-hour clock.
 *
 * The rules:
 * - a date opens with its special day's ranges (`exceptions`) if it has one,
 *   else with its weekday's ranges (`weekly`); a weekday missing or without
 *   ranges is closed;
 * - a closure closes every date from `from` to `to` inclusive, except a date
 *   with a special day: staff who add a special opening inside a closure mean
 *   it (New Year's Eve dinner inside the Christmas closure);
 * - a range whose close is earlier than its open (19:00–01:00) runs past
 *   midnight and belongs to the date it opens: Saturday 19:00–01:00 keeps the
 *   restaurant open at 00:30 on Sunday, even when Sunday is closed.
 */

import { romeOffset, romeWallClock } from './rome-clock.ts';

export { RESTAURANT_TIME_ZONE } from './rome-clock.ts';

/** How far ahead searches for an opening look: a little more than a year. */
export const HORIZON_DAYS = 400;

/** From open to close; a close earlier than the open is on the next day. */
export interface TimeRange {
  open: string;
  close: string;
}

export interface WeeklyDay {
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  day: number;
  ranges: readonly TimeRange[];
}

export interface Closure {
  from: string;
  to: string;
  note?: string | null;
}

/** A special day: its ranges replace the weekday's, and it opens inside a closure. */
export interface SpecialDay {
  date: string;
  ranges: readonly TimeRange[];
}

export interface Schedule {
  weekly: readonly WeeklyDay[];
  closures: readonly Closure[];
  exceptions: readonly SpecialDay[];
}

/** What a date holds. */
export interface DayOpening {
  date: string;
  open: boolean;
  /** In opening order; empty when closed. */
  ranges: TimeRange[];
  /** The closure that closes this date (null when open, or closed only by the weekly schedule). */
  closure: Closure | null;
  /** The ranges are a special day's. */
  special: boolean;
}

/** A moment the restaurant opens: its date and time in Rome, and the real instant. */
export interface Opening {
  date: string;
  time: string;
  at: Date;
}

// ---------------------------------------------------------------------------
// Calendar dates and wall-clock times (no time zone involved)

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;

/** Whether `text` is a real calendar date written YYYY-MM-DD (no 30 February). */
export function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Whether `text` is a time of day written HH:MM, 00:00 to 23:59. */
export const isTime = (text: string): boolean => TIME.test(text);

/** Minutes since midnight of an "HH:MM". */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Whether a range runs past midnight into the next date. */
export const pastMidnight = (range: TimeRange): boolean => range.close < range.open;

/** Minutes from the opening date's midnight: the close is past 1440 when it runs past midnight. */
export function rangeMinutes(range: TimeRange): { start: number; end: number } {
  const start = minutesOf(range.open);
  const close = minutesOf(range.close);
  return { start, end: close <= start ? close + 1440 : close };
}

// Calendar arithmetic on plain dates: a date is a UTC midnight here, where no
// day is ever 23 or 25 hours long, so adding days is exact.
const dateAt = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Dates already added up: the same few (today and the booking horizon, a
 * date and the next) are asked on every guest's availability request, and
 * each costs a parse and a format (docs/performance.md, "Availability and
 * pickup slots from memory"). Guests choose dates: emptied when full.
 */
const addedDays = new Map<string, string>();
const ADDED_DAYS_KEPT = 1024;

/** The date `days` after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  const question = `${date}|${days}`;
  let answer = addedDays.get(question);
  if (answer === undefined) {
    answer = dateOf(dateAt(date) + days * DAY_MS);
    if (addedDays.size >= ADDED_DAYS_KEPT) addedDays.clear();
    addedDays.set(question, answer);
  }
  return answer;
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function weekdayOf(date: string): number {
  return ((new Date(dateAt(date)).getUTCDay() + 6) % 7) + 1;
}

/** Ranges in opening order (a copy). */
export const inOpeningOrder = (ranges: readonly TimeRange[]): TimeRange[] =>
  [...ranges].sort((a, b) => (a.open < b.open ? -1 : a.open > b.open ? 1 : 0));

/**
 * The first two ranges of one date that overlap (in wall-clock minutes), or
 * null. Ranges that touch (12:00–15:00 and 15:00–18:00) do not overlap.
 */
export function overlapWithin(ranges: readonly TimeRange[]): [TimeRange, TimeRange] | null {
  const sorted = inOpeningOrder(ranges);
  for (let i = 1; i < sorted.length; i += 1) {
    if (rangeMinutes(sorted[i]!).start < rangeMinutes(sorted[i - 1]!).end) {
      return [sorted[i - 1]!, sorted[i]!];
    }
  }
  return null;
}

/**
 * A range of one date that runs past midnight into a range of the next date
 * (Saturday 19:00–02:00 and Sunday 01:00–03:00), as the pair, or null.
 */
export function overlapIntoNextDay(
  ranges: readonly TimeRange[],
  nextDay: readonly TimeRange[],
): [TimeRange, TimeRange] | null {
  for (const late of ranges) {
    if (!pastMidnight(late)) continue;
    const spill = rangeMinutes(late).end - 1440;
    const hit = inOpeningOrder(nextDay).find((range) => minutesOf(range.open) < spill);
    if (hit) return [late, hit];
  }
  return null;
}

// ---------------------------------------------------------------------------
// Instants and the restaurant's zone

/** The date and time ("HH:MM") in Rome at an instant. */
export function romeDateTime(instant: Date): { date: string; time: string } {
  const iso = new Date(romeWallClock(instant.getTime())).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** An instant on Rome's clock to the second, `YYYY-MM-DD HH:MM:SS`: log lines and the start-up banner. */
export const romeTimestamp = (instant: number | Date): string =>
  new Date(romeWallClock(new Date(instant).getTime())).toISOString().slice(0, 19).replace('T', ' ');

/** Today's date in Rome at an instant. */
export const romeDate = (instant: Date): string => romeDateTime(instant).date;

/**
 * Today's date in Rome read off a clock (ms), worked out again only when the
 * clock has left the day it last read: on a hot path (every page view) a
 * read costs two comparisons. The clock may move either way (tests).
 */
export function romeDateReader(now: () => number): () => string {
  let date = '';
  let start = 0;
  let end = 0;
  return () => {
    const at = now();
    if (at < start || at >= end) {
      date = romeDate(new Date(at));
      // Rome's clocks change at 02:00 or 03:00, never at midnight: 00:00 always exists.
      start = romeInstant(date, '00:00').getTime();
      end = romeInstant(addDays(date, 1), '00:00').getTime();
    }
    return date;
  };
}

/**
 * The instant at which Rome's clocks show `time` on `date`. A time the clocks
 * skip (02:30 on the last Sunday of March) is read with the offset before the
 * change, so it lands an hour later on the clock (03:30); a time they show
 * twice (02:30 on the last Sunday of October) is the first of the two. These
 * are the "compatible" rules of JavaScript's Temporal and of RFC 5545.
 */
export function romeInstant(date: string, time: string): Date {
  const wall = dateAt(date) + minutesOf(time) * 60_000;
  // Offsets a day either side: the only two a change of clocks on that date can be between.
  const before = romeOffset(wall - DAY_MS);
  const after = romeOffset(wall + DAY_MS);
  const shown = [wall - before, wall - after].filter((at) => romeWallClock(at) === wall);
  return new Date(shown.length > 0 ? Math.min(...shown) : wall - before);
}

/** The real instants a range of a date runs between: the close on the next date when past midnight. */
export function rangeInstants(date: string, range: TimeRange): { start: Date; end: Date } {
  return {
    start: romeInstant(date, range.open),
    end: romeInstant(pastMidnight(range) ? addDays(date, 1) : date, range.close),
  };
}

// ---------------------------------------------------------------------------
// The schedule

/** The closure that covers a date, if any (closures are inclusive). */
export function closureOn(schedule: Schedule, date: string): Closure | null {
  return schedule.closures.find((closure) => closure.from <= date && date <= closure.to) ?? null;
}

/** Whether and when the restaurant opens on a date. */
export function openingOn(schedule: Schedule, date: string): DayOpening {
  const special = schedule.exceptions.find((exception) => exception.date === date);
  if (special) {
    const ranges = inOpeningOrder(special.ranges);
    return { date, open: ranges.length > 0, ranges, closure: null, special: true };
  }
  const closure = closureOn(schedule, date);
  if (closure) return { date, open: false, ranges: [], closure, special: false };
  const weekday = weekdayOf(date);
  const ranges = inOpeningOrder(schedule.weekly.find((day) => day.day === weekday)?.ranges ?? []);
  return { date, open: ranges.length > 0, ranges, closure: null, special: false };
}

/**
 * The range the restaurant is open in at an instant, with the date it
 * belongs to (yesterday's for a late range past midnight), or null when closed.
 * A range holds its open instant and not its close.
 */
export function openAt(
  schedule: Schedule,
  instant: Date,
): { date: string; range: TimeRange } | null {
  const today = romeDate(instant);
  for (const date of [addDays(today, -1), today]) {
    for (const range of openingOn(schedule, date).ranges) {
      const { start, end } = rangeInstants(date, range);
      if (start <= instant && instant < end) return { date, range };
    }
  }
  return null;
}

/** Whether the restaurant is open at an instant. */
export const isOpenAt = (schedule: Schedule, instant: Date): boolean =>
  openAt(schedule, instant) !== null;

/**
 * The first moment strictly after `instant` at which the restaurant opens
 * (while it is open, the start of its next range), skipping closures, within
 * `horizonDays`; null when it does not open in that time.
 */
export function nextOpening(
  schedule: Schedule,
  instant: Date,
  horizonDays = HORIZON_DAYS,
): Opening | null {
  const today = romeDate(instant);
  for (let offset = 0; offset <= horizonDays; offset += 1) {
    const date = addDays(today, offset);
    for (const range of openingOn(schedule, date).ranges) {
      const at = romeInstant(date, range.open);
      if (at > instant) return { date, time: range.open, at };
    }
  }
  return null;
}

/** The first date after `date` on which the restaurant opens, within `horizonDays`, or null. */
export function nextOpenDay(
  schedule: Schedule,
  date: string,
  horizonDays = HORIZON_DAYS,
): DayOpening | null {
  for (let offset = 1; offset <= horizonDays; offset += 1) {
    const day = openingOn(schedule, addDays(date, offset));
    if (day.open) return day;
  }
  return null;
}

/** A stretch of dates that closures keep closed, around a given date. */
export interface ClosedPeriod {
  /** First and last date of the stretch: closures that follow one another count as one. */
  from: string;
  to: string;
  /** The closure that covers the date asked about (its note is the one to show). */
  closure: Closure;
  /** The first date after the date asked about on which the restaurant opens, or null within the horizon. */
  reopens: DayOpening | null;
}

/**
 * When a closure keeps `date` closed: the stretch it is part of and the first
 * day the restaurant opens again ("closed until Monday 1 March, open again from
 * 2 March": that is the first open date, so a weekly rest day right after the
 * closure is skipped, and a special day inside the stretch is where it
 * reopens). Null when `date` is open, or closed only by the weekly schedule.
 */
export function closedPeriodAround(
  schedule: Schedule,
  date: string,
  horizonDays = HORIZON_DAYS,
): ClosedPeriod | null {
  const closure = openingOn(schedule, date).closure;
  if (!closure) return null;
  const closedByClosure = (day: string) => openingOn(schedule, day).closure !== null;
  let from = date;
  for (let n = 0; n < horizonDays && closedByClosure(addDays(from, -1)); n += 1) {
    from = addDays(from, -1);
  }
  let to = date;
  for (let n = 0; n < horizonDays && closedByClosure(addDays(to, 1)); n += 1) {
    to = addDays(to, 1);
  }
  return { from, to, closure, reopens: nextOpenDay(schedule, date, horizonDays) };
}
