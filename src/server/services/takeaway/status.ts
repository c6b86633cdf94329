import type { DetailsOf } from '../../../shared/schemas/errors.ts';
import { slotFullDescription } from '../../../shared/takeaway-refusals.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Schedule } from '../../../shared/opening-hours.ts';
import {
  LOADING_STATUSES,
  TAKEAWAY_REFUSALS,
  type Load,
  type TakeawayOrderPatch,
  type TakeawayOrderStatus,
} from '../../../shared/schemas/takeaway.ts';
import { recordAudit, type AuditActor } from '../audit-log.ts';
import { decideUnderLock, type Refusal } from '../capacity.ts';
import { nowIso } from '../tokens.ts';
import type { TakeawayMailQueue } from './mail-queue.ts';
import { heldLoads } from './held-loads.ts';
import { lockOrders, orderSummaryIt, readOrder, type StoredOrder } from './order-rows.ts';
import { readTakeawaySettings } from './settings.ts';
import { fitsLimits, NO_LOAD, orderLoad, pickupTimes } from './slots.ts';

/** Which status staff may set from which (a guest may only cancel a `received` one). */
export const ORDER_TRANSITIONS: Record<TakeawayOrderStatus, readonly TakeawayOrderStatus[]> = {
  received: ['accepted', 'declined', 'cancelled'],
  accepted: ['accepted', 'ready', 'declined', 'cancelled', 'no-show'],
  ready: ['collected', 'no-show', 'cancelled'],
  collected: [],
  declined: [],
  cancelled: [],
  'no-show': [],
};

const STATUS_IT: Record<TakeawayOrderStatus, string> = {
  received: 'ricevuto',
  accepted: 'accettato',
  ready: 'pronto',
  collected: 'ritirato',
  declined: 'rifiutato',
  cancelled: 'annullato',
  'no-show': 'non ritirato',
};

export type ChangeRefusal =
  | 'not-found'
  | typeof TAKEAWAY_REFUSALS.transition
  | typeof TAKEAWAY_REFUSALS.notASlot
  | typeof TAKEAWAY_REFUSALS.full;

/** A refused change: its code, what staff read, and the data a program reads (REFUSAL_DETAILS). */
type RefusedChange = Refusal<ChangeRefusal> & {
  description: string;
  details?: DetailsOf<ChangeRefusal>;
};

export type ChangeOutcome = { ok: true; order: StoredOrder } | RefusedChange;

const refusal = (reason: ChangeRefusal, description: string, details?: DetailsOf<ChangeRefusal>) =>
  (details === undefined
    ? { ok: false, reason, description }
    : { ok: false, reason, description, details }) as RefusedChange;

/** The pieces order `id` asks of the oven and the kitchen, by the groups its lines were ordered with. */
async function ownLoad(trx: Kysely<Database>, id: number): Promise<Load> {
  const lines = await trx
    .selectFrom('takeaway_order_lines')
    .select(['kitchen as group', 'quantity'])
    .where('order_id', '=', id)
    .execute();
  return orderLoad(lines);
}

/**
 * An order's status changes: staff's on the board (accept, possibly at
 * another time of the same day, ready, collected, declined, cancelled,
 * no-show), the guest's cancel from the status page, and "opened" on the
 * board. Each is decided under the orders' lock (order-rows.ts
 * `lockOrders`), so a move never races another order past the limits, and
 * queues the guest's mail in the same transaction.
 */
export class OrderStatusChanges {
  readonly #db: Kysely<Database>;
  readonly #schedule: () => Promise<Schedule>;
  readonly #mails: TakeawayMailQueue;
  readonly #now: () => number;

  constructor(options: {
    db: Kysely<Database>;
    schedule: () => Promise<Schedule>;
    mails: TakeawayMailQueue;
    now: () => number;
  }) {
    this.#db = options.db;
    this.#schedule = options.schedule;
    this.#mails = options.mails;
    this.#now = options.now;
  }

