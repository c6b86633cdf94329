// Over 400 lines: one route family, takeaway's, whose families share one database and one oracle of the slots' load in order (staff's orders, moves and cancels change what the guests' orders left).
import fc from 'fast-check';
import { type HTTPMethods } from 'fastify';
import { expect } from 'vitest';
import { MENU } from '../../../content/menu.ts';
import { LANGUAGES } from '../../shared/languages.ts';
import { STAFF_MESSAGE_MAX, type TakeawaySettings } from '../../shared/schemas/takeaway.ts';
import { ORDER_EMAIL_LIMIT, ORDER_PHONE_LIMIT } from '../services/takeaway/guest-order.ts';
import { actor, app, CLOCK, expectAudited } from '../testing/hostile-input/app-under-test.ts';
import {
  authCases,
  authorizationHeader,
  ownerAuthCases,
} from '../testing/hostile-input/authorization.ts';
import {
  bodies,
  type FieldRule,
  junk,
  notABoolean,
  optional,
  text,
} from '../testing/hostile-input/bodies.ts';
import { type Expected, noWrites, refused } from '../testing/hostile-input/expected.ts';
import { expectGuestRecord } from '../testing/hostile-input/guests.ts';
import { fitsRoute, randomSegments, readsAsId, segment } from '../testing/hostile-input/paths.ts';
import {
  hasQueryKeys,
  junkQuery,
  queryOf,
  queryRefusals,
  type QueryPart,
  queryValue,
  strictQueries,
} from '../testing/hostile-input/queries.ts';
import {
  addDays,
  isRealDate,
  MINUTE_MS,
  romeInstant,
  SEEDED_RANGES,
  TODAY,
} from '../testing/hostile-input/reservations-calendar.ts';
import {
  bookingRules,
  guestFormRules,
  queryDates,
} from '../testing/hostile-input/reservations-generators.ts';
import { holdsTwoPending, limitEmail, limitPhone } from '../testing/hostile-input/reservations.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import { declinePendingFamilies, namedBy } from '../testing/hostile-input/decline-pending.ts';
import { anyText, hhmm, stored, tooLongText } from '../testing/hostile-input/texts.ts';

// Takeaway: a date's pickup slots for an order (public), under the default
// settings, tight ones and with takeaway off; then the settings, which staff
// read and the owner writes. The oracle works the slots out on its own: the
// seeded hours, every `slotMinutes` from each opening and the closing time,
// none sooner than the preparation time nor past the horizon; and each
// order's load from the seeded sections' kitchen groups, against the limits
// (the slots family runs before any order is stored, so no slot holds any
// load). Then a guest's order: the oracle prices it from the menu, keeps
// each slot's load itself as it expects orders to be taken, and checks the
// stored load against its own.

type Settings = Omit<TakeawaySettings, 'pausedUntil'>;

/** How many dishes the first menu seeds: ids past it are unknown. */
const SEEDED_DISHES = MENU.flatMap((list) => [...list.items, ...(list.extras?.items ?? [])]).length;

/** A dish id: mostly seeded, sometimes past the menu's last. */
const dishIds = fc.oneof(
  { weight: 9, arbitrary: fc.integer({ min: 1, max: SEEDED_DISHES }) },
  { weight: 1, arbitrary: fc.integer({ min: SEEDED_DISHES + 1, max: 2 ** 31 - 1 }) },
);
const validItems = fc
  .array(fc.tuple(dishIds, fc.integer({ min: 1, max: 50 })), { minLength: 1, maxLength: 6 })
  .filter((entries) => entries.reduce((sum, [, quantity]) => sum + quantity, 0) <= 100)
  .map((entries) => entries.map(([id, quantity]) => `${id}*${quantity}`).join(','));
const BAD_ITEMS = [
  '',
  '1',
  '1*',
  '*1',
  '1*0',
  '1*51',
  '1*01',
  '01*1',
  '1*-1',
  '-1*1',
  '1*1,',
  ',1*1',
  '1*1,,2*1',
  '1*1;2*1',
  '1 *1',
  '1*1.5',
  '1x1',
  '0*1',
  '2147483648*1',
  '99999999999*1',
  '1*50,2*50,3*1',
  '1*1e1',
  `${'1*1,'.repeat(101)}1*1`,
];
const itemTexts = fc.oneof(
  { weight: 8, arbitrary: validItems },
  { weight: 2, arbitrary: fc.constantFrom(...BAD_ITEMS) },
  { weight: 1, arbitrary: anyText(30) },
);
/** The oracle's reading of `items`: the ordered dishes, or null when the query refuses it. */
function parsedItems(text: string): [id: number, quantity: number][] | null {
  if (text.length > 1400) return null;
  const entries: [number, number][] = [];
  for (const entry of text.split(',')) {
    const match = /^([1-9][0-9]*)\*([1-9][0-9]?)$/.exec(entry);
    if (!match || match[1]!.length > 10) return null;
    const [id, quantity] = [Number(match[1]), Number(match[2])];
    if (id > 2 ** 31 - 1 || quantity > 50) return null;
    entries.push([id, quantity]);
  }
  return entries.reduce((sum, [, quantity]) => sum + quantity, 0) <= 100 ? entries : null;
}
const isItemsText = (text: string) => parsedItems(text) !== null;

