import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Load } from '../../../shared/schemas/takeaway.ts';
import {
  acknowledged,
  json,
  send,
  unique,
  type Attempt,
  type Findings,
  type Target,
  type WriteKind,
} from '../durability-writes.ts';
import { mailsByAddress, type Guests } from './guests.ts';

/** The owner's settings for the run: a small oven and kitchen, so that the stream fills its slots. */
export const TAKEAWAY_RULES = {
  enabled: true,
  slotMinutes: 15,
  limits: { oven: 4, kitchen: 3 },
  prepMinutes: 0,
  horizonDays: 14,
};

/**
 * What each pickup slot of `date` holds, per kitchen group: the lines of
 * its orders still to make. Written here apart from the server's own count
 * (services/takeaway/held-loads.ts `heldLoads`), which it checks.
 */
async function storedLoads(db: Kysely<Database>, date: string): Promise<Map<string, Load>> {
  const lines = await db
    .selectFrom('takeaway_order_lines')
    .innerJoin('takeaway_orders', 'takeaway_orders.id', 'takeaway_order_lines.order_id')
    .select([
      'takeaway_orders.time as time',
      'takeaway_order_lines.kitchen as kitchen',
      'takeaway_order_lines.quantity as quantity',
    ])
    .where('takeaway_orders.date', '=', date)
    .where('takeaway_orders.status', 'in', ['received', 'accepted', 'ready'])
    .execute();
  const loads = new Map<string, Load>();
  for (const line of lines) {
    const load = loads.get(line.time) ?? { oven: 0, kitchen: 0 };
    if (line.kitchen !== 'none') load[line.kitchen] += line.quantity;
    loads.set(line.time, load);
  }
  return loads;
}

/** A pickup slot the stream orders for. */
export interface PickupSlot {
  date: string;
  time: string;
}

/** The dishes ordered: a pizza (the oven) and a first course (the kitchen). */
export interface TakeawayDishes {
  pizza: number;
  course: number;
}

interface Order {
  email: string;
  pickup: PickupSlot;
  items: { id: number; quantity: number }[];
  load: Load;
}

/**
 * Takeaway orders (`POST /api/takeaway/orders`), each guest's name its
 * token. Every acknowledged order is stored once under its id with all its
 * lines and its mail; no pickup slot holds more than the oven's or the
 * kitchen's places; and every `slot-full` is explained by what is stored.
 */
export class TakeawayOrders implements WriteKind {
  readonly name = 'orders';
  readonly label = 'takeaway orders';
  readonly weight: number;
  readonly attempts: Attempt<Order>[] = [];
  readonly refusalCodes = ['slot-full'];
  readonly #guests: Guests;
  readonly #slots: readonly PickupSlot[];
  readonly #dishes: TakeawayDishes;

  constructor(
    weight: number,
    guests: Guests,
    slots: readonly PickupSlot[],
    dishes: TakeawayDishes,
  ) {
    this.weight = weight;
    this.#guests = guests;
    this.#slots = slots;
    this.#dishes = dishes;
  }

