import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import {
  addDays,
  romeDate,
  romeDateReader,
  romeInstant,
  type Schedule,
} from '../../../shared/opening-hours.ts';
import {
  SEATED_STATUSES,
  type AvailabilityAnswer,
  type ReservationSettings,
} from '../../../shared/schemas/reservations.ts';
import { ContentMemo, type ContentVersion } from '../content-version.ts';
import { nowIso } from '../tokens.ts';
import { heldSeats, holdsOn, type Hold } from './held-covers.ts';
import { coverCapacity, MINUTE_MS, toSeated } from './rows.ts';
import type { ReservationSettingsStore } from './settings.ts';
import type { Slot } from '../opening-slots.ts';
import { bookableNow, daySlots, fits, type Seated } from './slots.ts';
import { tableMode } from './floor-plan-rows.ts';
import { slotsByTables } from './table-booking.ts';
import type { TableMemory } from './table-state.ts';

const HOUR_MS = 60 * MINUTE_MS;

/** Bookings that hold seats at some moment of [from, to), read through `db`. */
export async function seatedBetween(
  db: Kysely<Database>,
  from: number,
  to: number,
): Promise<Seated[]> {
  const rows = await db
    .selectFrom('reservations')
    .select(['party', 'starts_at', 'ends_at', 'status', 'finished_at'])
    .where('status', 'in', SEATED_STATUSES)
    .where('starts_at', '<', nowIso(to))
    .where('ends_at', '>', nowIso(from))
    .execute();
  return rows.map(toSeated);
}

/**
 * What a guest can book: the open dates up to the horizon, and a date's
 * slots with room for a party. Both come from what this instance keeps in
 * memory (a date's slots per content version, the seats around it per
 * bookings' version), which booking.ts also reads to refuse early.
 */
export class Availability {
  readonly #db: Kysely<Database>;
  readonly #settings: ReservationSettingsStore;
  readonly #schedule: () => Promise<Schedule>;
  readonly #now: () => number;
  /** Today's date in Rome at the app's clock, worked out again only when the day changes. */
  readonly #today: () => string;
  /** Every slot of a date, by date: they change only with the hours or the turn (content version). */
  readonly #daySlots: ContentMemo<string, readonly Slot[]>;
  /** The bookings that hold seats around a date, by date, while the bookings' version stays. */
  readonly #seatedAround: ContentMemo<string, Seated[]>;
  /** The confirmed events' holds of a date, by date: confirming one counts the bookings' version up. */
  readonly #holds: ContentMemo<string, Hold[]>;
  /**
   * Covers mode's answers, by date, party, rules and the slots still
   * bookable, while the bookings' version stays: `fits` looks at every
   * booking for every slot, which a busy day makes costly, and guests ask
   * the same question again and again.
   */
  readonly #coverAnswers: ContentMemo<string, AvailabilityAnswer['slots']>;
  /** The plan and each date's tables (table-state.ts). */
  readonly #tables: TableMemory;

  constructor(options: {
    db: Kysely<Database>;
    settings: ReservationSettingsStore;
    schedule: () => Promise<Schedule>;
    contentVersion: () => Promise<number | undefined>;
    bookingsVersion: ContentVersion;
    now: () => number;
    tables: TableMemory;
  }) {
    this.#tables = options.tables;
    this.#db = options.db;
    this.#settings = options.settings;
    this.#schedule = options.schedule;
    this.#now = options.now;
    this.#today = romeDateReader(options.now);
    this.#daySlots = new ContentMemo(options.contentVersion);
    this.#seatedAround = new ContentMemo(() => options.bookingsVersion.current());
    this.#holds = new ContentMemo(() => options.bookingsVersion.current());
    this.#coverAnswers = new ContentMemo(() => options.bookingsVersion.current());
  }

