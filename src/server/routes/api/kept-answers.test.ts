import { afterEach, describe, expect, it, vi } from 'vitest';
import { romeDate } from '../../../shared/opening-hours.ts';
import { availabilityAnswer } from '../../../shared/schemas/reservations.ts';
import { takeawaySlotsAnswer } from '../../../shared/schemas/takeaway.ts';
import { seatedBetween } from '../../services/reservations/availability.ts';
import { coverCapacity, MINUTE_MS } from '../../services/reservations/rows.ts';
import { fits, slotsOn } from '../../services/reservations/slots.ts';
import { loadOfItems, readKitchenGroups } from '../../services/takeaway/menu-load.ts';
import { heldLoads } from '../../services/takeaway/held-loads.ts';
import { pickupSlots } from '../../services/takeaway/slots.ts';
import { createStaff, login, testApp } from '../../testing/app.ts';
import { insertPlan } from '../../testing/floor.ts';
import { TAKEAWAY_CLOCK, takeawayApp, type TakeawayHarness } from '../../testing/takeaway.ts';

// The guests' availability and pickup slots are answered from what each
// instance keeps in memory (services/kept-answers.ts, routes/api/kept-json.ts):
// the same bytes as working them out from the rows at that request, a write
// on another instance shown within the versions' 250 ms, the clock and an
// edit of the hours or the plan taken at once.

type App = Awaited<ReturnType<typeof testApp>>['app'];
const apps: { close(): Promise<void> }[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const one of apps.splice(0).reverse()) await one.close();
});

/** The Fastify serializer's bytes (fastify-type-provider-zod: the schema's output, stringified). */
const serialised = (schema: { parse(value: unknown): unknown }, answer: unknown) =>
  JSON.stringify(schema.parse(answer));

