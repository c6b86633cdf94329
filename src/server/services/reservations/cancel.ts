import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { recordAudit } from '../audit-log.ts';
import { readCancelToken, type GuestLinkKey } from '../guests/guest-links.ts';
import { linkedBooking } from './booking-links.ts';
import type { ReservationMailQueue } from './mail-queue.ts';
import { bookingSummaryIt } from '../../mail/reservation-mails.ts';
import type { Row } from './rows.ts';
import { TRANSITIONS, type StatusChanges } from './status.ts';

/** The guest's cancel link (guests/guest-links.ts): the page it opens, and its button. */
export class GuestCancellation {
  readonly #db: Kysely<Database>;
  readonly #key: GuestLinkKey;
  readonly #status: StatusChanges;
  readonly #mails: ReservationMailQueue;
  readonly #now: () => number;
  readonly #changed: () => void;

  constructor(options: {
    db: Kysely<Database>;
    key: GuestLinkKey;
    status: StatusChanges;
    mails: ReservationMailQueue;
    now: () => number;
    /** After a committed cancellation: this instance's next read sees it; mail goes. */
    changed: () => void;
  }) {
    this.#db = options.db;
    this.#key = options.key;
    this.#status = options.status;
    this.#mails = options.mails;
    this.#now = options.now;
    this.#changed = options.changed;
  }

  /** What the cancel page shows: the booking, or null when the link does not (or no longer) work. */
  async cancellation(token: string): Promise<Row | null> {
    return this.#linked(this.#db, token);
  }

  /** The guest pressed "cancel" on the link's page: cancelled, the guest and the restaurant told. */
  async cancelByGuest(token: string): Promise<Row | null> {
    // A forged or malformed token costs no transaction (anyone can post one).
    if (!readCancelToken(await this.#key.read(this.#db), token)) return null;
    let changed = false;
    const row = await this.#db.transaction().execute(async (trx) => {
      const linked = await this.#linked(trx, token);
      if (!linked) return null;
      if (!TRANSITIONS[linked.status].includes('cancelled')) return linked; // already done with
      const change = await this.#status.change(trx, linked.id, 'cancelled');
      if (!change.ok) {
        // Staff changed it a moment before: answer what it is now.
        return (
          (await trx
            .selectFrom('reservations')
            .selectAll()
            .where('id', '=', linked.id)
            .executeTakeFirst()) ?? null
        );
      }
      await this.#mails.toRestaurant(trx, 'cancelled-by-guest', change.row);
      await recordAudit(trx, null, {
        action: 'reservation.cancelled_by_guest',
        target: `reservation:${linked.id}`,
        summary: `Il cliente ha annullato la prenotazione n. ${linked.id} (${bookingSummaryIt(linked)}) dal link nell'e-mail.`,
      });
      changed = true;
      return change.row;
    });
    if (changed) this.#changed();
    return row;
  }

  /** The booking a cancel link names, while the link works (booking-links.ts). */
  async #linked(db: Kysely<Database>, token: string): Promise<Row | null> {
    return linkedBooking(db, await this.#key.read(db), 'cancel', token, this.#now());
  }
}
