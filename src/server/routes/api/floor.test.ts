// Over 400 lines: the floor plan's API tests and the settings that depend on it (no pace, turns, the area choice) in one file, sharing one app and its plan.
import { afterEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../../testing/app.ts';
import { FLOOR_LIMITS, type FloorPlan } from '../../../shared/schemas/floor.ts';
import type { ReservationSettingsAnswer } from '../../../shared/schemas/reservations.ts';

// The owner's floor plan (CONTRACT.md part four, "Tables and the floor
// plan"): GET|PUT /api/floor, the whole plan replaced at once, placeholder
// ids, refusals that change nothing, and the way back to covers mode. The
// app's clock is set, never waited for.
let harness: Awaited<ReturnType<typeof testApp>>;
let owner: string;
let staff: string;
/** Tuesday 13 January 2026, 10:00 in Rome (UTC+1). */
const NOW = Date.parse('2026-01-13T09:00:00Z');

async function start() {
  harness = await testApp({}, { pages: false, now: () => NOW });
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
  method: 'GET' | 'PUT',
  url: string,
  payload?: object,
  bearer: string | null = owner,
) =>
  harness.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    ...(bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {}),
  });
const put = (plan: object, bearer: string | null = owner) =>
  call('PUT', '/api/floor', plan, bearer);
const stored = async () => (await call('GET', '/api/floor')).json<FloorPlan>();

const table = (name: string, areaId: number, extra: Record<string, unknown> = {}) => ({
  name,
  areaId,
  minSeats: 2,
  maxSeats: 4,
  onlineBookable: true,
  priority: 0,
  shape: 'square',
  x: 10,
  y: 10,
  w: 10,
  h: 10,
  ...extra,
});

/** A room of three tables and a terrace of two, T4 and T5 pushed together as one. */
const firstPlan = {
  areas: [
    { id: -1, name: 'Sala', onlineBookable: true },
    { id: -2, name: 'Terrazza', onlineBookable: false },
  ],
  tables: [
    { id: -11, ...table('T1', -1) },
    table('T2', -1, { shape: 'round', minSeats: 1, maxSeats: 2, priority: 3 }),
    table('T3', -1, { shape: 'rect', x: 50, w: 40, h: 20, maxSeats: 8 }),
    { id: -14, ...table('T4', -2) },
    { id: -15, ...table('T5', -2, { x: 21, onlineBookable: false }) },
  ],
  combinations: [
    { name: 'T4+T5', tableIds: [-14, -15], minSeats: 6, maxSeats: 10, onlineBookable: true },
  ],
};

/** The answer as the next PUT's body: every entry with its own id. */
const asBody = (plan: FloorPlan) => ({
  areas: plan.areas.map((area) => ({ ...area })),
  tables: plan.tables.map((entry) => ({ ...entry })),
  combinations: plan.combinations.map((entry) => ({ ...entry })),
});

/** A booking stored as the bookings' code stores one, holding `tableIds`. */
async function booking(
  tableIds: number[],
  { startsAt = '2026-01-14T19:00:00.000Z', status = 'confirmed' } = {},
) {
  const endsAt = new Date(Date.parse(startsAt) + 2 * 3600_000).toISOString();
  const { id } = await harness.app.db
    .insertInto('reservations')
    .values({
      name: 'Marta Greco',
      email: '',
      phone: '+39 333 1234567',
      party: 4,
      date: startsAt.slice(0, 10),
      time: '20:00',
      starts_at: startsAt,
      ends_at: endsAt,
      status: status as 'confirmed',
      notes: '',
      lang: 'it',
      source: 'staff',
      created_at: new Date(NOW).toISOString(),
      updated_at: new Date(NOW).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (tableIds.length > 0) {
    await harness.app.db
      .insertInto('reservation_tables')
      .values(tableIds.map((tableId) => ({ reservation_id: id, table_id: tableId })))
      .execute();
  }
  return id;
}
const held = () =>
  harness.app.db
    .selectFrom('reservation_tables')
    .selectAll()
    .orderBy('reservation_id')
    .orderBy('table_id')
    .execute();
const audit = () =>
  harness.app.db
    .selectFrom('audit_log')
    .select(['action', 'summary'])
    .where('action', '=', 'floor.update')
    .orderBy('id')
    .execute();
const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  coversPerSlot: 40,
  turnMinutes: 120,
  minNoticeMinutes: 120,
  horizonDays: 60,
  maxPartyOnline: 8,
  autoConfirmMaxParty: null,
  retentionMonths: 24,
  ...overrides,
});

/** What a refused PUT must leave as it was. */
const everything = async () => ({ plan: await stored(), held: await held(), audit: await audit() });

