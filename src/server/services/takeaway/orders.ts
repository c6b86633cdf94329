import type { DetailsOf } from '../../../shared/schemas/errors.ts';
import { slotFullDescription, unavailableDescription } from '../../../shared/takeaway-refusals.ts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { centsToAmount } from '../../../shared/money.ts';
import type { Lang } from '../../../shared/languages.ts';
import { addDays, romeDate, type Schedule } from '../../../shared/opening-hours.ts';
import {
  TAKEAWAY_REFUSALS,
  type Load,
  type StaffOrderBody,
  type TakeawayOrderBody,
  type TakeawaySettings,
} from '../../../shared/schemas/takeaway.ts';
import { recordAudit, type AuditActor } from '../audit-log.ts';
import { decideUnderLock } from '../capacity.ts';
import { writeAtTurnEnd, type TurnEndWrite } from '../turn.ts';
import { nowIso } from '../tokens.ts';
import type { TakeawayMailQueue } from './mail-queue.ts';
import {
  lockOrders,
  orderSummaryIt,
  storedOrder,
  type OrderRow,
  type StoredOrder,
} from './order-rows.ts';
import { readStoredSettings, readTakeawaySettings, settingsAsOf } from './settings.ts';
import { priceLines, readTakeawayDishes, type PricedLine } from './priced-lines.ts';
import { holdWaitingOrder, TOO_MANY_PENDING_ORDERS, waitingInTurn } from './pending-orders.ts';
import { holdsPendingPerGuest } from '../guests/pending-caps.ts';
import { notifyNewOrder } from '../push/notify.ts';
import {
  asap,
  fitsLimits,
  nextFitting,
  NO_LOAD,
  orderLoad,
  takingOrders,
  timesAhead,
  withLoad,
  type PickupSlot,
} from './slots.ts';
import { attachGuests, type GuestContact } from '../guests/guest-records.ts';
import { heldLoads, holdLoad, loadsInTurn } from './held-loads.ts';
import { readRestaurantFacts } from '../restaurant-facts.ts';

/** Why an order is refused (the status changes' codes are status.ts's). */
export type OrderRefusal = Exclude<
  (typeof TAKEAWAY_REFUSALS)[keyof typeof TAKEAWAY_REFUSALS],
  typeof TAKEAWAY_REFUSALS.transition | typeof TAKEAWAY_REFUSALS.badToken
>;

/**
 * A refused order: its code, what the guest reads of it, and the data a
 * program reads (the ids, the time to try instead: REFUSAL_DETAILS in
 * src/shared/schemas/errors.ts).
 */
export interface RefusedOrder {
  ok: false;
  reason: OrderRefusal;
  description: string;
  details?: DetailsOf<OrderRefusal>;
}

export type OrderOutcome = { ok: true; order: StoredOrder } | RefusedOrder;

/** What an order asks, from the guest's form or staff's phone form. */
export type OrderRequest = Omit<TakeawayOrderBody, 'privacy' | 'website' | 'email'> &
  Pick<StaffOrderBody, 'email'>;

/** Who is ordering: a guest on the site, or staff taking a phone call. */
export type OrderTaker =
  | { source: 'online'; clientKey: string }
  | { source: 'phone'; actor: NonNullable<AuditActor>; override: boolean };

/** A refusal, with the `details` its code declares (required for those that declare some). */
const refusal = <Reason extends OrderRefusal>(
  reason: Reason,
  description: string,
  ...details: [DetailsOf<Reason>] extends [never] ? [] : [DetailsOf<Reason>]
): RefusedOrder =>
  details.length
    ? { ok: false, reason, description, details: details[0] }
    : { ok: false, reason, description };

/**
 * The slot an order of `load` is picked up in: the one asked for, or with
 * "asap" the first that fits from today to the horizon; else the refusal.
 * With `override` (staff, after the board warned), a full slot is taken all
 * the same, and "asap" falls back on the first slot there is.
 */
async function chooseSlot(
  pickup: OrderRequest['pickup'],
  load: Load,
  context: {
    schedule: Schedule;
    settings: TakeawaySettings;
    now: Date;
    override: boolean;
    /** What each slot of a date holds already (`heldLoads`). */
    loadsOf: (date: string) => Promise<ReadonlyMap<string, Load>>;
  },
): Promise<{ ok: true; date: string; slot: PickupSlot } | RefusedOrder> {
  const { override, loadsOf, ...slotContext } = context;
  const today = romeDate(context.now);
  const slotsOf = async (date: string): Promise<PickupSlot[]> => {
    const times = timesAhead({ ...slotContext, date, today });
    // A day without a pickup time left (closed, gone, past the horizon) has no load to read.
    if (times.length === 0) return [];
    return withLoad(times, load, await loadsOf(date), context.settings.limits);
  };
  if (pickup === 'asap') {
    let anySlot = false;
    for (let day = 0; day <= context.settings.horizonDays; day += 1) {
      const date = addDays(today, day);
      const slots = await slotsOf(date);
      anySlot ||= slots.length > 0;
      const first = asap(slots) ?? (override ? slots[0] : undefined);
      if (first) return { ok: true, date, slot: first };
    }
    return anySlot
      ? refusal(TAKEAWAY_REFUSALS.full, 'No pickup time can take this order: please order less.', {
          nextTime: null,
        })
      : refusal(TAKEAWAY_REFUSALS.notASlot, 'There is no pickup time left to order for.');
  }
  const slots = await slotsOf(pickup.date);
  const slot = slots.find((candidate) => candidate.time === pickup.time);
  if (!slot) {
    return refusal(
      TAKEAWAY_REFUSALS.notASlot,
      'This is not a pickup time: please pick one of the available times.',
    );
  }
  if (!slot.available && !override) {
    const next = nextFitting(slots, slot);
    const nextTime = next?.time ?? null;
    return refusal(TAKEAWAY_REFUSALS.full, slotFullDescription('This pickup time', nextTime), {
      nextTime,
    });
  }
  return { ok: true, date: pickup.date, slot };
}

