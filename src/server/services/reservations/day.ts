import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { romeInstant } from '../../../shared/opening-hours.ts';
import type { OccupancyAnswer, Reservation } from '../../../shared/schemas/reservations.ts';
import { seatedBetween, type Availability } from './availability.ts';
import { dayEvents, heldSeats, holdsOn } from './held-covers.ts';
import { coverCapacity, MINUTE_MS, toReservation } from './rows.ts';
import type { ReservationSettingsStore } from './settings.ts';
import { seatedAt } from './slots.ts';

/** Staff's view of a day: its bookings, and the covers seated at each of its slots. */
export class DayView {
  readonly #db: Kysely<Database>;
  readonly #settings: ReservationSettingsStore;
  readonly #availability: Availability;

  constructor(options: {
    db: Kysely<Database>;
    settings: ReservationSettingsStore;
    availability: Availability;
  }) {
    this.#db = options.db;
    this.#settings = options.settings;
    this.#availability = options.availability;
  }

  /** A day's bookings in every status, by time. */
  async bookings(date: string): Promise<Reservation[]> {
    const rows = await this.#db
      .selectFrom('reservations')
      .selectAll()
      .where('date', '=', date)
      .orderBy('starts_at')
      .orderBy('id')
      .execute();
    return rows.map(toReservation);
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
