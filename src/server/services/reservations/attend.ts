import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { readBookingToken, type GuestLinkKey } from '../guests/guest-links.ts';
import { nowIso } from '../tokens.ts';
import { linkedBooking } from './booking-links.ts';
import { bumpBookingsVersion, type Row } from './rows.ts';

/**
 * The reminder's "I'll be there" link (guests/guest-links.ts, purpose
 * `attend`): the page it opens shows the booking; only its button's post
 * records the guest's confirmation (`guest_confirmed_at`), which staff see on
 * the booking (CONTRACT.md part four, "Guests").
 */
export class GuestAttendance {
  readonly #db: Kysely<Database>;
  readonly #key: GuestLinkKey;
  readonly #now: () => number;
  readonly #changed: () => void;

  constructor(options: {
    db: Kysely<Database>;
    key: GuestLinkKey;
    now: () => number;
    /** After a committed confirmation: this instance's next read sees it. */
    changed: () => void;
  }) {
    this.#db = options.db;
    this.#key = options.key;
    this.#now = options.now;
    this.#changed = options.changed;
  }

  /** What the confirm page shows: the booking, or null when the link does not (or no longer) work. */
  async attendance(token: string): Promise<Row | null> {
    return linkedBooking(this.#db, await this.#key.read(this.#db), 'attend', token, this.#now());
  }

  /**
   * The guest pressed "I'll be there": a confirmed booking records the first
   * press's time (a second press keeps it); a booking no longer confirmed
   * (cancelled, declined) is answered as it is, unchanged.
   */
  async attendByGuest(token: string): Promise<Row | null> {
    const key = await this.#key.read(this.#db);
    // A forged or malformed token costs no transaction (anyone can post one).
    if (!readBookingToken(key, 'attend', token)) return null;
    let changed = false;
    const row = await this.#db.transaction().execute(async (trx) => {
      const linked = await linkedBooking(trx, key, 'attend', token, this.#now());
      if (!linked || linked.status !== 'confirmed' || linked.guest_confirmed_at) return linked;
      const confirmed = await trx
        .updateTable('reservations')
        .set({ guest_confirmed_at: nowIso(this.#now()) })
        .where('id', '=', linked.id)
        .where('status', '=', 'confirmed')
        .where('guest_confirmed_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!confirmed) {
        // Staff (or a second press) changed it a moment before: answer what it is now.
        return (
          (await trx
            .selectFrom('reservations')
            .selectAll()
            .where('id', '=', linked.id)
            .executeTakeFirst()) ?? null
        );
      }
      // Every instance's staff views (the day, the evening plan) follow the bookings' version.
      await bumpBookingsVersion(trx);
      changed = true;
      return confirmed;
    });
    if (changed) this.#changed();
    return row;
  }
}
