import { afterEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../../testing/app.ts';
import { insertPlan, type TestPlan } from '../../testing/floor.ts';
import { bumpBookingsVersion } from '../../services/reservations/rows.ts';
import type { Reservation } from '../../../shared/schemas/reservations.ts';
import type { DayPlan } from '../../../shared/schemas/floor.ts';

// Decisions by tables (CONTRACT.md part four, "Tables and the floor plan"):
// availability, online and phone bookings on a plan written straight into
// its tables, turns by party size, the pace, the guest's area, staff's
// override, the evening's steps and moves (PATCH), events holding tables.
// Seeded hours: Tuesday to Sunday 12:00–15:00 and 19:00–23:30.
let harness: Awaited<ReturnType<typeof testApp>>;
let staff: string;
let ids: Record<string, number>;
/** Tuesday 13 January 2026, 10:00 in Rome (UTC+1). */
const START = Date.parse('2026-01-13T09:00:00Z');
let now = START;
const WEDNESDAY = '2026-01-14';

afterEach(async () => {
  await harness?.close();
  now = START;
});

/** Sala: a two (online), a two (not online), a four; Terrazza: two fours pushed together for 6-8. */
export const ROOM: TestPlan = {
  areas: [{ name: 'Sala' }, { name: 'Terrazza' }],
  tables: [
    { name: 'T1', area: 'Sala', maxSeats: 2 },
    { name: 'T2', area: 'Sala', maxSeats: 2, onlineBookable: false },
    { name: 'T4', area: 'Sala', minSeats: 3, maxSeats: 4 },
    { name: 'T8a', area: 'Terrazza', minSeats: 3, maxSeats: 4 },
    { name: 'T8b', area: 'Terrazza', minSeats: 3, maxSeats: 4 },
  ],
  combinations: [{ name: 'T8', tables: ['T8a', 'T8b'], minSeats: 6, maxSeats: 8 }],
};

async function start(plan: TestPlan | null = ROOM) {
  harness = await testApp({}, { pages: false, now: () => now });
  await harness.app.outbox.stop();
  await createStaff(harness.app, { role: 'owner' });
  staff = await login(harness.app);
  ids = plan ? await insertPlan(harness.app.db, plan) : {};
}

let address = 0;
const guest = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jonas Weber',
  email: `jonas${address}@example.de`,
  phone: `+49 170 ${1_000_000 + address}`,
  party: 2,
  date: WEDNESDAY,
  time: '20:00',
  privacy: true,
  lang: 'de',
  ...overrides,
});
const book = (payload: object) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/reservations',
    payload,
    remoteAddress: `10.1.0.${(address++ % 250) + 1}`,
  });
