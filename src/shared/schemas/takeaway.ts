import type { KitchenGroup } from './menu.ts';
import { LANGUAGES } from '../languages.ts';
import { guestContactFields, guestNotes } from './guest.ts';
import { guestSummary } from './guest-records.ts';
import { dateText, timeText, wholeNumber, z } from './zod.ts';
import { ORDER_QUANTITY_MAX, QUANTITY_MAX } from '../takeaway-refusals.ts';

/**
 * Takeaway orders: the payloads of /api/takeaway/*, shared by the routes,
 * the guest's page and the back office. The guest's routes answer in the
 * API's plain English (the page shows its own translation by field and
 * code); the owner's settings speak Italian like the back office.
 */

/**
 * The kitchen groups (a menu section's `kitchen`, schemas/menu.ts) whose
 * work per pickup slot is limited: the oven and the kitchen each make only
 * so many a slot (the settings' `limits`); dishes ready to hand (drinks,
 * desserts: 'none') load neither.
 */
export const LIMITED_GROUPS = ['oven', 'kitchen'] as const satisfies readonly KitchenGroup[];
export type LimitedGroup = (typeof LIMITED_GROUPS)[number];
/** Pieces per limited group: a slot's limit, what an order asks of it, what a slot already holds. */
export type Load = Record<LimitedGroup, number>;

/** Pickup slots may be this many minutes apart. */
export const TAKEAWAY_SLOT_MINUTES = [5, 10, 15, 20, 30] as const;

/** The owner's settings, as the restaurant starts (docs/api.md, "Takeaway"). */
export const DEFAULT_TAKEAWAY_SETTINGS = {
  enabled: true,
  slotMinutes: 15,
  limits: { oven: 12, kitchen: 8 },
  prepMinutes: 30,
  horizonDays: 2,
  /** Set by staff's pause ("forno pieno"), never by a PUT of the settings. */
  pausedUntil: null as string | null,
};

const limit = (label: string) => wholeNumber(`${label}: pezzi per fascia`, 1, 500);

/**
 * PUT /api/takeaway/settings (owner). `pausedUntil` is read-only: the pause
 * calls set it; it may come back as GET answered it (the form sends the
 * settings it loaded), and whatever it says is ignored.
 */
export const takeawaySettingsBody = z.strictObject({
  enabled: z.boolean({ error: 'Asporto attivo: sì o no.' }),
  slotMinutes: z
    .number({ error: 'Intervallo tra i ritiri (minuti): 5, 10, 15, 20 o 30.' })
    .refine(
      (minutes) => (TAKEAWAY_SLOT_MINUTES as readonly number[]).includes(minutes),
      'Intervallo tra i ritiri (minuti): 5, 10, 15, 20 o 30.',
    ),
  limits: z.strictObject(
    { oven: limit('Forno'), kitchen: limit('Cucina') },
    { error: 'Limiti per fascia: forno e cucina.' },
  ),
  prepMinutes: wholeNumber('Tempo di preparazione (minuti)', 0, 240),
  horizonDays: wholeNumber('Ordinabile fino a (giorni)', 0, 14),
  pausedUntil: z
    .string()
    .max(40, 'Pausa: la si imposta con il pulsante di pausa.')
    .nullable()
    .optional(),
});
export type TakeawaySettingsBody = z.infer<typeof takeawaySettingsBody>;

/** GET|PUT /api/takeaway/settings: `pausedUntil` is the instant online orders resume, null when not paused. */
export const takeawaySettingsAnswer = z.object({
  enabled: z.boolean(),
  slotMinutes: z.number(),
  limits: z.object({ oven: z.number(), kitchen: z.number() }),
  prepMinutes: z.number(),
  horizonDays: z.number(),
  pausedUntil: z.string().nullable(),
});
export type TakeawaySettings = z.infer<typeof takeawaySettingsAnswer>;

/** The largest id a menu item can have (PostgreSQL's `integer`). */
const ID_MAX = 2 ** 31 - 1;
const ITEM_ENTRY = /^([1-9]\d{0,9})\*([1-9]\d?)$/;
const ITEMS_MESSAGE = 'must be dishes written ID*QUANTITY, separated by commas';

export interface OrderedItem {
  id: number;
  quantity: number;
}

/**
 * An order's dishes in a query string, "ID*QTY,ID*QTY" (a dish may come
 * twice, in two sizes): each id written plainly, each quantity 1-50, at
 * most 100 in all. Longer than 100 entries can be is refused unread.
 */