/** Most dates within the horizon's reach, the rest anything the reservations' oracle sends. */
const slotDates = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -1, max: 4 }).map((days) => addDays(TODAY, days)) },
  { weight: 2, arbitrary: queryDates },
);

/** Each dish's kitchen group as the menu stores it: what the load must count it against. */
let groupOfDish: Map<number, 'oven' | 'kitchen' | 'none'>;
async function readDishes() {
  const rows = await app.db
    .selectFrom('menu_items')
    .innerJoin('menu_sections', 'menu_sections.id', 'menu_items.section_id')
    .select(['menu_items.id as id', 'menu_sections.kitchen as kitchen'])
    .execute();
  groupOfDish = new Map(rows.map(({ id, kitchen }) => [id, kitchen]));
}

/** Every pickup time of a seeded day: each `step` minutes from the opening, and the closing time. */
function pickupTimes(date: string, step: number): string[] {
  if (new Date(Date.parse(`${date}T00:00:00Z`)).getUTCDay() === 1) return []; // Monday: closed
  const minutes = SEEDED_RANGES.flatMap(([open, close]) => {
    const times: number[] = [];
    for (let minute = open; minute <= close; minute += step) times.push(minute);
    return times.at(-1) === close ? times : [...times, close];
  });
  return minutes.map(hhmm);
}

const DEFAULTS: Settings = {
  enabled: true,
  slotMinutes: 15,
  limits: { oven: 12, kitchen: 8 },
  prepMinutes: 30,
  horizonDays: 2,
};

/**
 * GET /api/takeaway/slots under `settings`, saved by the owner before the
 * family runs; `phone`: staff's GET /api/takeaway/phone-slots, the same
 * times whether or not takeaway is switched off online.
 */
const getSlots = (label: string, settings: Settings, runs: number, phone = false) =>
  family({
    name: phone
      ? `GET /api/takeaway/phone-slots?date=&items= (staff, ${label})`
      : `GET /api/takeaway/slots?date=&items= (${label})`,
    runs,
    async before() {
      await app.takeaway.updateSettings(settings, actor());
      await readDishes();
    },
    cases: fc.record({
      method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
      parts: strictQueries({ date: slotDates, items: itemTexts }),
      auth: authCases,
    }),
    route: ({ method, parts, auth }) => ({
      method,
      url: `/api/takeaway/${phone ? 'phone-slots' : 'slots'}${queryOf(parts)}`,
      ...(phone ? { auth } : { headers: authorizationHeader(auth) }),
      paramRefusals: queryRefusals(parts, { date: isRealDate, items: isItemsText }),
      handler: () => {
        const date = queryValue(parts, 'date');
        const items = parsedItems(queryValue(parts, 'items'))!;
        if (items.some(([id]) => !groupOfDish.has(id))) {
          return refused(400, 'fields', { field: 'items' });
        }
        const load = { oven: 0, kitchen: 0, none: 0 };
        for (const [id, quantity] of items) load[groupOfDish.get(id)!] += quantity;
        const fits = load.oven <= settings.limits.oven && load.kitchen <= settings.limits.kitchen;
        const open =
          (phone || settings.enabled) &&
          date >= TODAY &&
          date <= addDays(TODAY, settings.horizonDays);
        const earliest = CLOCK + settings.prepMinutes * MINUTE_MS;
        const slots = open
          ? pickupTimes(date, settings.slotMinutes)
              .filter((time) => romeInstant(date, time) >= earliest)
              .map((time) => ({ time, available: fits }))
          : [];
        return noWrites((response) => {
          if (method === 'HEAD') return expect(response.body).toBe('');
          expect(response.json()).toEqual({ date, slots });
        });
      },
    }),
  });

/** The settings as stored, read straight from the database. */
async function storedSettings(): Promise<TakeawaySettings> {
  const row = await app.db.selectFrom('takeaway_settings').selectAll().executeTakeFirstOrThrow();
  return {
    enabled: row.enabled === 1,
    slotMinutes: row.slot_minutes,
    limits: { oven: row.oven_limit, kitchen: row.kitchen_limit },
    prepMinutes: row.prep_minutes,
    horizonDays: row.horizon_days,
    pausedUntil: row.paused_until,
  };
}

const getSettings = family({
  name: 'GET /api/takeaway/settings (staff)',
  runs: 100,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: junkQuery,
    // A colleague reads them too.
    auth: ownerAuthCases,
  }),
  route: ({ method, query, auth }) => ({
    method,
    url: `/api/takeaway/settings${query}`,
    unknownQuery: hasQueryKeys(query),
    auth,
    handler: async () => {
      const settings = await storedSettings();
      return noWrites((response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        expect(response.json()).toEqual(settings);
      });
    },
  }),
});