const asStaff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  harness.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${staff}` },
  });
const byPhone = (overrides: Record<string, unknown> = {}) =>
  asStaff('POST', '/api/reservations/staff', {
    name: 'Tavolata Russo',
    phone: '+39 333 1234567',
    party: 2,
    date: WEDNESDAY,
    time: '20:00',
    lang: 'it',
    ...overrides,
  });
const free = async (party: number, extra = '') => {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/api/reservations/availability?date=${WEDNESDAY}&party=${party}${extra}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const slots = response.json<{ slots: { time: string; available: boolean }[] }>().slots;
  return slots.filter((slot) => slot.available).map((slot) => slot.time);
};
const day = async () => {
  const response = await asStaff('GET', `/api/reservations?date=${WEDNESDAY}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Reservation[]>();
};
const plan = async () => {
  const response = await asStaff('GET', `/api/reservations/plan?date=${WEDNESDAY}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DayPlan>();
};
/** A change written straight into the rows, made visible as a booking's own change would be. */
const bump = async () => {
  await bumpBookingsVersion(harness.app.db);
  harness.app.bookingsVersion.expire();
};
const putSettings = (overrides: Record<string, unknown>) =>
  asStaff('PUT', '/api/reservations/settings', {
    coversPerSlot: 40,
    turnMinutes: 120,
    minNoticeMinutes: 120,
    horizonDays: 60,
    maxPartyOnline: 8,
    autoConfirmMaxParty: null,
    retentionMonths: 24,
    ...overrides,
  });
const bookingsCount = async () =>
  (await harness.app.db.selectFrom('reservations').select('id').execute()).length;

describe('decisions by tables', () => {
  it('a couple online gets the online two; the turn is by party size; a second couple at 20:00 is refused and nothing is stored', async () => {
    await start();
    expect(await free(2)).toContain('20:00');
    const first = await book(guest());
    expect(first.statusCode, first.body).toBe(201);
    const [booking] = await day();
    expect(booking!.tableIds).toEqual([ids.T1]);
    // Its turn is 90 minutes (two people), not the 120 of covers mode.
    const row = await harness.app.db
      .selectFrom('reservations')
      .select(['starts_at', 'ends_at'])
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.ends_at) - Date.parse(row.starts_at)).toBe(90 * 60_000);
    // T2 is not online and T4 seats 3-4: no table for a couple online from 18:45 to 21:15.
    const times = await free(2);
    expect(times).not.toContain('20:00');
    expect(times).not.toContain('19:00');
    expect(times).toContain('21:30');
    expect(times).toContain('12:00');
    const refused = await book(guest({ email: 'other@example.de' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].code).toBe('slot-full');
    expect(await bookingsCount()).toBe(1);
    // Staff by phone still have T2, which is not online.
    const phoned = await byPhone();
    expect(phoned.statusCode, phoned.body).toBe(201);
    expect(phoned.json<Reservation>().tableIds).toEqual([ids.T2]);
    expect(phoned.json<Reservation>().conflict).toBe(false);
  });

  it('a party of seven takes the combination; one of three the four; staff override seats past a conflict, shown on the plan', async () => {
    await start();
    expect((await book(guest({ party: 7 }))).statusCode).toBe(201);
    expect((await book(guest({ party: 3 }))).statusCode).toBe(201);
    const booked = await day();
    expect(booked.map((one) => one.tableIds)).toEqual([[ids.T8a, ids.T8b], [ids.T4]]);
    // Nothing left for four at 20:00, by phone either ...
    const full = await byPhone({ party: 4 });
    expect(full.statusCode).toBe(409);
    expect(full.json().errors[0].code).toBe('slot-full');
    // ... unless staff override: seated on the best table anyway, in conflict.
    const forced = await byPhone({ party: 4, override: true });
    expect(forced.statusCode, forced.body).toBe(201);
    expect(forced.json<Reservation>()).toMatchObject({ conflict: true, overCapacity: true });
    const dayPlan = await plan();
    expect(dayPlan.bookings.filter((one) => one.conflict)).toHaveLength(2);
    expect(dayPlan.tables.map((table) => table.name)).toEqual(['T1', 'T2', 'T4', 'T8a', 'T8b']);
  });

  it('the pace: at most coversPerSlot covers start at one slot online; staff go past it; null is no pace', async () => {
    await start();
    expect((await putSettings({ coversPerSlot: 4 })).statusCode).toBe(200);
    expect((await book(guest({ party: 3 }))).statusCode).toBe(201);
    // T1 is free at 20:00, but 3 + 2 covers would start there.
    expect(await free(2)).not.toContain('20:00');
    const paced = await book(guest({ party: 2, email: 'b@example.de' }));
    expect(paced.statusCode, paced.body).toBe(409);
    expect(paced.json().errors[0].code).toBe('slot-full');
    expect(await bookingsCount()).toBe(1);
    expect((await byPhone({ party: 2 })).statusCode).toBe(201);
    expect((await putSettings({ coversPerSlot: null })).statusCode).toBe(200);
    expect(await free(7)).toContain('20:00');
    expect((await book(guest({ party: 7, email: 'c@example.de' }))).statusCode).toBe(201);
  });

  it('the area a guest chose: 400 while choosing is off or for an area not online; else only its tables', async () => {
    await start({
      ...ROOM,
      areas: [{ name: 'Sala' }, { name: 'Terrazza' }, { name: 'Privé', onlineBookable: false }],
    });
    const refusedOff = await book(guest({ area: ids.Terrazza }));
    expect(refusedOff.statusCode).toBe(400);
    expect(refusedOff.json().errors.area).toBeDefined();
    const availabilityOff = await harness.app.inject({
      method: 'GET',
      url: `/api/reservations/availability?date=${WEDNESDAY}&party=2&area=${ids.Terrazza}`,
    });
    expect(availabilityOff.statusCode).toBe(400);
    expect((await putSettings({ areaChoice: true })).statusCode).toBe(200);
    const settings = await harness.app.inject({
      method: 'GET',
      url: `/api/reservations/availability?date=${WEDNESDAY}&party=2&area=${ids['Privé']}`,
    });
    expect(settings.statusCode, settings.body).toBe(400);
    // The terrace's tables seat 3-4: no couple there; a party of three is.
    expect(await free(2, `&area=${ids.Terrazza}`)).toEqual([]);
    expect(await free(3, `&area=${ids.Terrazza}`)).toContain('20:00');
    const booked = await book(guest({ party: 3, area: ids.Terrazza }));
    expect(booked.statusCode, booked.body).toBe(201);
    const [row] = await day();
    expect(row).toMatchObject({ area: ids.Terrazza, tableIds: [ids.T8a] });
    expect(await bookingsCount()).toBe(1);
  });
});

describe('the evening: steps and moves (PATCH)', () => {
  it('arrived, seated, finished with their times; finished frees the table; any date', async () => {
    await start();
    const id = (await byPhone({ name: 'Rossi' })).json<Reservation>().id;
    now = Date.parse('2026-01-14T18:55:00Z');
    const arrived = await asStaff('PATCH', `/api/reservations/${id}`, { status: 'arrived' });
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.json<Reservation>().arrivedAt).toBe('2026-01-14T18:55:00.000Z');
    now += 5 * 60_000;
    const seated = await asStaff('PATCH', `/api/reservations/${id}`, { status: 'seated' });
    expect(seated.json<Reservation>()).toMatchObject({
      status: 'seated',
      seatedAt: '2026-01-14T19:00:00.000Z',
    });
    // The online two is taken until 21:30 ...
    now = START;
    expect(await free(2)).not.toContain('20:30');
    now = Date.parse('2026-01-14T19:40:00Z');
    const finished = await asStaff('PATCH', `/api/reservations/${id}`, { status: 'finished' });
    expect(finished.json<Reservation>()).toMatchObject({
      status: 'finished',
      finishedAt: '2026-01-14T19:40:00.000Z',
    });
    // ... and free from 20:40 once they left.
    now = START;
    const times = await free(2);
    expect(times).toContain('21:00');
    const audit = await harness.app.db
      .selectFrom('audit_log')
      .select('summary')
      .where('target', '=', `reservation:${id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.summary).join('\n')).toMatch(
      /arrivati[\s\S]*al tavolo[\s\S]*hanno finito/,
    );
  });

  it('a move: table-taken unless override (then a conflict); too small is table-taken; unknown tables 400', async () => {
    await start();
    const first = (await byPhone({ name: 'Uno' })).json<Reservation>();
    const second = (await byPhone({ name: 'Due' })).json<Reservation>();
    expect([first.tableIds, second.tableIds]).toEqual([[ids.T1], [ids.T2]]);
    const taken = await asStaff('PATCH', `/api/reservations/${second.id}`, { tableIds: [ids.T1] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0].code).toBe('table-taken');
    const small = await asStaff('PATCH', `/api/reservations/${second.id}`, {
      tableIds: [ids.T8a],
    });
    expect(small.statusCode).toBe(409);
    expect(small.json().errors[0].code).toBe('table-taken');
    const unknown = await asStaff('PATCH', `/api/reservations/${second.id}`, {
      tableIds: [999_999],
    });
    expect(unknown.statusCode).toBe(400);
    expect((await day()).map((one) => one.tableIds)).toEqual([[ids.T1], [ids.T2]]);
    const forced = await asStaff('PATCH', `/api/reservations/${second.id}`, {
      tableIds: [ids.T1],
      override: true,
    });
    expect(forced.statusCode, forced.body).toBe(200);
    const after = await day();
    expect(after.map((one) => [one.tableIds, one.conflict])).toEqual([
      [[ids.T1], true],
      [[ids.T1], true],
    ]);
    // A free table for a party it seats: moved, audited in Italian.
    const moved = await asStaff('PATCH', `/api/reservations/${second.id}`, {
      tableIds: [ids.T2],
      status: 'arrived',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Reservation>()).toMatchObject({ status: 'arrived' });
    const last = await harness.app.db
      .selectFrom('audit_log')
      .select('summary')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.summary).toContain('arrivati, spostata al tavolo T2');
  });
});

