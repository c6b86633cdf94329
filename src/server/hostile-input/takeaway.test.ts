import fc from 'fast-check';
import { type HTTPMethods } from 'fastify';
import { expect } from 'vitest';
import { MENU } from '../../../content/menu.ts';
import type { TakeawaySettings } from '../../shared/schemas/takeaway.ts';
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
  notAString,
  optional,
} from '../testing/hostile-input/bodies.ts';
import { type Expected, noWrites, refused } from '../testing/hostile-input/expected.ts';
import {
  hasQueryKeys,
  junkQuery,
  queryOf,
  queryRefusals,
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
import { bookingRules, queryDates } from '../testing/hostile-input/reservations-generators.ts';
import { limitEmail, limitPhone } from '../testing/hostile-input/reservations.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import { anyText, hhmm, tooLongText } from '../testing/hostile-input/texts.ts';

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

/** GET /api/takeaway/slots under `settings`, saved by the owner before the family runs. */
const getSlots = (label: string, settings: Settings, runs: number) =>
  family({
    name: `GET /api/takeaway/slots?date=&items= (${label})`,
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
      url: `/api/takeaway/slots${queryOf(parts)}`,
      headers: authorizationHeader(auth),
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
          settings.enabled && date >= TODAY && date <= addDays(TODAY, settings.horizonDays);
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

/** The menu as the oracle prices an order: each dish's group, whether it can be ordered, its prices. */
let menu: Map<
  number,
  {
    name: string;
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
  menu = new Map(
    dishes.map((dish) => [
      dish.id,
      {
        name: dish.name,
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
const orderBodies = bodies({
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
  privacy: {
    valid: fc.constant(true),
    invalid: fc.constant(false),
    wrongType: fc.oneof(junk.number, junk.null, junk.string, junk.array, junk.object),
  },
  website: optional({
    valid: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('', ' ') },
      { weight: 1, arbitrary: anyText(200) },
    ),
    invalid: tooLongText(200),
    wrongType: notAString,
  }),
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

/** The oracle's decision on a valid order under DEFAULTS: the refusal, or the order it expects. */
function decideOrder(sent: SentOrder): Expected {
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
      const time = slotsOf(date).find((candidate) => fits(date, candidate));
      if (time) chosen = { date, time };
    }
    if (!chosen) return refusal('slot-full');
  } else {
    const { date, time } = sent.pickup;
    if (!slotsOf(date).includes(time)) return refusal('not-a-slot');
    if (!fits(date, time)) return refusal('slot-full');
    chosen = { date, time };
  }
  const pickup = chosen;
  const key = `${pickup.date} ${pickup.time}`;
  const held = oracleLoad.get(key) ?? { oven: 0, kitchen: 0 };
  oracleLoad.set(key, { oven: held.oven + load.oven, kitchen: held.kitchen + load.kitchen });
  const expectedLines = lines.map(({ item, dish, price }) => ({
    id: item.id,
    name: dish!.name,
    label: price![0],
    quantity: item.quantity,
    amount: cents(price![1]),
  }));
  const total = lines.reduce((sum, { item, price }) => sum + price![1] * item.quantity, 0);
  return {
    accepted: {
      status: 201,
      mayWrite: ['takeaway_orders', 'takeaway_order_lines'],
      async verify(response) {
        expect(response.json()).toEqual({
          id: expect.any(Number),
          status: 'received',
          pickup,
          total: cents(total),
          lines: expectedLines,
        });
        expect(await storedLoad(pickup.date, pickup.time)).toEqual(oracleLoad.get(key));
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
    handler: (): Expected => {
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
      return decideOrder(sent);
    },
  }),
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
  getSettings,
  putSettings,
  postOrder,
]);
