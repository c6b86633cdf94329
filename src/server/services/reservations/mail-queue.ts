import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { readRestaurantFacts } from '../restaurant-facts.ts';
import { nowIso } from '../tokens.ts';
import { bookingToken, type BookingLinkKind, type GuestLinkKey } from '../guests/guest-links.ts';
import {
  declinedAllMail,
  guestMail,
  restaurantNotice,
  type GuestMailKind,
  type RestaurantNoticeKind,
} from '../../mail/reservation-mails.ts';
import { toMailed, type Row } from './rows.ts';

/**
 * Queues the bookings' mails (src/server/mail/reservation-mails.ts writes them) in the caller's
 * transaction, so that a mail goes out exactly when its change commits:
 * the guest's, with a cancel link while the booking has not begun (the
 * reminder also with its "I'll be there" link), and the restaurant's notices.
 */
export class ReservationMailQueue {
  readonly #publicUrl: string;
  readonly #deliverTo: string | undefined;
  readonly #now: () => number;
  readonly #cancelKey: GuestLinkKey;

  constructor(options: {
    publicUrl: string;
    /** CONTACT_EMAIL: where the restaurant's notices go; the restaurant's e-mail when unset. */
    deliverTo: string | undefined;
    now: () => number;
    cancelKey: GuestLinkKey;
  }) {
    this.#publicUrl = options.publicUrl;
    this.#deliverTo = options.deliverTo;
    this.#now = options.now;
    this.#cancelKey = options.cancelKey;
  }

  async toGuest(
    trx: Kysely<Database>,
    kind: GuestMailKind,
    row: Row,
    extra: { staffMessage?: string; invited?: boolean } = {},
  ): Promise<void> {
    const startsAt = Date.parse(row.starts_at);
    // A booking that has begun (a walk-in, a late confirmation) has nothing left to cancel,
    // and a link already expired would make the outbox drop the whole mail.
    const offersCancel =
      (kind === 'received' || kind === 'confirmed' || kind === 'reminder') &&
      startsAt > this.#now();
    const key = offersCancel ? await this.#cancelKey.read(trx) : '';
    const link = (page: string, purpose: BookingLinkKind) =>
      `${this.#publicUrl}/reservations/${page}?token=${bookingToken(key, purpose, { id: row.id, startsAt })}`;
    const cancelLink = offersCancel
      ? {
          url: link('cancel', 'cancel'),
          // The outbox runs on the wall clock; the calendar on the app's (moved by
          // CLOCK_START in tests, the same in production): the start, on the outbox's.
          expiresAt: nowIso(startsAt + (Date.now() - this.#now())),
        }
      : undefined;
    const attendUrl = offersCancel && kind === 'reminder' ? link('confirm', 'attend') : undefined;
    await enqueueMail(
      trx,
      guestMail(kind, toMailed(row), {
        restaurant: await readRestaurantFacts(trx),
        publicUrl: this.#publicUrl,
        ...(cancelLink ? { cancelLink } : {}),
        ...(attendUrl ? { attendUrl } : {}),
        ...extra,
      }),
    );
  }

  /** One mail to one guest listing every request of theirs that staff declined at once. */
  async declinedAll(trx: Kysely<Database>, rows: Row[], staffMessage: string | undefined) {
    await enqueueMail(
      trx,
      declinedAllMail(rows.map(toMailed), {
        restaurant: await readRestaurantFacts(trx),
        publicUrl: this.#publicUrl,
        ...(staffMessage ? { staffMessage } : {}),
      }),
    );
  }

  async toRestaurant(trx: Kysely<Database>, kind: RestaurantNoticeKind, row: Row): Promise<void> {
    const restaurant = await readRestaurantFacts(trx);
    await enqueueMail(
      trx,
      restaurantNotice(
        kind,
        { ...toMailed(row), status: row.status },
        {
          restaurant,
          publicUrl: this.#publicUrl,
          to: this.#deliverTo ?? restaurant.email,
        },
      ),
    );
  }
}
