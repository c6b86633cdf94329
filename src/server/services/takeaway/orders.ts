import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { centsToAmount } from '../../../shared/money.ts';
import { addDays, romeDate, type Schedule } from '../../../shared/opening-hours.ts';
import type { KitchenGroup } from '../../../shared/schemas/menu.ts';
import {
  LOADING_STATUSES,
  TAKEAWAY_REFUSALS,
  type CreatedOrder,
  type Load,
  type TakeawayOrderBody,
  type TakeawaySettings,
} from '../../../shared/schemas/takeaway.ts';
import { decideUnderLock } from '../capacity.ts';
import { nowIso } from '../tokens.ts';
import { readTakeawaySettings } from './settings.ts';
import {
  asap,
  nextFitting,
  NO_LOAD,
  orderLoad,
  pickupSlots,
  takingOrders,
  type PickupSlot,
} from './slots.ts';

export type OrderRefusal = (typeof TAKEAWAY_REFUSALS)[keyof typeof TAKEAWAY_REFUSALS];

/** A refused order: its code, and what the guest reads of it (the ids, the time to try instead). */
export interface RefusedOrder {
  ok: false;
  reason: OrderRefusal;
  description: string;
}

export type OrderOutcome = { ok: true; order: CreatedOrder } | RefusedOrder;

/** A line as the menu prices it at the moment of ordering. */
interface PricedLine {
  itemId: number;
  name: string;
  label: string;
  quantity: number;
  amountCents: number;
  /** Its section's kitchen group when ordered. */
  group: KitchenGroup;
}

/**
 * What each pickup slot of `date` already holds: per slot ("HH:MM") and
 * kitchen group, the quantities of the lines of its orders still to make
 * (received, accepted or ready). Each line's group is the one it was ordered
 * with, so that moving a dish to another section later leaves the load as
 * the kitchen took it.
 */
export async function heldLoads(db: Kysely<Database>, date: string): Promise<Map<string, Load>> {
  const rows = await db
    .selectFrom('takeaway_order_lines')
    .innerJoin('takeaway_orders', 'takeaway_orders.id', 'takeaway_order_lines.order_id')
    .select(['takeaway_orders.time as time', 'takeaway_order_lines.kitchen as kitchen'])
    .select((eb) => eb.fn.sum<number | string>('takeaway_order_lines.quantity').as('pieces'))
    .where('takeaway_orders.date', '=', date)
    .where('takeaway_orders.status', 'in', LOADING_STATUSES)
    .where('takeaway_order_lines.kitchen', '!=', 'none')
    .groupBy(['takeaway_orders.time', 'takeaway_order_lines.kitchen'])
    .execute();
  const held = new Map<string, Load>();
  for (const row of rows) {
    const load = held.get(row.time) ?? { ...NO_LOAD };
    // PostgreSQL sums integers as bigint, which pg gives as text.
    if (row.kitchen !== 'none') load[row.kitchen] += Number(row.pieces);
    held.set(row.time, load);
  }
  return held;
}

/**
 * The lock every order takes first (`decideUnderLock`): a write to the
 * settings row that changes nothing, which orders on every connection and
 * every instance wait for in turn until the holder commits or rolls back.
 */
async function lockOrders(trx: Kysely<Database>): Promise<void> {
  await trx
    .updateTable('takeaway_settings')
    .set((eb) => ({ oven_limit: eb.ref('oven_limit') }))
    .where('id', '=', 1)
    .execute();
}

/**
 * The order's lines priced from the menu as it is now, or the ids of the
 * dishes that cannot be ordered: unknown, sold out, not for takeaway, or
 * asked in a size they do not have.
 */
async function priceLines(
  db: Kysely<Database>,
  items: TakeawayOrderBody['items'],
): Promise<{ ok: true; lines: PricedLine[] } | { ok: false; ids: number[] }> {
  const ids = [...new Set(items.map((item) => item.id))];
  const dishes = await db
    .selectFrom('menu_items')
    .innerJoin('menu_sections', 'menu_sections.id', 'menu_items.section_id')
    .select([
      'menu_items.id as id',
      'menu_items.name as name',
      'menu_items.available as available',
      'menu_items.takeaway as takeaway',
      'menu_sections.kitchen as kitchen',
    ])
    .where('menu_items.id', 'in', ids)
    .execute();
  const prices = await db
    .selectFrom('menu_item_prices')
    .select(['item_id', 'label', 'amount_cents'])
    .where('item_id', 'in', ids)
    .orderBy('item_id')
    .orderBy('position')
    .execute();
  const lines: PricedLine[] = [];
  const refused = new Set<number>();
  for (const item of items) {
    const dish = dishes.find((row) => row.id === item.id);
    const sizes = prices.filter((row) => row.item_id === item.id);
    const size =
      item.price === undefined ? sizes[0] : sizes.find((row) => row.label === item.price);
    if (!dish || dish.available !== 1 || dish.takeaway !== 1 || !size) {
      refused.add(item.id);
      continue;
    }
    lines.push({
      itemId: dish.id,
      name: dish.name,
      label: size.label,
      quantity: item.quantity,
      amountCents: size.amount_cents,
      group: dish.kitchen,
    });
  }
  return refused.size ? { ok: false, ids: [...refused] } : { ok: true, lines };
}

const refusal = (reason: OrderRefusal, description: string): RefusedOrder => ({
  ok: false,
  reason,
  description,
});

