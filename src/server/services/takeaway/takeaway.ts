import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Schedule } from '../../../shared/opening-hours.ts';
import type {
  OrderedItem,
  TakeawayOrderBody,
  TakeawaySettings,
  TakeawaySettingsBody,
  TakeawaySlotsAnswer,
} from '../../../shared/schemas/takeaway.ts';
import type { LimitCounters, RateLimited } from '../address-limits.ts';
import type { AuditActor } from '../audit-log.ts';
import type { ContentChanges } from '../content-version.ts';
import { CancelLinkKey } from '../reservations/cancel-links.ts';
import { placeGuestOrder } from './guest-order.ts';
import { loadOfItems } from './menu-load.ts';
import { heldLoads, TakeawayOrders, type OrderOutcome } from './orders.ts';
import { TakeawaySettingsStore } from './settings.ts';
import { pickupSlots } from './slots.ts';
import { orderStatusToken } from './status-token.ts';

/**
 * Takeaway orders, the one service the routes and pages use
 * (`app.takeaway`), made of one part per concern, each in its own file of
 * this folder:
 * - settings.ts: the owner's settings and the pause;
 * - slots.ts: pickup slots and loads, pure functions of the hours, the
 *   settings, the clock and the loads;
 * - menu-load.ts: the load an order's dishes put on the oven and the
 *   kitchen, read from the menu;
 * - orders.ts: taking an order under the lock, never past the limits, and
 *   the load the stored orders hold per slot;
 * - guest-order.ts: a guest's order, counted against the flood limits;
 * - status-token.ts: the signed token of an order's status page.
 */
export class TakeawayService {
  readonly #db: Kysely<Database>;
  readonly #settings: TakeawaySettingsStore;
  readonly #schedule: () => Promise<Schedule>;
  readonly #now: () => number;
  readonly #counters: LimitCounters;
  readonly #orders: TakeawayOrders;
  readonly #linkKey = new CancelLinkKey();

  constructor(options: {
    db: Kysely<Database>;
    /** The flood limits' counters (the app's `floodGuard` and `limiter`). */
    limits: LimitCounters;
    content: ContentChanges;
    contentVersion: () => Promise<number | undefined>;
    /** The opening hours (read from their service, which keeps them per content version). */
    schedule: () => Promise<Schedule>;
    now?: () => number;
  }) {
    this.#db = options.db;
    this.#schedule = options.schedule;
    this.#now = options.now ?? Date.now;
    this.#settings = new TakeawaySettingsStore({
      db: options.db,
      content: options.content,
      contentVersion: options.contentVersion,
      now: this.#now,
    });
    this.#counters = options.limits;
    this.#orders = new TakeawayOrders({
      db: options.db,
      schedule: options.schedule,
      settings: () => this.#settings.settings(),
      now: this.#now,
    });
  }

  settings(): Promise<TakeawaySettings> {
    return this.#settings.settings();
  }

  updateSettings(
    body: TakeawaySettingsBody,
    actor: NonNullable<AuditActor>,
  ): Promise<TakeawaySettings> {
    return this.#settings.update(body, actor);
  }

  /** A guest's order from the site (POST /api/takeaway/orders), or why it was refused. */
  placeOrder(clientKey: string, body: TakeawayOrderBody): Promise<OrderOutcome | RateLimited> {
    return placeGuestOrder(
      { counters: this.#counters, orders: this.#orders, now: this.#now },
      clientKey,
      body,
    );
  }

  /** The token of order `id`'s status page (status-token.ts). */
  async statusToken(id: number): Promise<string> {
    return orderStatusToken(await this.#linkKey.read(this.#db), id);
  }

  /**
   * A date's pickup slots for an order of `items`: which can take its load
   * on top of what the stored orders already hold in each slot; or the ids
   * the menu does not have.
   */
  async slots(
    date: string,
    items: readonly OrderedItem[],
  ): Promise<{ ok: true; answer: TakeawaySlotsAnswer } | { ok: false; unknown: number[] }> {
    const order = await loadOfItems(this.#db, items);
    if (!order.ok) return order;
    const slots = pickupSlots({
      schedule: await this.#schedule(),
      date,
      settings: await this.#settings.settings(),
      now: new Date(this.#now()),
      order: order.load,
      held: await heldLoads(this.#db, date),
    });
    return {
      ok: true,
      answer: { date, slots: slots.map(({ time, available }) => ({ time, available })) },
    };
  }
}
