import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { PendingPerGuest } from '../guests/pending-caps.ts';
import type { Turn } from '../capacity.ts';
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
 * The waiting orders from `today` on (`waitingOrders`) counted per e-mail and
 * per phone (guests/pending-caps.ts), for the cap on a guest's
 * (`holdsPendingPerGuest`): read once per turn of the orders' lock, under it,
 * so that orders racing on every instance take turns, and kept true as the
 * turn's orders are accepted (`holdWaitingOrder`). Each order of a burst
 * looked its guest up with a statement of its own, a round trip under the
 * lock (docs/performance.md, "Mails and push messages at the end of the
 * turn"); a turn now reads every waiting order's e-mail and phone once.
 */
export const waitingInTurn = (trx: Kysely<Database>, turn: Turn, today: string) =>
  turn.once(waitingKey(today), async () => {
    const waiting = new PendingPerGuest();
    for (const row of await waitingOrders(trx, today).select(['email', 'phone']).execute()) {
      waiting.add(row);
    }
    return waiting;
  });

const waitingKey = (today: string) => `takeaway orders waiting from ${today}`;

/**
 * An accepted order counted among the waiting ones its turn keeps for
 * `today`, if it keeps them and the order waits (`waitingOrders`):
 * otherwise the next read, made after its row was written, counts it.
 */
export async function holdWaitingOrder(
  turn: Turn,
  today: string,
  row: Pick<OrderRow, 'email' | 'phone' | 'status' | 'source' | 'date'>,
): Promise<void> {
  const waiting = await turn.kept<PendingPerGuest>(waitingKey(today));
  if (waiting && row.status === 'received' && row.source === 'online' && row.date >= today) {
    waiting.add(row);
  }
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
