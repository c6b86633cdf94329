import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Schedule } from '../../../shared/opening-hours.ts';
import type {
  Load,
  OrderedItem,
  TakeawaySettings,
  TakeawaySettingsBody,
  TakeawaySlotsAnswer,
} from '../../../shared/schemas/takeaway.ts';
import type { AuditActor } from '../audit-log.ts';
import type { ContentChanges } from '../content-version.ts';
import { loadOfItems } from './menu-load.ts';
import { TakeawaySettingsStore } from './settings.ts';
import { pickupSlots } from './slots.ts';

/**
 * Takeaway orders, the one service the routes and pages use
 * (`app.takeaway`), made of one part per concern, each in its own file of
 * this folder:
 * - settings.ts: the owner's settings and the pause;
 * - slots.ts: pickup slots and loads, pure functions of the hours, the
 *   settings, the clock and the loads;
 * - menu-load.ts: the load an order's dishes put on the oven and the
 *   kitchen, read from the menu.
 */
export class TakeawayService {
  readonly #db: Kysely<Database>;
  readonly #settings: TakeawaySettingsStore;
  readonly #schedule: () => Promise<Schedule>;
  readonly #now: () => number;

  constructor(options: {
    db: Kysely<Database>;
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

  /**
   * A date's pickup slots for an order of `items`: which can take its load
   * on top of what each slot already holds (`held`, by "HH:MM"); or the ids
   * the menu does not have.
   */
  async slots(
    date: string,
    items: readonly OrderedItem[],
    held: ReadonlyMap<string, Load>,
  ): Promise<{ ok: true; answer: TakeawaySlotsAnswer } | { ok: false; unknown: number[] }> {
    const order = await loadOfItems(this.#db, items);
    if (!order.ok) return order;
    const slots = pickupSlots({
      schedule: await this.#schedule(),
      date,
      settings: await this.#settings.settings(),
      now: new Date(this.#now()),
      order: order.load,
      held,
    });
    return {
      ok: true,
      answer: { date, slots: slots.map(({ time, available }) => ({ time, available })) },
    };
  }
}