describe('GET|PUT /api/floor', () => {
  it('is the owner’s: 401 without a session, 403 for staff; an empty plan at first', async () => {
    await start();
    expect((await call('GET', '/api/floor', undefined, null)).statusCode).toBe(401);
    expect((await put(firstPlan, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/floor', undefined, staff)).statusCode).toBe(403);
    expect((await put(firstPlan, staff)).statusCode).toBe(403);
    expect(await stored()).toEqual({ areas: [], tables: [], combinations: [] });
  });

  it('stores placeholders as real ids, keeps ids across saves, removes what is left out, and logs it', async () => {
    await start();
    const saved = await put(firstPlan);
    expect(saved.statusCode, saved.body).toBe(200);
    const plan = saved.json<FloorPlan>();
    expect(await stored()).toEqual(plan);
    expect(plan.areas.map((area) => area.name)).toEqual(['Sala', 'Terrazza']);
    expect([...plan.areas, ...plan.tables].every((entry) => entry.id > 0)).toBe(true);
    const [sala, terrazza] = plan.areas;
    expect(plan.tables.map((entry) => [entry.name, entry.areaId])).toEqual([
      ['T1', sala!.id],
      ['T2', sala!.id],
      ['T3', sala!.id],
      ['T4', terrazza!.id],
      ['T5', terrazza!.id],
    ]);
    expect(plan.tables[1]).toMatchObject({ shape: 'round', minSeats: 1, maxSeats: 2, priority: 3 });
    const t4 = plan.tables[3]!.id;
    const t5 = plan.tables[4]!.id;
    expect(plan.combinations).toEqual([
      {
        id: expect.any(Number),
        name: 'T4+T5',
        tableIds: [t4, t5],
        minSeats: 6,
        maxSeats: 10,
        onlineBookable: true,
      },
    ]);

    // T2 goes, T1 is renamed, a new table joins the terrace, the order changes.
    const body = asBody(plan);
    const next = {
      areas: body.areas.reverse(),
      tables: [
        { ...body.tables[0]!, name: 'Tavolo 1' },
        body.tables[2]!,
        body.tables[3]!,
        body.tables[4]!,
        table('T6', terrazza!.id),
      ],
      combinations: body.combinations,
    };
    const again = await put(next);
    expect(again.statusCode, again.body).toBe(200);
    const after = again.json<FloorPlan>();
    expect(after.areas.map((area) => [area.id, area.name])).toEqual([
      [terrazza!.id, 'Terrazza'],
      [sala!.id, 'Sala'],
    ]);
    expect(after.tables.map((entry) => entry.id).slice(0, 4)).toEqual([
      plan.tables[0]!.id,
      plan.tables[2]!.id,
      t4,
      t5,
    ]);
    expect(after.tables[0]!.name).toBe('Tavolo 1');
    expect(after.tables[4]!.id).not.toBe(plan.tables[1]!.id);
    expect(after.combinations).toEqual(plan.combinations);
    const entries = await audit();
    expect(entries).toHaveLength(2);
    expect(entries[0]!.summary).toContain('2 aree, 5 tavoli, 1 combinazioni');
    expect(entries[1]!.summary).toContain('tolti il tavolo T2');
  });

  it('refuses a bad plan with 400, in Italian, and changes nothing', async () => {
    await start();
    const plan = (await put(firstPlan)).json<FloorPlan>();
    const before = await everything();
    const body = asBody(plan);
    const [t1, t2] = body.tables;
    const refusals: [object, string, RegExp][] = [
      [
        { ...body, areas: [{ id: 99_999, name: 'Cantina', onlineBookable: true }, ...body.areas] },
        'areas.0.id',
        /non trovata/,
      ],
      [
        { ...body, tables: [...body.tables, { ...t1!, id: 99_999, name: 'T9' }] },
        'tables.5.id',
        /non trovato/,
      ],
      [
        { ...body, tables: [...body.tables, table('T9', -7)] },
        'tables.5.areaId',
        /non è nella pianta/,
      ],
      [{ ...body, tables: [...body.tables, { ...t2!, name: 'T9' }] }, 'tables.5.id', /due volte/],
      [
        {
          ...body,
          combinations: [{ ...body.combinations[0]!, tableIds: [t1!.id, body.tables[3]!.id] }],
        },
        'combinations.0.tableIds',
        /una sola area/,
      ],
      [
        { ...body, combinations: [{ ...body.combinations[0]!, tableIds: [t1!.id, 99_999] }] },
        'combinations.0.tableIds',
        /non è nella pianta/,
      ],
      [
        { ...body, combinations: [{ ...body.combinations[0]!, id: 99_999 }] },
        'combinations.0.id',
        /non trovata/,
      ],
      [
        { ...body, tables: [{ ...t1!, minSeats: 6, maxSeats: 4 }] },
        'tables.0.minSeats',
        /Posti minimi/,
      ],
      [{ ...body, tables: [{ ...t1!, x: 95, w: 10 }] }, 'tables.0.w', /esce dalla pianta/],
    ];
    for (const [refused, field, message] of refusals) {
      const response = await put(refused);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors[field]?.[0], response.body).toMatch(message);
    }
    expect(await everything()).toEqual(before);
  });

  it('holds a plan to 10 areas, 200 tables and 100 combinations: one more is 400 and changes nothing', async () => {
    await start();
    const areas = Array.from({ length: FLOOR_LIMITS.areas }, (_, i) => ({
      id: -(i + 1),
      name: `Area ${i + 1}`,
      onlineBookable: true,
    }));
    const tables = Array.from({ length: FLOOR_LIMITS.tables }, (_, i) => ({
      id: -(100 + i),
      ...table(`T${i + 1}`, -((i % FLOOR_LIMITS.areas) + 1)),
    }));
    // Tables i and i + 10 share an area: pairs of them make combinations.
    const combinations = Array.from({ length: FLOOR_LIMITS.combinations }, (_, i) => ({
      name: `C${i + 1}`,
      tableIds: [-(100 + i), -(110 + i)],
      minSeats: 4,
      maxSeats: 8,
      onlineBookable: true,
    }));
    const largest = await put({ areas, tables, combinations });
    expect(largest.statusCode, largest.body).toBe(200);
    const before = await everything();
    const over = [
      { areas: [...areas, { name: 'Area 11', onlineBookable: true }], tables, combinations },
      { areas, tables: [...tables, table('T201', -1)], combinations },
      {
        areas,
        tables,
        combinations: [...combinations, { ...combinations[0]!, name: 'C101' }],
      },
    ];
    for (const [index, body] of over.entries()) {
      const response = await put(body);
      expect(response.statusCode).toBe(400);
      expect(Object.values(response.json().errors).flat().join(' ')).toMatch(
        [/10 aree/, /200 tavoli/, /100 combinazioni/][index]!,
      );
    }
    expect(await everything()).toEqual(before);
  });

  it('refuses a name used twice (409 name-taken), compared trimmed and whatever the case', async () => {
    await start();
    const plan = (await put(firstPlan)).json<FloorPlan>();
    const before = await everything();
    const body = asBody(plan);
    const taken = [
      { ...body, areas: [body.areas[0]!, { ...body.areas[1]!, name: ' sala ' }] },
      { ...body, tables: [...body.tables, table('t1 ', body.areas[0]!.id)] },
      { ...body, combinations: [{ ...body.combinations[0]!, name: 'T3' }] },
    ];
    for (const refused of taken) {
      const response = await put(refused);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().errors[0].code).toBe('name-taken');
    }
    expect(await everything()).toEqual(before);
    // An area and a table may share a name.
    const shared = await put({
      ...body,
      areas: [{ ...body.areas[0]!, name: 'T1' }, body.areas[1]],
    });
    expect(shared.statusCode, shared.body).toBe(200);
  });

  it('refuses to remove a table or combination a booking still to come holds (409 table-in-use, the ids said), and changes nothing', async () => {
    await start();
    const plan = (await put(firstPlan)).json<FloorPlan>();
    const [t1, t2, t3, t4, t5] = plan.tables.map((entry) => entry.id);
    const coming = await booking([t1!]);
    const underWay = await booking([t4!, t5!], { startsAt: '2026-01-13T08:30:00.000Z' });
    // Seated at 07:00 for a turn that ended at 09:00, still there: running late, holding T3.
    const late = await booking([t3!], { startsAt: '2026-01-13T06:00:00.000Z', status: 'seated' });
    // None of these holds a table any more: past, cancelled, finished.
    await booking([t2!], { startsAt: '2026-01-12T19:00:00.000Z' });
    await booking([t2!], { status: 'cancelled' });
    await booking([t3!], { status: 'finished' });
    const before = await everything();
    const body = asBody(plan);

    const withoutT1 = await put({ ...body, tables: body.tables.slice(1) });
    expect(withoutT1.statusCode, withoutT1.body).toBe(409);
    const refusal = withoutT1.json().errors[0];
    expect(refusal.code).toBe('table-in-use');
    expect(refusal.description).toContain(`prenotazioni ${coming}`);
    const withoutCombination = await put({ ...body, combinations: [] });
    expect(withoutCombination.statusCode).toBe(409);
    expect(withoutCombination.json().errors[0].description).toContain(`prenotazioni ${underWay}`);
    const withoutTerrace = await put({
      areas: body.areas.slice(0, 1),
      tables: body.tables.slice(0, 3),
      combinations: [],
    });
    expect(withoutTerrace.json().errors[0].description).toContain(`prenotazioni ${underWay}`);
    const withoutT3 = await put({
      ...body,
      tables: [...body.tables.slice(0, 2), ...body.tables.slice(3)],
    });
    expect(withoutT3.statusCode).toBe(409);
    expect(withoutT3.json().errors[0].description).toContain(`prenotazioni ${late}`);
    // Kept by its id but joining other tables: the booking on T4+T5 would sit on a join
    // that is no more.
    const terrace = body.areas[1]!.id;
    const rejoined = await put({
      ...body,
      tables: [...body.tables, { id: -16, ...table('T6', terrace, { x: 40 }) }],
      combinations: [{ ...body.combinations[0]!, tableIds: [t4!, -16] }],
    });
    expect(rejoined.statusCode, rejoined.body).toBe(409);
    expect(rejoined.json().errors[0].description).toContain(`prenotazioni ${underWay}`);
    expect(await everything()).toEqual(before);

    // Once the late party has finished, T2 and T3 are free to go: the past booking forgets T2.
    await harness.app.db
      .updateTable('reservations')
      .set({ status: 'finished' })
      .where('id', '=', late)
      .execute();
    const without = await put({
      ...body,
      tables: [body.tables[0], body.tables[3], body.tables[4]],
    });
    expect(without.statusCode, without.body).toBe(200);
    expect((await held()).map((row) => row.table_id).sort()).toEqual([t1, t4, t5].sort());
  });

  it('returns to covers mode with a plan of no table, whatever bookings hold: they keep their covers', async () => {
    await start();
    const plan = (await put(firstPlan)).json<FloorPlan>();
    const coming = await booking([plan.tables[0]!.id]);
    const paceless = await call(
      'PUT',
      '/api/reservations/settings',
      settingsBody({ coversPerSlot: null }),
    );
    expect(paceless.statusCode, paceless.body).toBe(200);

    const emptied = await put({ areas: asBody(plan).areas, tables: [], combinations: [] });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json<FloorPlan>()).toMatchObject({ tables: [], combinations: [] });
    expect(await held()).toEqual([]);
    const kept = await harness.app.db
      .selectFrom('reservations')
      .select(['status', 'party'])
      .where('id', '=', coming)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ status: 'confirmed', party: 4 });
    const settings = (
      await call('GET', '/api/reservations/settings')
    ).json<ReservationSettingsAnswer>();
    expect(settings.coversPerSlot).toBe(40);
    const summary = (await audit()).at(-1)!.summary;
    expect(summary).toContain('tornano ai coperti (1 perdono il tavolo');
    expect(summary).toContain('coperti per fascia riportati a 40');
  });
});