describe('GET /api/takeaway/slots from memory', () => {
  const clock = { now: TAKEAWAY_CLOCK };
  const DATES = ['2026-01-12', '2026-01-13', '2026-01-14', '2026-01-15', '2026-01-16'];

  /** A date's slots for `items` worked out from the rows now, as before anything was kept. */
  async function uncached(app: App, date: string, items: { id: number; quantity: number }[]) {
    const load = loadOfItems(await readKitchenGroups(app.db), items);
    if (!load.ok) throw new Error('unknown dish');
    const now = new Date(clock.now);
    const slots = pickupSlots({
      schedule: await app.openingHours.get('it'),
      date,
      settings: await app.takeaway.settings(),
      now,
      today: romeDate(now),
      order: load.load,
      held: await heldLoads(app.db, date),
    });
    const answer = { date, slots: slots.map(({ time, available }) => ({ time, available })) };
    return serialised(takeawaySlotsAnswer, answer);
  }

  async function baskets(harness: TakeawayHarness) {
    const pizza = (await harness.dish('pizza')).id;
    const kitchen = (await harness.dish('firstCourses')).id;
    return [
      [{ id: pizza, quantity: 1 }],
      [{ id: pizza, quantity: 3 }],
      [
        { id: pizza, quantity: 2 },
        { id: kitchen, quantity: 4 },
      ],
    ];
  }
  const query = (date: string, items: { id: number; quantity: number }[]) =>
    `/api/takeaway/slots?date=${date}&items=${items.map((i) => `${i.id}*${i.quantity}`).join(',')}`;

  it('answers the bytes worked out from the rows, for every date and basket, as orders and the clock move', async () => {
    clock.now = TAKEAWAY_CLOCK;
    const harness = await takeawayApp(clock);
    apps.push(harness);
    const { app } = harness;
    const all = await baskets(harness);
    const pizza = all[0]![0]!.id;
    const check = async () => {
      for (const date of DATES) {
        for (const items of all) {
          // Twice: the second from memory.
          for (let ask = 0; ask < 2; ask += 1) {
            const response = await app.inject({ url: query(date, items) });
            expect(response.statusCode, response.body).toBe(200);
            expect(response.body).toBe(await uncached(app, date, items));
          }
        }
      }
    };
    await check();
    // Asked again, the very answer kept (what the route's JSON is kept by).
    const asked = () => app.takeaway.slots(DATES[2]!, all[2]!);
    const [first, again] = [await asked(), await asked()];
    expect(first.ok && again.ok && first.answer.slots === again.answer.slots).toBe(true);
    // Orders fill 19:30 and 20:00 today; tomorrow's 12:00 holds one.
    for (const time of ['19:30', '19:30', '20:00']) {
      await harness.order({
        items: [{ id: pizza, quantity: 5 }],
        pickup: { date: DATES[1], time },
      });
    }
    await harness.order({
      items: [{ id: pizza, quantity: 9 }],
      pickup: { date: DATES[2], time: '12:00' },
    });
    await check();
    // The clock moves past today's lunch: fewer times, the loads as kept.
    clock.now = TAKEAWAY_CLOCK + 5 * 60 * MINUTE_MS;
    await check();
    clock.now = TAKEAWAY_CLOCK + 11 * 60 * MINUTE_MS + 7 * MINUTE_MS;
    await check();
  });

  it("shows another instance's order and the owner's settings or hours within 250 ms", async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    clock.now = TAKEAWAY_CLOCK;
    const harness = await takeawayApp(clock);
    apps.push(harness);
    const other = await takeawayApp(clock, harness);
    apps.push(other);
    const items = (await baskets(harness))[1]!;
    const url = query(DATES[1]!, items);
    const before = (await harness.app.inject({ url })).body;
    expect(before).toBe(await uncached(harness.app, DATES[1]!, items));

    // An order on the other instance: 19:30 can no longer take three more pizzas (12 a slot).
    await other.order({
      items: [{ id: items[0]!.id, quantity: 10 }],
      pickup: { date: DATES[1], time: '19:30' },
    });
    expect((await harness.app.inject({ url })).body).toBe(before);
    vi.advanceTimersByTime(250);
    const after = (await harness.app.inject({ url })).body;
    expect(after).not.toBe(before);
    expect(after).toBe(await uncached(harness.app, DATES[1]!, items));

    // The owner lowers the oven's limit on the other instance.
    const settings = await (
      await other.app.inject({ url: '/api/takeaway/settings', headers: other.auth })
    ).json();
    const put = await other.app.inject({
      method: 'PUT',
      url: '/api/takeaway/settings',
      headers: other.auth,
      payload: { ...settings, limits: { oven: 2, kitchen: 8 }, pausedUntil: undefined },
    });
    expect(put.statusCode, put.body).toBe(200);
    vi.advanceTimersByTime(250);
    const limited = (await harness.app.inject({ url })).body;
    expect(limited).not.toContain('"available":true');
    expect(limited).toBe(await uncached(harness.app, DATES[1]!, items));

    // Staff close the evening of the 14th on the other instance.
    const hours = await other.app.inject({
      method: 'PUT',
      url: '/api/opening-hours',
      headers: other.auth,
      payload: {
        weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
          day,
          ranges:
            day === 1
              ? []
              : [
                  { open: '12:00', close: '15:00' },
                  ...(day === 3 ? [] : [{ open: '19:00', close: '23:30' }]),
                ],
        })),
        closures: [],
        exceptions: [],
      },
    });
    expect(hours.statusCode, hours.body).toBe(200);
    const tomorrow = query(DATES[2]!, items);
    const open = (await harness.app.inject({ url: tomorrow })).body;
    expect(open).toContain('"time":"19:30"');
    vi.advanceTimersByTime(250);
    const closed = (await harness.app.inject({ url: tomorrow })).body;
    expect(closed).not.toContain('"time":"19:30"');
    expect(closed).toBe(await uncached(harness.app, DATES[2]!, items));
  });
});

