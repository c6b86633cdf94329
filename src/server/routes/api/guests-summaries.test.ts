import { afterEach, describe, expect, it } from 'vitest';
import type { DayPlan } from '../../../shared/schemas/floor.ts';
import type { GuestSummary } from '../../../shared/schemas/guest-records.ts';
import type { Reservation } from '../../../shared/schemas/reservations.ts';
import type { TakeawayBoard, TakeawayOrder } from '../../../shared/schemas/takeaway.ts';
import { createStaff, login, testApp } from '../../testing/app.ts';
import { seedBooking, seedOrder } from '../../testing/guests.ts';

// Where staff meet the guest (CONTRACT.md part four, "Guests"): each booking
// of the day's list and of the evening plan, each order of the day's orders
// and of the kitchen board, carries its guest's summary; a change of the
// notes changes the plan's and the board's tags, so that a screen polling
// with If-None-Match sees it.
let harness: Awaited<ReturnType<typeof testApp>>;
let staff: string;
/** Wednesday 14 January 2026, 12:00 in Rome. */
const NOW = Date.parse('2026-01-14T11:00:00Z');
const TODAY = '2026-01-14';

afterEach(async () => {
  await harness?.close();
});

async function start() {
  harness = await testApp({}, { pages: false, now: () => NOW });
  await harness.app.outbox.stop();
  await createStaff(harness.app, { role: 'owner' });
  staff = await login(harness.app);
}
const get = (url: string, headers: Record<string, string> = {}) =>
  harness.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${staff}`, ...headers },
  });
const patchGuest = (key: string, body: object) =>
  harness.app.inject({
    method: 'PATCH',
    url: `/api/guests/${key}`,
    payload: body,
    headers: { authorization: `Bearer ${staff}` },
  });

/** A returning guest (two visits, a no-show) booked tonight and ordering today, and a walk-in without contact. */
async function seedDay() {
  const { db } = harness.app;
  const anna = { name: 'Anna Bellini', email: 'anna@example.com', phone: '+39 333 1234567' };
  await seedBooking(db, anna, { date: '2026-01-05', status: 'finished' });
  await seedBooking(db, anna, { date: '2026-01-06' });
  await seedBooking(db, anna, { date: '2026-01-07', status: 'no-show' });
  const tonight = await seedBooking(db, anna, { date: TODAY, time: '20:30' });
  await seedBooking(db, { name: 'Tavolo 4 senza nome' }, { date: TODAY, time: '20:00' });
  await seedOrder(db, anna, { date: TODAY, time: '19:30', status: 'accepted' });
  await seedOrder(
    db,
    { name: 'Senza contatti' },
    { date: TODAY, time: '19:45', status: 'accepted' },
  );
  const { key } = await db
    .selectFrom('guests')
    .select('key')
    .where('id', '=', tonight.guestId!)
    .executeTakeFirstOrThrow();
  const anns: GuestSummary = {
    key,
    visits: 2,
    noShows: 1,
    cancellations: 0,
    orders: 0,
    notes: '',
    tags: [],
  };
  return { key, anns };
}

describe("the guest's summary where staff meet the guest", () => {
  it("is on each of the day's bookings and of the evening plan's (null without e-mail or phone)", async () => {
    await start();
    const { anns } = await seedDay();
    const day = await get(`/api/reservations?date=${TODAY}`);
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json<Reservation[]>().map(({ name, guest }) => [name, guest])).toEqual([
      ['Tavolo 4 senza nome', null],
      ['Anna Bellini', anns],
    ]);
    const plan = await get(`/api/reservations/plan?date=${TODAY}`);
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json<DayPlan>().bookings.map(({ name, guest }) => [name, guest])).toEqual([
      ['Tavolo 4 senza nome', null],
      ['Anna Bellini', anns],
    ]);
  });

  it("is on each of the day's orders and of the board's", async () => {
    await start();
    const { anns } = await seedDay();
    const orders = await get(`/api/takeaway/orders?date=${TODAY}`);
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.json<TakeawayOrder[]>().map(({ name, guest }) => [name, guest])).toEqual([
      ['Anna Bellini', anns],
      ['Senza contatti', null],
    ]);
    const board = await get(`/api/takeaway/board?date=${TODAY}`);
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json<TakeawayBoard>().orders.map(({ name, guest }) => [name, guest])).toEqual([
      ['Anna Bellini', anns],
      ['Senza contatti', null],
    ]);
  });

  it('changes the plan and the board, and their tags, when a note or a tag changes', async () => {
    await start();
    const { key } = await seedDay();
    const planUrl = `/api/reservations/plan?date=${TODAY}`;
    const boardUrl = `/api/takeaway/board?date=${TODAY}`;
    const planTag = (await get(planUrl)).headers.etag as string;
    const boardTag = (await get(boardUrl)).headers.etag as string;
    expect((await get(planUrl, { 'if-none-match': planTag })).statusCode).toBe(304);
    expect((await get(boardUrl, { 'if-none-match': boardTag })).statusCode).toBe(304);

    expect((await patchGuest(key, { notes: 'Celiaca' })).statusCode).toBe(200);
    const plan = await get(planUrl, { 'if-none-match': planTag });
    expect(plan.statusCode).toBe(200);
    expect(plan.json<DayPlan>().bookings[1]!.guest?.notes).toBe('Celiaca');
    const board = await get(boardUrl, { 'if-none-match': boardTag });
    expect(board.statusCode).toBe(200);
    expect(board.json<TakeawayBoard>().orders[0]!.guest?.notes).toBe('Celiaca');
    const day = await get(`/api/reservations?date=${TODAY}`);
    expect(day.json<Reservation[]>()[1]!.guest?.notes).toBe('Celiaca');

    // The owner's list changes a guest's tags: the tags change again.
    const owner = { authorization: `Bearer ${staff}` };
    await harness.app.inject({
      method: 'PUT',
      url: '/api/guests/tags',
      payload: { tags: ['VIP'] },
      headers: owner,
    });
    expect((await patchGuest(key, { tags: ['VIP'] })).statusCode).toBe(200);
    const planTag2 = plan.headers.etag as string;
    const boardTag2 = board.headers.etag as string;
    await harness.app.inject({
      method: 'PUT',
      url: '/api/guests/tags',
      payload: { tags: [] },
      headers: owner,
    });
    const plan3 = await get(planUrl, { 'if-none-match': planTag2 });
    expect(plan3.statusCode).toBe(200);
    expect(plan3.json<DayPlan>().bookings[1]!.guest?.tags).toEqual([]);
    expect((await get(boardUrl, { 'if-none-match': boardTag2 })).statusCode).toBe(200);
  });

  it("changes the board's tag when a booking's status changes its guest's visits", async () => {
    await start();
    await seedDay();
    const boardUrl = `/api/takeaway/board?date=${TODAY}`;
    const first = await get(boardUrl);
    const noShow = await harness.app.db
      .selectFrom('reservations')
      .select('id')
      .where('date', '=', '2026-01-06')
      .executeTakeFirstOrThrow();
    const marked = await harness.app.inject({
      method: 'PATCH',
      url: `/api/reservations/${noShow.id}`,
      payload: { status: 'no-show' },
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const again = await get(boardUrl, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(200);
    expect(again.json<TakeawayBoard>().orders[0]!.guest).toMatchObject({ visits: 1, noShows: 2 });
  });
});
