import { afterEach, describe, expect, it } from 'vitest';
import type { EventInquiry } from '../../../shared/schemas/events.ts';
import type { FloorPlan } from '../../../shared/schemas/floor.ts';
import { createStaff, login, testApp } from '../../testing/app.ts';

// Where a confirmed event's tables are taken (CONTRACT.md part four):
// `holdArea` in PATCH /api/events/inquiries/{id}, an area of the floor plan
// or null for anywhere; an area the plan lacks is 400 and changes nothing.
const CLOCK = Date.parse('2026-01-13T07:30:00Z');
let harness: Awaited<ReturnType<typeof testApp>>;
let owner: string;
let staff: string;

async function start() {
  harness = await testApp({}, { pages: false, now: () => CLOCK });
  await harness.app.outbox.stop();
  await createStaff(harness.app, { role: 'owner' });
  await createStaff(harness.app, { email: 'luca@trattoria.example', username: 'luca' });
  owner = await login(harness.app);
  staff = await login(harness.app, 'luca@trattoria.example');
}
afterEach(async () => {
  await harness?.close();
});

const call = (
  method: 'GET' | 'PATCH' | 'PUT',
  url: string,
  payload: object | undefined,
  bearer: string,
) =>
  harness.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${bearer}` },
    ...(payload ? { payload } : {}),
  });

async function inquire(): Promise<number> {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/events/inquiries',
    remoteAddress: '10.8.0.1',
    payload: {
      kind: 'wedding',
      date: '2026-01-16',
      service: 'dinner',
      adults: 20,
      children: 0,
      area: 'whole',
      allergens: [],
      name: 'Lena Schmidt',
      email: 'lena@example.de',
      phone: '+49 170 7654321',
      lang: 'de',
      privacy: true,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

const table = (name: string, areaId: number) => ({
  name,
  areaId,
  minSeats: 2,
  maxSeats: 4,
  onlineBookable: true,
  priority: 0,
  shape: 'square',
  x: 0,
  y: 0,
  w: 10,
  h: 10,
});

describe('holdArea (PATCH /api/events/inquiries/{id})', () => {
  it('stores an area of the plan, answers it, takes null back to anywhere, and refuses an area the plan lacks', async () => {
    await start();
    const saved = await call(
      'PUT',
      '/api/floor',
      {
        areas: [
          { id: -1, name: 'Sala', onlineBookable: true },
          { id: -2, name: 'Terrazza', onlineBookable: false },
        ],
        tables: [table('T1', -1), table('T2', -2)],
        combinations: [],
      },
      owner,
    );
    const [, terrazza] = saved.json<FloorPlan>().areas;
    const id = await inquire();

    const confirmed = await call(
      'PATCH',
      `/api/events/inquiries/${id}`,
      { status: 'confirmed', holdCovers: 8, holdArea: terrazza!.id },
      staff,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<EventInquiry>()).toMatchObject({ holdCovers: 8, holdArea: terrazza!.id });
    const row = await harness.app.db
      .selectFrom('event_inquiries')
      .select('hold_area')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.hold_area).toBe(terrazza!.id);
    const summary = await harness.app.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'event.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(summary.summary).toContain("8 coperti tenuti nell'area Terrazza");

    // A status alone keeps the area.
    const talking = await call('PATCH', `/api/events/inquiries/${id}`, { holdCovers: 10 }, staff);
    expect(talking.json<EventInquiry>().holdArea).toBe(terrazza!.id);

    for (const holdArea of [terrazza!.id + 100, 0, -1, 1.5, '1']) {
      const refused = await call('PATCH', `/api/events/inquiries/${id}`, { holdArea }, staff);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual(['holdArea']);
    }
    const unknown = await call(
      'PATCH',
      `/api/events/inquiries/${id}`,
      { holdArea: terrazza!.id + 100 },
      staff,
    );
    expect(unknown.json().errors.holdArea[0]).toMatch(/non è nella pianta della sala/);
    const list = (await call('GET', '/api/events/inquiries', undefined, staff)).json<
      EventInquiry[]
    >();
    expect(list[0]).toMatchObject({ holdCovers: 10, holdArea: terrazza!.id });

    const anywhere = await call('PATCH', `/api/events/inquiries/${id}`, { holdArea: null }, staff);
    expect(anywhere.json<EventInquiry>().holdArea).toBeNull();

    // An area removed from the plan is no event's any more.
    await call('PATCH', `/api/events/inquiries/${id}`, { holdArea: terrazza!.id }, staff);
    const plan = saved.json<FloorPlan>();
    const smaller = await call(
      'PUT',
      '/api/floor',
      { areas: [plan.areas[0]], tables: [plan.tables[0]], combinations: [] },
      owner,
    );
    expect(smaller.statusCode, smaller.body).toBe(200);
    const after = (await call('GET', '/api/events/inquiries', undefined, staff)).json<
      EventInquiry[]
    >();
    expect(after[0]!.holdArea).toBeNull();
  });
});