/**
 * Taking a takeaway order, the guest's or staff's, never past the oven's
 * and the kitchen's limits (unless staff override them): decided by
 * `decideUnderLock` (capacity.ts), an online one refused at once while
 * takeaway is off or paused, else priced, its slot chosen and checked on
 * rows read under the lock, and inserted, in one transaction that first takes
 * `lockOrders`, so that orders on every connection and every instance take
 * turns; a refusal there is rolled back, not committed.
 */
export class TakeawayOrders {
  readonly #db: Kysely<Database>;
  readonly #schedule: () => Promise<Schedule>;
  readonly #settings: () => Promise<TakeawaySettings>;
  readonly #mails: TakeawayMailQueue;
  readonly #now: () => number;
  readonly #dishNames: (lang: Lang) => Promise<ReadonlyMap<number, string>>;

  constructor(options: {
    db: Kysely<Database>;
    schedule: () => Promise<Schedule>;
    /** The settings this instance keeps (per content version): only ever to refuse early. */
    settings: () => Promise<TakeawaySettings>;
    mails: TakeawayMailQueue;
    now: () => number;
    /** Every dish's name in a language, by id, as the menu shows it there (the guest's lines). */
    dishNames: (lang: Lang) => Promise<ReadonlyMap<number, string>>;
  }) {
    this.#db = options.db;
    this.#schedule = options.schedule;
    this.#settings = options.settings;
    this.#mails = options.mails;
    this.#now = options.now;
    this.#dishNames = options.dishNames;
  }