const itemsText = z
  .string()
  .max(ORDER_QUANTITY_MAX * 14, ITEMS_MESSAGE)
  .transform((text, ctx): OrderedItem[] => {
    const items: OrderedItem[] = [];
    for (const entry of text.split(',')) {
      const match = ITEM_ENTRY.exec(entry);
      if (!match || Number(match[1]) > ID_MAX) {
        ctx.addIssue({ code: 'custom', message: ITEMS_MESSAGE });
        return z.NEVER;
      }
      items.push({ id: Number(match[1]), quantity: Number(match[2]) });
    }
    if (items.some(({ quantity }) => quantity > QUANTITY_MAX)) {
      ctx.addIssue({ code: 'custom', message: `quantities must be 1 to ${QUANTITY_MAX}` });
      return z.NEVER;
    }
    if (items.reduce((sum, { quantity }) => sum + quantity, 0) > ORDER_QUANTITY_MAX) {
      ctx.addIssue({ code: 'custom', message: `at most ${ORDER_QUANTITY_MAX} in all` });
      return z.NEVER;
    }
    return items;
  });

/** GET /api/takeaway/slots?date=YYYY-MM-DD&items=ID*QTY,ID*QTY (public). */
export const takeawaySlotsQuery = z.strictObject({ date: dateText, items: itemsText });

export const takeawaySlotsAnswer = z.object({
  date: z.string(),
  slots: z.array(z.object({ time: z.string(), available: z.boolean() })),
});
export type TakeawaySlotsAnswer = z.infer<typeof takeawaySlotsAnswer>;

/** An order's statuses: received online, then staff's; the first three hold the slot's load. */
export const TAKEAWAY_ORDER_STATUSES = [
  'received',
  'accepted',
  'ready',
  'collected',
  'declined',
  'cancelled',
  'no-show',
] as const;
export type TakeawayOrderStatus = (typeof TAKEAWAY_ORDER_STATUSES)[number];
/** The statuses whose orders the kitchen still has to make: they count against a slot's limits. */
export const LOADING_STATUSES = [
  'received',
  'accepted',
  'ready',
] as const satisfies readonly TakeawayOrderStatus[];

const orderedItem = z.strictObject({
  id: z.number().int('must be a menu item id').min(1).max(ID_MAX),
  quantity: z
    .number()
    .int(`quantities must be 1 to ${QUANTITY_MAX}`)
    .min(1, `quantities must be 1 to ${QUANTITY_MAX}`)
    .max(QUANTITY_MAX, `quantities must be 1 to ${QUANTITY_MAX}`),
  /** The label of one of the dish's sizes; omitted, its only or first price. */
  price: z.string().max(100).optional(),
});

/**
 * POST /api/takeaway/orders: a guest's order, paid at pickup. No amount is
 * taken from the client: the prices are the menu's at the moment of
 * ordering. `website` is a honeypot: people never see it, so only robots
 * fill it.
 */
export const takeawayOrderBody = z.strictObject({
  ...guestContactFields,
  lang: z.enum(LANGUAGES),
  pickup: z.union([z.literal('asap'), z.strictObject({ date: dateText, time: timeText })]),
  items: z
    .array(orderedItem)
    .min(1, 'an order needs at least one dish')
    .max(ORDER_QUANTITY_MAX, `at most ${ORDER_QUANTITY_MAX} in all`)
    .refine(
      (items) => items.reduce((sum, { quantity }) => sum + quantity, 0) <= ORDER_QUANTITY_MAX,
      `at most ${ORDER_QUANTITY_MAX} in all`,
    ),
  notes: guestNotes,
  privacy: z.literal(true, { error: 'the privacy policy must be accepted' }),
  website: z.string().max(200).optional(),
});
export type TakeawayOrderBody = z.infer<typeof takeawayOrderBody>;

/** A line of an order as answered: the menu item's id, its name and size as ordered, the unit price. */
export const orderLineAnswer = z.object({
  id: z.number(),
  name: z.string(),
  label: z.string(),
  quantity: z.number(),
  amount: z.string(),
});
export type OrderLine = z.infer<typeof orderLineAnswer>;

/** 201 to POST /api/takeaway/orders: amounts as decimal strings ("23.50"), the total their sum × quantities. */
export const createdOrderAnswer = z.object({
  id: z.number(),
  status: z.literal('received'),
  pickup: z.object({ date: z.string(), time: z.string() }),
  total: z.string(),
  lines: z.array(orderLineAnswer),
});
export type CreatedOrder = z.infer<typeof createdOrderAnswer>;

/** The refusal codes of the takeaway API (409). */
export const TAKEAWAY_REFUSALS = {
  /** A dish sold out, not for takeaway or unknown (its ids in the description). */
  itemUnavailable: 'item-unavailable',
  /** The slot cannot take this order's load (the description names the first later slot that can). */
  full: 'slot-full',
  /** The date and time is not a pickup slot: closed, past, too soon, too far or off the steps. */
  notASlot: 'not-a-slot',
  /** Staff paused online orders for a while (the oven is full). */
  paused: 'paused',
  /** The restaurant takes no takeaway orders online. */
  disabled: 'disabled',
  /** A status change the order's status does not allow (staff's PATCH, a guest cancelling too late). */
  transition: 'invalid-transition',
  /** The status link is not whole, or its order is gone (400). */
  badToken: 'invalid-token',
  /**
   * The guest's e-mail or phone already holds two orders the kitchen has not
   * answered yet (still `received`; docs/security.md item 41).
   */
  tooManyPending: 'too-many-pending',
} as const;

