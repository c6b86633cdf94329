import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { readRestaurantFacts } from '../restaurant-facts.ts';
import { nowIso } from '../tokens.ts';
import { EVENT_KIND_LABELS, EVENT_SERVICE_LABELS } from '../../../shared/schemas/events.ts';
import { restaurantFeed } from './calendar.ts';
import { HOLD_ALL } from './held-covers.ts';
import { MINUTE_MS, readSettingsRow, toMailed } from './rows.ts';

/** Compares secrets in a time that tells nothing of where they differ (hashes have one length). */
function constantTimeEqual(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * The restaurant's calendar of confirmed bookings and events, for its phone, at a
 * secret address the owner can change (settings.ts).
 */
export class CalendarFeed {
  readonly #db: Kysely<Database>;
  readonly #publicUrl: string;
  readonly #now: () => number;

  constructor(options: { db: Kysely<Database>; publicUrl: string; now: () => number }) {
    this.#db = options.db;
    this.#publicUrl = options.publicUrl;
    this.#now = options.now;
  }

  /** The calendar at `secret`, or null when it is not the current address. */
  async at(secret: string): Promise<string | null> {
    const row = await readSettingsRow(this.#db);
    if (!constantTimeEqual(row.calendar_feed_secret, secret)) return null;
    // From a week back: the phone keeps what it already had of the past.
    const from = nowIso(this.#now() - 7 * 24 * 60 * MINUTE_MS);
    const rows = await this.#db
      .selectFrom('reservations')
      .selectAll()
      .where('status', '=', 'confirmed')
      .where('starts_at', '>=', from)
      .orderBy('starts_at')
      .execute();
    const events = await this.#db
      .selectFrom('event_inquiries')
      .select([
        'id',
        'kind',
        'date',
        'service',
        'adults',
        'children',
        'hold_covers',
        'name',
        'phone',
      ])
      .where('status', '=', 'confirmed')
      .where('date', '>=', from.slice(0, 10))
      .orderBy('date')
      .execute();
    return restaurantFeed(rows.map(toMailed), {
      restaurant: await readRestaurantFacts(this.#db),
      publicUrl: this.#publicUrl,
      events: events.map((event) => ({
        id: event.id,
        date: event.date,
        summary: `${EVENT_KIND_LABELS[event.kind]}, ${EVENT_SERVICE_LABELS[event.service]}, ${event.adults + event.children} pers. – ${event.name}`,
        description: [
          `Telefono: ${event.phone}`,
          event.hold_covers === HOLD_ALL
            ? 'Tutto il locale è tenuto per l’evento.'
            : `Coperti tenuti: ${event.hold_covers ?? 0}`,
        ].join('\n'),
      })),
    });
  }
}