  /**
   * An order from the site (its flood limits and honeypot are
   * guest-order.ts's) or by phone. Staff take phone orders while online
   * ones are off or paused: the pause stops the site, not the telephone.
   */
  async place(request: OrderRequest, taker: OrderTaker): Promise<OrderOutcome> {
    const nowMs = this.#now();
    const now = new Date(nowMs);
    // Read before the transaction: on SQLite its one connection is the transaction's.
    const schedule = await this.#schedule();
    const guestNames = await this.#dishNames(request.lang);
    const notTaking = (settings: TakeawaySettings): RefusedOrder | null => {
      if (taker.source === 'phone') return null;
      if (!settings.enabled) {
        return refusal(
          TAKEAWAY_REFUSALS.disabled,
          'The restaurant takes no takeaway orders online.',
        );
      }
      if (!takingOrders(settings, now)) {
        return refusal(
          TAKEAWAY_REFUSALS.paused,
          'The kitchen is full: online orders resume shortly, please try again later.',
        );
      }
      return null;
    };
    const outcome = await decideUnderLock<OrderRefusal, { ok: true; order: StoredOrder }>(
      this.#db,
      {
        refuseEarly: async () => notTaking(await this.#settings()),
        lock: lockOrders,
        // Guests' orders come in bursts: those waiting together share a
        // transaction and its flush to disk, each writing in a savepoint (capacity.ts).
        together: true,
        decide: async (trx, turn): Promise<OrderOutcome> => {
          const settings = settingsAsOf(
            await turn.once('takeaway settings', () => readStoredSettings(trx)),
            nowMs,
          );
          const stopped = notTaking(settings);
          if (stopped) return stopped;
          const today = romeDate(now);
          if (
            taker.source === 'online' &&
            holdsPendingPerGuest(
              (await waitingInTurn(trx, turn, today)).of({
                email: request.email ?? '',
                phone: request.phone,
              }),
            )
          ) {
            return refusal(TAKEAWAY_REFUSALS.tooManyPending, TOO_MANY_PENDING_ORDERS);
          }
          const priced = priceLines(
            await turn.once('takeaway dishes', () => readTakeawayDishes(trx)),
            request.items,
          );
          if (!priced.ok) {
            return refusal(TAKEAWAY_REFUSALS.itemUnavailable, unavailableDescription(priced.ids), {
              unavailableIds: priced.ids,
            });
          }
          const load = orderLoad(priced.lines);
          const chosen = await chooseSlot(request.pickup, load, {
            schedule,
            // Phone orders go on while online ones are off or paused.
            settings:
              taker.source === 'phone'
                ? { ...settings, enabled: true, pausedUntil: null }
                : settings,
            now,
            override: taker.source === 'phone' && taker.override,
            loadsOf: (date) => loadsInTurn(trx, turn, date),
          });
          if (!chosen.ok) return chosen;
          await turn.writing();
          const order = await this.#insert(trx, request, priced.lines, {
            date: chosen.date,
            time: chosen.slot.time,
            taker,
            nowMs,
            guestNames,
          });
          await holdLoad(turn, order.row, load);
          await holdWaitingOrder(turn, order.row);
          await this.#mails.toGuest(trx, 'received', order, {
            restaurant: () => turn.once('restaurant facts', () => readRestaurantFacts(trx)),
          });
          await notifyNewOrder(trx, {
            date: order.row.date,
            time: order.row.time,
            source: taker.source,
            dishes: priced.lines.reduce((sum, line) => sum + line.quantity, 0),
          });
          return { ok: true, order };
        },
      },
    );
    // decideUnderLock hands back the very refusal `refuseEarly` or `decide` made, description included.
    return outcome as OrderOutcome;
  }

  async #insert(
    trx: Kysely<Database>,
    request: OrderRequest,
    lines: readonly PricedLine[],
    how: {
      date: string;
      time: string;
      taker: OrderTaker;
      nowMs: number;
      guestNames: ReadonlyMap<number, string>;
    },
  ): Promise<StoredOrder> {
    const now = nowIso(how.nowMs);
    const { taker } = how;
    const online = taker.source === 'online';
    const totalCents = lines.reduce((sum, line) => sum + line.amountCents * line.quantity, 0);
    const row = await trx
      .insertInto('takeaway_orders')
      .values({
        // Linked to its guest at the end of its turn (`linkToGuests`).
        guest_id: null,
        name: request.name,
        phone: request.phone,
        email: request.email ?? '',
        lang: request.lang,
        date: how.date,
        time: how.time,
        status: 'received',
        notes: request.notes ?? '',
        source: taker.source,
        total_cents: totalCents,
        // Staff tell a phone guest of the privacy policy; only the site's form records a consent.
        privacy_accepted_at: online ? now : null,
        client_key: online ? taker.clientKey : null,
        // Staff typed a phone order in: nobody needs the board to ring for it.
        opened_at: online ? null : now,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const { id } = row;
    await writeAtTurnEnd(trx, linkToGuests, {
      row,
      contact: {
        name: request.name,
        email: request.email ?? '',
        phone: request.phone,
        lang: request.lang,
        date: how.date,
      },
      nowMs: how.nowMs,
    });
    const lineRows = lines.map((line, position) => ({
      order_id: id,
      position,
      item_id: line.itemId,
      name: line.name,
      guest_name: how.guestNames.get(line.itemId) ?? line.name,
      label: line.label,
      quantity: line.quantity,
      amount_cents: line.amountCents,
      kitchen: line.group,
    }));
    await trx.insertInto('takeaway_order_lines').values(lineRows).execute();
    // As readOrder would read it back, without reading it: the lines keep their order.
    const order = storedOrder(row, lineRows);
    if (!online) {
      // The slot's load with this order in it: past the limits only by staff's override.
      const held = (await heldLoads(trx, how.date)).get(how.time) ?? NO_LOAD;
      const over = !fitsLimits(held, NO_LOAD, (await readTakeawaySettings(trx, how.nowMs)).limits);
      await recordAudit(trx, taker.actor, {
        action: 'takeaway.create',
        target: `takeaway_order:${id}`,
        summary: `Ordine da asporto telefonico ${orderSummaryIt(order.row)}, totale ${centsToAmount(totalCents)} €${over ? ', oltre il limite della fascia' : ''}.`,
      });
    }
    return order;
  }
}

/**
 * Orders linked to their guests' records (guests/guest-records.ts
 * `attachGuests`) at the end of their turn of the lock (turn.ts
 * `writeAtTurnEnd`): the turn's guests in one statement, its orders in
 * another, where each order made a round trip under the lock for its guest
 * (docs/performance.md, "Mails and push messages at the end of the turn").
 * Nothing in a decision reads an order's guest. Each order's row, as
 * answered, gets its guest too.
 */
const linkToGuests: TurnEndWrite<{ row: OrderRow; contact: GuestContact; nowMs: number }> = async (
  db,
  links,
) => {
  const guestIds = await attachGuests(db, links);
  const linked = links.flatMap((link, index) => {
    const guestId = guestIds[index];
    return guestId == null ? [] : [{ row: link.row, guestId }];
  });
  if (linked.length === 0) return;
  const guestOf = sql<number>`case ${sql.join(
    linked.map(({ row, guestId }) => sql`when id = ${row.id} then cast(${guestId} as integer)`),
    sql` `,
  )} end`;
  await db
    .updateTable('takeaway_orders')
    .set({ guest_id: guestOf })
    .where(
      'id',
      'in',
      linked.map(({ row }) => row.id),
    )
    .execute();
  for (const { row, guestId } of linked) row.guest_id = guestId;
};