  /** Staff's PATCH: `pickupTime` only with `accepted` (the route checks it). */
  async change(
    id: number,
    patch: TakeawayOrderPatch,
    actor: NonNullable<AuditActor>,
  ): Promise<ChangeOutcome> {
    // Read before the transaction: on SQLite its one connection is the transaction's.
    const schedule = await this.#schedule();
    const nowMs = this.#now();
    // decideUnderLock hands back the very refusal `decide` made, description included.
    return decideUnderLock<ChangeRefusal, { ok: true; order: StoredOrder }>(this.#db, {
      lock: lockOrders,
      decide: async (trx) => {
        const current = await readOrder(trx, id);
        if (!current) return refusal('not-found', `There is no order ${id}.`);
        const was = current.row;
        if (!ORDER_TRANSITIONS[was.status].includes(patch.status)) {
          return refusal(
            TAKEAWAY_REFUSALS.transition,
            `An order ${was.status} cannot become ${patch.status}.`,
          );
        }
        const moving = patch.pickupTime !== undefined && patch.pickupTime !== was.time;
        if (moving) {
          const moved = await this.#checkMove(trx, current, patch.pickupTime!, schedule, nowMs);
          if (moved) return moved;
        }
        await trx
          .updateTable('takeaway_orders')
          .set((eb) => ({
            status: patch.status,
            time: patch.pickupTime ?? was.time,
            // Staff's word to the guest is this change's: an earlier one is not a decline's reason.
            message: patch.message ?? '',
            // Any change is opening: whoever accepts, declines or cancels it has seen it.
            opened_at: eb.fn.coalesce('opened_at', eb.val(nowIso(nowMs))),
            updated_at: nowIso(nowMs),
          }))
          .where('id', '=', id)
          .execute();
        const order = (await readOrder(trx, id))!;
        if (patch.status === 'accepted' && (was.status === 'received' || moving)) {
          await this.#mails.toGuest(trx, 'accepted', order, { moved: moving });
        } else if (patch.status === 'declined' || patch.status === 'cancelled') {
          await this.#mails.toGuest(trx, patch.status, order);
        }
        await recordAudit(trx, actor, {
          action: `takeaway.${patch.status}`,
          target: `takeaway_order:${id}`,
          summary: `Ordine da asporto ${orderSummaryIt(was)} ${STATUS_IT[patch.status]}${
            moving ? `, ritiro spostato alle ${patch.pickupTime}` : ''
          }${patch.message ? ', con un messaggio al cliente' : ''}.`,
        });
        return { ok: true, order };
      },
    }) as Promise<ChangeOutcome>;
  }

  /**
   * Whether `order` may move to `time` of its day: a pickup time of that day
   * per the opening hours (staff see the whole day, past times included),
   * whose load with the order's own pieces moved there stays within the
   * limits; null when it may, else the refusal, naming the next time that fits.
   */
  async #checkMove(
    trx: Kysely<Database>,
    { row }: StoredOrder,
    time: string,
    schedule: Schedule,
    nowMs: number,
  ): Promise<RefusedChange | null> {
    const settings = await readTakeawaySettings(trx, nowMs);
    const times = pickupTimes(schedule, row.date, settings.slotMinutes);
    const target = times.findIndex((slot) => slot.time === time);
    if (target < 0) {
      return refusal(TAKEAWAY_REFUSALS.notASlot, `${time} is not a pickup time on ${row.date}.`);
    }
    const held = await heldLoads(trx, row.date);
    const own = await ownLoad(trx, row.id);
    // What a slot holds without this order (it still counts where it is now, if it loads at all).
    const counted = (LOADING_STATUSES as readonly string[]).includes(row.status);
    const without = (at: string): Load => {
      const load = { ...(held.get(at) ?? NO_LOAD) };
      if (counted && at === row.time) {
        load.oven -= own.oven;
        load.kitchen -= own.kitchen;
      }
      return load;
    };
    const fits = (at: string) => fitsLimits(without(at), own, settings.limits);
    if (fits(time)) return null;
    const next = times.slice(target + 1).find((slot) => fits(slot.time));
    const nextTime = next?.time ?? null;
    return refusal(TAKEAWAY_REFUSALS.full, slotFullDescription(time, nextTime), { nextTime });
  }

  /**
   * The board opened order `id`: from now on it no longer rings. False for
   * an unknown id. Not in the audit log: it changes nothing the guest or the
   * restaurant's records see, only whether the board still calls for it.
   */
  async open(id: number): Promise<boolean> {
    const nowMs = this.#now();
    const outcome = await decideUnderLock<'not-found' | 'unchanged', { ok: true }>(this.#db, {
      // Most taps are on an order already opened (by a colleague, or twice): one read, no write.
      refuseEarly: async () => {
        const row = await this.#db
          .selectFrom('takeaway_orders')
          .select('opened_at')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) return { ok: false, reason: 'not-found' };
        return row.opened_at === null ? null : { ok: false, reason: 'unchanged' };
      },
      lock: lockOrders,
      decide: async (trx) => {
        const opened = await trx
          .updateTable('takeaway_orders')
          .set({ opened_at: nowIso(nowMs) })
          .where('id', '=', id)
          .where('opened_at', 'is', null)
          .executeTakeFirst();
        return Number(opened.numUpdatedRows) > 0
          ? { ok: true }
          : { ok: false, reason: 'unchanged' };
      },
    });
    return outcome.ok || outcome.reason === 'unchanged';
  }

  /**
   * The guest cancels order `id` from its status page, while it is still
   * `received` (once staff accepted it, the kitchen has begun).
   */
  async cancelByGuest(id: number): Promise<ChangeOutcome> {
    const nowMs = this.#now();
    // decideUnderLock hands back the very refusal `decide` made, description included.
    return decideUnderLock<ChangeRefusal, { ok: true; order: StoredOrder }>(this.#db, {
      lock: lockOrders,
      decide: async (trx) => {
        const current = await readOrder(trx, id);
        if (!current) return refusal('not-found', 'This order no longer exists.');
        if (current.row.status !== 'received') {
          return refusal(
            TAKEAWAY_REFUSALS.transition,
            'The restaurant has already taken this order on: please call to change it.',
          );
        }
        await trx
          .updateTable('takeaway_orders')
          .set({ status: 'cancelled', updated_at: nowIso(nowMs) })
          .where('id', '=', id)
          .execute();
        const order = (await readOrder(trx, id))!;
        await this.#mails.toGuest(trx, 'cancelled', order);
        await recordAudit(trx, null, {
          action: 'takeaway.cancelled_by_guest',
          target: `takeaway_order:${id}`,
          summary: `Il cliente ha annullato l'ordine da asporto ${orderSummaryIt(order.row)} dalla pagina dell'ordine.`,
        });
        return { ok: true, order };
      },
    }) as Promise<ChangeOutcome>;
  }
}
