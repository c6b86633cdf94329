import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TAKEAWAY_SETTINGS } from '../../../shared/schemas/takeaway.ts';
import { createStaff, login, testApp } from '../../testing/app.ts';

// Takeaway's settings and pickup slots: the defaults, the owner's round trip
// and its audit entry, who may read and write, refusals that change nothing,
// and the slots an order's load fits, computed from the menu in the database.

/** Tuesday 13 January 2026, 08:30 in Rome (the seeded hours: Tuesday to Sunday, 12-15 and 19-23:30). */
const CLOCK = Date.parse('2026-01-13T07:30:00Z');
let now = CLOCK;
let harness: Awaited<ReturnType<typeof testApp>>;
/** The owner's: the first account of a database is its owner. */
let owner: string;
/** A colleague's (staff, not an owner). */
let colleague: string;

async function start() {
  now = CLOCK;
  harness = await testApp({}, { pages: false, now: () => now });
  await createStaff(harness.app);
  owner = await login(harness.app);
  await createStaff(harness.app, {
    email: 'marco@trattoria.example',
    username: 'marco',
    role: 'staff',
  });
  colleague = await login(harness.app, 'marco@trattoria.example');
}
afterEach(async () => {
  await harness?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const getSettings = (token?: string) =>
  harness.app.inject({
    method: 'GET',
    url: '/api/takeaway/settings',
    ...(token ? { headers: bearer(token) } : {}),
  });
const putSettings = (payload: unknown, token = owner) =>
  harness.app.inject({
    method: 'PUT',
    url: '/api/takeaway/settings',
    payload: payload as object,
    headers: bearer(token),
  });
const slots = (query: string) =>
  harness.app.inject({ method: 'GET', url: `/api/takeaway/slots?${query}` });
/** What a refused write must leave as it was. */
const everything = () =>
  Promise.all([
    harness.app.db.selectFrom('takeaway_settings').selectAll().execute(),
    harness.app.db.selectFrom('content_version').selectAll().execute(),
    harness.app.db.selectFrom('audit_log').select('id').execute(),
  ]);
/** The id of the first dish of a seeded section. */
async function dishOf(sectionKey: string): Promise<number> {
  const row = await harness.app.db
    .selectFrom('menu_items')
    .innerJoin('menu_sections', 'menu_sections.id', 'menu_items.section_id')
    .select('menu_items.id as id')
    .where('menu_sections.key', '=', sectionKey)
    .orderBy('menu_items.position')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What the owner's form sets: the defaults without the pause, which is read-only here. */
const OWNER_FORM = {
  enabled: DEFAULT_TAKEAWAY_SETTINGS.enabled,
  slotMinutes: DEFAULT_TAKEAWAY_SETTINGS.slotMinutes,
  limits: DEFAULT_TAKEAWAY_SETTINGS.limits,
  prepMinutes: DEFAULT_TAKEAWAY_SETTINGS.prepMinutes,
  horizonDays: DEFAULT_TAKEAWAY_SETTINGS.horizonDays,
};

describe('GET|PUT /api/takeaway/settings', () => {
  it('starts with the defaults, which staff read; only the owner changes them, in the audit log', async () => {
    await start();
    for (const token of [owner, colleague]) {
      const response = await getSettings(token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(DEFAULT_TAKEAWAY_SETTINGS);
    }
    expect((await getSettings()).statusCode).toBe(401);

    const [, versionBefore] = await everything();
    const changed = { ...OWNER_FORM, slotMinutes: 20, limits: { oven: 6, kitchen: 8 } };
    const response = await putSettings(changed);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...changed, pausedUntil: null });
    expect((await getSettings(colleague)).json()).toEqual({ ...changed, pausedUntil: null });
    const [, versionAfter] = await everything();
    // The takeaway page and its links read them: public pages follow.
    expect(versionAfter[0]!.version).toBeGreaterThan(versionBefore[0]!.version);
    const audit = await harness.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email', 'summary'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      action: 'takeaway.settings',
      actor_email: 'anna@trattoria.example',
      summary:
        "Impostazioni dell'asporto: intervallo tra i ritiri (minuti) 15 → 20; pezzi per fascia forno 12, cucina 8 → forno 6, cucina 8.",
    });
  });

  it('refuses a colleague, and values out of range, changing nothing', async () => {
    await start();
    const before = await everything();
    const refused = await putSettings(OWNER_FORM, colleague);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('owner-only');
    for (const [field, value, message] of [
      ['slotMinutes', 25, 'Intervallo tra i ritiri (minuti): 5, 10, 15, 20 o 30.'],
      ['limits', { oven: 0, kitchen: 8 }, 'Forno: pezzi per fascia: almeno 1.'],
      ['limits', { oven: 12, kitchen: 501 }, 'Cucina: pezzi per fascia: al massimo 500.'],
      ['prepMinutes', 241, 'Tempo di preparazione (minuti): al massimo 240.'],
      ['horizonDays', 15, 'Ordinabile fino a (giorni): al massimo 14.'],
      ['horizonDays', 1.5, 'Ordinabile fino a (giorni): un numero intero tra 0 e 14.'],
      ['enabled', 'yes', 'Asporto attivo: sì o no.'],
    ] as const) {
      const response = await putSettings({ ...OWNER_FORM, [field]: value });
      expect(response.statusCode, `${field} ${JSON.stringify(value)}`).toBe(400);
      expect(Object.values(response.json().errors as Record<string, string[]>).flat()).toEqual([
        message,
      ]);
    }
    expect((await putSettings({ ...OWNER_FORM, extra: 1 })).statusCode).toBe(400);
    expect((await putSettings({ ...OWNER_FORM, limits: { oven: 1 } })).statusCode).toBe(400);
    expect(await everything()).toEqual(before);
  });

  it('keeps the pause out of the owner’s reach, and ends it by itself', async () => {
    await start();
    const until = '2026-01-13T08:00:00.000Z';
    await harness.app.db.updateTable('takeaway_settings').set({ paused_until: until }).execute();
    // The form sends back what GET answered: the pause stays as the pause calls set it.
    const sent = await putSettings({ ...OWNER_FORM, pausedUntil: null });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().pausedUntil).toBe(until);
    expect((await getSettings(owner)).json().pausedUntil).toBe(until);
    now = Date.parse(until);
    expect((await getSettings(owner)).json().pausedUntil).toBeNull();
  });

  it("keeps the guest's page's days open during a pause, which the page shows apart", async () => {
    await start();
    const open = async () =>
      (await harness.app.takeaway.calendar()).days.filter((day) => day.open).length;
    const days = await open();
    expect(days).toBeGreaterThan(0);
    const pause = await harness.app.inject({
      method: 'POST',
      url: '/api/takeaway/pause',
      payload: { minutes: 30 },
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(pause.statusCode, pause.body).toBe(200);
    const paused = await harness.app.takeaway.calendar();
    expect(paused.pausedUntil).not.toBeNull();
    expect(paused.days.filter((day) => day.open)).toHaveLength(days);
  });
});

describe('GET /api/takeaway/slots', () => {
  it("lists today's pickup times from the preparation time, each fitting this order's load", async () => {
    await start();
    const pizza = await dishOf('pizza');
    const response = await slots(`date=2026-01-13&items=${pizza}*2`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ date: string; slots: { time: string; available: boolean }[] }>();
    expect(answer.date).toBe('2026-01-13');
    const times = answer.slots.map((slot) => slot.time);
    // Every 15 minutes, the last at closing time.
    expect(times.slice(0, 3)).toEqual(['12:00', '12:15', '12:30']);
    expect(times).toContain('15:00');
    expect(times.at(-1)).toBe('23:30');
    expect(times).toHaveLength(13 + 19);
    expect(answer.slots.every((slot) => slot.available)).toBe(true);

    // Late in the evening, nothing sooner than 30 minutes away.
    now = Date.parse('2026-01-13T21:50:00Z'); // 22:50 in Rome
    const late = (await slots(`date=2026-01-13&items=${pizza}*2`)).json();
    expect(late.slots.map((slot: { time: string }) => slot.time)).toEqual(['23:30']);
  });

  it('has none on a closed day, before today or past the horizon', async () => {
    await start();
    const pizza = await dishOf('pizza');
    for (const date of ['2026-01-19', '2026-01-12', '2026-01-16']) {
      const response = await slots(`date=${date}&items=${pizza}*1`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ date, slots: [] });
    }
    expect((await slots(`date=2026-01-15&items=${pizza}*1`)).json().slots).toHaveLength(32);
  });

  it("counts the oven's and the kitchen's pieces against the limits, drinks against neither", async () => {
    await start();
    const [pizza, pasta, drink] = await Promise.all([
      dishOf('pizza'),
      dishOf('firstCourses'),
      dishOf('beverages'),
    ]);
    await putSettings({ ...OWNER_FORM, limits: { oven: 3, kitchen: 1 } });
    const availability = async (items: string) => {
      const response = await slots(`date=2026-01-14&items=${items}`);
      expect(response.statusCode, response.body).toBe(200);
      const found = new Set(
        response.json().slots.map((slot: { available: boolean }) => slot.available),
      );
      return [...found];
    };
    expect(await availability(`${pizza}*3`)).toEqual([true]);
    // The same pizza twice (two sizes) is one load.
    expect(await availability(`${pizza}*2,${pizza}*2`)).toEqual([false]);
    expect(await availability(`${pizza}*3,${pasta}*1`)).toEqual([true]);
    expect(await availability(`${pizza}*1,${pasta}*2`)).toEqual([false]);
    expect(await availability(`${drink}*50,${pizza}*1`)).toEqual([true]);
  });

  it('has none while takeaway is off or paused', async () => {
    await start();
    const pizza = await dishOf('pizza');
    await putSettings({ ...OWNER_FORM, enabled: false });
    expect((await slots(`date=2026-01-14&items=${pizza}*1`)).json().slots).toEqual([]);
    await putSettings(OWNER_FORM);
    await harness.app.db
      .updateTable('takeaway_settings')
      .set({ paused_until: '2026-01-13T08:30:00.000Z' })
      .execute();
    // Written straight, the pause counts no content version: a save of the settings does
    // (the pause calls will count theirs).
    await putSettings(OWNER_FORM);
    expect((await slots(`date=2026-01-14&items=${pizza}*1`)).json().slots).toEqual([]);
    now = Date.parse('2026-01-13T08:30:00Z');
    expect((await slots(`date=2026-01-14&items=${pizza}*1`)).json().slots).toHaveLength(32);
  });

  it('refuses a bad date, bad dishes and unknown ids as field errors', async () => {
    await start();
    const pizza = await dishOf('pizza');
    const fieldsOf = async (query: string) => {
      const response = await slots(query);
      expect(response.statusCode, query).toBe(400);
      return Object.keys(response.json().errors as Record<string, string[]>);
    };
    expect(await fieldsOf(`date=2026-02-30&items=${pizza}*1`)).toEqual(['date']);
    expect(await fieldsOf(`date=13-01-2026&items=${pizza}*1`)).toEqual(['date']);
    for (const items of [
      '',
      `${pizza}`,
      `${pizza}*0`,
      `${pizza}*51`,
      `${pizza}*01`,
      `${pizza}*-1`,
      `${pizza}*1,`,
      `0*1`,
      `2147483648*1`,
      `${pizza}*50,${pizza}*50,${pizza}*1`,
      `${pizza}*1;${pizza}*1`,
    ]) {
      expect(await fieldsOf(`date=2026-01-14&items=${encodeURIComponent(items)}`), items).toEqual([
        'items',
      ]);
    }
    expect(await fieldsOf('date=2026-01-14')).toEqual(['items']);
    expect(await fieldsOf(`date=2026-01-14&items=${pizza}*1&party=2`)).toEqual(['querystring']);
    const unknown = await slots(`date=2026-01-14&items=${pizza}*1,999999*2`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      errors: { items: ['no dish on the menu has the id 999999'] },
    });
    // At most 100 in all: exactly 100 is an order.
    expect((await slots(`date=2026-01-14&items=${pizza}*50,${pizza}*50`)).statusCode).toBe(200);
  });
});
