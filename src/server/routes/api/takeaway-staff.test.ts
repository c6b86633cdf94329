// Over 400 lines: staff's side of takeaway in one file (the board and its tag, opening, every status change and move, phone orders, the pause, declining a guest's orders at once), on one harness and one clock.
import { refusalBody } from '../../../shared/schemas/errors.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TakeawayBoard, TakeawayOrder } from '../../../shared/schemas/takeaway.ts';
import { ORDER_TRANSITIONS } from '../../services/takeaway/status.ts';
import {
  TAKEAWAY_CLOCK,
  TAKEAWAY_TODAY,
  takeawayApp,
  type TakeawayHarness,
} from '../../testing/takeaway.ts';
import { startSmtpServer } from '../../testing/smtp.ts';

// Staff's side of takeaway: the day's orders, the kitchen board and its
// tag across instances, "opened", every status change and move, phone
// orders (past a full slot with override), the pause, and all of one
// guest's orders declined at once.

const TODAY = TAKEAWAY_TODAY;
const clock = { now: TAKEAWAY_CLOCK };
let harness: TakeawayHarness;
let others: TakeawayHarness[] = [];

async function start() {
  clock.now = TAKEAWAY_CLOCK;
  harness = await takeawayApp(clock);
}
afterEach(async () => {
  for (const other of others) await other.close();
  others = [];
  await harness?.close();
});

const pizzas = async (quantity: number, time = '19:30', extra: Record<string, unknown> = {}) =>
  harness.order({
    items: [{ id: (await harness.dish('pizza')).id, quantity }],
    pickup: { date: TODAY, time },
    ...extra,
  });
const patch = (id: number, body: object) =>
  harness.staff('PATCH', `/api/takeaway/orders/${id}`, body);
const phoneOrder = async (overrides: Record<string, unknown> = {}) => {
  const pizza = await harness.dish('pizza');
  return harness.staff('POST', '/api/takeaway/orders/staff', {
    name: 'Maria Greco',
    phone: '+39 333 1234567',
    lang: 'it',
    pickup: { date: TODAY, time: '20:00' },
    items: [{ id: pizza.id, quantity: 2 }],
    ...overrides,
  });
};
/** The one refusal of a 4xx, read through the wire's schema (`details` included). */
const refusal = (response: { json: <T>() => T }) => refusalBody.parse(response.json()).errors[0]!;

describe("a guest's pickup times on two instances", () => {
  afterEach(() => vi.useRealTimers());

  it("follow the other instance's orders within the orders version's 250 ms, and this instance's at once", async () => {
    // Only the clock ContentVersion ages its reads by: the app's own clock stays injected.
    vi.useFakeTimers({ toFake: ['performance'] });
    await start();
    expect(
      (
        await harness.app.inject({
          method: 'PUT',
          url: '/api/takeaway/settings',
          headers: harness.auth,
          payload: {
            enabled: true,
            slotMinutes: 15,
            limits: { oven: 2, kitchen: 8 },
            prepMinutes: 30,
            horizonDays: 2,
          },
        })
      ).statusCode,
    ).toBe(200);
    const other = await takeawayApp(clock, harness);
    others.push(other);
    const pizza = (await harness.dish('pizza')).id;
    const fits = async (instance: TakeawayHarness) => {
      const response = await instance.app.inject({
        url: `/api/takeaway/slots?date=${TODAY}&items=${pizza}*1`,
      });
      const slots = response.json<{ slots: { time: string; available: boolean }[] }>().slots;
      return slots.find((slot) => slot.time === '19:30')!.available;
    };
    expect(await fits(harness)).toBe(true);
    expect(await fits(other)).toBe(true);
    await other.order({ items: [{ id: pizza, quantity: 2 }] });
    // The instance that took it knows at once; the other once its version is 250 ms old.
    expect(await fits(other)).toBe(false);
    expect(await fits(harness)).toBe(true);
    vi.advanceTimersByTime(250);
    expect(await fits(harness)).toBe(false);
  });
});