/**
 * The slot an order of `load` is picked up in: the one asked for, or with
 * "asap" the first that fits from today to the horizon; else the refusal.
 */
async function chooseSlot(
  db: Kysely<Database>,
  pickup: TakeawayOrderBody['pickup'],
  load: Load,
  context: { schedule: Schedule; settings: TakeawaySettings; now: Date },
): Promise<{ ok: true; date: string; slot: PickupSlot } | RefusedOrder> {
  const slotsOf = async (date: string) =>
    pickupSlots({ ...context, date, order: load, held: await heldLoads(db, date) });
  if (pickup === 'asap') {
    const today = romeDate(context.now);
    let anySlot = false;
    for (let day = 0; day <= context.settings.horizonDays; day += 1) {
      const date = addDays(today, day);
      const slots = await slotsOf(date);
      anySlot ||= slots.length > 0;
      const first = asap(slots);
      if (first) return { ok: true, date, slot: first };
    }
    return anySlot
      ? refusal(TAKEAWAY_REFUSALS.full, 'No pickup time can take this order: please order less.')
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
  if (!slot.available) {
    const next = nextFitting(slots, slot);
    return refusal(
      TAKEAWAY_REFUSALS.full,
      next
        ? `This pickup time is full: the first later one that fits this order is ${next.time}.`
        : 'This pickup time is full, and no later one on this day fits this order.',
    );
  }
  return { ok: true, date: pickup.date, slot };
}

/**
 * Taking a guest's takeaway order, never past the oven's and the kitchen's
 * limits: decided by `decideUnderLock` (capacity.ts), refused at once while
 * takeaway is off or paused, else priced, its slot chosen and checked on
 * rows read afresh, and inserted, in one transaction that first writes the
 * settings row (`lockOrders`), so that orders on every connection and every
 * instance take turns; a refusal there is rolled back, not committed.
 */
export class TakeawayOrders {
  readonly #db: Kysely<Database>;
  readonly #schedule: () => Promise<Schedule>;
  readonly #settings: () => Promise<TakeawaySettings>;
  readonly #now: () => number;

  constructor(options: {
    db: Kysely<Database>;
    schedule: () => Promise<Schedule>;
    /** The settings this instance keeps (per content version): only ever to refuse early. */
    settings: () => Promise<TakeawaySettings>;
    now: () => number;
  }) {
    this.#db = options.db;
    this.#schedule = options.schedule;
    this.#settings = options.settings;
    this.#now = options.now;
  }

  /** A guest's order from the site (its limits and honeypot are guest-order.ts's). */
  async place(body: TakeawayOrderBody, clientKey: string): Promise<OrderOutcome> {
    const nowMs = this.#now();
    const now = new Date(nowMs);
    // Read before the transaction: on SQLite its one connection is the transaction's.
    const schedule = await this.#schedule();
    const notTaking = (settings: TakeawaySettings): RefusedOrder | null => {
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
    const outcome = await decideUnderLock<OrderRefusal, { ok: true; order: CreatedOrder }>(
      this.#db,
      {
        refuseEarly: async () => notTaking(await this.#settings()),
        lock: lockOrders,
        decide: async (trx): Promise<OrderOutcome> => {
          const settings = await readTakeawaySettings(trx, nowMs);
          const stopped = notTaking(settings);
          if (stopped) return stopped;
          const priced = await priceLines(trx, body.items);
          if (!priced.ok) {
            return refusal(
              TAKEAWAY_REFUSALS.itemUnavailable,
              `These dishes cannot be ordered now (sold out or not for takeaway): ${priced.ids.join(', ')}.`,
            );
          }
          const chosen = await chooseSlot(trx, body.pickup, orderLoad(priced.lines), {
            schedule,
            settings,
            now,
          });
          if (!chosen.ok) return chosen;
          const where = { date: chosen.date, time: chosen.slot.time, clientKey, nowMs };
          return { ok: true, order: await this.#insert(trx, body, priced.lines, where) };
        },
      },
    );
    // decideUnderLock hands back the very refusal `refuseEarly` or `decide` made, description included.
    return outcome as OrderOutcome;
  }

  async #insert(
    trx: Kysely<Database>,
    body: TakeawayOrderBody,
    lines: readonly PricedLine[],
    how: { date: string; time: string; clientKey: string; nowMs: number },
  ): Promise<CreatedOrder> {
    const now = nowIso(how.nowMs);
    const totalCents = lines.reduce((sum, line) => sum + line.amountCents * line.quantity, 0);
    const { id } = await trx
      .insertInto('takeaway_orders')
      .values({
        name: body.name,
        phone: body.phone,
        email: body.email,
        lang: body.lang,
        date: how.date,
        time: how.time,
        status: 'received',
        notes: body.notes ?? '',
        source: 'online',
        total_cents: totalCents,
        privacy_accepted_at: now,
        client_key: how.clientKey,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('takeaway_order_lines')
      .values(
        lines.map((line, position) => ({
          order_id: id,
          position,
          item_id: line.itemId,
          name: line.name,
          label: line.label,
          quantity: line.quantity,
          amount_cents: line.amountCents,
          kitchen: line.group,
        })),
      )
      .execute();
    return {
      id,
      status: 'received',
      pickup: { date: how.date, time: how.time },
      total: centsToAmount(totalCents),
      lines: lines.map((line) => ({
        id: line.itemId,
        name: line.name,
        label: line.label,
        quantity: line.quantity,
        amount: centsToAmount(line.amountCents),
      })),
    };
  }
}
