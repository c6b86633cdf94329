import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import { romeDateReader, type Schedule } from '../../../shared/opening-hours.ts';
import {
  EVENT_REFUSALS,
  type EventInquiryBody,
  type EventStatus,
  type InquiryPatch,
  type InquiryReplyBody,
} from '../../../shared/schemas/events.ts';
import type { PendingOf } from '../../../shared/schemas/guest.ts';
import { decideUnderLock } from '../capacity.ts';
import { lockBookings } from '../reservations/index.ts';
import {
  holdsTooManyInquiries,
  PendingInquiries,
  TOO_MANY_OPEN_INQUIRIES,
} from './pending-inquiries.ts';
import type { AuditActor } from '../audit-log.ts';
import type { LimitCounters, RateLimited } from '../address-limits.ts';
import { screenGuest } from '../guests/guest-limits.ts';
import { INQUIRY_LIMITS } from './guest-inquiry.ts';
import { checkDates, insertInquiry, type RefusedDate } from './inquiries.ts';
import { EventMailQueue } from './mail-queue.ts';
import { notifyNewInquiry } from '../push/notify.ts';
import { StaffInquiries, type TranslateNow } from './staff-inquiries.ts';

type Actor = NonNullable<AuditActor>;

/** A guest whose e-mail or phone already holds two open requests (pending-inquiries.ts). */
export interface TooManyOpen {
  ok: false;
  reason: typeof EVENT_REFUSALS.tooManyPending;
  description: string;
}

export type InquiryOutcome = { ok: true; id: number } | RefusedDate | RateLimited | TooManyOpen;

/**
 * Event requests, the one service the routes use (`app.events`), made of
 * one part per concern, each in its own file of this folder:
 * - inquiries.ts: a request's dates checked against the closures, and its row;
 * - guest-inquiry.ts: the flood limits a guest's request is counted against;
 * - mail-queue.ts: the guest's acknowledgement and the restaurant's notice,
 *   queued with the request;
 * - staff-inquiries.ts: the back office's list, status and held covers,
 *   and replies in the guest's language;
 * - inquiry-rows.ts: requests with their threads, as the API answers them;
 * - pending-inquiries.ts: the cap on one guest's open requests, and staff
 *   declining all of one guest's at once.
 */
export class EventsService {
  readonly #db: Kysely<Database>;
  readonly #dialect: SqlDialect;
  readonly #schedule: () => Promise<Schedule>;
  readonly #counters: LimitCounters;
  readonly #now: () => number;
  readonly #mails: EventMailQueue;
  readonly #onMail: () => void;
  /** Today in Rome at the app's clock. */
  readonly #today: () => string;
  readonly #staff: StaffInquiries;
  readonly #pending: PendingInquiries;

  constructor(options: {
    db: Kysely<Database>;
    /** The database's engine: the caps look a guest up in its indexes (guests/guest-match.ts). */
    dialect: SqlDialect;
    /** The flood limits' counters (the app's `floodGuard` and `limiter`). */
    limits: LimitCounters;
    /** The opening hours (read from their service, which keeps them per content version). */
    schedule: () => Promise<Schedule>;
    /** CONTACT_EMAIL: where the restaurant's notices go; the restaurant's e-mail when unset. */
    deliverTo?: string;
    /** After a request or a reply and its mails committed: the outbox sends them now. */
    onMail?: () => void;
    /** Staff's replies in the guest's language (the translation engine). */
    translate: TranslateNow;
    /** After the covers events hold changed: the bookings' version expires on this instance. */
    onBookingsChanged: () => void;
    /** A machine translation of a reply that failed, for the log. */
    onTranslationFailed: (error: unknown) => void;
    now?: () => number;
  }) {
    this.#db = options.db;
    this.#dialect = options.dialect;
    this.#schedule = options.schedule;
    this.#counters = options.limits;
    this.#now = options.now ?? Date.now;
    this.#today = romeDateReader(this.#now);
    this.#mails = new EventMailQueue({ deliverTo: options.deliverTo });
    this.#onMail = options.onMail ?? (() => {});
    this.#pending = new PendingInquiries({ db: options.db, now: this.#now, today: this.#today });
    this.#staff = new StaffInquiries({
      db: options.db,
      translate: options.translate,
      now: this.#now,
      onMail: this.#onMail,
      onBookingsChanged: options.onBookingsChanged,
      onTranslationFailed: options.onTranslationFailed,
    });
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
    // Under the bookings' lock, which staff's changes of a request take too
    // (staff-inquiries.ts): requests of one guest racing on every instance take
    // turns, so none slips past the open requests' cap.
    const outcome = await decideUnderLock<TooManyOpen['reason'], { ok: true; id: number }>(
      this.#db,
      {
        lock: lockBookings,
        decide: async (trx) => {
          if (await holdsTooManyInquiries(trx, this.#dialect, body, this.#today())) {
            return { ok: false, reason: EVENT_REFUSALS.tooManyPending };
          }
          const inquiry = await insertInquiry(trx, body, { clientKey, nowMs: this.#now() });
          await this.#mails.received(trx, inquiry);
          await notifyNewInquiry(trx, inquiry);
          return { ok: true, id: inquiry.id };
        },
      },
    );
    if (!outcome.ok) return { ...outcome, description: TOO_MANY_OPEN_INQUIRIES };
    this.#onMail();
    return outcome;
  }

  /** How many open requests one guest (or address) has (GET /api/events/decline-pending). */
  pendingCount(guest: PendingOf) {
    return this.#pending.count(guest);
  }

  /** Staff's "Rifiuta tutte" (POST /api/events/decline-pending); one mail to each guest. */
  async declinePending(guest: PendingOf, message: string | undefined, actor: Actor) {
    const declined = await this.#pending.decline(guest, message, actor);
    if (declined) this.#onMail();
    return declined;
  }

  // Staff (staff-inquiries.ts)

  list(status?: EventStatus) {
    return this.#staff.list(status);
  }

  update(id: number, patch: InquiryPatch, actor: Actor) {
    return this.#staff.update(id, patch, actor);
  }

  preview(id: number, text: string) {
    return this.#staff.preview(id, text);
  }

  reply(id: number, body: InquiryReplyBody, actor: Actor) {
    return this.#staff.reply(id, body, actor);
  }
}
