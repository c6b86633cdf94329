import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ReviewSettings } from '../../../shared/schemas/reservations.ts';
import { addDays, romeDate, romeInstant } from '../../../shared/opening-hours.ts';
import { enqueueMail, GIVE_UP_AFTER_MS } from '../../mail/outbox.ts';
import { reviewRequestMail } from '../../mail/review-mails.ts';
import { hitLimit, type LimitCounters, type RateLimited } from '../address-limits.ts';
import { readRestaurantFacts } from '../restaurant-facts.ts';
import { nowIso } from '../tokens.ts';
import { readReviewStopToken, reviewStopToken, type GuestLinkKey } from './guest-links.ts';

/** Review requests go out from this time (Rome) on the morning after the visit. */
const REVIEW_TIME = '09:00';
/** A guest is asked at most once in this long (CONTRACT.md part four). */
export const REVIEW_INTERVAL_MS = 180 * 24 * 60 * 60 * 1000;

/** 20 presses of a stop link's button per hour per client address, like a cancel link's. */
const STOP_ADDRESS_LIMIT = {
  name: 'review-stop-ip',
  limit: 20,
  windowMs: 60 * 60 * 1000,
  description: 'Too many requests: please try again later.',
};

/** What a review mail goes after: a booking or a takeaway order. */
type Visit = { table: 'reservations' | 'takeaway_orders'; id: number };

/** A stop link as its page shows it: whether it works, and whether the guest already stopped. */
export type ReviewStopView = { valid: false } | { valid: true; stopped: boolean };

/**
 * The review requests (CONTRACT.md part four, "Guests"; docs/security.md):
 * the morning after a booking marked seated or finished, or a takeaway
 * order collected, one mail to its guest, at most once in 180 days, never
 * once the guest pressed the stop link, never when staff held it back.
 *
 * Each visit is decided once, in a transaction of its own: its row is
 * claimed (`review_decided_at`), then its guest (`review_asked_at`); only
 * when both claims succeed is the mail queued, in the same transaction. Two
 * instances running this at once, or one started late with `CLOCK_START`,
 * queue each mail once: the second claim of a row finds it decided.
 */
export class ReviewRequests {
  readonly #db: Kysely<Database>;
  readonly #settings: () => Promise<ReviewSettings>;
  readonly #linkKey: GuestLinkKey;
  readonly #publicUrl: string;
  readonly #now: () => number;
  readonly #onMail: () => void;
  readonly #counters: LimitCounters;

  constructor(options: {
    db: Kysely<Database>;
    /** The owner's review settings (reservation settings' `reviews`). */
    settings: () => Promise<ReviewSettings>;
    linkKey: GuestLinkKey;
    publicUrl: string;
    now: () => number;
    /** After a commit that queued mail: the outbox looks now. */
    onMail: () => void;
    counters: LimitCounters;
  }) {
    this.#db = options.db;
    this.#settings = options.settings;
    this.#linkKey = options.linkKey;
    this.#publicUrl = options.publicUrl;
    this.#now = options.now;
    this.#onMail = options.onMail;
    this.#counters = options.counters;
  }

