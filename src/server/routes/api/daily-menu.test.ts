import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../../testing/app.ts';

// The daily-menu calls: validation, length limits, staff text kept as text.
let harness: Awaited<ReturnType<typeof testApp>>;
beforeEach(async () => {
  harness = await testApp({}, { pages: false });
});
afterEach(() => harness.close());

const menu = {
  titolo: 'Menu di martedì',
  descrizione: 'Pasta con le sarde, Pesce spada alla ghiotta',
  infoAggiuntive: 'Acqua inclusa, Caffè',
};
const put = (payload: unknown, token?: string, url = '/api/daily-menu/1') =>
  harness.app.inject({
    method: 'PUT',
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const stored = () => harness.app.db.selectFrom('daily_menu').selectAll().executeTakeFirstOrThrow();

describe('GET /api/daily-menu/1', () => {
  it('answers the Italian record as staff typed it, created by the migration', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/daily-menu/1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: 1,
      titolo: expect.any(String),
      descrizione: expect.stringContaining(','),
      infoAggiuntive: expect.any(String),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('unknown ids are 404', async () => {
    for (const id of ['2', '0', 'abc', '1.0']) {
      const response = await harness.app.inject({ method: 'GET', url: `/api/daily-menu/${id}` });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toHaveProperty('message');
    }
  });
});

describe('PUT /api/daily-menu/1', () => {
  it('needs a staff bearer token', async () => {
    const before = await stored();
    const response = await put(menu);
    expect(response.statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it('stores the record, answers it, and keeps every save in the history', async () => {
    const staff = await createStaff(harness.app);
    const token = await login(harness.app);
    const first = await put(menu, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: 1, ...menu, updatedAt: expect.any(String) });
    await put({ ...menu, titolo: 'Menu di mercoledì' }, token);
    const get = await harness.app.inject({ method: 'GET', url: '/api/daily-menu/1' });
    expect(get.json().titolo).toBe('Menu di mercoledì');
    const history = await harness.app.db
      .selectFrom('daily_menu_history')
      .selectAll()
      .orderBy('id')
      .execute();
    expect(history.map((row) => [row.titolo, row.saved_by])).toEqual([
      ['Menu di martedì', staff.id],
      ['Menu di mercoledì', staff.id],
    ]);
    expect(history[1]!.version).toBe(history[0]!.version + 1);
  });

  it('keeps staff-typed markup as text', async () => {
    await createStaff(harness.app);
    const token = await login(harness.app);
    const hostile = '<img src=x onerror=alert(1)>';
    await put({ ...menu, titolo: hostile }, token);
    expect((await stored()).titolo).toBe(hostile);
  });

  it('stores text made to break SQL exactly as typed, on this database (bound parameters)', async () => {
    await createStaff(harness.app);
    const token = await login(harness.app);
    const hostile = {
      titolo: "'); DROP TABLE staff_users;--",
      descrizione: "x' OR '1'='1, \\'; DELETE FROM daily_menu; --",
      infoAggiuntive: '$1 ? :name ${x} %s',
    };
    expect((await put(hostile, token)).statusCode).toBe(200);
    const row = await stored();
    expect([row.titolo, row.descrizione, row.info_aggiuntive]).toEqual(Object.values(hostile));
    expect(await harness.app.db.selectFrom('staff_users').select('id').execute()).toHaveLength(1);
  });

  it('refuses bad input in the API error shapes and changes nothing', async () => {
    await createStaff(harness.app);
    const token = await login(harness.app);
    const before = await stored();
    const cases: [unknown, number][] = [
      [{ ...menu, titolo: 'x'.repeat(2001) }, 400],
      [{ ...menu, extra: 'field' }, 400],
      [{ titolo: 'only one' }, 400],
      [{ ...menu, descrizione: 42 }, 400],
      [[menu], 400],
    ];
    for (const [payload, status] of cases) {
      const response = await put(payload, token);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(status);
      expect(response.json()).toHaveProperty('errors');
    }
    const big = await put({ ...menu, titolo: 'x'.repeat(120_000) }, token);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'Request body too large' });
    const malformed = await harness.app.inject({
      method: 'PUT',
      url: '/api/daily-menu/1',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"titolo": "a",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('message');
    expect((await put(menu, token, '/api/daily-menu/2')).statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('exactly 2,000 characters is accepted', async () => {
    await createStaff(harness.app);
    const token = await login(harness.app);
    expect((await put({ ...menu, descrizione: 'à'.repeat(2000) }, token)).statusCode).toBe(200);
  });
});
