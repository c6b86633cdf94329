import type { Kysely, Selectable } from 'kysely';
import type { Database, EventInquiriesTable } from '../../db/database.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import { inquiriesDeclinedMail } from '../../mail/event-mails.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { isSameGuestSql } from '../guests/guest-match.ts';
import { heldBySameGuest, holdsPendingPerGuest } from '../guests/pending-caps.ts';
import { PendingOfGuests } from '../guests/pending-guests.ts';
import { readRestaurantFacts } from '../restaurant-facts.ts';
import { inquiryNamed } from './staff-inquiries.ts';

type InquiryRow = Selectable<EventInquiriesTable>;

/** A request staff have not settled yet: it waits for them. */
const OPEN_STATUSES = ['new', 'talking'] as const;

/** What a guest reads when refused (the form shows its own text, in the guest's language). */
export const TOO_MANY_OPEN_INQUIRIES =
  'You already have two requests waiting for our answer: please wait for it, or call the restaurant.';

/**
 * The requests that wait for staff, as the cap counts them and as "Rifiuta
 * tutte" declines them: open, for `today` or later (a request whose day has
 * passed is nobody's to decline).
 */
const openInquiries = (db: Kysely<Database>, today: string) =>
  db.selectFrom('event_inquiries').where('status', 'in', OPEN_STATUSES).where('date', '>=', today);

/**
 * Whether `guest`'s e-mail or phone (`heldBySameGuest`: any case, without a
 * +tag; its digits) already holds `PENDING_PER_GUEST` open requests (`new`
 * or `talking`) for today or later. Read under the lock the request is then
 * stored under (events.ts), so that requests racing on every instance take
 * turns.
 */
export async function holdsTooManyInquiries(
  trx: Kysely<Database>,
  dialect: SqlDialect,
  guest: { email: string; phone: string },
  today: string,
): Promise<boolean> {
  const open = await openInquiries(trx, today)
    .select(['email', 'phone'])
    .where(isSameGuestSql(guest, dialect))
    .execute();
  return holdsPendingPerGuest(heldBySameGuest(open, guest));
}

/**
 * The events office's "Rifiuta tutte": every open request of one e-mail,
 * phone or client address (for today or later) set `lost` at once
 * (guests/pending-guests.ts `declineAllPending`). Open requests hold no covers
 * (only a confirmed one does): the bookings are not touched.
 */
export class PendingInquiries extends PendingOfGuests<InquiryRow> {
  constructor(options: { db: Kysely<Database>; now: () => number; today: () => string }) {
    super({
      db: options.db,
      now: options.now,
      table: 'event_inquiries',
      find: (db, where) =>
        openInquiries(db, options.today())
          .selectAll()
          .where(where)
          .orderBy('date')
          .orderBy('id')
          .execute(),
      family: (at) => ({
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
        mail: async (trx, rows, message) => {
          const restaurant = await readRestaurantFacts(trx);
          await enqueueMail(
            trx,
            inquiriesDeclinedMail(rows, {
              restaurant,
              ...(message ? { staffMessage: message } : {}),
            }),
          );
        },
      }),
    });
  }
}