const wholeSetting = (min: number, max: number): FieldRule => ({
  valid: fc.integer({ min, max }),
  invalid: fc.constantFrom(min - 1, max + 1, min + 0.5, -1e9, 1e21),
  wrongType: fc.oneof(
    junk.boolean,
    junk.null,
    junk.string,
    junk.array,
    junk.object,
    fc.constant(String(min)),
  ),
});
const settingsBodies = bodies({
  enabled: { valid: fc.boolean(), wrongType: notABoolean },
  slotMinutes: {
    valid: fc.constantFrom(5, 10, 15, 20, 30),
    invalid: fc.constantFrom(0, 1, 25, 45, 60, 15.5, -15, 1e21),
    wrongType: fc.oneof(junk.boolean, junk.null, junk.string, junk.array, fc.constant('15')),
  },
  limits: {
    valid: fc.record({
      oven: fc.integer({ min: 1, max: 500 }),
      kitchen: fc.integer({ min: 1, max: 500 }),
    }),
    invalid: fc.constantFrom(
      { oven: 0, kitchen: 8 },
      { oven: 12, kitchen: 501 },
      { oven: 12.5, kitchen: 8 },
      { oven: '12', kitchen: 8 },
      { oven: 12 },
      { kitchen: 8 },
      {},
      { oven: 12, kitchen: 8, bar: 4 },
    ),
    wrongType: fc.oneof(junk.number, junk.boolean, junk.null, junk.string, junk.array),
  },
  prepMinutes: wholeSetting(0, 240),
  horizonDays: wholeSetting(0, 14),
  pausedUntil: optional({
    // What GET answered, or anything as short: ignored either way.
    valid: fc.oneof(fc.constant(null), fc.constant('2026-01-13T09:00:00.000Z'), anyText(40)),
    invalid: tooLongText(40),
    wrongType: fc.oneof(junk.number, junk.boolean, junk.array, junk.object),
  }),
});

const putSettings = family({
  name: 'PUT /api/takeaway/settings (owner)',
  runs: 300,
  cases: fc.record({ query: junkQuery, auth: ownerAuthCases, body: settingsBodies }),
  route: ({ query, auth, body }) => ({
    method: 'PUT',
    url: `/api/takeaway/settings${query}`,
    unknownQuery: hasQueryKeys(query),
    body,
    auth,
    ownerOnly: true,
    bodySchema: true,
    handler: async () => {
      const sent = (body as { json: Settings & { pausedUntil?: unknown } }).json;
      const { pausedUntil } = await storedSettings();
      const expected: TakeawaySettings = {
        enabled: sent.enabled,
        slotMinutes: sent.slotMinutes,
        limits: sent.limits,
        prepMinutes: sent.prepMinutes,
        horizonDays: sent.horizonDays,
        pausedUntil,
      };
      return {
        accepted: {
          status: 200,
          mayWrite: ['takeaway_settings', 'content_version', 'audit_log'],
          async verify(response) {
            expect(response.json()).toEqual(expected);
            expect(await storedSettings()).toEqual(expected);
            await expectAudited('takeaway.settings');
          },
        },
      };
    },
  }),
});

/**
 * The menu as the oracle prices an order: each dish's group, whether it can
 * be ordered, its prices, its Italian name (the kitchen's) and its name in
 * each language as the public menu shows it (the guest's lines).
 */
let menu: Map<
  number,
  {
    name: string;
    names: Map<string, string>;
    group: 'oven' | 'kitchen' | 'none';
    orderable: boolean;
    prices: [string, number][];
  }
>;
/** What each slot ("date time") holds per group, as the oracle expects the orders it saw taken. */
const oracleLoad = new Map<string, { oven: number; kitchen: number }>();
const contactOrders = new Map<string, number>();
const overContactLimit = (key: string, limit: number) => {
  const count = (contactOrders.get(key) ?? 0) + 1;
  contactOrders.set(key, count);
  return count > limit;
};

async function readMenu() {
  const dishes = await app.db
    .selectFrom('menu_items')
    .innerJoin('menu_sections', 'menu_sections.id', 'menu_items.section_id')
    .select([
      'menu_items.id as id',
      'menu_items.name as name',
      'menu_items.available as available',
      'menu_items.takeaway as takeaway',
      'menu_sections.kitchen as kitchen',
    ])
    .execute();
  const prices = await app.db
    .selectFrom('menu_item_prices')
    .selectAll()
    .orderBy('item_id')
    .orderBy('position')
    .execute();
  const names = new Map<number, Map<string, string>>();
  for (const lang of LANGUAGES) {
    const view = (await app.inject({ url: `/api/menu?lang=${lang}` })).json<{
      sections: { items: { id: number; name: string }[] }[];
    }>();
    for (const item of view.sections.flatMap((section) => section.items)) {
      if (!names.has(item.id)) names.set(item.id, new Map());
      names.get(item.id)!.set(lang, item.name);
    }
  }
  menu = new Map(
    dishes.map((dish) => [
      dish.id,
      {
        name: dish.name,
        names: names.get(dish.id) ?? new Map(),
        group: dish.kitchen,
        orderable: dish.available === 1 && dish.takeaway === 1,
        prices: prices
          .filter((price) => price.item_id === dish.id)
          .map((price): [string, number] => [price.label, price.amount_cents]),
      },
    ]),
  );
}

/** The stored load of a slot, per group: what no race may ever push past the limits. */
async function storedLoad(date: string, time: string) {
  const rows = await app.db
    .selectFrom('takeaway_order_lines')
    .innerJoin('takeaway_orders', 'takeaway_orders.id', 'takeaway_order_lines.order_id')
    .select(['kitchen', 'quantity'])
    .where('date', '=', date)
    .where('time', '=', time)
    .where('status', 'in', ['received', 'accepted', 'ready'])
    .execute();
  const load = { oven: 0, kitchen: 0 };
  for (const row of rows) if (row.kitchen !== 'none') load[row.kitchen] += row.quantity;
  return load;
}

