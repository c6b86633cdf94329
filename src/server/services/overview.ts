import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { romeDate } from '../../shared/opening-hours.ts';
import type { Overview } from '../../shared/schemas/overview.ts';
import type { ReservationSettings } from '../../shared/schemas/reservations.ts';
import { SEATED_STATUSES } from '../../shared/schemas/reservations.ts';
import { LOADING_STATUSES } from '../../shared/schemas/takeaway.ts';
import { coverCapacity } from './reservations/rows.ts';

/**
 * Tonight at a glance (GET /api/overview), for the back office's first
 * screen, which asks again every minute: one statement of scalar counts,
 * each over an index (reservations_date, takeaway_orders_date) or a small
 * table (the plan's tables, event requests, contact messages), so one round
 * trip and one snapshot of the database.
 */
export class TonightOverview {
  readonly #db: Kysely<Database>;
  readonly #settings: () => Promise<ReservationSettings>;
  readonly #now: () => number;

  constructor(options: {
    db: Kysely<Database>;
    /** The reservations' settings (their pace is the room's covers while the plan has no table). */
    settings: () => Promise<ReservationSettings>;
    now: () => number;
  }) {
    this.#db = options.db;
    this.#settings = options.settings;
    this.#now = options.now;
  }

  async read(): Promise<Overview> {
    const date = romeDate(new Date(this.#now()));
    const [counts, settings] = await Promise.all([
      this.#db
        .selectNoFrom((eb) => [
          // Every booking of today still holding seats: expected, at the table or gone home.
          eb
            .selectFrom('reservations')
            .select((rows) =>
              rows.fn.coalesce(rows.fn.sum<number | string>('party'), rows.lit(0)).as('covers'),
            )
            .where('date', '=', date)
            .where('status', 'in', SEATED_STATUSES)
            .as('covers'),
          // Table mode (guests/guest-records.ts `inTableMode`): the plan has a table; every
          // table seats at least one (shared/schemas/floor.ts), so a sum above zero says so.
          eb
            .selectFrom('floor_tables')
            .select((rows) =>
              rows.fn.coalesce(rows.fn.sum<number | string>('max_seats'), rows.lit(0)).as('seats'),
            )
            .as('seats'),
          eb
            .selectFrom('takeaway_orders')
            .select(eb.fn.countAll<number | string>().as('orders'))
            .where('date', '=', date)
            .where('status', 'in', LOADING_STATUSES)
            .as('takeaway_to_make'),
          eb
            .selectFrom('event_inquiries')
            .select(eb.fn.countAll<number | string>().as('requests'))
            .where('status', '=', 'new')
            .as('new_event_requests'),
          // As the inbox lists them (contact-messages.ts `inbox`): spam never shows.
          eb
            .selectFrom('contact_messages')
            .select(eb.fn.countAll<number | string>().as('messages'))
            .where('spam', '=', 0)
            .where('read_at', 'is', null)
            .as('unread_messages'),
        ])
        .executeTakeFirstOrThrow(),
      this.#settings(),
    ]);
    const seats = Number(counts.seats ?? 0);
    return {
      date,
      covers: Number(counts.covers ?? 0),
      capacity: seats > 0 ? seats : coverCapacity(settings),
      takeawayToMake: Number(counts.takeaway_to_make ?? 0),
      newEventRequests: Number(counts.new_event_requests ?? 0),
      unreadMessages: Number(counts.unread_messages ?? 0),
    };
  }
}