describe('covers per slot, turns by party size and the area choice (PUT /api/reservations/settings)', () => {
  it('refuses no pace while the plan has no table, and keeps turns and the area choice when left out', async () => {
    await start();
    const refused = await call(
      'PUT',
      '/api/reservations/settings',
      settingsBody({ coversPerSlot: null }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.coversPerSlot[0]).toMatch(
      /finché la pianta della sala non ha tavoli/,
    );
    expect((await call('GET', '/api/reservations/settings')).json().coversPerSlot).toBe(40);

    const turns = [
      { upTo: 2, minutes: 75 },
      { upTo: 6, minutes: 120 },
      { upTo: null, minutes: 180 },
    ];
    const saved = await call(
      'PUT',
      '/api/reservations/settings',
      settingsBody({ turnByParty: turns, areaChoice: true }),
    );
    expect(saved.json()).toMatchObject({ turnByParty: turns, areaChoice: true });
    const partTwo = await call(
      'PUT',
      '/api/reservations/settings',
      settingsBody({ turnMinutes: 90 }),
    );
    expect(partTwo.json()).toMatchObject({ turnByParty: turns, areaChoice: true, turnMinutes: 90 });
    const unordered = await call(
      'PUT',
      '/api/reservations/settings',
      settingsBody({
        turnByParty: [
          { upTo: 4, minutes: 90 },
          { upTo: 2, minutes: 90 },
          { upTo: null, minutes: 90 },
        ],
      }),
    );
    expect(unordered.statusCode).toBe(400);

    await put(firstPlan);
    const paceless = await call(
      'PUT',
      '/api/reservations/settings',
      settingsBody({ coversPerSlot: null }),
    );
    expect(paceless.statusCode, paceless.body).toBe(200);
    expect(paceless.json().coversPerSlot).toBeNull();
  });
});