const cents = (amount: number) =>
  `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;

const orderedItems = fc.array(
  fc.record(
    {
      id: dishIds,
      quantity: fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: 1, max: 3 }) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 50 }) },
      ),
      price: fc.constantFrom('', 'Maxi'),
    },
    { requiredKeys: ['id', 'quantity'] },
  ),
  { minLength: 1, maxLength: 4 },
);
/** The fields a guest's order and staff's phone order share. */
const orderFields = {
  name: bookingRules.name,
  email: bookingRules.email,
  phone: bookingRules.phone,
  lang: bookingRules.lang,
  notes: bookingRules.notes,
  pickup: {
    valid: fc.oneof(
      fc.constant('asap'),
      fc.record({
        date: fc.integer({ min: -1, max: 3 }).map((days) => addDays(TODAY, days)),
        time: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...pickupTimes(TODAY, 15)) },
          { weight: 1, arbitrary: fc.integer({ min: 0, max: 24 * 60 - 1 }).map(hhmm) },
        ),
      }),
    ),
    invalid: fc.constantFrom('ASAP', 'now', { date: TODAY }, { date: TODAY, time: '7pm' }, {}),
    wrongType: fc.oneof(junk.number, junk.boolean, junk.null, junk.array),
  },
  items: {
    valid: orderedItems.filter(
      (items) => items.reduce((sum, { quantity }) => sum + quantity, 0) <= 100,
    ),
    invalid: fc.constantFrom(
      [],
      [{ id: 1, quantity: 0 }],
      [{ id: 1, quantity: 51 }],
      [{ id: 1, quantity: 1.5 }],
      [{ id: 1, quantity: '1' }],
      [{ id: 0, quantity: 1 }],
      [{ id: 1, quantity: 1, amount: '0.01' }],
      [{ id: 1 }],
      [
        { id: 1, quantity: 50 },
        { id: 2, quantity: 50 },
        { id: 3, quantity: 1 },
      ],
    ),
    wrongType: fc.oneof(junk.number, junk.boolean, junk.null, junk.string, junk.object),
  },
};
const orderBodies = bodies({
  ...orderFields,
  ...guestFormRules,
});

interface SentOrder {
  name: string;
  email: string;
  phone: string;
  lang: string;
  notes?: string;
  pickup: 'asap' | { date: string; time: string };
  items: { id: number; quantity: number; price?: string }[];
  website?: string;
}

/**
 * The oracle's decision on a valid order under DEFAULTS: the refusal, or the
 * order it expects. A phone order (staff) is the same but for `override`,
 * which takes a full slot all the same ("asap": the first slot of the first
 * day that has one, when none fits), and its answer: staff's view, opened.
 */
function decideOrder(
  sent: SentOrder,
  how: { phone: boolean; override: boolean } = { phone: false, override: false },
): Expected {
  const refusal = (code: string) => refused(409, 'refusal', { code });
  const lines = sent.items.map((item) => {
    const dish = menu.get(item.id);
    const price = dish?.prices.find(([label], index) =>
      item.price === undefined ? index === 0 : label === item.price,
    );
    return { item, dish, price };
  });
  if (lines.some(({ dish, price }) => !dish?.orderable || !price)) {
    return refusal('item-unavailable');
  }
  const load = { oven: 0, kitchen: 0 };
  for (const { item, dish } of lines)
    if (dish!.group !== 'none') load[dish!.group] += item.quantity;
  const earliest = CLOCK + DEFAULTS.prepMinutes * MINUTE_MS;
  const slotsOf = (date: string) =>
    date < TODAY || date > addDays(TODAY, DEFAULTS.horizonDays)
      ? []
      : pickupTimes(date, DEFAULTS.slotMinutes).filter(
          (time) => romeInstant(date, time) >= earliest,
        );
  const fits = (date: string, time: string) => {
    const held = oracleLoad.get(`${date} ${time}`) ?? { oven: 0, kitchen: 0 };
    return (
      held.oven + load.oven <= DEFAULTS.limits.oven &&
      held.kitchen + load.kitchen <= DEFAULTS.limits.kitchen
    );
  };
  let chosen: { date: string; time: string } | undefined;
  if (sent.pickup === 'asap') {
    for (let day = 0; day <= DEFAULTS.horizonDays && !chosen; day += 1) {
      const date = addDays(TODAY, day);
      const slots = slotsOf(date);
      const time =
        slots.find((candidate) => fits(date, candidate)) ?? (how.override ? slots[0] : undefined);
      if (time) chosen = { date, time };
    }
    if (!chosen) return refusal('slot-full');
  } else {
    const { date, time } = sent.pickup;
    if (!slotsOf(date).includes(time)) return refusal('not-a-slot');
    if (!fits(date, time) && !how.override) return refusal('slot-full');
    chosen = { date, time };
  }
  const pickup = chosen;
  const key = `${pickup.date} ${pickup.time}`;
  const held = oracleLoad.get(key) ?? { oven: 0, kitchen: 0 };
  oracleLoad.set(key, { oven: held.oven + load.oven, kitchen: held.kitchen + load.kitchen });
  const expectedLines = lines.map(({ item, dish, price }) => ({
    id: item.id,
    // Staff read the kitchen's Italian; the guest, the menu's name in their language.
    name: how.phone ? dish!.name : dish!.names.get(sent.lang),
    label: price![0],
    quantity: item.quantity,
    amount: cents(price![1]),
  }));
  const total = lines.reduce((sum, { item, price }) => sum + price![1] * item.quantity, 0);
  const answer = {
    id: expect.any(Number),
    status: 'received',
    pickup,
    total: cents(total),
    lines: expectedLines,
  };
  return {
    accepted: {
      status: 201,
      // The order, its lines, the orders' version, the guest's record, the guest's mail
      // (staff: the log entry).
      mayWrite: [
        'takeaway_orders',
        'takeaway_order_lines',
        'takeaway_settings',
        'guests',
        ...(sent.email ? ['outbox' as const] : []),
        ...(how.phone ? ['audit_log' as const] : []),
      ],
      async verify(response) {
        if (how.phone) {
          expect(response.json()).toEqual({
            ...answer,
            name: expect.any(String),
            phone: expect.any(String),
            email: expect.any(String),
            lang: sent.lang,
            notes: expect.any(String),
            source: 'phone',
            createdAt: new Date(CLOCK).toISOString(),
            opened: true,
            message: '',
          });
          await expectAudited('takeaway.create');
        } else {
          expect(response.json()).toEqual(answer);
        }
        expect(await storedLoad(pickup.date, pickup.time)).toEqual(oracleLoad.get(key));
        const row = await app.db
          .selectFrom('takeaway_orders')
          .select(['name', 'guest_id'])
          .where('id', '=', response.json<{ id: number }>().id)
          .executeTakeFirstOrThrow();
        const name = stored(sent.name.trim());
        expect(row.name).toBe(name);
        await expectGuestRecord(row.guest_id, { ...sent, name });
      },
    },
  };
}

const postOrder = family({
  name: 'POST /api/takeaway/orders',
  runs: 400,
  async before() {
    await app.takeaway.updateSettings(DEFAULTS, actor());
    await readMenu();
  },
  cases: fc.record({ query: junkQuery, auth: authCases, body: orderBodies }),
  route: ({ query, auth, body }) => ({
    method: 'POST',
    url: `/api/takeaway/orders${query}`,
    unknownQuery: hasQueryKeys(query),
    headers: authorizationHeader(auth),
    body,
    bodySchema: true,
    handler: async (): Promise<Expected> => {
      const sent = (body as { json: SentOrder }).json;
      if ((sent.website ?? '').trim() !== '') {
        return {
          accepted: {
            status: 201,
            mayWrite: [],
            verify: (response) =>
              expect(response.json()).toMatchObject({ id: 0, status: 'received', lines: [] }),
          },
        };
      }
      if (
        overContactLimit(`email:${limitEmail(sent.email)}`, ORDER_EMAIL_LIMIT.limit) ||
        overContactLimit(`phone:${limitPhone(sent.phone)}`, ORDER_PHONE_LIMIT.limit)
      ) {
        return refused(429, 'refusal', { code: 'rate-limited' });
      }
      // Two orders from the site still waiting for the kitchen: the third is refused.
      const waiting = await app.db
        .selectFrom('takeaway_orders')
        .select(['email', 'phone'])
        .where('status', '=', 'received')
        .where('source', '=', 'online')
        .where('date', '>=', TODAY)
        .execute();
      if (holdsTwoPending(waiting, sent))
        return refused(409, 'refusal', { code: 'too-many-pending' });
      return decideOrder(sent);
    },
  }),
});

const staffOrderBodies = bodies({
  ...orderFields,
  email: optional(bookingRules.email),
  override: optional({ valid: fc.boolean(), wrongType: notABoolean }),
});

const postStaffOrder = family({
  name: 'POST /api/takeaway/orders/staff (staff)',
  runs: 300,
  cases: fc.record({ query: junkQuery, auth: authCases, body: staffOrderBodies }),
  route: ({ query, auth, body }) => ({
    method: 'POST',
    url: `/api/takeaway/orders/staff${query}`,
    unknownQuery: hasQueryKeys(query),
    auth,
    body,
    bodySchema: true,
    handler: (): Expected => {
      const sent = (body as { json: SentOrder & { override?: boolean } }).json;
      return decideOrder(sent, { phone: true, override: sent.override === true });
    },
  }),
});

/** The stored orders' ids, oldest first. */
const storedIds = async () =>
  (await app.db.selectFrom('takeaway_orders').select('id').orderBy('id').execute()).map(
    ({ id }) => id,
  );
const orderRow = (id: number) =>
  app.db.selectFrom('takeaway_orders').selectAll().where('id', '=', id).executeTakeFirst();
/** The pieces an order asks of each group, from its lines as stored. */
async function piecesOf(id: number) {
  const lines = await app.db
    .selectFrom('takeaway_order_lines')
    .select(['kitchen', 'quantity'])
    .where('order_id', '=', id)
    .execute();
  const load = { oven: 0, kitchen: 0 };
  for (const line of lines) if (line.kitchen !== 'none') load[line.kitchen] += line.quantity;
  return load;
}
const LOADING = ['received', 'accepted', 'ready'];
/** The oracle's load moves: `pieces` leave one slot ("date time"), or come to one. */
function shiftLoad(key: string, pieces: { oven: number; kitchen: number }, sign: 1 | -1) {
  const held = oracleLoad.get(key) ?? { oven: 0, kitchen: 0 };
  oracleLoad.set(key, {
    oven: held.oven + sign * pieces.oven,
    kitchen: held.kitchen + sign * pieces.kitchen,
  });
}

/** Path ids: a stored order (by its rank), nobody's, or not an id. */
const orderIdCases = fc.oneof(
  { weight: 6, arbitrary: fc.nat().map((rank) => ({ rank })) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000_000, max: 2 ** 31 - 1 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constantFrom('0', '-1', '1.5', 'abc', '2147483648', 'staff', 'status', 'cancel', 'x y'),
      randomSegments,
    ),
  },
);
async function orderIdOf(id: { rank: number } | string) {
  if (typeof id === 'string') return segment(id);
  const ids = await storedIds();
  return segment(String(ids[id.rank % ids.length]));
}

const dateQueries = strictQueries({ date: slotDates });

const getOrders = family({
  name: 'GET /api/takeaway/orders?date= (staff)',
  runs: 150,
  cases: fc.record({ parts: dateQueries, auth: authCases }),
  route: ({ parts, auth }) => ({
    method: 'GET',
    url: `/api/takeaway/orders${queryOf(parts)}`,
    auth,
    paramRefusals: queryRefusals(parts, { date: isRealDate }),
    handler: async () => {
      const date = queryValue(parts, 'date');
      const rows = await app.db
        .selectFrom('takeaway_orders')
        .select(['id', 'time'])
        .where('date', '=', date)
        .execute();
      const expected = rows
        .sort((a, b) => a.time.localeCompare(b.time) || a.id - b.id)
        .map(({ id }) => id);
      return noWrites((response) =>
        expect(response.json<{ id: number }[]>().map(({ id }) => id)).toEqual(expected),
      );
    },
  }),
});

const getBoard = family({
  name: 'GET /api/takeaway/board?date= (staff)',
  runs: 150,
  cases: fc.record({ parts: dateQueries, auth: authCases }),
  route: ({ parts, auth }) => ({
    method: 'GET',
    url: `/api/takeaway/board${queryOf(parts)}`,
    auth,
    paramRefusals: queryRefusals(parts, { date: isRealDate }),
    handler: () => {
      const date = queryValue(parts, 'date');
      const times = pickupTimes(date, DEFAULTS.slotMinutes);
      return noWrites((response) => {
        const board = response.json<{
          date: string;
          slots: { time: string; oven: number; kitchen: number }[];
        }>();
        expect(board.date).toBe(date);
        // The whole day's pickup times first, each with the load the oracle counted.
        expect(board.slots.slice(0, times.length).map(({ time }) => time)).toEqual(times);
        for (const { time, oven, kitchen } of board.slots) {
          expect({ oven, kitchen }, time).toEqual(
            oracleLoad.get(`${date} ${time}`) ?? { oven: 0, kitchen: 0 },
          );
        }
      });
    },
  }),
});

const postOpened = family({
  name: 'POST /api/takeaway/orders/:id/opened (staff)',
  runs: 100,
  cases: fc.record({ id: orderIdCases, auth: authCases }),
  route: async ({ id, auth }) => {
    const param = await orderIdOf(id);
    const valid = readsAsId(param.decoded);
    const before = valid ? await orderRow(Number(param.decoded)) : undefined;
    return {
      method: 'POST',
      url: `/api/takeaway/orders/${param.raw}/opened`,
      auth,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      handler: (): Expected => {
        if (!before) return refused(404, 'message');
        return {
          accepted: {
            status: 204,
            // Once: an order opened before changes nothing.
            mayWrite: before.opened_at === null ? ['takeaway_orders', 'takeaway_settings'] : [],
            async verify() {
              const after = (await orderRow(before.id))!;
              expect(after.opened_at).toBe(before.opened_at ?? new Date(CLOCK).toISOString());
              // Nothing else changes, the load least of all.
              expect({ ...after, opened_at: null }).toEqual({ ...before, opened_at: null });
            },
          },
        };
      },
    };
  },
});

const TRANSITIONS: Record<string, readonly string[]> = {
  received: ['accepted', 'declined', 'cancelled'],
  accepted: ['accepted', 'ready', 'declined', 'cancelled', 'no-show'],
  ready: ['collected', 'no-show', 'cancelled'],
};

const patchOrder = family({
  name: 'PATCH /api/takeaway/orders/:id (staff)',
  runs: 400,
  cases: fc.record({
    id: orderIdCases,
    auth: authCases,
    body: bodies({
      status: text(
        fc.constantFrom('accepted', 'ready', 'collected', 'declined', 'cancelled', 'no-show'),
        fc.constantFrom('received', 'ACCEPTED', '', 'noshow', 'accepted '),
      ),
      pickupTime: optional(
        text(
          fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom(...pickupTimes(TODAY, 15)) },
            { weight: 1, arbitrary: fc.integer({ min: 0, max: 24 * 60 - 1 }).map(hhmm) },
          ),
          fc.constantFrom('7pm', '24:00', '19:5', '', '19:30:00'),
        ),
      ),
      message: optional(text(anyText(STAFF_MESSAGE_MAX), tooLongText(STAFF_MESSAGE_MAX))),
    }),
  }),
  route: async ({ id, auth, body }) => {
    const param = await orderIdOf(id);
    const valid = readsAsId(param.decoded);
    const before = valid ? await orderRow(Number(param.decoded)) : undefined;
    const pieces = before ? await piecesOf(before.id) : { oven: 0, kitchen: 0 };
    return {
      method: 'PATCH',
      url: `/api/takeaway/orders/${param.raw}`,
      auth,
      body,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      bodySchema: true,
      handler: (): Expected => {
        const { json } = body as { json: { status: string; pickupTime?: string } };
        if (json.pickupTime !== undefined && json.status !== 'accepted') {
          return refused(400, 'fields', { field: 'pickupTime' });
        }
        if (!before) return refused(404, 'message');
        if (!(TRANSITIONS[before.status] ?? []).includes(json.status)) {
          return refused(409, 'refusal', { code: 'invalid-transition' });
        }
        const from = `${before.date} ${before.time}`;
        const time = json.pickupTime ?? before.time;
        const to = `${before.date} ${time}`;
        if (time !== before.time) {
          if (!pickupTimes(before.date, DEFAULTS.slotMinutes).includes(time)) {
            return refused(409, 'refusal', { code: 'not-a-slot' });
          }
          const held = oracleLoad.get(to) ?? { oven: 0, kitchen: 0 };
          if (
            held.oven + pieces.oven > DEFAULTS.limits.oven ||
            held.kitchen + pieces.kitchen > DEFAULTS.limits.kitchen
          ) {
            return refused(409, 'refusal', { code: 'slot-full' });
          }
        }
        // The oracle's load: the order leaves its slot when it stops loading, moves with its time.
        shiftLoad(from, pieces, -1);
        if (LOADING.includes(json.status)) shiftLoad(to, pieces, 1);
        return {
          accepted: {
            status: 200,
            mayWrite: ['takeaway_orders', 'takeaway_settings', 'audit_log', 'outbox'],
            async verify(response) {
              expect(response.json()).toMatchObject({
                id: before.id,
                status: json.status,
                pickup: { date: before.date, time },
              });
              await expectAudited(`takeaway.${json.status}`);
              for (const key of [from, to]) {
                const [date, at] = key.split(' ') as [string, string];
                expect(await storedLoad(date, at)).toEqual(
                  oracleLoad.get(key) ?? { oven: 0, kitchen: 0 },
                );
              }
            },
          },
        };
      },
    };
  },
});

/** Whose status link: a stored order's (by rank), nobody's, or the query's own text. */
const tokenCases = fc.oneof(
  { weight: 4, arbitrary: fc.nat().map((rank) => ({ rank })) },
  { weight: 1, arbitrary: fc.constant({ nobody: true }) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.stringMatching(/^[1-9]\d{0,14}\.[A-Za-z0-9_-]{43}$/),
      anyText(200).filter((token) => token.length > 0),
    ),
  },
);
async function tokenOf(
  target: { rank: number } | { nobody: true } | string,
): Promise<{ token: string; id?: number }> {
  if (typeof target === 'string') return { token: target };
  if ('nobody' in target) return { token: await app.takeaway.statusToken(2 ** 31 - 2) };
  const ids = await storedIds();
  const id = ids[target.rank % ids.length]!;
  return { token: await app.takeaway.statusToken(id), id };
}

const getStatus = family({
  name: 'GET /api/takeaway/orders/status?token=',
  runs: 150,
  cases: fc.record({ target: tokenCases, auth: authCases, shape: fc.nat(20) }),
  route: async ({ target, auth, shape }) => {
    const link = await tokenOf(target);
    // Mostly the token alone; sometimes missing, twice or with another key.
    const parts: QueryPart[] =
      shape === 0
        ? []
        : shape === 1
          ? [
              ['token', link.token],
              ['token', link.token],
            ]
          : shape === 2
            ? [
                ['token', link.token],
                ['x', '1'],
              ]
            : [['token', link.token]];
    const before = link.id === undefined ? undefined : await orderRow(link.id);
    return {
      method: 'GET',
      url: `/api/takeaway/orders/status${queryOf(parts)}`,
      headers: authorizationHeader(auth),
      paramRefusals: queryRefusals(parts, {
        token: (token) => token.length >= 1 && [...token].length <= 200,
      }),
      handler: (): Expected => {
        if (!before) return refused(400, 'refusal', { code: 'invalid-token' });
        return noWrites((response) => {
          expect(response.headers['cache-control']).toBe('no-store');
          expect(response.json()).toMatchObject({
            id: before.id,
            status: before.status,
            cancellable: before.status === 'received',
          });
          expect(response.json()).not.toHaveProperty('phone');
          expect(response.json()).not.toHaveProperty('email');
        });
      },
    };
  },
});

const postCancel = family({
  name: 'POST /api/takeaway/orders/cancel',
  runs: 200,
  cases: fc.record({
    query: junkQuery,
    auth: authCases,
    target: tokenCases,
    body: bodies({
      token: text(
        anyText(200).filter((token) => token.length > 0),
        fc.oneof(fc.constant(''), tooLongText(200)),
      ),
    }),
  }),
  route: async ({ query, auth, target, body }) => {
    let sent = body;
    let before: Awaited<ReturnType<typeof orderRow>>;
    if (body.kind === 'valid') {
      const link = await tokenOf(target);
      sent = { ...body, json: { token: link.token } };
      if (link.id !== undefined) before = await orderRow(link.id);
    }
    const pieces = before ? await piecesOf(before.id) : { oven: 0, kitchen: 0 };
    return {
      method: 'POST',
      url: `/api/takeaway/orders/cancel${query}`,
      unknownQuery: hasQueryKeys(query),
      headers: authorizationHeader(auth),
      body: sent,
      bodySchema: true,
      handler: (): Expected => {
        if (!before) return refused(400, 'refusal', { code: 'invalid-token' });
        if (before.status !== 'received') {
          return refused(409, 'refusal', { code: 'invalid-transition' });
        }
        const slot = `${before.date} ${before.time}`;
        shiftLoad(slot, pieces, -1);
        return {
          accepted: {
            status: 200,
            mayWrite: ['takeaway_orders', 'takeaway_settings', 'outbox', 'audit_log'],
            async verify(response) {
              expect(response.json()).toMatchObject({ id: before.id, status: 'cancelled' });
              // The guest's own act: in the log, by nobody on the staff.
              const entry = await app.db
                .selectFrom('audit_log')
                .select(['action', 'actor_id'])
                .orderBy('id', 'desc')
                .executeTakeFirstOrThrow();
              expect(entry).toEqual({ action: 'takeaway.cancelled_by_guest', actor_id: null });
              expect(await storedLoad(before.date, before.time)).toEqual(oracleLoad.get(slot));
            },
          },
        };
      },
    };
  },
});

const postPause = family({
  name: 'POST /api/takeaway/pause (staff)',
  runs: 300,
  cases: fc.record({
    query: junkQuery,
    auth: authCases,
    body: bodies({ minutes: wholeSetting(1, 180) }),
  }),
  route: ({ query, auth, body }) => ({
    method: 'POST',
    url: `/api/takeaway/pause${query}`,
    unknownQuery: hasQueryKeys(query),
    auth,
    body,
    bodySchema: true,
    handler: (): Expected => {
      const { minutes } = (body as { json: { minutes: number } }).json;
      const pausedUntil = new Date(CLOCK + minutes * MINUTE_MS).toISOString();
      return {
        accepted: {
          status: 200,
          mayWrite: ['takeaway_settings', 'content_version', 'audit_log'],
          async verify(response) {
            expect(response.json()).toMatchObject({ pausedUntil });
            expect((await storedSettings()).pausedUntil).toBe(pausedUntil);
            await expectAudited('takeaway.pause');
          },
        },
      };
    },
  }),
});

const deletePause = family({
  name: 'DELETE /api/takeaway/pause (staff)',
  runs: 50,
  cases: fc.record({ query: junkQuery, auth: authCases }),
  route: ({ query, auth }) => ({
    method: 'DELETE',
    url: `/api/takeaway/pause${query}`,
    unknownQuery: hasQueryKeys(query),
    auth,
    handler: (): Expected => ({
      accepted: {
        status: 200,
        mayWrite: ['takeaway_settings', 'content_version', 'audit_log'],
        async verify(response) {
          expect(response.json()).toMatchObject({ pausedUntil: null });
          expect((await storedSettings()).pausedUntil).toBeNull();
          await expectAudited('takeaway.resume');
        },
      },
    }),
  }),
});

const [getDeclinePending, postDeclinePending] = declinePendingFamilies({
  family: 'takeaway',
  stored: () => app.db.selectFrom('takeaway_orders').select(['id', 'email', 'phone']).execute(),
  async pending(who) {
    const named = namedBy(await app.db.selectFrom('takeaway_orders').selectAll().execute(), who);
    return (
      named &&
      named.filter(
        (row) => row.status === 'received' && row.source === 'online' && row.date >= TODAY,
      )
    );
  },
  writes: (mailed) => [
    'takeaway_orders',
    'takeaway_settings',
    'audit_log',
    ...(mailed ? ['outbox' as const] : []),
  ],
  async declined(rows) {
    for (const row of rows) expect((await orderRow(row.id))?.status).toBe('declined');
    // The oracle's loads follow: a declined order holds no place.
    for (const row of rows) {
      const order = (await orderRow(row.id))!;
      shiftLoad(`${order.date} ${order.time}`, await piecesOf(row.id), -1);
    }
  },
});

hostileFamilies('takeaway', [
  getSlots('default settings', DEFAULTS, 300),
  getSlots(
    'tight settings',
    {
      ...DEFAULTS,
      slotMinutes: 20,
      limits: { oven: 3, kitchen: 2 },
      prepMinutes: 0,
      horizonDays: 1,
    },
    300,
  ),
  getSlots('takeaway off', { ...DEFAULTS, enabled: false }, 100),
  getSlots('takeaway off', { ...DEFAULTS, enabled: false }, 100, true),
  getSettings,
  putSettings,
  postOrder,
  postStaffOrder,
  getOrders,
  getBoard,
  postOpened,
  patchOrder,
  getStatus,
  postCancel,
  postPause,
  getDeclinePending,
  postDeclinePending,
  deletePause,
]);