describe('GET /api/takeaway/orders and /api/takeaway/board', () => {
  it("lists the day's orders by pickup time then id, and the board with every pickup time and its load", async () => {
    await start();
    const late = await pizzas(2, '19:30');
    const early = await pizzas(1, '19:00');
    const alsoLate = await pizzas(3, '19:30');
    const response = await harness.staff('GET', `/api/takeaway/orders?date=${TODAY}`);
    expect(response.statusCode, response.body).toBe(200);
    const orders = response.json<TakeawayOrder[]>();
    expect(orders.map((order) => order.id)).toEqual([early, late, alsoLate]);
    expect(orders[0]).toMatchObject({
      name: 'Jonas Weber',
      email: 'jonas@example.de',
      lang: 'de',
      status: 'received',
      source: 'online',
      opened: false,
      message: '',
      pickup: { date: TODAY, time: '19:00' },
    });
    const board = await harness.staff('GET', `/api/takeaway/board?date=${TODAY}`);
    expect(board.statusCode, board.body).toBe(200);
    const answer = board.json<TakeawayBoard>();
    expect(answer.unopened.map((order) => order.id)).toEqual([early, late, alsoLate]);
    // The whole day, past times and those sooner than the preparation time included.
    expect(answer.slots[0]).toEqual({ time: '12:00', oven: 0, kitchen: 0 });
    expect(answer.slots.find((slot) => slot.time === '19:30')).toEqual({
      time: '19:30',
      oven: 5,
      kitchen: 0,
    });
    expect(answer.slots.at(-1)!.time).toBe('23:30');
    expect(answer.settings.limits).toEqual({ oven: 12, kitchen: 8 });
    // Another day holds none of today's.
    const tomorrow = await harness.staff('GET', '/api/takeaway/orders?date=2026-01-14');
    expect(tomorrow.json()).toEqual([]);
    // Staff only.
    const anonymous = await harness.app.inject({ url: `/api/takeaway/board?date=${TODAY}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 304 while nothing changed, and 200 after an order taken on another instance', async () => {
    await start();
    await pizzas(1);
    const first = await harness.staff('GET', `/api/takeaway/board?date=${TODAY}`);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"takeaway-/);
    const again = await harness.app.inject({
      url: `/api/takeaway/board?date=${TODAY}`,
      headers: { ...harness.auth, 'if-none-match': tag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another day is another answer.
    const otherDay = await harness.app.inject({
      url: '/api/takeaway/board?date=2026-01-14',
      headers: { ...harness.auth, 'if-none-match': tag },
    });
    expect(otherDay.statusCode).toBe(200);
    // A second instance on the same database takes an order.
    const other = await takeawayApp(clock, harness);
    others.push(other);
    const pizza = await other.dish('pizza');
    await other.order({ items: [{ id: pizza.id, quantity: 2 }] });
    const changed = await harness.app.inject({
      url: `/api/takeaway/board?date=${TODAY}`,
      headers: { ...harness.auth, 'if-none-match': tag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect(changed.json<TakeawayBoard>().orders).toHaveLength(2);
    // A pause that ends by itself changes the answer (pausedUntil): the tag follows, with no write.
    const paused = await harness.staff('POST', '/api/takeaway/pause', { minutes: 5 });
    expect(paused.statusCode).toBe(200);
    const whilePaused = await harness.staff('GET', `/api/takeaway/board?date=${TODAY}`);
    clock.now += 6 * 60_000;
    const after = await harness.app.inject({
      url: `/api/takeaway/board?date=${TODAY}`,
      headers: { ...harness.auth, 'if-none-match': whilePaused.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json<TakeawayBoard>().settings.pausedUntil).toBeNull();
  });
});

describe('POST /api/takeaway/orders/{id}/opened', () => {
  it('marks an order opened once (it stops ringing), unaudited; 404 for an unknown id', async () => {
    await start();
    const id = await pizzas(1);
    const before = await harness.staff('GET', `/api/takeaway/board?date=${TODAY}`);
    const opened = await harness.staff('POST', `/api/takeaway/orders/${id}/opened`);
    expect(opened.statusCode).toBe(204);
    const row = () =>
      harness.app.db
        .selectFrom('takeaway_orders')
        .select('opened_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const first = (await row()).opened_at;
    expect(first).toBe(new Date(clock.now).toISOString());
    clock.now += 60_000;
    expect((await harness.staff('POST', `/api/takeaway/orders/${id}/opened`)).statusCode).toBe(204);
    expect((await row()).opened_at).toBe(first);
    const board = await harness.app.inject({
      url: `/api/takeaway/board?date=${TODAY}`,
      headers: { ...harness.auth, 'if-none-match': before.headers.etag as string },
    });
    expect(board.statusCode).toBe(200);
    expect(board.json<TakeawayBoard>().unopened).toEqual([]);
    expect(board.json<TakeawayBoard>().orders[0]!.opened).toBe(true);
    expect((await harness.staff('POST', '/api/takeaway/orders/999999/opened')).statusCode).toBe(
      404,
    );
    expect(await harness.audits()).toEqual([]);
  });
});

describe('PATCH /api/takeaway/orders/{id}', () => {
  it('allows exactly the transitions the contract lists; others are 409 invalid-transition, changing nothing', async () => {
    await start();
    const id = await pizzas(1);
    const statuses = Object.keys(ORDER_TRANSITIONS) as (keyof typeof ORDER_TRANSITIONS)[];
    const targets = ['accepted', 'ready', 'collected', 'declined', 'cancelled', 'no-show'] as const;
    for (const from of statuses) {
      for (const to of targets) {
        await harness.app.db
          .updateTable('takeaway_orders')
          .set({ status: from })
          .where('id', '=', id)
          .execute();
        const response = await patch(id, { status: to });
        const allowed = ORDER_TRANSITIONS[from].includes(to);
        expect(response.statusCode, `${from} → ${to}: ${response.body}`).toBe(allowed ? 200 : 409);
        if (allowed) expect(response.json<TakeawayOrder>().status).toBe(to);
        else expect(refusal(response).code).toBe('invalid-transition');
      }
    }
    expect(ORDER_TRANSITIONS).toEqual({
      received: ['accepted', 'declined', 'cancelled'],
      accepted: ['accepted', 'ready', 'declined', 'cancelled', 'no-show'],
      ready: ['collected', 'no-show', 'cancelled'],
      collected: [],
      declined: [],
      cancelled: [],
      'no-show': [],
    });
    expect((await patch(999999, { status: 'accepted' })).statusCode).toBe(404);
  });

  it('accepts (opening it), audits in Italian, tells the guest; declines with a message', async () => {
    await start();
    const id = await pizzas(2);
    const accepted = await patch(id, { status: 'accepted' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<TakeawayOrder>()).toMatchObject({
      id,
      status: 'accepted',
      opened: true,
      pickup: { date: TODAY, time: '19:30' },
    });
    const other = await pizzas(1);
    const declined = await patch(other, { status: 'declined', message: 'Forno guasto stasera.' });
    expect(declined.json<TakeawayOrder>()).toMatchObject({
      status: 'declined',
      message: 'Forno guasto stasera.',
    });
    expect(await harness.audits()).toEqual([
      {
        action: 'takeaway.accepted',
        actor_email: 'anna@trattoria.example',
        target: `takeaway_order:${id}`,
        summary: `Ordine da asporto n. ${id} (ritiro 13/01/2026 alle 19:30) accettato.`,
      },
      {
        action: 'takeaway.declined',
        actor_email: 'anna@trattoria.example',
        target: `takeaway_order:${other}`,
        summary: `Ordine da asporto n. ${other} (ritiro 13/01/2026 alle 19:30) rifiutato, con un messaggio al cliente.`,
      },
    ]);
    const kinds = (await harness.mails()).map((mail) => mail.kind);
    expect(kinds).toEqual([
      'takeaway-received',
      'takeaway-accepted',
      'takeaway-received',
      'takeaway-declined',
    ]);
  });

  it("stops ringing for an order declined without opening it, or cancelled by its guest; a message is its own change's", async () => {
    await start();
    const declinedUnopened = await pizzas(1);
    const cancelledByGuest = await pizzas(1);
    const accepted = await pizzas(1);
    const ringing = async () =>
      (await harness.staff('GET', `/api/takeaway/board?date=${TODAY}`))
        .json<TakeawayBoard>()
        .unopened.map((order) => order.id);
    expect(await ringing()).toEqual([declinedUnopened, cancelledByGuest, accepted]);
    expect((await patch(declinedUnopened, { status: 'declined' })).statusCode).toBe(200);
    const token = await harness.app.takeaway.statusToken(cancelledByGuest);
    const cancelled = await harness.app.inject({
      method: 'POST',
      url: '/api/takeaway/orders/cancel',
      payload: { token },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await ringing()).toEqual([accepted]);
    // A word sent on accepting is not the reason of a later cancel without one.
    await patch(accepted, { status: 'accepted', message: 'A dopo!' });
    const later = await patch(accepted, { status: 'cancelled' });
    expect(later.json<TakeawayOrder>()).toMatchObject({ status: 'cancelled', message: '' });
    expect(await ringing()).toEqual([]);
  });

  it('moves an accepted order to a time that fits; refuses a full time naming the next that fits, and a time that is not a pickup time', async () => {
    await start();
    const id = await pizzas(4, '19:30');
    await pizzas(10, '20:00');
    await pizzas(12, '20:15');
    const before = await harness.staff('GET', `/api/takeaway/orders?date=${TODAY}`);
    // 20:00 holds 10 of 12: 4 more do not fit; 20:15 is full; 20:30 fits.
    const full = await patch(id, { status: 'accepted', pickupTime: '20:00' });
    expect(full.statusCode).toBe(409);
    expect(refusal(full)).toEqual({
      code: 'slot-full',
      description: '20:00 is full: the first later time that fits this order is 20:30.',
      details: { nextTime: '20:30' },
    });
    const notASlot = await patch(id, { status: 'accepted', pickupTime: '17:00' });
    expect(refusal(notASlot).code).toBe('not-a-slot');
    const offStep = await patch(id, { status: 'accepted', pickupTime: '19:31' });
    expect(refusal(offStep).code).toBe('not-a-slot');
    const withoutAccepting = await patch(id, { status: 'declined', pickupTime: '20:30' });
    expect(withoutAccepting.statusCode).toBe(400);
    expect((await harness.staff('GET', `/api/takeaway/orders?date=${TODAY}`)).json()).toEqual(
      before.json(),
    );
    const moved = await patch(id, { status: 'accepted', pickupTime: '20:30' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<TakeawayOrder>().pickup).toEqual({ date: TODAY, time: '20:30' });
    const board = (
      await harness.staff('GET', `/api/takeaway/board?date=${TODAY}`)
    ).json<TakeawayBoard>();
    expect(board.slots.find((slot) => slot.time === '19:30')!.oven).toBe(0);
    expect(board.slots.find((slot) => slot.time === '20:30')!.oven).toBe(4);
    // Its own load counts once: moved within what it already holds, an order of 12 stays put.
    const dozen = await pizzas(12, '21:00');
    expect((await patch(dozen, { status: 'accepted', pickupTime: '21:00' })).statusCode).toBe(200);
    expect((await harness.audits()).at(-2)!.summary).toBe(
      `Ordine da asporto n. ${id} (ritiro 13/01/2026 alle 19:30) accettato, ritiro spostato alle 20:30.`,
    );
    const accepted = (await harness.mails()).filter((mail) => mail.kind === 'takeaway-accepted');
    expect(accepted[0]!.text_body).toContain('neuen Uhrzeit');
    expect(accepted[0]!.text_body).toContain('20:30');
  });
});

describe('POST /api/takeaway/orders/staff', () => {
  it('takes a phone order as opened, audited, without a mail when no e-mail was given', async () => {
    await start();
    const response = await phoneOrder();
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<TakeawayOrder>();
    expect(order).toMatchObject({
      name: 'Maria Greco',
      email: '',
      source: 'phone',
      opened: true,
      status: 'received',
      pickup: { date: TODAY, time: '20:00' },
    });
    expect(await harness.mails()).toEqual([]);
    const stored = await harness.app.db
      .selectFrom('takeaway_orders')
      .select(['privacy_accepted_at', 'client_key'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ privacy_accepted_at: null, client_key: null });
    expect(await harness.audits()).toEqual([
      {
        action: 'takeaway.create',
        actor_email: 'anna@trattoria.example',
        target: `takeaway_order:${order.id}`,
        summary: `Ordine da asporto telefonico n. ${order.id} (ritiro 13/01/2026 alle 20:00), totale ${order.total} €.`,
      },
    ]);
    const mailed = await phoneOrder({ email: 'maria@example.it' });
    expect(mailed.statusCode).toBe(201);
    expect((await harness.mails()).map((mail) => mail.recipient)).toEqual(['maria@example.it']);
  });

  it('counts against the same limits; override goes past a full slot, but never past not-a-slot or an unavailable dish', async () => {
    await start();
    await pizzas(11, '20:00');
    const full = await phoneOrder();
    expect(full.statusCode).toBe(409);
    expect(refusal(full)).toMatchObject({ code: 'slot-full', details: { nextTime: '20:15' } });
    const over = await phoneOrder({ override: true });
    expect(over.statusCode, over.body).toBe(201);
    const board = (
      await harness.staff('GET', `/api/takeaway/board?date=${TODAY}`)
    ).json<TakeawayBoard>();
    expect(board.slots.find((slot) => slot.time === '20:00')!.oven).toBe(13);
    expect((await harness.audits()).at(-1)!.summary).toMatch(/oltre il limite della fascia\.$/);
    const notASlot = await phoneOrder({ override: true, pickup: { date: TODAY, time: '17:00' } });
    expect(refusal(notASlot).code).toBe('not-a-slot');
    const soldOut = await harness.dish('pizza', 1);
    await harness.app.db
      .updateTable('menu_items')
      .set({ available: 0 })
      .where('id', '=', soldOut.id)
      .execute();
    const unavailable = await phoneOrder({
      override: true,
      items: [{ id: soldOut.id, quantity: 1 }],
    });
    expect(refusal(unavailable)).toEqual({
      code: 'item-unavailable',
      description: `These dishes cannot be ordered now (sold out or not for takeaway): ${soldOut.id}.`,
      details: { unavailableIds: [soldOut.id] },
    });
    // Staff only, and no privacy field (staff tell the guest on the phone).
    expect((await phoneOrder({ privacy: true })).statusCode).toBe(400);
    const anonymous = await harness.app.inject({
      method: 'POST',
      url: '/api/takeaway/orders/staff',
      payload: {
        name: 'Maria Greco',
        phone: '+39 333 1234567',
        lang: 'it',
        pickup: 'asap',
        items: [{ id: soldOut.id, quantity: 1 }],
      },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST|DELETE /api/takeaway/pause', () => {
  it('stops online orders, not phone ones, ends by itself on the clock or at once; audited, public pages follow', async () => {
    await start();
    const pizza = await harness.dish('pizza');
    const contentVersion = () =>
      harness.app.db.selectFrom('content_version').select('version').executeTakeFirstOrThrow();
    const versionBefore = (await contentVersion()).version;
    const paused = await harness.staff('POST', '/api/takeaway/pause', { minutes: 20 });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({
      pausedUntil: new Date(clock.now + 20 * 60_000).toISOString(),
    });
    expect((await contentVersion()).version).toBeGreaterThan(versionBefore);
    const online = await harness.postGuest(
      harness.guestOrder({ items: [{ id: pizza.id, quantity: 1 }] }),
    );
    expect(online.statusCode).toBe(409);
    expect(refusal(online).code).toBe('paused');
    // The guests see no time; staff taking a call see the day's times all the same.
    const times = async (path: string) =>
      (await harness.staff('GET', `/api/takeaway/${path}?date=${TODAY}&items=${pizza.id}*2`))
        .json<{ slots: { time: string }[] }>()
        .slots.map((slot) => slot.time);
    expect(await times('slots')).toEqual([]);
    expect(await times('phone-slots')).toContain('20:00');
    expect((await phoneOrder()).statusCode).toBe(201);
    // It ends by itself.
    clock.now += 21 * 60_000;
    expect((await harness.staff('GET', '/api/takeaway/settings')).json()).toMatchObject({
      pausedUntil: null,
    });
    expect(
      (await harness.postGuest(harness.guestOrder({ items: [{ id: pizza.id, quantity: 1 }] })))
        .statusCode,
    ).toBe(201);
    // Or staff end it.
    await harness.staff('POST', '/api/takeaway/pause', { minutes: 60 });
    const resumed = await harness.staff('DELETE', '/api/takeaway/pause');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ pausedUntil: null });
    expect((await harness.audits()).map((entry) => [entry.action, entry.summary])).toEqual([
      ['takeaway.pause', "Ordini online dell'asporto in pausa per 20 minuti."],
      ['takeaway.create', expect.any(String)],
      ['takeaway.pause', "Ordini online dell'asporto in pausa per 60 minuti."],
      ['takeaway.resume', "Ordini online dell'asporto ripresi."],
    ]);
    // Disabled too, phone orders go on.
    await harness.app.db.updateTable('takeaway_settings').set({ enabled: 0 }).execute();
    expect((await phoneOrder()).statusCode).toBe(201);
    // 1-180 minutes only.
    for (const minutes of [0, 181, 1.5, '5']) {
      expect((await harness.staff('POST', '/api/takeaway/pause', { minutes })).statusCode).toBe(
        400,
      );
    }
  });
});

describe('GET|POST /api/takeaway/decline-pending (docs/security.md item 41)', () => {
  it('by e-mail, phone or client address: counts, then declines each order still received, audited by number; one mail per guest in their language, through a real SMTP server', async () => {
    const smtp = await startSmtpServer();
    try {
      clock.now = TAKEAWAY_CLOCK;
      harness = await takeawayApp(clock, { env: { SMTP_URL: smtp.url }, sending: true });
      const pizza = (await harness.dish('pizza')).id;
      const times = ['19:00', '19:15', '19:30', '19:45', '20:00', '20:15', '20:30', '20:45'];
      let slot = 0;
      const order = async (overrides: Record<string, unknown>, remoteAddress?: string) => {
        const response = await harness.app.inject({
          method: 'POST',
          url: '/api/takeaway/orders',
          payload: harness.guestOrder({
            items: [{ id: pizza, quantity: 1 }],
            pickup: { date: TODAY, time: times[slot++] },
            ...overrides,
          }),
          remoteAddress: remoteAddress ?? `10.9.0.${slot}`,
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json<{ id: number }>().id;
      };
      // Mallory: one order the kitchen accepted, then two waiting (the latest in French).
      const mallory = { name: 'Mallory', email: 'mallory@example.com' };
      const m0 = await order({ ...mallory, lang: 'de', phone: '+44 20 0000001' });
      expect((await patch(m0, { status: 'accepted' })).statusCode).toBe(200);
      const m1 = await order({ ...mallory, lang: 'de', phone: '+44 20 0000002' });
      const m2 = await order({ ...mallory, lang: 'fr', phone: '+44 20 0000003' });
      // Carol: one phone under two e-mails. Bob: someone else.
      const c1 = await order({ email: 'carol@example.com', phone: '+39 333 7777777', lang: 'it' });
      const c2 = await order({
        email: 'carol.b@example.com',
        phone: '+39 (333) 777-7777',
        lang: 'en',
      });
      const bob = await order({ email: 'bob@example.com', phone: '+39 333 1111111' });
      // Two /64 networks of one /56.
      const a1 = await order(
        { email: 'a1@example.com', phone: '+39 333 2000001' },
        '2001:db8:9:100::1',
      );
      const a2 = await order(
        { email: 'a2@example.com', phone: '+39 333 2000002' },
        '2001:db8:9:1ff::2',
      );

      const count = async (query: string) =>
        (await harness.staff('GET', `/api/takeaway/decline-pending?${query}`)).json();
      const decline = (body: object) =>
        harness.staff('POST', '/api/takeaway/decline-pending', body);
      expect(await count('email=MALLORY%40example.com')).toEqual({ pending: 2 });
      const byEmail = await decline({
        email: 'Mallory@Example.com',
        message: 'Troppi ordini dallo stesso indirizzo.',
      });
      expect(byEmail.statusCode, byEmail.body).toBe(200);
      expect(byEmail.json()).toEqual({ declined: 2 });
      expect(await count('email=mallory%40example.com')).toEqual({ pending: 0 });
      expect(await count('phone=%2B393337777777')).toEqual({ pending: 2 });
      expect((await decline({ phone: '+39 333 777 7777' })).json()).toEqual({ declined: 2 });
      expect(await count(`addressOf=${a2}`)).toEqual({ pending: 2 });
      expect((await decline({ addressOf: a1 })).json()).toEqual({ declined: 2 });
      // An unknown order is 404; a guest with nothing waiting, 0.
      expect(
        (await harness.staff('GET', '/api/takeaway/decline-pending?addressOf=999')).statusCode,
      ).toBe(404);
      expect((await decline({ email: 'nobody@example.com' })).json()).toEqual({ declined: 0 });

      const statuses = Object.fromEntries(
        (await harness.app.db.selectFrom('takeaway_orders').select(['id', 'status']).execute()).map(
          (row) => [row.id, row.status],
        ),
      );
      expect(statuses).toEqual({
        [m0]: 'accepted',
        [m1]: 'declined',
        [m2]: 'declined',
        [c1]: 'declined',
        [c2]: 'declined',
        [bob]: 'received',
        [a1]: 'declined',
        [a2]: 'declined',
      });
      const audits = (await harness.audits()).filter(
        (entry) => entry.action === 'takeaway.declined',
      );
      expect(audits.map((entry) => entry.target)).toEqual(
        [m1, m2, c1, c2, a1, a2].map((id) => `takeaway_order:${id}`),
      );
      expect(audits[0]!.summary).toBe(
        `Ordine da asporto n. ${m1} (ritiro 13/01/2026 alle 19:15) rifiutato con tutti gli ordini in attesa della stessa email, con un messaggio al cliente.`,
      );
      expect(audits[2]!.summary).toMatch(/in attesa dello stesso telefono\.$/);
      expect(audits[4]!.summary).toMatch(/in attesa dello stesso indirizzo\.$/);
      expect(JSON.stringify(audits)).not.toMatch(/mallory|carol|333|2001/i);

      // One mail per guest (Mallory, Carol's two e-mails, a1, a2), none per order.
      const kinds = (await harness.mails()).map((mail) => mail.kind);
      expect(kinds.filter((kind) => kind === 'takeaway-declined-all')).toHaveLength(5);
      expect(kinds).not.toContain('takeaway-declined');
      const received = await smtp.waitFor(kinds.length);
      const toMallory = received.filter((mail) => mail.to.includes('mallory@example.com'));
      const summary = toMallory.find((mail) => mail.text.includes('ces commandes'))!;
      expect(summary, 'the French summary').toBeDefined();
      expect(summary.text).toContain('Bonjour Mallory,');
      expect(summary.text).toContain(
        `– Commande n° ${m1}, retrait le mardi 13 janvier 2026 à 19:15`,
      );
      expect(summary.text).toContain(
        `– Commande n° ${m2}, retrait le mardi 13 janvier 2026 à 19:30`,
      );
      expect(summary.text).not.toContain(`n° ${m0},`);
      expect(summary.text).toContain('Troppi ordini dallo stesso indirizzo.');
      const toCarol = received.filter((mail) => mail.to.some((to) => to.startsWith('carol')));
      expect(toCarol.filter((mail) => /questo ordine:|this order:/.test(mail.text))).toHaveLength(
        2,
      );
    } finally {
      // The mailer keeps its connection open until the app closes.
      await harness?.close();
      await smtp.stop();
    }
  });
});
