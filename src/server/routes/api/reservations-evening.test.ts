import { afterEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../../testing/app.ts';
import { insertPlan, type TestPlan } from '../../testing/floor.ts';
import type { Reservation } from '../../../shared/schemas/reservations.ts';
import type { DayPlan } from '../../../shared/schemas/floor.ts';

// The evening (CONTRACT.md part four): walk-ins seated now, the day plan
// staff run the service from, and the switch to table mode, which seats
// every booking still to come that the plan can (services/reservations/assign.ts,
// called by PUT /api/floor) and leaves the rest unassigned, never declined.
let harness: Awaited<ReturnType<typeof testApp>>;
let staff: string;
/** Wednesday 14 January 2026, 20:07 in Rome (UTC+1): mid-service. */
const EVENING = Date.parse('2026-01-14T19:07:00Z');
/** Tuesday 13 January 2026, 10:00 in Rome. */
const MORNING = Date.parse('2026-01-13T09:00:00Z');
let now = EVENING;
const WEDNESDAY = '2026-01-14';

afterEach(async () => {
  await harness?.close();
  now = EVENING;
});

const SMALL_ROOM: TestPlan = {
  areas: [{ name: 'Sala' }],
  tables: [
    { name: 'T1', area: 'Sala', maxSeats: 2 },
    { name: 'T2', area: 'Sala', maxSeats: 4, minSeats: 2 },
  ],
};

async function start() {
  harness = await testApp({}, { pages: false, now: () => now });
  await harness.app.outbox.stop();
  await createStaff(harness.app, { role: 'owner' });
  staff = await login(harness.app);
}
const asStaff = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  harness.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${staff}` },
  });
const walkIn = (payload: object) => asStaff('POST', '/api/reservations/walk-in', payload);
const byPhone = (overrides: Record<string, unknown> = {}) =>
  asStaff('POST', '/api/reservations/staff', {
    name: 'Tavolata Russo',
    phone: '+39 333 1234567',
    party: 2,
    date: WEDNESDAY,
    time: '21:00',
    lang: 'it',
    ...overrides,
  });
const dayPlan = async (date = WEDNESDAY) => {
  const response = await asStaff('GET', `/api/reservations/plan?date=${date}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DayPlan>();
};