/**
 * POST /api/takeaway/orders/staff: an order staff take by phone. The
 * guest's body without `privacy` (staff tell the guest on the phone) and the
 * honeypot, the e-mail optional; `override: true` goes past a full slot,
 * after the board has warned (the load then exceeds the limit knowingly).
 */
export const staffOrderBody = takeawayOrderBody
  .omit({ privacy: true, website: true, email: true })
  .extend({
    email: guestContactFields.email.optional(),
    override: z.boolean().optional(),
  });
export type StaffOrderBody = z.infer<typeof staffOrderBody>;

/** Where an order came from: the guest's page, or staff taking a phone call. */
export const ORDER_SOURCES = ['online', 'phone'] as const;

/**
 * An order as staff see it (GET /api/takeaway/orders, the board, PATCH's
 * answer). `email` is empty for a phone order without one; `opened` says
 * whether someone opened it on the board (until then it rings); `message`
 * is staff's last word to the guest (a decline's reason), empty if none.
 */
export const takeawayOrderAnswer = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  lang: z.enum(LANGUAGES),
  pickup: z.object({ date: z.string(), time: z.string() }),
  status: z.enum(TAKEAWAY_ORDER_STATUSES),
  total: z.string(),
  lines: z.array(orderLineAnswer),
  notes: z.string(),
  source: z.enum(ORDER_SOURCES),
  createdAt: z.string(),
  opened: z.boolean(),
  message: z.string(),
  /** The guest's record, where staff meet the guest (the day's orders, the board). */
  guest: guestSummary.nullable().optional(),
});
export type TakeawayOrder = z.infer<typeof takeawayOrderAnswer>;

/** GET /api/takeaway/orders?date=YYYY-MM-DD (staff). */
export const takeawayOrdersQuery = z.strictObject({ date: dateText });

/** A staff message to the guest (a decline's reason): one paragraph, sent in the mail as written. */
export const STAFF_MESSAGE_MAX = 500;

/**
 * PATCH /api/takeaway/orders/{id} (staff). `pickupTime` (same day) moves
 * the order, which tells the guest; only with `accepted`. Allowed moves:
 * received → accepted | declined | cancelled; accepted → accepted (a new
 * time) | ready | declined | cancelled | no-show; ready → collected |
 * no-show | cancelled. Anything else is 409 `invalid-transition`.
 */
export const takeawayOrderPatch = z.strictObject({
  status: z.enum(['accepted', 'ready', 'collected', 'declined', 'cancelled', 'no-show']),
  pickupTime: timeText.optional(),
  message: z
    .string()
    .trim()
    .max(STAFF_MESSAGE_MAX, `Messaggio: al massimo ${STAFF_MESSAGE_MAX} caratteri.`)
    .refine((text) => !text.includes('\0'), 'must not contain the character U+0000')
    .optional(),
});
export type TakeawayOrderPatch = z.infer<typeof takeawayOrderPatch>;

/** POST /api/takeaway/pause (staff): online orders stop for 1-180 minutes, then resume by themselves. */
export const takeawayPauseBody = z.strictObject({
  minutes: wholeNumber('Pausa (minuti)', 1, 180),
});

/**
 * GET /api/takeaway/board?date=YYYY-MM-DD (staff): everything the kitchen
 * board shows, in one answer it asks for every second or so with
 * `If-None-Match` (304 while nothing changed, on any instance). `orders`
 * are the date's by pickup time; `unopened` are the orders of any day
 * nobody opened yet (they ring); `slots` are the date's pickup times with
 * the load their orders hold per kitchen group, against `settings.limits`.
 */
export const takeawayBoardQuery = z.strictObject({ date: dateText });
export const takeawayBoardAnswer = z.object({
  date: z.string(),
  orders: z.array(takeawayOrderAnswer),
  unopened: z.array(takeawayOrderAnswer),
  slots: z.array(z.object({ time: z.string(), oven: z.number(), kitchen: z.number() })),
  settings: takeawaySettingsAnswer,
});
export type TakeawayBoard = z.infer<typeof takeawayBoardAnswer>;

/**
 * What the guest's status page shows (GET /api/takeaway/orders/status?token=,
 * and POST /api/takeaway/orders/cancel `{token}`'s answer): no phone, no
 * e-mail, so that a forwarded link shows only the order.
 */
export const guestOrderAnswer = z.object({
  id: z.number(),
  name: z.string(),
  lang: z.enum(LANGUAGES),
  pickup: z.object({ date: z.string(), time: z.string() }),
  status: z.enum(TAKEAWAY_ORDER_STATUSES),
  total: z.string(),
  lines: z.array(orderLineAnswer),
  notes: z.string(),
  message: z.string(),
  /** True while the guest may still cancel (the order is `received`). */
  cancellable: z.boolean(),
});
export type GuestOrder = z.infer<typeof guestOrderAnswer>;
export const orderTokenQuery = z.strictObject({ token: z.string().min(1).max(200) });
export const orderTokenBody = orderTokenQuery;