describe('events hold tables', () => {
  it('"all" holds every table of its service; N holds the fewest tables reaching it in its area', async () => {
    await start();
    const event = (hold: number, holdArea: number | null) => ({
      kind: 'birthday' as const,
      date: WEDNESDAY,
      service: 'dinner' as const,
      adults: 8,
      children: 0,
      area: 'any' as const,
      allergens: '',
      dietary_notes: '',
      notes: '',
      name: 'Festa Bianchi',
      email: 'bianchi@example.it',
      phone: '',
      lang: 'it',
      status: 'confirmed' as const,
      hold_covers: hold,
      hold_area: holdArea,
      privacy_accepted_at: new Date(START).toISOString(),
      client_key: 'test',
      created_at: new Date(START).toISOString(),
      updated_at: new Date(START).toISOString(),
      budget_cents: null,
      alt_date: null,
    });
    const inserted = await harness.app.db
      .insertInto('event_inquiries')
      .values(event(8, ids.Terrazza!))
      .returning('id')
      .executeTakeFirstOrThrow();
    await bump();
    expect((await plan()).holds).toMatchObject([
      { eventId: inserted.id, tableIds: [ids.T8a, ids.T8b] },
    ]);
    expect(await free(3)).toContain('20:00');
    expect((await book(guest({ party: 3 }))).statusCode).toBe(201);
    // The four is now taken, the terrace held: no party of three at 20:00.
    const refused = await book(guest({ party: 3, email: 'x@example.de' }));
    expect(refused.statusCode).toBe(409);
    await harness.app.db
      .updateTable('event_inquiries')
      .set({ hold_covers: -1 })
      .where('id', '=', inserted.id)
      .execute();
    await bump();
    expect(await free(2)).toEqual(['12:00', '12:15', '12:30', '12:45', '13:00']);
  });
});