  /** Queues the review requests due now; how many mails it queued. */
  async queue(): Promise<number> {
    const now = this.#now();
    const today = romeDate(new Date(now));
    if (now < romeInstant(today, REVIEW_TIME).getTime()) return 0;
    const reviews = await this.#settings();
    if (!reviews.enabled || reviews.url === '') return 0;
    const yesterday = addDays(today, -1);
    // Held bookings are decided too (without a mail): "non inviare" holds until the morning.
    const bookings = await this.#db
      .selectFrom('reservations')
      .select('id')
      .where('date', '=', yesterday)
      .where('status', 'in', ['seated', 'finished'])
      .where('email', '<>', '')
      .where('review_decided_at', 'is', null)
      .orderBy('id')
      .execute();
    const orders = await this.#db
      .selectFrom('takeaway_orders')
      .select('id')
      .where('date', '=', yesterday)
      .where('status', '=', 'collected')
      .where('email', '<>', '')
      .where('review_decided_at', 'is', null)
      .orderBy('id')
      .execute();
    const visits: Visit[] = [
      ...bookings.map(({ id }) => ({ table: 'reservations' as const, id })),
      ...orders.map(({ id }) => ({ table: 'takeaway_orders' as const, id })),
    ];
    let queued = 0;
    for (const visit of visits) {
      if (await this.#decide(visit, reviews.url, now)) queued += 1;
    }
    if (queued) this.#onMail();
    return queued;
  }

  /** Claims the visit, then its guest, and queues the mail when both claims hold. */
  async #decide(visit: Visit, reviewUrl: string, now: number): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const decidedAt = nowIso(now);
      const row =
        visit.table === 'reservations'
          ? await trx
              .updateTable('reservations')
              .set({ review_decided_at: decidedAt })
              .where('id', '=', visit.id)
              .where('review_decided_at', 'is', null)
              .where('status', 'in', ['seated', 'finished'])
              .returning(['guest_id', 'name', 'email', 'lang', 'review_held'])
              .executeTakeFirst()
          : await trx
              .updateTable('takeaway_orders')
              .set({ review_decided_at: decidedAt })
              .where('id', '=', visit.id)
              .where('review_decided_at', 'is', null)
              .where('status', '=', 'collected')
              .returning(['guest_id', 'name', 'email', 'lang'])
              .executeTakeFirst();
      if (!row || row.guest_id === null) return false;
      if ('review_held' in row && row.review_held === 1) return false;
      const guest = await trx
        .updateTable('guests')
        .set({ review_asked_at: decidedAt })
        .where('id', '=', row.guest_id)
        .where('reviews_stopped_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('review_asked_at', 'is', null),
            eb('review_asked_at', '<', nowIso(now - REVIEW_INTERVAL_MS)),
          ]),
        )
        .returning('key')
        .executeTakeFirst();
      if (!guest) return false;
      const token = reviewStopToken(await this.#linkKey.read(trx), guest.key);
      await enqueueMail(
        trx,
        reviewRequestMail(row, {
          restaurant: await readRestaurantFacts(trx),
          reviewUrl,
          stopLink: {
            url: `${this.#publicUrl}/reviews/stop?token=${token}&lng=${encodeURIComponent(row.lang)}`,
            // The link itself never expires; the outbox gives up on the mail as on any other
            // (its own wall clock: a request two days late is not worth sending).
            expiresAt: nowIso(Date.now() + GIVE_UP_AFTER_MS),
          },
        }),
      );
      return true;
    });
  }

  /** What the stop link's page shows: fetching it changes nothing (mail scanners open links). */
  async view(token: string): Promise<ReviewStopView> {
    const key = readReviewStopToken(await this.#linkKey.read(this.#db), token);
    if (key === null) return { valid: false };
    const guest = await this.#db
      .selectFrom('guests')
      .select('reviews_stopped_at')
      .where('key', '=', key)
      .executeTakeFirst();
    return guest ? { valid: true, stopped: guest.reviews_stopped_at !== null } : { valid: false };
  }

  /**
   * The guest pressed the stop link's button: counted against the address's
   * limit, then no review request goes to them again (pressing twice keeps
   * the first time). False when the link does not work (not whole, or the
   * guest's record was erased).
   */
  async stop(token: string, clientAddress: string): Promise<boolean | RateLimited> {
    const limited = await hitLimit(this.#counters, STOP_ADDRESS_LIMIT, clientAddress);
    if (limited) return limited;
    const key = readReviewStopToken(await this.#linkKey.read(this.#db), token);
    if (key === null) return false;
    const stoppedAt = nowIso(this.#now());
    const guest = await this.#db
      .updateTable('guests')
      .set((eb) => ({
        reviews_stopped_at: eb.fn.coalesce('reviews_stopped_at', eb.val(stoppedAt)),
      }))
      .where('key', '=', key)
      .returning('id')
      .executeTakeFirst();
    return guest !== undefined;
  }
}
