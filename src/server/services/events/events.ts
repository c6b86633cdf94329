import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { romeDateReader, type Schedule } from '../../../shared/opening-hours.ts';
import type { EventInquiryBody } from '../../../shared/schemas/events.ts';
import { screenGuest, type LimitCounters, type RateLimited } from '../address-limits.ts';
import { INQUIRY_LIMITS } from './guest-inquiry.ts';
import { checkDates, insertInquiry, type RefusedDate } from './inquiries.ts';
import { EventMailQueue } from './mail-queue.ts';

export type InquiryOutcome = { ok: true; id: number } | RefusedDate | RateLimited;

/**
 * Event requests, the one service the routes use (`app.events`), made of
 * one part per concern, each in its own file of this folder:
 * - inquiries.ts: a request's dates checked against the closures, and its row;
 * - guest-inquiry.ts: the flood limits a guest's request is counted against;
 * - mail-queue.ts: the guest's acknowledgement and the restaurant's notice,
 *   queued with the request.
 */
export class EventsService {
  readonly #db: Kysely<Database>;
  readonly #schedule: () => Promise<Schedule>;
  readonly #counters: LimitCounters;
  readonly #now: () => number;
  readonly #mails: EventMailQueue;
  readonly #onMail: () => void;
  /** Today in Rome at the app's clock. */
  readonly #today: () => string;

  constructor(options: {
    db: Kysely<Database>;
    /** The flood limits' counters (the app's `floodGuard` and `limiter`). */
    limits: LimitCounters;
    /** The opening hours (read from their service, which keeps them per content version). */
    schedule: () => Promise<Schedule>;
    /** CONTACT_EMAIL: where the restaurant's notices go; the restaurant's e-mail when unset. */
    deliverTo?: string;
    /** After a request and its mails committed: the outbox sends them now. */
    onMail?: () => void;
    now?: () => number;
  }) {
    this.#db = options.db;
    this.#schedule = options.schedule;
    this.#counters = options.limits;
    this.#now = options.now ?? Date.now;
    this.#today = romeDateReader(this.#now);
    this.#mails = new EventMailQueue({ deliverTo: options.deliverTo });
    this.#onMail = options.onMail ?? (() => {});
  }

  /**
   * A guest's request from the site (POST /api/events/inquiries), once the
   * flood limits let it through. A robot's (the honeypot) is answered as
   * taken, with id 0, and nothing stored.
   */
  async inquire(clientKey: string, body: EventInquiryBody): Promise<InquiryOutcome> {
    const screened = await screenGuest(this.#counters, INQUIRY_LIMITS, clientKey, body);
    if (screened === 'robot') return { ok: true, id: 0 };
    if (screened) return screened;
    const refused = checkDates(await this.#schedule(), body, this.#today());
    if (refused) return refused;
    const id = await this.#db.transaction().execute(async (trx) => {
      const inquiry = await insertInquiry(trx, body, { clientKey, nowMs: this.#now() });
      await this.#mails.received(trx, inquiry);
      return inquiry.id;
    });
    this.#onMail();
    return { ok: true, id };
  }
}
