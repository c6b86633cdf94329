import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { PendingPerGuest } from '../guests/pending-caps.ts';
import type { Turn } from '../turn.ts';
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
 * nobody's to decline). `isWaiting` is the same test on a row in memory.
 */
const waitingOrders = (db: Kysely<Database>, today: string) =>
  db
    .selectFrom('takeaway_orders')
    .where('status', '=', 'received')
    .where('source', '=', 'online')
    .where('date', '>=', today);

const isWaiting = (row: Pick<OrderRow, 'status' | 'source' | 'date'>, today: string) =>
  row.status === 'received' && row.source === 'online' && row.date >= today;

/**
 * The waiting orders from `today` on (`waitingOrders`) counted per e-mail and
 * per phone (guests/pending-caps.ts), for the cap on a guest's
 * (`holdsPendingPerGuest`): read once per turn of the orders' lock, under it,
 * so that orders racing on every instance take turns, and kept true as the
 * turn's orders are accepted (`holdWaitingOrder`). Each order of a burst
 * looked its guest up with a statement of its own, a round trip under the
 * lock (docs/performance.md, "Mails and push messages at the end of the
 * turn"); a turn now reads every waiting order's e-mail and phone once.
 * Kept per `today`: a turn across midnight in Rome counts from each day.
 */
export async function waitingInTurn(
  trx: Kysely<Database>,
  turn: Turn,
  today: string,
): Promise<PendingPerGuest> {
  const byDay = await turn.once(WAITING, () =>
    Promise.resolve(new Map<string, Promise<PendingPerGuest>>()),
  );
  let waiting = byDay.get(today);
  if (!waiting) {
    waiting = waitingOrders(trx, today)
      .select(['email', 'phone'])
      .execute()
      .then((rows) => {
        const counted = new PendingPerGuest();
        for (const row of rows) counted.add(row);
        return counted;
      });
    byDay.set(today, waiting);
  }
  return await waiting;
}

/** What the turn keeps of the waiting orders: their count from each day asked about. */
const WAITING = 'takeaway orders waiting, by the day counted from';

/**
 * An accepted order counted among the waiting ones its turn keeps, from
 * every day it waits from (`isWaiting`); a count not kept is read later,
 * after its row was written, and counts it.
 */
export async function holdWaitingOrder(
  turn: Turn,
  row: Pick<OrderRow, 'email' | 'phone' | 'status' | 'source' | 'date'>,
): Promise<void> {
  const byDay = await turn.kept<Map<string, Promise<PendingPerGuest>>>(WAITING);
  for (const [today, waiting] of byDay ?? []) {
    if (isWaiting(row, today)) (await waiting).add(row);
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
