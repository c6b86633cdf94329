import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import { isSameGuestSql } from '../guests/guest-match.ts';
import { holdsPendingPerGuest } from '../guests/pending-caps.ts';
import { PendingOfGuests } from '../guests/pending-guests.ts';
import type { TakeawayMailQueue } from './mail-queue.ts';
import { lockOrders, orderSummaryIt, type OrderRow } from './order-rows.ts';

/** What a guest reads when refused (the forms show their own text, in their language). */
export const TOO_MANY_PENDING_ORDERS =
  'You already have two orders waiting for the kitchen to confirm them: please wait for its answer, or call the restaurant.';

/**
 * The orders that wait for the kitchen, as the cap counts them and as
 * "Rifiuta tutte" declines them: from the site (staff's phone orders are
 * theirs to settle one by one, neither counted nor declined in bulk), still
 * `received`, for `today` or later (an order whose day has passed is
 * nobody's to decline).
 */
const waitingOrders = (db: Kysely<Database>, today: string) =>
  db
    .selectFrom('takeaway_orders')
    .where('status', '=', 'received')
    .where('source', '=', 'online')
    .where('date', '>=', today);

/**
 * Whether `guest`'s e-mail or phone (`heldBySameGuest`: any case, without a
 * +tag; its digits) already holds `PENDING_PER_GUEST` waiting orders
 * (`waitingOrders`). Read under the orders' lock (orders.ts), so that orders
 * racing on every instance take turns.
 */
export async function holdsTooManyOrders(
  trx: Kysely<Database>,
  dialect: SqlDialect,
  guest: { email: string; phone: string },
  today: string,
): Promise<boolean> {
  const pending = await waitingOrders(trx, today)
    .select(['email', 'phone'])
    .where(isSameGuestSql(guest, dialect))
    .execute();
  return holdsPendingPerGuest(pending, guest);
}

/**
 * The kitchen board's "Rifiuta tutte": every waiting order (`waitingOrders`)
 * of one e-mail, phone or client address declined at once
 * (guests/pending-guests.ts `declineAllPending`), under the orders' lock, since
 * declining frees the slots' places and the board polls the version.
 */
export class PendingOrders extends PendingOfGuests<OrderRow> {
  constructor(options: {
    db: Kysely<Database>;
    mails: TakeawayMailQueue;
    now: () => number;
    today: () => string;
  }) {
    super({
      db: options.db,
      now: options.now,
      table: 'takeaway_orders',
      find: (db, where) =>
        waitingOrders(db, options.today())
          .selectAll()
          .where(where)
          .orderBy('date')
          .orderBy('time')
          .orderBy('id')
          .execute(),
      family: (at) => ({
        lock: lockOrders,
        decline: (trx, row, message) =>
          trx
            .updateTable('takeaway_orders')
            .set((eb) => ({
              status: 'declined' as const,
              message: message ?? '',
              opened_at: eb.fn.coalesce('opened_at', eb.val(at)),
              updated_at: at,
            }))
            .where('id', '=', row.id)
            .where('status', '=', 'received')
            .returningAll()
            .executeTakeFirst(),
        audited: (row) => ({
          action: 'takeaway.declined',
          target: `takeaway_order:${row.id}`,
          declined: `Ordine da asporto ${orderSummaryIt(row)} rifiutato`,
          all: 'tutti gli ordini',
        }),
        mail: (trx, rows, message) => options.mails.declinedAll(trx, rows, message),
      }),
    });
  }
}
