import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Schedule } from '../../../shared/opening-hours.ts';
import type { Lang } from '../../../shared/languages.ts';
import type { KitchenGroup, MenuView } from '../../../shared/schemas/menu.ts';
import { addDays, romeDateReader } from '../../../shared/opening-hours.ts';
import type {
  GuestOrder,
  Load,
  OrderedItem,
  StaffOrderBody,
  TakeawayBoard,
  TakeawayOrder,
  TakeawayOrderBody,
  TakeawayOrderPatch,
  TakeawaySettings,
  TakeawaySettingsBody,
  TakeawaySlotsAnswer,
} from '../../../shared/schemas/takeaway.ts';
import {
  hitLimit,
  type AddressLimit,
  type LimitCounters,
  type RateLimited,
} from '../address-limits.ts';
import type { PendingOf } from '../../../shared/schemas/guest.ts';
import type { AuditActor } from '../audit-log.ts';
import { ContentMemo, type ContentChanges, type ContentVersion } from '../content-version.ts';
import { KeptAnswers } from '../kept-answers.ts';
import { GuestLinkKey } from '../guests/guest-links.ts';
import { boardTag, readBoard } from './board.ts';
import { placeGuestOrder, type GuestOrderOutcome } from './guest-order.ts';
import { TakeawayMailQueue } from './mail-queue.ts';
import { loadOfItems, readKitchenGroups } from './menu-load.ts';
import { guestView, readOrder, readOrders, staffView, staffViewsWithGuests } from './order-rows.ts';
import { heldLoads } from './held-loads.ts';
import { TakeawayOrders, type RefusedOrder } from './orders.ts';
import { TakeawaySettingsStore } from './settings.ts';
import { openDays, timesAhead, withLoad } from './slots.ts';
import { PendingOrders } from './pending-orders.ts';
import { OrderStatusChanges, type ChangeOutcome } from './status.ts';
import { orderStatusToken, readOrderStatusToken } from './status-token.ts';

/** 20 presses of a status page's cancel button per hour per client address: a guest presses once. */
const CANCEL_ADDRESS_LIMIT: AddressLimit = {
  name: 'takeaway-cancel-ip',
  limit: 20,
  windowMs: 60 * 60 * 1000,
  description: 'Too many requests: please try again later.',
};

type Actor = NonNullable<AuditActor>;

/**
 * Takeaway orders, the one service the routes and pages use
 * (`app.takeaway`), made of one part per concern, each in its own file of
 * this folder:
 * - settings.ts: the owner's settings and the pause;
 * - slots.ts: pickup slots and loads, pure functions of the hours, the
 *   settings, the clock and the loads;
 * - menu-load.ts: the load an order's dishes put on the oven and the
 *   kitchen, read from the menu;
 * - orders.ts: taking an order (the guest's or staff's) under the lock,
 *   never past the limits; held-loads.ts, what the orders hold per slot;
 * - order-rows.ts: orders as stored and as answered, and the orders' lock,
 *   which counts the version the kitchen board polls;
 * - guest-order.ts: a guest's order, counted against the flood limits;
 * - pending-orders.ts: the cap on one guest's orders still waiting, and
 *   the board declining all of one guest's at once;
 * - status.ts: staff's status changes (and moves), "opened", the guest's cancel;
 * - board.ts: the kitchen board's answer and its tag;
 * - mail-queue.ts: the guest's mails, queued with the change;
 * - status-token.ts: the signed token of an order's status page.
 */
export class TakeawayService {
  readonly #db: Kysely<Database>;
  readonly #settings: TakeawaySettingsStore;
  readonly #schedule: () => Promise<Schedule>;
  readonly #now: () => number;
  readonly #counters: LimitCounters;
  readonly #orders: TakeawayOrders;
  readonly #changes: OrderStatusChanges;
  readonly #pending: PendingOrders;
  readonly #contentVersion: () => Promise<number | undefined>;
  readonly #onMail: () => void;
  readonly #linkKey = new GuestLinkKey();
  readonly #ordersVersion: ContentVersion;
  /** Today in Rome at the app's clock, worked out again only when the day changes. */
  readonly #today: () => string;
  /** Each dish's kitchen group, while the content version (the menu's edits count it) stays. */
  readonly #kitchenGroups: ContentMemo<'menu', ReadonlyMap<number, KitchenGroup>>;
  /** The load the stored orders hold per slot, by date, while the orders' version stays. */
  readonly #heldLoads: ContentMemo<string, Map<string, Load>>;
  /** A date's pickup slots for a load, while the hours, the settings and the loads are the ones kept. */
  readonly #answers = new KeptAnswers<TakeawaySlotsAnswer['slots']>();

