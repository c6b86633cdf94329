import type { Kysely, Selectable } from 'kysely';
import type { Database, EventInquiriesTable } from '../../db/database.ts';
import { inquiriesDeclinedMail } from '../../mail/event-mails.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { PendingOf } from '../../../shared/schemas/reservations.ts';
import type { AuditActor } from '../audit-log.ts';
import {
  declineAllPending,
  heldBySameGuest,
  pendingOfGuest,
  PENDING_PER_GUEST,
} from '../pending-guests.ts';
import { readRestaurantFacts } from '../restaurant-facts.ts';
import { nowIso } from '../tokens.ts';
import { inquiryNamed } from './staff-inquiries.ts';

type InquiryRow = Selectable<EventInquiriesTable>;

/** A request staff have not settled yet: it waits for them. */
const OPEN_STATUSES = ['new', 'talking'] as const;

/** What a guest reads when refused (the form shows its own text, in the guest's language). */
export const TOO_MANY_OPEN_INQUIRIES =
  'You already have two requests waiting for our answer: please wait for it, or call the restaurant.';

/**
 * Whether `guest`'s e-mail or phone (`heldBySameGuest`: any case, without a
 * +tag; its digits) already holds `PENDING_PER_GUEST` open requests (`new`
 * or `talking`) for today or later. Read under the lock the request is then
 * stored under (events.ts), so that requests racing on every instance take
 * turns.
 */
export async function holdsTooManyInquiries(
  trx: Kysely<Database>,
  guest: { email: string; phone: string },
  today: string,
): Promise<boolean> {
  const open = await trx
    .selectFrom('event_inquiries')
    .select(['email', 'phone'])
    .where('status', 'in', OPEN_STATUSES)
    .where('date', '>=', today)
    .execute();
  const held = heldBySameGuest(open, guest);
  return Math.max(held.byEmail, held.byPhone) >= PENDING_PER_GUEST;
}

/**
 * The events office's "Rifiuta tutte": every open request of one e-mail,
 * phone or client address (for today or later) set `lost` at once
 * (pending-guests.ts `declineAllPending`). Open requests hold no covers
 * (only a confirmed one does): the bookings are not touched.
 */
export class PendingInquiries {
  readonly #db: Kysely<Database>;
  readonly #now: () => number;
  readonly #today: () => string;

  constructor(options: { db: Kysely<Database>; now: () => number; today: () => string }) {
    this.#db = options.db;
    this.#now = options.now;
    this.#today = options.today;
  }

  /** How many open requests `guest` has; null when `addressOf` names no request. */
  async count(guest: PendingOf): Promise<number | null> {
    return (await this.#openOf(this.#db, guest))?.length ?? null;
  }

  decline(
    guest: PendingOf,
    message: string | undefined,
    actor: NonNullable<AuditActor>,
  ): Promise<number | null> {
    const at = nowIso(this.#now());
    return declineAllPending<InquiryRow>(
      this.#db,
      {
        pending: (trx, of) => this.#openOf(trx, of),
        decline: (trx, row) =>
          trx
            .updateTable('event_inquiries')
            .set({ status: 'lost', updated_at: at })
            .where('id', '=', row.id)
            .where('status', 'in', OPEN_STATUSES)
            .returningAll()
            .executeTakeFirst(),
        audited: (row) => ({
          action: 'event.update',
          target: `event:${row.id}`,
          declined: `${inquiryNamed(row)}: persa`,
          all: 'tutte le richieste',
        }),
        mail: async (trx, rows) => {
          const restaurant = await readRestaurantFacts(trx);
          await enqueueMail(
            trx,
            inquiriesDeclinedMail(rows, {
              restaurant,
              ...(message ? { staffMessage: message } : {}),
            }),
          );
        },
      },
      { guest, message, actor },
    );
  }

  /** The open requests of `guest`, soonest first; null when `addressOf` names no request. */
  #openOf(db: Kysely<Database>, guest: PendingOf): Promise<InquiryRow[] | null> {
    return pendingOfGuest(
      db,
      'event_inquiries',
      guest,
      (where) =>
        db
          .selectFrom('event_inquiries')
          .selectAll()
          .where('status', 'in', OPEN_STATUSES)
          // A request whose day has passed is nobody's to decline.
          .where('date', '>=', this.#today())
          .where(where)
          .orderBy('date')
          .orderBy('id')
          .execute(),
      this.#now(),
    );
  }
}