  async send(target: Target): Promise<Attempt> {
    const key = `dur-c${target.cycle}-o${this.attempts.length}-${unique(target.random)}`;
    const guest = this.#guests.next(key);
    // A slot for three cycles, and a few orders for the next, so that orders meet at the limits.
    const next = target.random() < 0.25 ? 1 : 0;
    const pickup = this.#slots[(Math.floor(target.cycle / 3) + next) % this.#slots.length]!;
    const pizzas = 1 + Math.floor(target.random() * 3);
    const courses = target.random() < 0.5 ? 0 : 1 + Math.floor(target.random() * 2);
    const items = [
      { id: this.#dishes.pizza, quantity: pizzas },
      ...(courses ? [{ id: this.#dishes.course, quantity: courses }] : []),
    ];
    const attempt: Attempt<Order> = {
      cycle: target.cycle,
      key,
      detail: { email: guest.email, pickup, items, load: { oven: pizzas, kitchen: courses } },
    };
    this.attempts.push(attempt);
    await send(attempt, `${target.url}/api/takeaway/orders`, {
      method: 'POST',
      headers: json(undefined, target.nextClient()),
      body: JSON.stringify({ name: key, ...guest, lang: 'it', pickup, items, privacy: true }),
    });
    return attempt;
  }

  async verify(db: Kysely<Database>, _cycle: number, findings: Findings) {
    const orders = await db
      .selectFrom('takeaway_orders')
      .select(['id', 'name', 'email', 'date', 'time'])
      .execute();
    const lines = await db
      .selectFrom('takeaway_order_lines')
      .select(['order_id', 'item_id', 'quantity'])
      .orderBy('order_id')
      .orderBy('position')
      .execute();
    const linesOf = new Map<number, string>();
    for (const line of lines) {
      linesOf.set(
        line.order_id,
        `${linesOf.get(line.order_id) ?? ''}${line.item_id}*${line.quantity},`,
      );
    }
    const byEmail = new Map<string, typeof orders>();
    for (const row of orders) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row]);
    const mails = await mailsByAddress(db);
    for (const attempt of this.attempts) {
      const stored = byEmail.get(attempt.detail.email) ?? [];
      const { pickup } = attempt.detail;
      const same = stored.filter(
        (row) => row.name === attempt.key && row.date === pickup.date && row.time === pickup.time,
      );
      if (
        acknowledged(attempt) &&
        (stored.length !== 1 || same.length !== 1 || same[0]!.id !== attempt.id)
      ) {
        findings.note(
          findings.lost,
          attempt.key,
          `acknowledged order ${attempt.key} (cycle ${attempt.cycle}, id ${attempt.id}) is stored ${stored.length} times (ids ${stored.map((row) => row.id).join(', ') || 'none'}), ${same.length} as asked`,
        );
      } else if (stored.length > 1 || stored.length !== same.length) {
        findings.note(
          findings.lost,
          attempt.key,
          `order ${attempt.key} is stored ${stored.length} times, ${same.length} as asked`,
        );
      }
      const row = stored[0];
      if (!row) continue;
      const asked = attempt.detail.items.map((item) => `${item.id}*${item.quantity},`).join('');
      if (linesOf.get(row.id) !== asked) {
        findings.note(
          findings.half,
          attempt.key,
          `order ${attempt.key} (#${row.id}) is stored with lines ${linesOf.get(row.id) ?? 'none'}, not ${asked}`,
        );
      }
      if ((mails.get(attempt.detail.email) ?? 0) !== 1) {
        findings.note(
          findings.half,
          attempt.key,
          `order ${attempt.key} is stored with ${mails.get(attempt.detail.email) ?? 0} mails, not 1`,
        );
      }
    }
    const sent = new Set(this.attempts.map((attempt) => attempt.detail.email));
    for (const row of orders) {
      if (!sent.has(row.email))
        findings.note(
          findings.lost,
          `row ${row.id}`,
          `an order nobody placed: #${row.id} ${row.name}`,
        );
    }
    const linked = new Set(orders.map((row) => row.id));
    for (const id of linesOf.keys()) {
      if (!linked.has(id))
        findings.note(findings.half, `lines ${id}`, `order lines without their order #${id}`);
    }
    for (const date of new Set(this.#slots.map((slot) => slot.date))) {
      for (const [time, load] of await storedLoads(db, date)) {
        for (const group of ['oven', 'kitchen'] as const) {
          if (load[group] > TAKEAWAY_RULES.limits[group]) {
            findings.note(
              findings.overLimit,
              `${date} ${time} ${group}`,
              `the pickup slot ${date} ${time} holds ${load[group]} for the ${group}: over its ${TAKEAWAY_RULES.limits[group]}`,
            );
          }
        }
      }
    }
  }

  /** Loads only grow during the run: a slot refused as full must have no room for that order at the end. */
  async verifyRefusals(db: Kysely<Database>, findings: Findings) {
    const loadsOn = new Map<string, Map<string, Load>>();
    for (const attempt of this.attempts.filter((attempt) => attempt.code === 'slot-full')) {
      const { pickup, load } = attempt.detail;
      if (!loadsOn.has(pickup.date)) loadsOn.set(pickup.date, await storedLoads(db, pickup.date));
      const held = loadsOn.get(pickup.date)!.get(pickup.time) ?? { oven: 0, kitchen: 0 };
      const full = (['oven', 'kitchen'] as const).some(
        (group) => held[group] + load[group] > TAKEAWAY_RULES.limits[group],
      );
      if (!full) {
        findings.note(
          findings.wrongRefusals,
          attempt.key,
          `order ${attempt.key} (${load.oven} pizzas, ${load.kitchen} courses, ${pickup.date} ${pickup.time}) was refused slot-full, yet it fits what is stored (${held.oven}, ${held.kitchen})`,
        );
      }
    }
  }
}