describe('GET /api/reservations/availability from memory', () => {
  /** Tuesday 13 January 2026, 10:00 in Rome (UTC+1). */
  const START = Date.parse('2026-01-13T09:00:00Z');
  const DATES = ['2026-01-13', '2026-01-14', '2026-01-15', '2026-01-20'];
  const PARTIES = [1, 2, 4, 6];
  let now = START;

  async function start() {
    now = START;
    const harness = await testApp({}, { pages: false, now: () => now });
    apps.push(harness);
    await harness.app.outbox.stop();
    await createStaff(harness.app, { role: 'owner' });
    const token = await login(harness.app);
    return { ...harness, auth: { authorization: `Bearer ${token}` } };
  }
  /** A second instance on the same database, its memory empty. */
  async function another(shared: Awaited<ReturnType<typeof start>>) {
    const harness = await testApp(
      {},
      { pages: false, now: () => now, sharedDatabase: shared.database },
    );
    apps.push(harness);
    await harness.app.outbox.stop();
    return harness;
  }
  const url = (date: string, party: number) =>
    `/api/reservations/availability?date=${date}&party=${party}`;

  /** Covers mode's answer worked out from the rows now, as before anything was kept. */
  async function uncachedCovers(app: App, date: string, party: number) {
    const settings = await app.reservations.settings();
    const slots = slotsOn(await app.openingHours.get('it'), date, settings, new Date(now));
    const seated = await seatedBetween(
      app.db,
      Date.parse(`${date}T00:00:00Z`) - 2 * 60 * MINUTE_MS,
      Date.parse(`${date}T00:00:00Z`) + 34 * 60 * MINUTE_MS,
    );
    const rules = { turnMinutes: settings.turnMinutes, capacity: coverCapacity(settings) };
    return serialised(availabilityAnswer, {
      date,
      party,
      slots: slots.map((slot) => ({
        time: slot.time,
        available: fits(seated, slot.at.getTime(), party, rules),
      })),
    });
  }

  const book = (
    harness: Awaited<ReturnType<typeof start>>,
    date: string,
    time: string,
    party: number,
  ) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/reservations/staff',
      headers: harness.auth,
      payload: {
        name: 'Ospite',
        phone: '+39 333 1234567',
        party,
        date,
        time,
        lang: 'it',
        override: true,
      },
    });

  it('by covers: the bytes worked out from the rows, for every date and party, as bookings and the clock move', async () => {
    const harness = await start();
    const check = async () => {
      for (const date of DATES) {
        for (const party of PARTIES) {
          for (let ask = 0; ask < 2; ask += 1) {
            const response = await harness.app.inject({ url: url(date, party) });
            expect(response.statusCode, response.body).toBe(200);
            expect(response.body).toBe(await uncachedCovers(harness.app, date, party));
          }
        }
      }
    };
    await check();
    for (const [time, party] of [
      ['20:00', 8],
      ['20:00', 10],
      ['20:15', 6],
      ['13:00', 12],
    ] as const) {
      expect((await book(harness, DATES[1]!, time, party)).statusCode).toBe(201);
    }
    await check();
    now = START + 3 * 60 * MINUTE_MS;
    await check();
  });

  it("by tables: the bytes a fresh instance works out; another instance's booking within 250 ms, a plan edit at once", async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const harness = await start();
    await insertPlan(harness.app.db, {
      areas: [{ name: 'Sala' }],
      tables: [
        { name: 'T1', area: 'Sala', maxSeats: 2 },
        { name: 'T2', area: 'Sala', maxSeats: 2 },
        { name: 'T4', area: 'Sala', minSeats: 3, maxSeats: 4 },
        { name: 'T6', area: 'Sala', minSeats: 3, maxSeats: 6 },
      ],
    });
    const other = await another(harness);
    const check = async () => {
      // A third instance, its memory empty, works the answers out from the rows.
      const fresh = await another(harness);
      for (const date of DATES) {
        for (const party of PARTIES) {
          const kept = (await harness.app.inject({ url: url(date, party) })).body;
          expect((await harness.app.inject({ url: url(date, party) })).body).toBe(kept);
          expect(kept).toBe((await fresh.app.inject({ url: url(date, party) })).body);
        }
      }
    };
    await check();
    const wednesday = url(DATES[1]!, 6);
    const before = (await harness.app.inject({ url: wednesday })).body;
    expect(before).toContain('{"time":"20:00","available":true}');
    // The other instance seats a six at T6 at 20:00: this one sees it once its version is 250 ms old.
    expect((await book({ ...other, auth: harness.auth }, DATES[1]!, '20:00', 6)).statusCode).toBe(
      201,
    );
    expect((await harness.app.inject({ url: wednesday })).body).toBe(before);
    vi.advanceTimersByTime(250);
    const after = (await harness.app.inject({ url: wednesday })).body;
    expect(after).toContain('{"time":"20:00","available":false}');
    await check();
    // A plan edit (written with the version it counts): a second six-seater frees 20:00 again.
    await insertPlan(harness.app.db, {
      areas: [{ name: 'Veranda' }],
      tables: [{ name: 'V6', area: 'Veranda', minSeats: 3, maxSeats: 6 }],
    });
    vi.advanceTimersByTime(250);
    expect((await harness.app.inject({ url: wednesday })).body).toContain(
      '{"time":"20:00","available":true}',
    );
    await check();
  });
});