describe('walk-ins', () => {
  it('seated now at the best free table, its turn from this minute; on chosen tables; none free is 409 and writes nothing', async () => {
    await start();
    const ids = await insertPlan(harness.app.db, SMALL_ROOM);
    const first = await walkIn({ party: 2, name: 'Coppia alla porta' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Reservation>()).toMatchObject({
      name: 'Coppia alla porta',
      party: 2,
      date: WEDNESDAY,
      time: '20:07',
      status: 'seated',
      source: 'walk-in',
      tableIds: [ids.T1],
      conflict: false,
      seatedAt: '2026-01-14T19:07:00.000Z',
    });
    // A party of two's turn is 90 minutes from the instant it came.
    const plan = await dayPlan();
    expect(plan.bookings[0]).toMatchObject({
      startsAt: '2026-01-14T19:07:00.000Z',
      endsAt: '2026-01-14T20:37:00.000Z',
    });
    const second = await walkIn({ party: 3 });
    expect(second.json<Reservation>()).toMatchObject({
      tableIds: [ids.T2],
      name: 'Cliente senza prenotazione',
    });
    const before = await harness.app.db.selectFrom('reservations').select('id').execute();
    const full = await walkIn({ party: 2 });
    expect(full.statusCode).toBe(409);
    expect(full.json().errors[0].code).toBe('slot-full');
    const taken = await walkIn({ party: 2, tableIds: [ids.T1] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0].code).toBe('table-taken');
    expect(await harness.app.db.selectFrom('reservations').select('id').execute()).toEqual(before);
    const forced = await walkIn({ party: 2, tableIds: [ids.T1], override: true });
    expect(forced.statusCode, forced.body).toBe(201);
    expect(forced.json<Reservation>().conflict).toBe(true);
    // Whatever the hours: 16:30 on a Wednesday is closed, and a walk-in is still seated.
    now = Date.parse('2026-01-14T15:30:00Z');
    expect((await walkIn({ party: 2 })).statusCode).toBe(201);
  });

  it('a party seated past its turn keeps its table (running late) until it is marked finished', async () => {
    await start();
    const ids = await insertPlan(harness.app.db, SMALL_ROOM);
    const couple = (await walkIn({ party: 2 })).json<Reservation>();
    expect(couple.tableIds).toEqual([ids.T1]);
    expect((await walkIn({ party: 4 })).json<Reservation>().tableIds).toEqual([ids.T2]);
    // 21:45: the couple's 90 minutes ended at 21:37, but they are still seated.
    now = Date.parse('2026-01-14T20:45:00Z');
    const late = await walkIn({ party: 2 });
    expect(late.statusCode).toBe(409);
    expect((await dayPlan()).bookings[0]).toMatchObject({
      id: couple.id,
      endsAt: '2026-01-14T21:00:00.000Z',
    });
    const finished = await asStaff('PATCH', `/api/reservations/${couple.id}`, {
      status: 'finished',
    });
    expect(finished.statusCode, finished.body).toBe(200);
    const next = await walkIn({ party: 2 });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json<Reservation>().tableIds).toEqual([ids.T1]);
  });

  it('a finished party seated again takes its tables back only if free (else 409 table-taken, or override, shown as a conflict)', async () => {
    await start();
    const ids = await insertPlan(harness.app.db, SMALL_ROOM);
    const first = (await walkIn({ party: 2 })).json<Reservation>();
    const patch = (body: object) => asStaff('PATCH', `/api/reservations/${first.id}`, body);
    expect((await patch({ status: 'finished' })).statusCode).toBe(200);
    const next = (await walkIn({ party: 2 })).json<Reservation>();
    expect(next.tableIds).toEqual([ids.T1]);
    const again = await patch({ status: 'seated' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('table-taken');
    const forced = await patch({ status: 'seated', override: true });
    expect(forced.statusCode, forced.body).toBe(200);
    // The answer is the booking as staff's list shows it: its tables, and the clash.
    expect(forced.json<Reservation>()).toMatchObject({
      status: 'seated',
      tableIds: [ids.T1],
      conflict: true,
    });
  });

  it('a party seated before its time holds its table from then', async () => {
    await start();
    const ids = await insertPlan(harness.app.db, SMALL_ROOM);
    now = MORNING;
    const booked = await byPhone({ time: '21:00' });
    expect(booked.json<Reservation>().tableIds).toEqual([ids.T1]);
    // 19:00: the couple of 21:00 came early and sat down at T1.
    now = Date.parse('2026-01-14T18:00:00Z');
    const seated = await asStaff('PATCH', `/api/reservations/${booked.json<Reservation>().id}`, {
      status: 'seated',
    });
    expect(seated.json<Reservation>().tableIds).toEqual([ids.T1]);
    // Another couple walks in: 90 minutes would end before 21:00, but T1 is taken now.
    const walkedIn = await walkIn({ party: 2 });
    expect(walkedIn.statusCode, walkedIn.body).toBe(201);
    expect(walkedIn.json<Reservation>().tableIds).toEqual([ids.T2]);
  });

  it('refuses a table named twice (400), which would otherwise be stored twice', async () => {
    await start();
    const ids = await insertPlan(harness.app.db, SMALL_ROOM);
    const twice = await walkIn({ party: 2, tableIds: [ids.T1, ids.T1], override: true });
    expect(twice.statusCode).toBe(400);
    expect(await harness.app.db.selectFrom('reservations').select('id').execute()).toEqual([]);
  });

  it('in covers mode: seated against the capacity from now, past it only with override', async () => {
    await start();
    expect((await byPhone({ party: 39, time: '20:00', override: true })).statusCode).toBe(201);
    const small = await walkIn({ party: 1 });
    expect(small.statusCode, small.body).toBe(201);
    expect(small.json<Reservation>()).toMatchObject({ tableIds: [], source: 'walk-in' });
    const full = await walkIn({ party: 2 });
    expect(full.statusCode).toBe(409);
    expect(full.json().errors[0].code).toBe('slot-full');
    const forced = await walkIn({ party: 2, override: true });
    expect(forced.json<Reservation>()).toMatchObject({ overCapacity: true });
    const tables = await walkIn({ party: 2, tableIds: [1] });
    expect(tables.statusCode).toBe(400);
    // Finished parties give their covers back from that moment.
    for (const id of [small.json<Reservation>().id, forced.json<Reservation>().id]) {
      const finished = await asStaff('PATCH', `/api/reservations/${id}`, { status: 'finished' });
      expect(finished.statusCode, finished.body).toBe(200);
    }
    const after = await walkIn({ party: 1 });
    expect(after.statusCode, after.body).toBe(201);
    expect(after.json<Reservation>().overCapacity).toBe(false);
  });
});

describe('the day plan', () => {
  it('in covers mode: the bookings alone, nothing unassigned; declined and cancelled left out', async () => {
    now = MORNING;
    await start();
    const kept = (await byPhone()).json<Reservation>();
    const dropped = (await byPhone({ time: '21:15' })).json<Reservation>();
    await asStaff('PATCH', `/api/reservations/${dropped.id}`, { status: 'cancelled' });
    expect(await dayPlan()).toMatchObject({
      date: WEDNESDAY,
      areas: [],
      tables: [],
      combinations: [],
      unassigned: [],
      holds: [],
      bookings: [{ id: kept.id, tableIds: [], conflict: false, status: 'confirmed' }],
    });
    expect((await asStaff('GET', '/api/reservations/plan?date=2026-13-01')).statusCode).toBe(400);
    const anonymous = await harness.app.inject({
      method: 'GET',
      url: `/api/reservations/plan?date=${WEDNESDAY}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('carries an ETag: asked again with it, 304 until a booking changes or the minute turns', async () => {
    await start();
    await insertPlan(harness.app.db, SMALL_ROOM);
    const url = `/api/reservations/plan?date=${WEDNESDAY}`;
    const first = await asStaff('GET', url);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"plan-/);
    const again = (etag: string) =>
      harness.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${staff}`, 'if-none-match': etag },
      });
    const unchanged = await again(tag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers['cache-control']).toBe('no-store');
    expect((await walkIn({ party: 2 })).statusCode).toBe(201);
    const changed = await again(tag);
    expect(changed.statusCode).toBe(200);
    expect(changed.json<DayPlan>().bookings).toHaveLength(1);
    const newer = changed.headers.etag as string;
    expect(newer).not.toBe(tag);
    expect((await again(newer)).statusCode).toBe(304);
    // A party running late holds its table a little longer as the clock moves.
    now += 60_000;
    expect((await again(newer)).statusCode).toBe(200);
    // The owner's settings (the turn shapes events' holds) count the version too.
    const settings = await asStaff('GET', '/api/reservations/settings');
    const stored = settings.json<Record<string, unknown>>();
    delete stored.calendarFeedUrl; // the answer's, not a setting
    const latest = (await again(newer)).headers.etag as string;
    const saved = await harness.app.inject({
      method: 'PUT',
      url: '/api/reservations/settings',
      payload: { ...stored, turnMinutes: 105 },
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await again(latest)).statusCode).toBe(200);
  });
});

describe('the switch to table mode', () => {
  it('seats every booking still to come in order of time then creation; those it cannot stay unassigned, never declined', async () => {
    now = MORNING;
    await start();
    // Booked in covers mode: four couples at 21:00, one at 12:00, one past.
    const made: Reservation[] = [];
    for (const time of ['21:00', '21:00', '12:00', '21:00']) {
      made.push((await byPhone({ time, name: `Ospite ${time}` })).json<Reservation>());
    }
    const yesterday = (await byPhone({ date: '2026-01-13', time: '12:00' })).json<Reservation>();
    now = Date.parse('2026-01-13T14:00:00Z');
    const ids = await insertPlan(harness.app.db, SMALL_ROOM);
    const assign = await harness.app.reservations.assigner();
    const switched = await harness.app.db.transaction().execute(assign);
    harness.app.bookingsVersion.expire();
    // 12:00 first (it is earlier), then the 21:00s by creation: T1, T2, then none.
    expect(switched).toEqual({
      assigned: [made[2]!.id, made[0]!.id, made[1]!.id],
      unassigned: [made[3]!.id],
    });
    const plan = await dayPlan();
    expect(plan.tables.map((table) => table.id)).toEqual([ids.T1, ids.T2]);
    expect(plan.unassigned).toEqual([made[3]!.id]);
    expect(plan.bookings.map((booking) => [booking.id, booking.tableIds, booking.status])).toEqual([
      [made[2]!.id, [ids.T1], 'confirmed'],
      [made[0]!.id, [ids.T1], 'confirmed'],
      [made[1]!.id, [ids.T2], 'confirmed'],
      [made[3]!.id, [], 'confirmed'],
    ]);
    // The past booking was left alone.
    const past = await harness.app.db
      .selectFrom('reservation_tables')
      .selectAll()
      .where('reservation_id', '=', yesterday.id)
      .execute();
    expect(past).toEqual([]);
    // Staff seat the unassigned one by hand: it leaves the list.
    const moved = await asStaff('PATCH', `/api/reservations/${made[3]!.id}`, {
      tableIds: [ids.T2],
      override: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await dayPlan()).unassigned).toEqual([]);
  });
});
