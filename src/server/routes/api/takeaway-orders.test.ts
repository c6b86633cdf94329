import { refusalBody } from '../../../shared/schemas/errors.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TAKEAWAY_SETTINGS } from '../../../shared/schemas/takeaway.ts';
import { readOrderStatusToken } from '../../services/takeaway/status-token.ts';
import {
  nextAddress,
  TAKEAWAY_CLOCK as CLOCK,
  TAKEAWAY_TODAY as TODAY,
  takeawayApp,
  type TakeawayHarness,
} from '../../testing/takeaway.ts';

// A guest's takeaway order (POST /api/takeaway/orders): the answer, priced
// from the menu in the database; every refusal, each changing nothing; the
// flood limits and the honeypot; the slots following the stored orders; and
// 200 orders racing for the last places of the oven.

// The clock: Tuesday 13 January 2026, 08:30 in Rome (testing/takeaway.ts).
const clock = { now: CLOCK };
let harness: TakeawayHarness;
let others: TakeawayHarness[] = [];

async function start() {
  clock.now = CLOCK;
  harness = await takeawayApp(clock);
}
afterEach(async () => {
  for (const other of others) await other.close();
  others = [];
  await harness?.close();
});

const guestOrder = (overrides: Record<string, unknown> = {}) =>
  harness.guestOrder({ notes: 'Bitte gut durchgebacken', ...overrides });
/** An order of another guest each time: one guest may hold only two waiting (item 41). */
let guests = 0;
const someone = (overrides: Record<string, unknown> = {}) => {
  guests += 1;
  return guestOrder({
    email: `guest${guests}@example.de`,
    phone: `+49 170 ${3_000_000 + guests}`,
    ...overrides,
  });
};
const post = (payload: object, app = harness.app, remoteAddress = nextAddress()) =>
  app.inject({ method: 'POST', url: '/api/takeaway/orders', payload, remoteAddress });
const putSettings = (changes: Record<string, unknown>) =>
  harness.app.inject({
    method: 'PUT',
    url: '/api/takeaway/settings',
    payload: {
      enabled: true,
      slotMinutes: 15,
      limits: DEFAULT_TAKEAWAY_SETTINGS.limits,
      prepMinutes: 30,
      horizonDays: 2,
      ...changes,
    },
    headers: harness.auth,
  });

/** What a refused order must leave as it was. */
const everything = () =>
  Promise.all([
    harness.app.db.selectFrom('takeaway_orders').selectAll().execute(),
    harness.app.db.selectFrom('takeaway_order_lines').selectAll().execute(),
  ]);
/** A 409 refusal of `code` that stores nothing; its description and `details` as given. */
const refusedWith = async (
  payload: object,
  code: string,
  description?: string,
  details?: Record<string, unknown>,
): Promise<void> => {
  const before = await everything();
  const response = await post(payload);
  expect(response.statusCode, response.body).toBe(409);
  const [error] = refusalBody.parse(response.json()).errors;
  expect(error!.code).toBe(code);
  if (description !== undefined) expect(error!.description).toBe(description);
  if (details !== undefined) expect(error!.details).toEqual(details);
  expect(await everything()).toEqual(before);
};
const slotsOf = async (date: string, items: string) => {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/api/takeaway/slots?date=${date}&items=${items}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return new Map(
    response
      .json<{ slots: { time: string; available: boolean }[] }>()
      .slots.map((slot) => [slot.time, slot.available]),
  );
};
/** The oven pieces the stored orders hold in a slot (orders received, accepted or ready). */
async function ovenLoad(date: string, time: string): Promise<number> {
  const row = await harness.app.db
    .selectFrom('takeaway_order_lines')
    .innerJoin('takeaway_orders', 'takeaway_orders.id', 'takeaway_order_lines.order_id')
    .select((eb) => eb.fn.sum<number | string>('quantity').as('pieces'))
    .where('date', '=', date)
    .where('time', '=', time)
    .where('kitchen', '=', 'oven')
    .where('status', 'in', ['received', 'accepted', 'ready'])
    .executeTakeFirstOrThrow();
  return Number(row.pieces ?? 0);
}

