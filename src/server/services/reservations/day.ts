import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { romeInstant } from '../../../shared/opening-hours.ts';
import type { SelectQueryBuilder } from 'kysely';
import type { Schedule } from '../../../shared/opening-hours.ts';
import type { DayPlan } from '../../../shared/schemas/floor.ts';
import type {
  OccupancyAnswer,
  Reservation,
  ReservationStatus,
} from '../../../shared/schemas/reservations.ts';
import { nowIso } from '../tokens.ts';
import { tableMode } from './floor-plan-rows.ts';
import { rowTurn } from './moves.ts';
import { conflicts } from './seating.ts';
import { tablesOf } from './table-holds.ts';
import { readTableDay, type TableDay } from './table-state.ts';
import type { Row } from './rows.ts';
import { seatedBetween, type Availability } from './availability.ts';
import { dayEvents, heldSeats, holdsOn } from './held-covers.ts';
import { coverCapacity, MINUTE_MS, toReservation } from './rows.ts';
import type { ReservationSettingsStore } from './settings.ts';
import { seatedAt } from './slots.ts';
import { guestSummaries } from '../guests/guest-records.ts';
import type { GuestSummary } from '../../../shared/schemas/guest-records.ts';

/** Bookings a day plan leaves out: they hold nothing and will not come. */
const NOT_COMING: readonly ReservationStatus[] = ['declined', 'cancelled'];
/** Bookings still waiting for their table while the plan has tables. */
const AWAITING_TABLE: readonly ReservationStatus[] = ['pending', 'confirmed', 'arrived'];

/**
 * Staff's view of a day: its bookings (with their tables and conflicts),
 * the covers seated at each of its slots, and the day plan the evening
 * view draws (CONTRACT.md part four). Read afresh: staff act on what they see.
 */
export class DayView {
  readonly #db: Kysely<Database>;
  readonly #settings: ReservationSettingsStore;
  readonly #availability: Availability;
  readonly #schedule: () => Promise<Schedule>;
  readonly #now: () => number;

  constructor(options: {
    db: Kysely<Database>;
    settings: ReservationSettingsStore;
    availability: Availability;
    schedule: () => Promise<Schedule>;
    now: () => number;
  }) {
    this.#db = options.db;
    this.#settings = options.settings;
    this.#availability = options.availability;
    this.#schedule = options.schedule;
    this.#now = options.now;
  }

  /** A day's bookings in every status, by time, with their tables, conflicts and guests. */
  async bookings(date: string): Promise<Reservation[]> {
    const { bookings, rows, now } = await this.#seated(
      date,
      this.#db.selectFrom('reservations').selectAll(),
    );
    const guests = await this.#guests(rows, now);
    return bookings.map((booking, index) => ({ ...booking, guest: guests(rows[index]!) }));
  }

  /**
   * Each row's guest as its card shows them (the guest core's summaries, in
   * one grouped read for all of `rows`): null without e-mail or phone.
   */
  async #guests(rows: readonly Row[], now: number): Promise<(row: Row) => GuestSummary | null> {
    const summaries = await guestSummaries(
      this.#db,
      rows.flatMap((row) => (row.guest_id === null ? [] : [row.guest_id])),
      now,
    );
    return (row) => (row.guest_id === null ? null : (summaries.get(row.guest_id) ?? null));
  }

  /**
   * The date's bookings as staff see them on the plan: `rows` (a query of
   * reservations) with their tables, and whether they share a table with
   * another hold at some moment (seating.ts `conflicts`).
   */
  async #seated(
    date: string,
    query: SelectQueryBuilder<Database, 'reservations', Row>,
  ): Promise<{ bookings: Reservation[]; rows: Row[]; day: TableDay; now: number }> {
    const now = this.#now();
    const day = await readTableDay(this.#db, {
      date,
      schedule: await this.#schedule(),
      settings: await this.#settings.settings(),
      now,
    });
    const rows = await query.where('date', '=', date).orderBy('starts_at').orderBy('id').execute();
    if (!tableMode(day.plan)) return { bookings: rows.map(toReservation), rows, day, now };
    const tables = await tablesOf(
      this.#db,
      rows.map((row) => row.id),
    );
    const conflicted = conflicts(day.index);
    const bookings = rows.map((row) => ({
      ...toReservation(row),
      tableIds: tables.get(row.id) ?? [],
      conflict: conflicted.has(row.id),
    }));
    return { bookings, rows, day, now };
  }

  /**
   * The day plan: the plan, every booking of the date but declined and
   * cancelled ones on it, those still waiting for a table, and the tables
   * confirmed events hold. In covers mode: the bookings alone.
   */
  async plan(date: string): Promise<DayPlan> {
    const { bookings, rows, day, now } = await this.#seated(
      date,
      this.#db.selectFrom('reservations').selectAll().where('status', 'not in', NOT_COMING),
    );
    const tables = tableMode(day.plan);
    const guests = await this.#guests(rows, now);
    return {
      date,
      areas: tables ? day.plan.areas : [],
      tables: day.plan.tables,
      combinations: tables ? day.plan.combinations : [],
      bookings: bookings.map((booking, index) => {
        const row = rows[index]!;
        return {
          id: booking.id,
          name: booking.name,
          party: booking.party,
          time: booking.time,
          startsAt: row.starts_at,
          endsAt: nowIso(rowTurn(row, now).endsAt),
          status: booking.status,
          source: booking.source,
          tableIds: booking.tableIds,
          conflict: booking.conflict,
          arrivedAt: booking.arrivedAt,
          seatedAt: booking.seatedAt,
          finishedAt: booking.finishedAt,
          guestConfirmedAt: booking.guestConfirmedAt,
          noReview: booking.noReview,
          guest: guests(row),
        };
      }),
      unassigned: tables
        ? bookings
            .filter((booking) => AWAITING_TABLE.includes(booking.status))
            .filter((booking) => booking.tableIds.length === 0)
            .map((booking) => booking.id)
        : [],
      holds: day.events.map((hold) => ({
        eventId: hold.eventId,
        name: hold.name,
        tableIds: [...hold.tableIds],
        startsAt: nowIso(hold.startsAt),
        endsAt: nowIso(hold.endsAt),
      })),
    };
  }

  /**
   * Covers seated at each slot of a day (staff's view: every slot of the
   * opening hours), the covers confirmed events hold there, and the events.
   */
  async occupancy(date: string): Promise<OccupancyAnswer> {
    const settings = await this.#settings.settings();
    const slots = await this.#availability.slots(date, settings, null);
    const dayStart = romeInstant(date, '00:00').getTime();
    const from = Math.min(dayStart, slots[0]?.at.getTime() ?? dayStart);
    const to = (slots.at(-1)?.at.getTime() ?? dayStart) + settings.turnMinutes * MINUTE_MS;
    const seated = await seatedBetween(this.#db, from, to);
    const holds = await holdsOn(this.#db, date);
    const held = heldSeats(holds, slots, settings);
    return {
      date,
      capacity: coverCapacity(settings),
      turnMinutes: settings.turnMinutes,
      slots: slots.map((slot) => ({
        time: slot.time,
        covers: seatedAt(seated, slot.at.getTime()),
        held: Math.min(coverCapacity(settings), seatedAt(held, slot.at.getTime())),
      })),
      events: dayEvents(holds),
    };
  }
}