  constructor(options: {
    db: Kysely<Database>;
    /** The flood limits' counters (the app's `floodGuard` and `limiter`). */
    limits: LimitCounters;
    content: ContentChanges;
    contentVersion: () => Promise<number | undefined>;
    /**
     * The orders' version (`readOrdersVersion`, order-rows.ts), as this
     * instance knows it: a guest choosing a time costs no query while no
     * order changed; another instance's order shows within its 250 ms.
     */
    ordersVersion: ContentVersion;
    /** The opening hours (read from their service, which keeps them per content version). */
    schedule: () => Promise<Schedule>;
    /** PUBLIC_URL: the status links in the guest's mails. */
    publicUrl: string;
    /** The menu as a language shows it (the menu service's view, kept per content version). */
    menu: (lang: Lang) => Promise<MenuView>;
    /** After a change that queued a mail committed: the outbox sends it now. */
    onMail?: () => void;
    now?: () => number;
  }) {
    this.#db = options.db;
    this.#schedule = options.schedule;
    this.#now = options.now ?? Date.now;
    this.#contentVersion = options.contentVersion;
    this.#onMail = options.onMail ?? (() => {});
    this.#ordersVersion = options.ordersVersion;
    this.#today = romeDateReader(this.#now);
    this.#kitchenGroups = new ContentMemo(options.contentVersion);
    this.#heldLoads = new ContentMemo(() => options.ordersVersion.current());
    const mails = new TakeawayMailQueue({
      publicUrl: options.publicUrl,
      now: this.#now,
      linkKey: this.#linkKey,
    });
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
      mails,
      now: this.#now,
      dishNames: async (lang) =>
        new Map(
          (await options.menu(lang)).sections.flatMap((section) =>
            section.items.map((item) => [item.id, item.name] as const),
          ),
        ),
    });
    this.#pending = new PendingOrders({
      db: options.db,
      mails,
      now: this.#now,
      today: this.#today,
    });
    this.#changes = new OrderStatusChanges({
      db: options.db,
      schedule: options.schedule,
      mails,
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

  /** Staff's pause of online orders for `minutes` (POST /api/takeaway/pause); null ends it. */
  pause(minutes: number | null, actor: Actor): Promise<TakeawaySettings> {
    return this.#settings.pause(minutes, actor);
  }

  /** A guest's order from the site (POST /api/takeaway/orders), or why it was refused. */
  async placeOrder(clientKey: string, body: TakeawayOrderBody): Promise<GuestOrderOutcome> {
    return this.#mailed(
      await placeGuestOrder(
        { counters: this.#counters, orders: this.#orders, now: this.#now },
        clientKey,
        body,
      ),
    );
  }

  /**
   * An order staff take by phone (POST /api/takeaway/orders/staff): the
   * same pricing, slot choice and lock as a guest's, no flood limits, taken
   * while online orders are off or paused, past a full slot with `override`.
   */
  async placeStaffOrder(
    body: StaffOrderBody,
    actor: Actor,
  ): Promise<{ ok: true; order: TakeawayOrder } | RefusedOrder> {
    const placed = this.#mailed(
      await this.#orders.place(body, {
        source: 'phone',
        actor,
        override: body.override === true,
      }),
    );
    return placed.ok ? { ok: true, order: staffView(placed.order) } : placed;
  }

  /** A date's orders as staff see them, by pickup time then id. */
  async orders(date: string): Promise<TakeawayOrder[]> {
    return staffViewsWithGuests(this.#db, await readOrders(this.#db, { date }), this.#now());
  }

  /**
   * The kitchen board for `date`, and its tag; `notModified` when the tag
   * is `ifNoneMatch`: then nothing but one row was read.
   */
  async board(
    date: string,
    ifNoneMatch: string | undefined,
  ): Promise<{ tag: string; notModified: true } | { tag: string; board: TakeawayBoard }> {
    const nowMs = this.#now();
    const tag = await boardTag(this.#db, {
      date,
      nowMs,
      contentVersion: await this.#contentVersion(),
    });
    if (ifNoneMatch === tag) return { tag, notModified: true };
    const board = await readBoard(this.#db, { date, schedule: await this.#schedule(), nowMs });
    return { tag, board };
  }

  /** The board opened order `id` (it stops ringing); false for an unknown id. */
  open(id: number): Promise<boolean> {
    return this.#changes.open(id);
  }

  /** Staff's status change of order `id` (PATCH /api/takeaway/orders/{id}). */
  async changeOrder(
    id: number,
    patch: TakeawayOrderPatch,
    actor: Actor,
  ): Promise<{ ok: true; order: TakeawayOrder } | Exclude<ChangeOutcome, { ok: true }>> {
    const changed = this.#mailed(await this.#changes.change(id, patch, actor));
    return changed.ok ? { ok: true, order: staffView(changed.order) } : changed;
  }

  /** How many orders one guest (or address) has still `received` (GET /api/takeaway/decline-pending). */
  pendingCount(guest: PendingOf): Promise<number | null> {
    return this.#pending.count(guest);
  }

  /** The board's "Rifiuta tutte" (POST /api/takeaway/decline-pending); one mail to each guest. */
  async declinePending(
    guest: PendingOf,
    message: string | undefined,
    actor: Actor,
  ): Promise<number | null> {
    const declined = await this.#pending.decline(guest, message, actor);
    if (declined) this.#mailed({ ok: true });
    return declined;
  }

  /**
   * The order a status link names, as its page shows it; null when the link
   * leads nowhere, as for an order retention anonymised (guest-data.ts
   * `purgeExpired`): it is no longer the guest's.
   */
  async status(token: string): Promise<GuestOrder | null> {
    const id = readOrderStatusToken(await this.#linkKey.read(this.#db), token);
    if (id === null) return null;
    const order = await readOrder(this.#db, id);
    return order && order.row.anonymised_at === null ? guestView(order) : null;
  }

  /**
   * The guest cancels from the status page, counted against the address's
   * limit: null when the link leads nowhere, 'too-late' once staff took
   * the order on.
   */
  async cancelAsGuest(
    token: string,
    clientKey: string,
  ): Promise<GuestOrder | null | 'too-late' | RateLimited> {
    const limited = await hitLimit(this.#counters, CANCEL_ADDRESS_LIMIT, clientKey);
    if (limited) return limited;
    const id = readOrderStatusToken(await this.#linkKey.read(this.#db), token);
    if (id === null) return null;
    const cancelled = this.#mailed(await this.#changes.cancelByGuest(id));
    if (cancelled.ok) return guestView(cancelled.order);
    return cancelled.reason === 'not-found' ? null : 'too-late';
  }

  /**
   * Whether takeaway is on, until when it is paused, and each date from
   * today to the horizon with whether a pickup time is left on it (for an
   * order of no load: the guest has not chosen yet).
   */
  async calendar(): Promise<{
    enabled: boolean;
    pausedUntil: string | null;
    days: { date: string; open: boolean }[];
  }> {
    const settings = await this.#settings.settings();
    const days = openDays({
      schedule: await this.#schedule(),
      settings,
      now: new Date(this.#now()),
      today: this.#today(),
    });
    return { enabled: settings.enabled, pausedUntil: settings.pausedUntil, days };
  }

  /**
   * A committed change to orders, which may have queued a mail: the outbox
   * sends it now, and this instance's next slots read the loads afresh.
   */
  #mailed<T extends { ok: boolean }>(outcome: T): T {
    if (outcome.ok) {
      this.#ordersVersion.expire();
      this.#onMail();
    }
    return outcome;
  }

  /** The token of order `id`'s status page (status-token.ts). */
  async statusToken(id: number): Promise<string> {
    return orderStatusToken(await this.#linkKey.read(this.#db), id);
  }

  /**
   * A date's pickup slots for an order of `items`: which can take its load
   * on top of what the stored orders already hold in each slot; or the ids
   * the menu does not have. Read from what this instance keeps (the
   * dishes' groups, the loads by date): the order itself is checked afresh
   * under the lock. `forPhone`: staff's times for a phone order, which goes
   * on while online orders are off or paused (as `TakeawayOrders.place`).
   */
  async slots(
    date: string,
    items: readonly OrderedItem[],
    forPhone = false,
  ): Promise<
    | {
        ok: true;
        answer: TakeawaySlotsAnswer;
        /** When a pause of the orders running now ends: the answer changes then. */
        changesAt?: number;
      }
    | { ok: false; unknown: number[] }
  > {
    const order = loadOfItems(
      await this.#kitchenGroups.get('menu', () => readKitchenGroups(this.#db)),
      items,
    );
    if (!order.ok) return order;
    const kept = await this.#settings.settings();
    const settings = forPhone ? { ...kept, enabled: true, pausedUntil: null } : kept;
    const now = new Date(this.#now());
    const today = this.#today();
    // A date before today or past the horizon has no slot: known without a
    // query, and never kept (anyone may ask for any date, as often as they like).
    if (date < today || date > addDays(today, settings.horizonDays)) {
      return { ok: true, answer: { date, slots: [] } };
    }
    const schedule = await this.#schedule();
    const held = await this.#heldLoads.get(date, () => heldLoads(this.#db, date));
    const times = timesAhead({ schedule, date, settings, now, today });
    // The same question on the same state is answered once (the route keeps its JSON):
    // the times still open say all that the clock and a pause change. The settings
    // are a copy at each call (settings.ts `settingsAsOf`): their values are in the question.
    const { limits, slotMinutes } = settings;
    const key = [date, order.load.oven, order.load.kitchen, times[0]?.time, times.length];
    key.push(slotMinutes, limits.oven, limits.kitchen);
    const slots = this.#answers.get(key.join(' '), [schedule, held], () =>
      withLoad(times, order.load, held, limits).map(({ time, available }) => ({
        time,
        available,
      })),
    );
    const changesAt = settings.pausedUntil === null ? undefined : Date.parse(settings.pausedUntil);
    return { ok: true, answer: { date, slots }, ...(changesAt === undefined ? {} : { changesAt }) };
  }
}