describe('POST /api/takeaway/orders', () => {
  it('takes the order priced from the menu in exact cents, whatever the client says, and stores it', async () => {
    await start();
    const pizza = await harness.dish('pizza');
    const pasta = await harness.dish('firstCourses');
    // A second size of the pizza, as staff would add it.
    await harness.app.db
      .insertInto('menu_item_prices')
      .values({ item_id: pizza.id, position: 1, label: 'Maxi', amount_cents: 1195 })
      .execute();
    const response = await post(
      guestOrder({
        items: [
          { id: pizza.id, quantity: 2 },
          { id: pizza.id, quantity: 1, price: 'Maxi' },
          { id: pasta.id, quantity: 3 },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const amount = (cents: number) =>
      `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    const totalCents = pizza.cents * 2 + 1195 + pasta.cents * 3;
    const body = response.json<{ id: number }>();
    // The guest (German) reads the dishes as the German menu names them.
    const german = new Map([
      [pizza.id, await harness.menuName(pizza.id, 'de')],
      [pasta.id, await harness.menuName(pasta.id, 'de')],
    ]);
    expect(german.get(pasta.id)).not.toBe(pasta.name);
    expect(body).toEqual({
      id: expect.any(Number),
      status: 'received',
      pickup: { date: TODAY, time: '19:30' },
      total: amount(totalCents),
      lines: [
        {
          id: pizza.id,
          name: german.get(pizza.id),
          label: '',
          quantity: 2,
          amount: amount(pizza.cents),
        },
        { id: pizza.id, name: german.get(pizza.id), label: 'Maxi', quantity: 1, amount: '11.95' },
        {
          id: pasta.id,
          name: german.get(pasta.id),
          label: '',
          quantity: 3,
          amount: amount(pasta.cents),
        },
      ],
    });
    // The kitchen reads the Italian.
    const staffView = await harness.staff('GET', `/api/takeaway/orders?date=${TODAY}`);
    expect(
      staffView.json<{ lines: { name: string }[] }[]>()[0]!.lines.map((line) => line.name),
    ).toEqual([pizza.name, pizza.name, pasta.name]);
    const stored = await harness.app.db
      .selectFrom('takeaway_orders')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      name: 'Jonas Weber',
      email: 'jonas@example.de',
      lang: 'de',
      status: 'received',
      source: 'online',
      total_cents: totalCents,
      notes: 'Bitte gut durchgebacken',
      client_key: expect.any(String),
    });
    // A later change of the menu's price leaves the order as it was taken.
    await harness.app.db
      .updateTable('menu_item_prices')
      .set({ amount_cents: 1 })
      .where('item_id', '=', pizza.id)
      .execute();
    const lines = await harness.app.db
      .selectFrom('takeaway_order_lines')
      .select(['amount_cents', 'kitchen', 'quantity'])
      .where('order_id', '=', body.id)
      .orderBy('position')
      .execute();
    expect(lines).toEqual([
      { amount_cents: pizza.cents, kitchen: 'oven', quantity: 2 },
      { amount_cents: 1195, kitchen: 'oven', quantity: 1 },
      { amount_cents: pasta.cents, kitchen: 'kitchen', quantity: 3 },
    ]);
    // The status page's token names the order (signed, derived: nothing stored).
    const token = await harness.app.takeaway.statusToken(body.id);
    const key = await harness.app.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'guest-links')
      .executeTakeFirstOrThrow();
    expect(readOrderStatusToken(key.value, token)).toBe(body.id);
  });

  it('refuses a field the contract does not name, a client amount, quantities out of range, and no privacy', async () => {
    await start();
    const pizza = await harness.dish('pizza');
    const before = await everything();
    for (const payload of [
      guestOrder({ items: [{ id: pizza.id, quantity: 1 }], total: '0.01' }),
      guestOrder({ items: [{ id: pizza.id, quantity: 1, amount: '0.01' }] }),
      guestOrder({ items: [{ id: pizza.id, quantity: 0 }] }),
      guestOrder({ items: [{ id: pizza.id, quantity: 51 }] }),
      guestOrder({ items: [{ id: pizza.id, quantity: 1.5 }] }),
      guestOrder({ items: [{ id: pizza.id, quantity: '2' }] }),
      guestOrder({ items: [] }),
      guestOrder({
        items: [
          { id: pizza.id, quantity: 50 },
          { id: pizza.id, quantity: 50 },
          { id: pizza.id, quantity: 1 },
        ],
      }),
      guestOrder({ items: [{ id: pizza.id, quantity: 1 }], privacy: false }),
      guestOrder({ items: [{ id: pizza.id, quantity: 1 }], pickup: 'soon' }),
      guestOrder({ items: [{ id: pizza.id, quantity: 1 }], pickup: { date: TODAY, time: '7pm' } }),
      guestOrder({ items: [{ id: pizza.id, quantity: 1 }], lang: 'pt' }),
    ]) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await everything()).toEqual(before);
  });

  it('refuses dishes sold out, not for takeaway, unknown or in a size they lack, naming their ids', async () => {
    await start();
    const pizza = await harness.dish('pizza');
    const soldOut = await harness.dish('pizza', 1);
    await harness.app.db
      .updateTable('menu_items')
      .set({ available: 0 })
      .where('id', '=', soldOut.id)
      .execute();
    const draught = await harness.app.db
      .selectFrom('menu_items')
      .select('id')
      .where('takeaway', '=', 0)
      .executeTakeFirstOrThrow();
    const unknown = 2 ** 31 - 1;
    await refusedWith(
      guestOrder({
        items: [
          { id: pizza.id, quantity: 1 },
          { id: soldOut.id, quantity: 1 },
          { id: draught.id, quantity: 1 },
          { id: unknown, quantity: 1 },
        ],
      }),
      'item-unavailable',
      `These dishes cannot be ordered now (sold out or not for takeaway): ${soldOut.id}, ${draught.id}, ${unknown}.`,
      { unavailableIds: [soldOut.id, draught.id, unknown] },
    );
    await refusedWith(
      guestOrder({ items: [{ id: pizza.id, quantity: 1, price: 'Maxi' }] }),
      'item-unavailable',
      `These dishes cannot be ordered now (sold out or not for takeaway): ${pizza.id}.`,
      { unavailableIds: [pizza.id] },
    );
  });

  it('refuses a time that is no pickup slot: off the steps, closed, too soon, past, past the horizon', async () => {
    await start();
    const pizza = { id: (await harness.dish('pizza')).id, quantity: 1 };
    for (const pickup of [
      { date: TODAY, time: '19:31' },
      { date: TODAY, time: '16:00' },
      { date: '2026-01-19', time: '19:30' }, // a Monday: closed
      { date: '2026-01-12', time: '19:30' },
      { date: '2026-01-16', time: '19:30' }, // three days ahead, past the horizon of two
    ]) {
      await refusedWith(guestOrder({ items: [pizza], pickup }), 'not-a-slot');
    }
    clock.now = Date.parse('2026-01-13T18:10:00Z'); // 19:10 in Rome: 19:30 is sooner than 30 minutes
    await refusedWith(guestOrder({ items: [pizza] }), 'not-a-slot');
    expect(
      (await post(guestOrder({ items: [pizza], pickup: { date: TODAY, time: '19:45' } })))
        .statusCode,
    ).toBe(201);
  });

  it('refuses a full slot naming the first later one that fits; asap takes the first that fits', async () => {
    await start();
    expect((await putSettings({ limits: { oven: 6, kitchen: 8 } })).statusCode).toBe(200);
    const pizza = (await harness.dish('pizza')).id;
    const drink = await harness.dish('beverages');
    const fill = (time: string, quantity: number) =>
      post(someone({ items: [{ id: pizza, quantity }], pickup: { date: TODAY, time } }));
    expect((await fill('12:00', 6)).statusCode).toBe(201);
    expect((await fill('12:15', 5)).statusCode).toBe(201);
    expect((await fill('12:30', 6)).statusCode).toBe(201);
    await refusedWith(
      someone({ items: [{ id: pizza, quantity: 2 }], pickup: { date: TODAY, time: '12:15' } }),
      'slot-full',
      'This pickup time is full: the first later time that fits this order is 12:45.',
      { nextTime: '12:45' },
    );
    // Drinks load neither the oven nor the kitchen: they fit a full slot.
    const withDrink = await post(
      someone({
        items: [{ id: drink.id, quantity: 4 }],
        pickup: { date: TODAY, time: '12:00' },
      }),
    );
    expect(withDrink.statusCode, withDrink.body).toBe(201);
    const one = await post(someone({ items: [{ id: pizza, quantity: 1 }], pickup: 'asap' }));
    expect(one.json().pickup).toEqual({ date: TODAY, time: '12:15' });
    const two = await post(someone({ items: [{ id: pizza, quantity: 2 }], pickup: 'asap' }));
    expect(two.json().pickup).toEqual({ date: TODAY, time: '12:45' });
    // More than a slot can ever take: no time fits.
    await refusedWith(
      someone({ items: [{ id: pizza, quantity: 7 }], pickup: 'asap' }),
      'slot-full',
      'No pickup time can take this order: please order less.',
      { nextTime: null },
    );
    // The slots say the same, from the stored orders.
    const slots = await slotsOf(TODAY, `${pizza}*1`);
    expect([...slots].slice(0, 4)).toEqual([
      ['12:00', false],
      ['12:15', false],
      ['12:30', false],
      ['12:45', true],
    ]);
  });

  it('counts only orders still to make against the limits', async () => {
    await start();
    expect((await putSettings({ limits: { oven: 2, kitchen: 8 } })).statusCode).toBe(200);
    const pizza = (await harness.dish('pizza')).id;
    const fitsAnother = async () => (await slotsOf(TODAY, `${pizza}*1`)).get('19:30');
    const patch = (id: number, status: string) =>
      harness.app.inject({
        method: 'PATCH',
        url: `/api/takeaway/orders/${id}`,
        payload: { status },
        headers: harness.auth,
      });
    // Each way an order leaves the kitchen's work, through staff's status changes.
    const endings = [
      ['accepted', 'ready', 'collected'],
      ['declined'],
      ['cancelled'],
      ['accepted', 'no-show'],
    ];
    for (const steps of endings) {
      const order = await post(guestOrder({ items: [{ id: pizza, quantity: 2 }] }));
      expect(order.statusCode).toBe(201);
      expect(await fitsAnother(), 'received').toBe(false);
      for (const status of steps) {
        expect((await patch(order.json().id, status)).statusCode, status).toBe(200);
        const loading = status === 'accepted' || status === 'ready';
        expect(await fitsAnother(), status).toBe(!loading);
      }
    }
  });

  it('refuses while takeaway is off or paused, and takes orders again once the pause ends', async () => {
    await start();
    const pizza = { id: (await harness.dish('pizza')).id, quantity: 1 };
    expect((await putSettings({ enabled: false })).statusCode).toBe(200);
    await refusedWith(guestOrder({ items: [pizza] }), 'disabled');
    expect((await putSettings({ enabled: true })).statusCode).toBe(200);
    await harness.app.db
      .updateTable('takeaway_settings')
      .set({ paused_until: new Date(CLOCK + 20 * 60_000).toISOString() })
      .execute();
    await refusedWith(guestOrder({ items: [pizza] }), 'paused');
    clock.now = CLOCK + 20 * 60_000;
    expect((await post(guestOrder({ items: [pizza] }))).statusCode).toBe(201);
  });

  it('limits orders to 10 an hour per address (/56), per e-mail and per phone; a robot filling the honeypot stores nothing', async () => {
    await start();
    const pizza = { id: (await harness.dish('pizza')).id, quantity: 1 };
    // asap: 31 orders of a pizza would fill one slot's oven.
    const asapOrder = (overrides: Record<string, unknown>) =>
      guestOrder({ pickup: 'asap', ...overrides });
    const someone = (i: number) =>
      asapOrder({ items: [pizza], email: `g${i}@example.it`, phone: `+39 333 30000${i}` });
    for (let i = 0; i < 10; i += 1) {
      expect((await post(someone(i), harness.app, `2001:db8:7:8${i}0::1`)).statusCode).toBe(201);
    }
    const over = await post(someone(10), harness.app, '2001:db8:7:8ff:ffff::9');
    expect(over.statusCode).toBe(429);
    expect(over.json().errors[0].code).toBe('rate-limited');
    expect(over.headers['retry-after']).toBeDefined();
    expect((await post(someone(10), harness.app, '2001:db8:7:900::1')).statusCode).toBe(201);

    for (let i = 0; i < 10; i += 1) {
      const same = asapOrder({
        items: [pizza],
        email: 'ANNA@example.it',
        phone: `+39 333 4000${i}`,
      });
      // Two orders wait; the rest are refused (409, item 41), yet counted against the hour.
      expect((await post(same)).statusCode).toBe(i < 2 ? 201 : 409);
    }
    const byEmail = await post(
      asapOrder({ items: [pizza], email: 'anna+2@example.it', phone: '+39 333 999999' }),
    );
    expect(byEmail.statusCode).toBe(429);
    for (let i = 0; i < 10; i += 1) {
      const same = asapOrder({
        items: [pizza],
        email: `p${i}@example.it`,
        phone: '+39 06 1234-567',
      });
      expect((await post(same)).statusCode).toBe(i < 2 ? 201 : 409);
    }
    const byPhone = await post(
      asapOrder({ items: [pizza], email: 'x@example.it', phone: '0039061234567' }),
    );
    expect(byPhone.statusCode).toBe(429);

    const before = await everything();
    const robot = await post(
      asapOrder({
        items: [pizza],
        email: 'r@example.it',
        phone: '+39 333 1',
        website: 'http://spam.example',
      }),
    );
    expect(robot.statusCode, robot.body).toBe(201);
    expect(robot.json()).toMatchObject({ id: 0, status: 'received' });
    expect(await everything()).toEqual(before);
  });
});

describe('never past the limits (docs/security.md item 46)', () => {
  it('200 orders of one pizza race for the last 6 places of the oven: exactly 6 win, the stored load is the limit', async () => {
    await start();
    const second = await takeawayApp(clock, { database: harness.database });
    others.push(second);
    // On PostgreSQL, two instances race on one database; on SQLite the one process owns the file.
    const apps =
      harness.database.dialect === 'postgres' ? [harness.app, second.app] : [harness.app];
    const pizza = (await harness.dish('pizza')).id;
    expect((await post(guestOrder({ items: [{ id: pizza, quantity: 6 }] }))).statusCode).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        post(
          guestOrder({
            name: `Gast ${index}`,
            email: `gast${index}@example.de`,
            phone: `+49 170 ${1_000_000 + index}`,
            items: [{ id: pizza, quantity: 1 }],
          }),
          apps[index % apps.length]!,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(6);
    expect(statuses.filter((status) => status === 409)).toHaveLength(194);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json().errors[0].code).toBe('slot-full');
    }
    expect(await ovenLoad(TODAY, '19:30')).toBe(DEFAULT_TAKEAWAY_SETTINGS.limits.oven);
    const won = answers
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => answer.json().id);
    const stored = await harness.app.db.selectFrom('takeaway_orders').select('id').execute();
    expect(stored).toHaveLength(7);
    expect(won.every((id) => stored.some((row) => row.id === id))).toBe(true);
  });
});

describe('at most two orders waiting per e-mail or phone (docs/security.md item 41)', () => {
  it('lets two of one e-mail and two of one phone through when their orders race, on every instance', async () => {
    await start();
    const second = await takeawayApp(clock, { database: harness.database });
    others.push(second);
    const apps =
      harness.database.dialect === 'postgres' ? [harness.app, second.app] : [harness.app];
    const pizza = { id: (await harness.dish('pizza')).id, quantity: 1 };
    const racing = [
      ...['carla@example.it', 'Carla+1@example.it', 'CARLA@Example.it', 'carla+x@example.it'].map(
        (email, index) =>
          someone({ items: [pizza], pickup: 'asap', email, phone: `+39 320 ${index}` }),
      ),
      ...['+39 347 111 2222', '0039 347 1112222', '+39 (347) 111-2222', '+393471112222'].map(
        (phone, index) =>
          someone({ items: [pizza], pickup: 'asap', email: `d${index}@example.it`, phone }),
      ),
    ];
    // Sent together: the orders of one burst share a turn of the lock (capacity.ts), whose count
    // of waiting orders each accepted one must keep true.
    const answers = await Promise.all(
      racing.map((order, index) => post(order, apps[index % apps.length]!)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.slice(0, 4).filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.slice(4).filter((status) => status === 201)).toHaveLength(2);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.json().errors[0].code).toBe('too-many-pending');
    }
    expect(await harness.app.db.selectFrom('takeaway_orders').select('id').execute()).toHaveLength(
      4,
    );
  });

  it('refuses the third order still received of one e-mail (any case, +tag) or one phone (any spacing) with 409 too-many-pending, storing nothing; staff orders neither count nor are limited', async () => {
    await start();
    const pizza = { id: (await harness.dish('pizza')).id, quantity: 1 };
    const order = (overrides: Record<string, unknown>) =>
      someone({ items: [pizza], pickup: 'asap', ...overrides });
    expect((await post(order({ email: 'anna@example.it' }))).statusCode).toBe(201);
    const second = await post(order({ email: 'Anna+pizza@Example.IT' }));
    expect(second.statusCode, second.body).toBe(201);
    await refusedWith(
      order({ email: 'ANNA+2@example.it' }),
      'too-many-pending',
      'You already have two orders waiting for the kitchen to confirm them: please wait for its answer, or call the restaurant.',
    );
    expect((await post(order({ phone: '+39 333 123 4567' }))).statusCode).toBe(201);
    expect((await post(order({ phone: '+393331234567' }))).statusCode).toBe(201);
    await refusedWith(order({ phone: '0039 (333) 123-4567' }), 'too-many-pending');

    // Staff's phone orders are not limited, and do not count against the guest.
    const byPhone = (email: string) =>
      harness.staff('POST', '/api/takeaway/orders/staff', {
        name: 'Bruno Neri',
        phone: '+39 320 5550000',
        email,
        lang: 'it',
        pickup: 'asap',
        items: [pizza],
      });
    for (const email of ['bruno@example.it', 'Bruno@example.it', 'anna@example.it']) {
      expect((await byPhone(email)).statusCode).toBe(201);
    }
    expect((await post(order({ email: 'bruno@example.it' }))).statusCode).toBe(201);
    expect((await post(order({ email: 'bruno@example.it' }))).statusCode).toBe(201);
    await refusedWith(order({ email: 'bruno@example.it' }), 'too-many-pending');

    // Once the kitchen answers one (accepted), the guest may order again.
    const [first] = await harness.app.db
      .selectFrom('takeaway_orders')
      .select('id')
      .where('email', '=', 'anna@example.it')
      .where('source', '=', 'online')
      .execute();
    const accepted = await harness.staff('PATCH', `/api/takeaway/orders/${first!.id}`, {
      status: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await post(order({ email: 'anna@example.it' }))).statusCode).toBe(201);
  });

  it('20 orders of one e-mail racing on every instance: exactly 2 are stored, the rest refused', async () => {
    await start();
    const second = await takeawayApp(clock, { database: harness.database });
    others.push(second);
    // On PostgreSQL, two instances race on one database; on SQLite the one process owns the file.
    const apps =
      harness.database.dialect === 'postgres' ? [harness.app, second.app] : [harness.app];
    const pizza = (await harness.dish('pizza')).id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        post(
          guestOrder({
            email: index % 2 ? `Mallory+${index}@example.com` : 'mallory@EXAMPLE.com',
            phone: `+44 20 ${1_000_000 + index}`,
            items: [{ id: pizza, quantity: 1 }],
            pickup: 'asap',
          }),
          apps[index % apps.length]!,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    // The e-mail's hourly budget (10) stops half of them first; the cap, the rest.
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const capped = answers.filter((answer) => answer.statusCode === 409);
    expect(capped).toHaveLength(8);
    for (const refused of capped) expect(refused.json().errors[0].code).toBe('too-many-pending');
    expect(await harness.app.db.selectFrom('takeaway_orders').select('id').execute()).toHaveLength(
      2,
    );
  });
});