  /** Every date from today to the horizon, open when it has a slot (capacity aside). */
  async calendar(): Promise<{ maxPartyOnline: number; days: { date: string; open: boolean }[] }> {
    const settings = await this.#settings.settings();
    const now = new Date(this.#now());
    const today = romeDate(now);
    const days = [];
    for (let offset = 0; offset <= settings.horizonDays; offset += 1) {
      const date = addDays(today, offset);
      days.push({ date, open: (await this.slots(date, settings, now)).length > 0 });
    }
    return { maxPartyOnline: settings.maxPartyOnline, days };
  }

  /**
   * The slots of a date for a party: which have room for it, by tables
   * (table-booking.ts, in `area` when the guest chose one) while the plan has
   * a table, else by covers.
   */
  async availability(
    date: string,
    party: number,
    area: number | null = null,
  ): Promise<{ ok: true; answer: AvailabilityAnswer } | { ok: false; reason: 'party-too-large' }> {
    const settings = await this.#settings.settings();
    if (party > settings.maxPartyOnline) return { ok: false, reason: 'party-too-large' };
    const now = this.#now();
    const slots = await this.slots(date, settings, new Date(now));
    if (slots.length === 0) return { ok: true, answer: { date, party, slots: [] } };
    if (tableMode(await this.#tables.plan())) {
      const day = await this.#tables.day(date, await this.daySlots(date, settings), settings, now);
      return {
        ok: true,
        answer: {
          date,
          party,
          slots: slotsByTables(party, area, {
            settings,
            slots,
            day,
            // The pace counts the bookings starting at a slot (events hold tables, not starts).
            starting: await this.bookedAround(date),
          }),
        },
      };
    }
    const rules = { turnMinutes: settings.turnMinutes, capacity: coverCapacity(settings) };
    const key = [
      date,
      party,
      rules.turnMinutes,
      rules.capacity,
      ...slots.map((s) => s.time),
    ].join();
    const answered = await this.#coverAnswers.get(key, async () => {
      const seated = await this.seatedOn(date, settings);
      return slots.map((slot) => ({
        time: slot.time,
        available: fits(seated, slot.at.getTime(), party, rules),
      }));
    });
    return { ok: true, answer: { date, party, slots: answered } };
  }

  /**
   * Every slot of a date whatever the clock, as kept (the same array while
   * the content version stays, for a date a guest can book): what the
   * events' services are read from in table mode.
   */
  async daySlots(date: string, settings: ReservationSettings): Promise<readonly Slot[]> {
    const today = this.#today();
    const compute = async () => daySlots(await this.#schedule(), date, settings.turnMinutes);
    if (date < today || date > addDays(today, settings.horizonDays)) return compute();
    return this.#daySlots.get(date, compute);
  }

  /**
   * A date's slots that can be booked at `now` (staff: `now` null, every
   * slot). Kept per date while the content version stays, for dates a guest
   * can book (so the memo holds at most the horizon's days).
   */
  async slots(date: string, settings: ReservationSettings, now: Date | null): Promise<Slot[]> {
    const today = this.#today();
    const withinHorizon = date >= today && date <= addDays(today, settings.horizonDays);
    // A guest's date in the past or past the horizon has no slot, whatever the hours say:
    // known before any is worked out (anyone can ask for any date, as often as they like).
    if (now && !withinHorizon) return [];
    const compute = async () => daySlots(await this.#schedule(), date, settings.turnMinutes);
    const all = withinHorizon ? await this.#daySlots.get(date, compute) : await compute();
    return bookableNow(all, date, settings, now, today);
  }

  /** The bookings that hold seats around a date (`seatedOn`'s), kept while the bookings' version stays. */
  bookedAround(date: string): Promise<Seated[]> {
    return this.#seatedAround.get(date, () => {
      const from = romeInstant(date, '00:00').getTime();
      const to = romeInstant(addDays(date, 1), '00:00').getTime() + 8 * HOUR_MS;
      return seatedBetween(this.#db, from, to);
    });
  }

  /**
   * What takes a date's covers, as slots.ts `fits` counts them: the
   * bookings that hold seats at some moment of its slots (from its midnight
   * to 8 hours, the longest turn, past the next), and the covers its
   * confirmed events hold (held-covers.ts). Both kept per date while the
   * bookings' version stays: a guest browsing times costs no query. Another
   * instance's change shows within the version's 250 ms; a booking may be
   * refused early from this, but is only ever taken after a fresh check
   * under the lock.
   */
  async seatedOn(date: string, settings: ReservationSettings): Promise<Seated[]> {
    const booked = await this.bookedAround(date);
    const holds = await this.#holds.get(date, () => holdsOn(this.#db, date));
    if (holds.length === 0) return booked;
    return [...booked, ...heldSeats(holds, await this.slots(date, settings, null), settings)];
  }
}
