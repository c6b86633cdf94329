import { romeDateTime, romeInstant } from '../../../shared/opening-hours.ts';
import type { DayPlan, FloorTable, PlanBooking } from '../../../shared/schemas/floor.ts';

/**
 * What the evening view computes from the day plan (pure, tested on its
 * own): each table's state now, and where a booking sits on the day's
 * timeline.
 */

/** A table now: free, a booking starting within the hour, a party seated, one seated past its turn, an event's. */
export type TableState = 'free' | 'soon' | 'seated' | 'late' | 'held';
export const TABLE_STATES: readonly TableState[] = ['free', 'soon', 'seated', 'late', 'held'];

/** Bookings that no longer hold their tables: a finished one from its end, a no-show at all. */
const GONE = new Set(['declined', 'cancelled', 'no-show', 'finished']);
export const holdsTable = (booking: Pick<PlanBooking, 'status'>) => !GONE.has(booking.status);

const HOUR_MS = 60 * 60 * 1000;

/**
 * An instant of the plan: ISO as the schema says, or the contract's other
 * form, `HH:MM` in Rome on `date` (an end before the start is past midnight).
 */
export function instantOf(date: string, text: string, after?: number): number {
  if (/^\d{2}:\d{2}$/.test(text)) {
    const instant = romeInstant(date, text).getTime();
    return after !== undefined && instant <= after ? instant + 24 * HOUR_MS : instant;
  }
  return Date.parse(text);
}

export interface Span {
  start: number;
  end: number;
}

/**
 * A booking's turn as instants: from its start, or from when the party sat
 * down if that was earlier (a party seated before its time, a finished one
 * whose end came before its booked start).
 */
export function bookingSpan(date: string, booking: PlanBooking): Span {
  const booked = instantOf(date, booking.startsAt || booking.time);
  const seated = booking.seatedAt ? Date.parse(booking.seatedAt) : Number.NaN;
  const start = seated < booked ? seated : booked;
  return { start, end: Math.max(instantOf(date, booking.endsAt, start), start) };
}

/** Rome's wall clock of an instant: "22:15". */
export const clockOf = (instant: number) => romeDateTime(new Date(instant)).time;

export interface TableNow {
  state: TableState;
  /** The booking that makes the state (seated, late, soon), if any. */
  booking: PlanBooking | null;
  /** The event holding it, if that is its state. */
  hold: string | null;
}

/**
 * Each table's state at `now`: running late (seated past its turn) before
 * seated, before a booking starting within the hour (or already due and not
 * yet seated), before an event's hold, else free.
 */
export function tableStates(plan: DayPlan, now: number): Map<number, TableNow> {
  const states = new Map<number, TableNow>();
  const rank: Record<TableState, number> = { late: 4, seated: 3, soon: 2, held: 1, free: 0 };
  const offer = (tableId: number, next: TableNow) => {
    const current = states.get(tableId);
    if (!current || rank[next.state] > rank[current.state]) states.set(tableId, next);
  };
  for (const table of plan.tables) offer(table.id, { state: 'free', booking: null, hold: null });
  for (const booking of plan.bookings) {
    if (!holdsTable(booking)) continue;
    const span = bookingSpan(plan.date, booking);
    let state: TableState | null = null;
    if (booking.status === 'seated') state = now >= span.end ? 'late' : 'seated';
    else if (span.start <= now + HOUR_MS && span.end > now) state = 'soon';
    if (!state) continue;
    for (const tableId of booking.tableIds) offer(tableId, { state, booking, hold: null });
  }
  for (const hold of plan.holds) {
    const start = instantOf(plan.date, hold.startsAt);
    const end = instantOf(plan.date, hold.endsAt, start);
    if (start > now + HOUR_MS || end <= now) continue;
    for (const tableId of hold.tableIds) {
      offer(tableId, { state: 'held', booking: null, hold: hold.name });
    }
  }
  return states;
}

/** The day's hours on the timeline: from the first start to the last end, whole hours (12:00-24:00 when empty). */
export function timelineRange(plan: DayPlan): Span {
  const spans = [
    ...plan.bookings.map((booking) => bookingSpan(plan.date, booking)),
    ...plan.holds.map((hold) => {
      const start = instantOf(plan.date, hold.startsAt);
      return { start, end: instantOf(plan.date, hold.endsAt, start) };
    }),
  ].filter((span) => Number.isFinite(span.start) && Number.isFinite(span.end));
  const noon = romeInstant(plan.date, '12:00').getTime();
  if (spans.length === 0) return { start: noon, end: noon + 12 * HOUR_MS };
  const start = Math.min(...spans.map((span) => span.start));
  const end = Math.max(...spans.map((span) => span.end));
  const first = Math.floor(start / HOUR_MS) * HOUR_MS;
  return { start: first, end: Math.max(Math.ceil(end / HOUR_MS) * HOUR_MS, first + 3 * HOUR_MS) };
}

/** The whole hours of a range, as instants. */
export function hoursOf(range: Span): number[] {
  const hours: number[] = [];
  for (let hour = range.start; hour < range.end; hour += HOUR_MS) hours.push(hour);
  return hours;
}

/** Where a span lies on the range, in percent of its width. */
export function placeOn(range: Span, span: Span): { left: number; width: number } {
  const total = range.end - range.start;
  const start = Math.max(span.start, range.start);
  const end = Math.min(span.end, range.end);
  return {
    left: ((start - range.start) / total) * 100,
    width: Math.max(((end - start) / total) * 100, 0.5),
  };
}

/** The tables' names of a booking: "T1 + T2", or null without one. */
export function tableNames(tables: readonly FloorTable[], ids: readonly number[]): string | null {
  const names = ids.map((id) => tables.find((table) => table.id === id)?.name ?? `#${id}`);
  return names.length > 0 ? names.join(' + ') : null;
}

/**
 * Where a booking may move: each table and each combination of the plan
 * (its tables' ids, its name, its seats), those that seat the party first.
 */
export function moveChoices(plan: DayPlan, party: number) {
  const choices = [
    ...plan.tables.map((table) => ({
      key: `t${table.id}`,
      name: table.name,
      tableIds: [table.id],
      minSeats: table.minSeats,
      maxSeats: table.maxSeats,
    })),
    ...plan.combinations.map((combination) => ({
      key: `c${combination.id}`,
      name: combination.name,
      tableIds: combination.tableIds,
      minSeats: combination.minSeats,
      maxSeats: combination.maxSeats,
    })),
  ];
  const fits = (choice: (typeof choices)[number]) =>
    choice.minSeats <= party && party <= choice.maxSeats;
  return [...choices.filter(fits), ...choices.filter((choice) => !fits(choice))].map((choice) => ({
    ...choice,
    fits: fits(choice),
  }));
}
