import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { addDays, romeInstant, type Schedule } from '../../../shared/opening-hours.ts';
import type { FloorPlan } from '../../../shared/schemas/floor.ts';
import type { ReservationSettings } from '../../../shared/schemas/reservations.ts';
import type { Turn } from '../turn.ts';
import { ContentMemo, type ContentVersion } from '../content-version.ts';
import type { Slot } from '../opening-slots.ts';
import { readFloorPlan } from './floor-plan-rows.ts';
import { holdsOn, type Hold } from './held-covers.ts';
import { MINUTE_MS } from './rows.ts';
import { daySlots } from './slots.ts';
import type { TableHold } from './seating-types.ts';
import { indexHolds, type HoldIndex } from './seating.ts';
import {
  bookedTablesBetween,
  bookingHold,
  eventTableHolds,
  type BookedTables,
  type EventTableHold,
} from './table-holds.ts';

const HOUR_MS = 60 * MINUTE_MS;

type AvailableSlot = { time: string; available: boolean };

/** The stretch whose holds a date's decisions look at: its midnight to 8 hours (the longest turn) past the next. */
export function dayWindow(date: string): { from: number; to: number } {
  return {
    from: romeInstant(date, '00:00').getTime(),
    to: romeInstant(addDays(date, 1), '00:00').getTime() + 8 * HOUR_MS,
  };
}

/** A date's tables: the plan, and what holds its tables around the date at `now`. */
export interface TableDay {
  plan: FloorPlan;
  /** The bookings' holds and the events' holds, as seating.ts takes them. */
  holds: TableHold[];
  /** The same by table, built once for the many questions of one request. */
  index: HoldIndex;
  booked: BookedTables[];
  events: EventTableHold[];
  /**
   * Availability's answers on this very day, by party, area and bookable
   * slots (table-booking.ts), for the bookings' starts `starting` (the pace).
   */
  answers: { starting: readonly unknown[] | null; byKey: Map<string, AvailableSlot[]> };
}

/** Puts a date's rows together at `now`: a booking's effective end depends on the clock. */
export function tableDay(
  plan: FloorPlan,
  booked: readonly BookedTables[],
  eventHolds: readonly Hold[],
  slots: readonly Slot[],
  options: { turnMinutes: number; now: number },
): TableDay {
  const bookingHolds = booked.map((one) => bookingHold(one, options.now));
  const events = eventTableHolds(eventHolds, slots, plan, options.turnMinutes, bookingHolds);
  const holds = [...bookingHolds, ...events];
  return {
    plan,
    holds,
    index: indexHolds(holds),
    booked: [...booked],
    events,
    answers: { starting: null, byKey: new Map() },
  };
}

/**
 * A date's tables read afresh through `db` (a decision's transaction,
 * under the bookings' lock): the plan, the bookings' tables around the
 * date and the tables its confirmed events hold. With `turn`, each part is
 * read once for the decisions sharing the lock's turn (turn.ts `Turn`).
 */
export async function readTableDay(
  db: Kysely<Database>,
  options: {
    date: string;
    schedule: Schedule;
    settings: ReservationSettings;
    now: number;
    turn?: Pick<Turn, 'once'>;
  },
): Promise<TableDay> {
  const read = <T>(key: string, load: () => Promise<T>): Promise<T> =>
    options.turn ? options.turn.once(key, load) : load();
  const plan = await read('floor plan', () => readFloorPlan(db));
  const rules = { turnMinutes: options.settings.turnMinutes, now: options.now };
  if (plan.tables.length === 0) return tableDay(plan, [], [], [], rules);
  const { from, to } = dayWindow(options.date);
  const booked = await read(`booked tables ${options.date}`, () =>
    bookedTablesBetween(db, from, to),
  );
  const slots = daySlots(options.schedule, options.date, options.settings.turnMinutes);
  const holds = await read(`event holds ${options.date}`, () => holdsOn(db, options.date));
  return tableDay(plan, booked, holds, slots, rules);
}

/**
 * The same, from what this instance keeps in memory: the plan, and each
 * date's bookings' tables and events' holds, kept while the bookings'
 * version stays (a plan stored by PUT /api/floor counts it up, as every
 * change of a booking does). Availability and the early refusals read
 * this, so a guest browsing times costs no query; a decision reads afresh
 * under the lock (`readTableDay`).
 */
export class TableMemory {
  readonly #db: Kysely<Database>;
  readonly #plan: ContentMemo<'plan', FloorPlan>;
  readonly #booked: ContentMemo<string, BookedTables[]>;
  readonly #holds: ContentMemo<string, Hold[]>;
  /**
   * Each date's day as last put together, and from what: kept while every
   * part is the very one the memos above still hold (a guest browsing times
   * costs no rebuild of the holds' index, nor of the answers kept on it).
   */
  readonly #days = new Map<
    string,
    {
      plan: FloorPlan;
      booked: BookedTables[];
      holds: Hold[];
      slots: readonly Slot[];
      settings: ReservationSettings;
      clock: number;
      day: TableDay;
    }
  >();

  constructor(options: { db: Kysely<Database>; bookingsVersion: ContentVersion }) {
    this.#db = options.db;
    const version = () => options.bookingsVersion.current();
    this.#plan = new ContentMemo(version);
    this.#booked = new ContentMemo(version);
    this.#holds = new ContentMemo(version);
  }

  plan(): Promise<FloorPlan> {
    return this.#plan.get('plan', () => readFloorPlan(this.#db));
  }

  /** A date's tables at `now`; `slots`, the date's slots whatever the clock (the events' service). */
  async day(
    date: string,
    slots: readonly Slot[],
    settings: ReservationSettings,
    now: number,
  ): Promise<TableDay> {
    const plan = await this.plan();
    const rules = { turnMinutes: settings.turnMinutes, now };
    if (plan.tables.length === 0) return tableDay(plan, [], [], [], rules);
    const booked = await this.#booked.get(date, () => {
      const { from, to } = dayWindow(date);
      return bookedTablesBetween(this.#db, from, to);
    });
    const holds = await this.#holds.get(date, () => holdsOn(this.#db, date));
    // Only a party still seated has an end that moves with the clock (running late):
    // without one the day is the same at any instant, else the same within a second.
    const clock = booked.some((one) => one.status === 'seated') ? Math.floor(now / 1000) : 0;
    const kept = this.#days.get(date);
    if (
      kept &&
      kept.plan === plan &&
      kept.booked === booked &&
      kept.holds === holds &&
      kept.slots === slots &&
      kept.settings === settings &&
      kept.clock === clock
    ) {
      return kept.day;
    }
    const day = tableDay(plan, booked, holds, slots, rules);
    this.#days.set(date, { plan, booked, holds, slots, settings, clock, day });
    return day;
  }
}
