// Over 400 lines: the API tests of one route family, /api/opening-hours (the week, closures, special days, today, closure notes, two instances).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStaff, login, STAFF_PASSWORD, testApp } from '../../testing/app.ts';
import { startFakeDeepL, type FakeTranslator } from '../../testing/fake-translators.ts';
import type { OpeningHoursAnswer } from '../../../shared/schemas/opening-hours.ts';

// Opening hours, closures and special days (docs/api.md, "Opening hours"): the seed,
// the round trip, validation that changes nothing, `today` in Rome at the
// app's clock, translated closure notes, and two instances on one database.
// Instants are written in UTC; Rome is UTC+1 in winter, UTC+2 in summer.
let harness: Awaited<ReturnType<typeof testApp>>;
let token: string;
let fake: FakeTranslator | undefined;
/** The app's clock: tests set it instead of waiting. */
let now = Date.parse('2026-01-13T09:00:00Z'); // Tuesday 10:00 in Rome

async function start(env: Record<string, string> = {}) {
  harness = await testApp(env, { pages: false, now: () => now });
  await createStaff(harness.app);
  token = await login(harness.app);
}
afterEach(async () => {
  await harness?.close();
  await fake?.close();
  fake = undefined;
  now = Date.parse('2026-01-13T09:00:00Z');
});

const get = async (query = ''): Promise<OpeningHoursAnswer> => {
  const response = await harness.app.inject({ method: 'GET', url: `/api/opening-hours${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const put = (payload: unknown, bearer = token) =>
  harness.app.inject({
    method: 'PUT',
    url: '/api/opening-hours',
    payload: payload as object,
    headers: { authorization: `Bearer ${bearer}` },
  });
/** Every row the hours live in, and what says they changed: a refused PUT leaves them all. */
const everything = async () => {
  const db = harness.app.db;
  return Promise.all([
    db.selectFrom('opening_weekly_ranges').selectAll().orderBy('day').orderBy('position').execute(),
    db.selectFrom('opening_closures').selectAll().orderBy('id').execute(),
    db.selectFrom('opening_exception_ranges').selectAll().orderBy('date').execute(),
    db.selectFrom('content_version').selectAll().execute(),
    db.selectFrom('audit_log').select('id').execute(),
    db.selectFrom('text_translations').select(['entity', 'entity_id']).execute(),
  ]);
};
const lastAudit = async () => {
  const response = await harness.app.inject({
    method: 'GET',
    url: '/api/audit?limit=1',
    headers: { authorization: `Bearer ${token}` },
  });
  return response.json<{ action: string; summary: string; actor: { email: string } }[]>()[0]!;
};

const LUNCH = { open: '12:00', close: '15:00' };
const DINNER = { open: '19:00', close: '23:30' };
const SEEDED_WEEK = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
  day,
  ranges: day === 1 ? [] : [LUNCH, DINNER],
}));
const SUMMER = {
  weekly: [
    { day: 6, ranges: [{ open: '19:00', close: '01:00' }, LUNCH] },
    { day: 7, ranges: [LUNCH] },
    { day: 2, ranges: [DINNER] },
  ],
  closures: [
    { from: '2027-01-07', to: '2027-02-28', note: "Chiuso per l'inverno" },
    { from: '2026-12-24', to: '2027-01-06', note: 'Chiuso per le feste' },
    { from: '2026-11-02', to: '2026-11-02' },
  ],
  exceptions: [
    { date: '2026-12-31', ranges: [{ open: '20:00', close: '02:00' }] },
    { date: '2026-08-10', ranges: [DINNER] },
  ],
};

describe('GET /api/opening-hours', () => {
  it("holds today's hours: lunch and dinner every day but Monday, and today in Rome", async () => {
    await start();
    expect(await get()).toEqual({
      timezone: 'Europe/Rome',
      weekly: SEEDED_WEEK,
      closures: [],
      exceptions: [],
      today: { date: '2026-01-13', open: true, ranges: [LUNCH, DINNER] },
    });
    // Monday: closed.
    now = Date.parse('2026-01-12T11:00:00Z');
    expect((await get('?lang=en')).today).toEqual({ date: '2026-01-12', open: false, ranges: [] });
  });

  it('refuses an unknown language and unknown query keys', async () => {
    await start();
    for (const url of ['?lang=xx', '?lang=it&debug=1', '?lang=']) {
      const response = await harness.app.inject({
        method: 'GET',
        url: `/api/opening-hours${url}`,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toHaveProperty('errors');
    }
  });
});

describe('PUT /api/opening-hours', () => {
  it('needs a staff bearer token, and changes nothing without one', async () => {
    await start();
    const before = await everything();
    for (const bearer of ['not-a-session', '']) {
      expect((await put(SUMMER, bearer)).statusCode).toBe(401);
    }
    expect(await everything()).toEqual(before);
  });

  it('stores the week, closures and special days in order, answers as GET does, and audits it', async () => {
    await start();
    now = Date.parse('2026-08-10T10:00:00Z'); // Monday 10 August, 12:00 in Rome
    const saved = await put(SUMMER);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected: OpeningHoursAnswer = {
      timezone: 'Europe/Rome',
      weekly: [
        { day: 1, ranges: [] },
        { day: 2, ranges: [DINNER] },
        { day: 3, ranges: [] },
        { day: 4, ranges: [] },
        { day: 5, ranges: [] },
        { day: 6, ranges: [LUNCH, { open: '19:00', close: '01:00' }] },
        { day: 7, ranges: [LUNCH] },
      ],
      closures: [
        { from: '2026-11-02', to: '2026-11-02', note: null },
        { from: '2026-12-24', to: '2027-01-06', note: 'Chiuso per le feste' },
        { from: '2027-01-07', to: '2027-02-28', note: "Chiuso per l'inverno" },
      ],
      exceptions: [
        { date: '2026-08-10', ranges: [DINNER] },
        { date: '2026-12-31', ranges: [{ open: '20:00', close: '02:00' }] },
      ],
      // A Monday, open for dinner: the special day.
      today: { date: '2026-08-10', open: true, ranges: [DINNER] },
    };
    expect(saved.json()).toEqual(expected);
    expect(await get()).toEqual(expected);
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: 'opening_hours.update',
      actor: { email: 'anna@trattoria.example' },
    });
    expect(audit.summary).toMatch(/^Orari di apertura aggiornati: /);
    expect(audit.summary).toContain('settimana: martedì 19:00–23:30, mercoledì chiuso');
    expect(audit.summary).toContain('chiusura dal 24/12/2026 al 06/01/2027 aggiunta');
    expect(audit.summary).toContain('chiusura del 02/11/2026 aggiunta');
    expect(audit.summary).toContain('giorno speciale del 10/08/2026 aggiunto (19:00–23:30)');
  });

  it('takes back exactly what GET answers, and a PUT that changes nothing writes nothing', async () => {
    await start();
    await put(SUMMER);
    const shown = await get();
    const before = await everything();
    const { weekly, closures, exceptions } = shown;
    const again = await put({ weekly, closures, exceptions });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(shown);
    expect(await everything()).toEqual(before);
    // The seed's own answer goes back too (Monday with no ranges).
    await put({ weekly: SEEDED_WEEK, closures: [], exceptions: [] });
    const seeded = await get();
    expect(seeded.weekly).toEqual(SEEDED_WEEK);
    expect((await put({ weekly: seeded.weekly, closures: seeded.closures })).json()).toEqual(
      seeded,
    );
  });

  it('without `exceptions` keeps the special days as they are', async () => {
    await start();
    await put(SUMMER);
    const saved = await put({ weekly: SEEDED_WEEK, closures: [] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().exceptions.map((day: { date: string }) => day.date)).toEqual([
      '2026-08-10',
      '2026-12-31',
    ]);
    expect(saved.json().closures).toEqual([]);
    // Empty: every special day goes.
    expect(
      (await put({ weekly: SEEDED_WEEK, closures: [], exceptions: [] })).json().exceptions,
    ).toEqual([]);
  });

  it('refuses what cannot be, naming the field in Italian, and changes nothing', async () => {
    await start();
    await put(SUMMER);
    const before = await everything();
    const week = (ranges: unknown, day: unknown = 2) => ({
      weekly: [{ day, ranges }],
      closures: [],
    });
    const closures = (list: unknown) => ({ weekly: [], closures: list });
    const special = (list: unknown) => ({ weekly: [], closures: [], exceptions: list });
    const cases: [string, unknown, string, string][] = [
      [
        'a time without minutes',
        week([{ open: '19', close: '23:00' }]),
        'weekly.0.ranges.0.open',
        'Orario non valido',
      ],
      [
        '24:00',
        week([{ open: '19:00', close: '24:00' }]),
        'weekly.0.ranges.0.close',
        'da 00:00 a 23:59',
      ],
      [
        'a time as a number',
        week([{ open: 1900, close: '23:00' }]),
        'weekly.0.ranges.0.open',
        'Orario non valido',
      ],
      [
        'zero length',
        week([{ open: '12:00', close: '12:00' }]),
        'weekly.0.ranges.0',
        'apre e chiude alla stessa ora',
      ],
      [
        'overlapping ranges',
        week([LUNCH, { open: '14:00', close: '18:00' }]),
        'weekly.0.ranges',
        'Martedì: gli orari 12:00–15:00 e 14:00–18:00 si sovrappongono',
      ],
      [
        'a range past midnight over a later one of its day',
        week([
          { open: '19:00', close: '01:00' },
          { open: '22:00', close: '23:00' },
        ]),
        'weekly.0.ranges',
        'si sovrappongono',
      ],
      [
        "past midnight into the next day's first range",
        {
          weekly: [
            { day: 6, ranges: [{ open: '19:00', close: '02:00' }] },
            { day: 7, ranges: [{ open: '01:00', close: '03:00' }] },
          ],
          closures: [],
        },
        'weekly.0.ranges',
        "L'orario 19:00–02:00 di sabato continua dopo mezzanotte e si sovrappone all'orario 01:00–03:00 di domenica",
      ],
      [
        'Sunday past midnight into Monday',
        {
          weekly: [
            { day: 1, ranges: [{ open: '00:30', close: '02:00' }] },
            { day: 7, ranges: [{ open: '19:00', close: '01:00' }] },
          ],
          closures: [],
        },
        'weekly.1.ranges',
        'di lunedì',
      ],
      ['day 8', week([LUNCH], 8), 'weekly.0.day', 'da 1 (lunedì) a 7 (domenica)'],
      ['day 0', week([LUNCH], 0), 'weekly.0.day', 'Giorno non valido'],
      ['day 1.5', week([LUNCH], 1.5), 'weekly.0.day', 'Giorno non valido'],
      [
        'a day twice',
        {
          weekly: [
            { day: 3, ranges: [LUNCH] },
            { day: 3, ranges: [DINNER] },
          ],
          closures: [],
        },
        'weekly.1.day',
        'Mercoledì compare due volte',
      ],
      [
        'five ranges in a day',
        week(['08', '10', '12', '14', '16'].map((h) => ({ open: `${h}:00`, close: `${h}:30` }))),
        'weekly.0.ranges',
        'Al massimo 4 orari',
      ],
      [
        'eight days',
        { weekly: [1, 2, 3, 4, 5, 6, 7, 1].map((day) => ({ day, ranges: [] })), closures: [] },
        'weekly',
        'Al massimo 7 giorni',
      ],
      [
        'a closure ending before it starts',
        closures([{ from: '2027-01-06', to: '2026-12-24' }]),
        'closures.0.to',
        'La chiusura finisce prima di cominciare',
      ],
      [
        '30 February',
        closures([{ from: '2027-02-30', to: '2027-03-02' }]),
        'closures.0.from',
        'Data non valida',
      ],
      [
        'a date with a time',
        closures([{ from: '2026-12-24T00:00', to: '2026-12-26' }]),
        'closures.0.from',
        'Data non valida',
      ],
      [
        'year 1999',
        closures([{ from: '1999-12-24', to: '1999-12-26' }]),
        'closures.0.from',
        'tra il 2000 e il 2099',
      ],
      [
        'overlapping closures',
        closures([
          { from: '2026-12-24', to: '2027-01-06' },
          { from: '2027-01-06', to: '2027-02-28' },
        ]),
        'closures.1',
        'si sovrappongono',
      ],
      [
        'a note too long',
        closures([{ from: '2026-12-24', to: '2026-12-26', note: 'x'.repeat(201) }]),
        'closures.0.note',
        'al massimo 200 caratteri',
      ],
      [
        'a note over two lines',
        closures([{ from: '2026-12-24', to: '2026-12-26', note: 'Chiuso\nper ferie' }]),
        'closures.0.note',
        'una sola riga',
      ],
      [
        'a note with a bidi control',
        closures([{ from: '2026-12-24', to: '2026-12-26', note: 'Chiuso \u202e' }]),
        'closures.0.note',
        'una sola riga',
      ],
      [
        'a closure with an unknown key',
        closures([{ from: '2026-12-24', to: '2026-12-26', reason: 'x' }]),
        'closures.0',
        '',
      ],
      [
        '101 closures',
        closures(
          Array.from({ length: 101 }, (_, i) => ({
            from: `2030-01-01`,
            to: `2030-01-01`,
            note: `${i}`,
          })),
        ),
        'closures',
        'Al massimo 100 chiusure',
      ],
      [
        'a special day without ranges',
        special([{ date: '2026-08-10', ranges: [] }]),
        'exceptions.0.ranges',
        'per chiudere un giorno aggiungi una chiusura',
      ],
      [
        'a special day twice',
        special([
          { date: '2026-08-10', ranges: [LUNCH] },
          { date: '2026-08-10', ranges: [DINNER] },
        ]),
        'exceptions.1.date',
        'Il giorno speciale del 10/08/2026 compare due volte',
      ],
      [
        'a special day over its own ranges',
        special([{ date: '2026-08-10', ranges: [LUNCH, { open: '13:00', close: '14:00' }] }]),
        'exceptions.0.ranges',
        'Giorno speciale del 10/08/2026: gli orari',
      ],
      [
        "a special day's night into the next day's lunch",
        {
          weekly: [{ day: 2, ranges: [{ open: '01:00', close: '03:00' }] }],
          closures: [],
          exceptions: [{ date: '2026-08-10', ranges: [{ open: '19:00', close: '02:00' }] }],
        },
        'exceptions.0.ranges',
        "L'orario 19:00–02:00 del 10/08/2026 continua dopo mezzanotte e si sovrappone all'orario 01:00–03:00 del 11/08/2026",
      ],
      ['no closures', { weekly: [] }, 'closures', ''],
      ['an unknown key', { weekly: [], closures: [], today: {} }, 'body', ''],
      [
        'the whole GET answer',
        { timezone: 'Europe/Rome', weekly: [], closures: [], exceptions: [] },
        'body',
        '',
      ],
      ['not an object', [], 'body', ''],
    ];
    for (const [why, body, field, message] of cases) {
      const response = await put(body);
      expect(response.statusCode, why).toBe(400);
      const errors = response.json<{ errors: Record<string, string[]> }>().errors;
      expect(Object.keys(errors), `${why}: ${response.body}`).toContain(field);
      expect(errors[field]!.join(' '), why).toContain(message);
    }
    expect(await everything()).toEqual(before);
  });

  it('refuses a week that would run into a special day kept as it is, naming that day', async () => {
    await start();
    await put({
      weekly: SEEDED_WEEK,
      closures: [],
      exceptions: [{ date: '2026-08-10', ranges: [{ open: '00:30', close: '02:00' }] }],
    });
    const before = await everything();
    // 9 August 2026 is a Sunday.
    const late = SEEDED_WEEK.map((day) =>
      day.day === 7 ? { day: 7, ranges: [LUNCH, { open: '19:00', close: '01:00' }] } : day,
    );
    const refused = await put({ weekly: late, closures: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      errors: {
        'exceptions.0.ranges': [
          "L'orario 19:00–01:00 del 09/08/2026 continua dopo mezzanotte e si sovrappone all'orario 00:30–02:00 del 10/08/2026.",
        ],
      },
    });
    expect(await everything()).toEqual(before);
    // A closure on that Sunday takes its evening away: no overlap then.
    const closed = await put({
      weekly: late,
      closures: [{ from: '2026-08-09', to: '2026-08-09' }],
    });
    expect(closed.statusCode, closed.body).toBe(200);
  });
});

describe('today, at the app clock', () => {
  it('changes at midnight in Rome, in winter and in summer, whatever the process zone', async () => {
    await start();
    const processZone = process.env.TZ;
    try {
      for (const zone of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
        process.env.TZ = zone;
        // Monday 23:59:59 in Rome (22:59:59Z): closed; Tuesday 00:00: open.
        now = Date.parse('2026-01-12T22:59:59Z');
        expect((await get()).today, zone).toEqual({ date: '2026-01-12', open: false, ranges: [] });
        now = Date.parse('2026-01-12T23:00:00Z');
        expect((await get()).today, zone).toEqual({
          date: '2026-01-13',
          open: true,
          ranges: [LUNCH, DINNER],
        });
        // Summer: Sunday 23:59:59 (21:59:59Z) open, Monday 00:00 (22:00Z) closed.
        now = Date.parse('2026-07-12T21:59:59Z');
        expect((await get('?lang=fr')).today.date, zone).toBe('2026-07-12');
        now = Date.parse('2026-07-12T22:00:00Z');
        expect((await get('?lang=fr')).today, zone).toEqual({
          date: '2026-07-13',
          open: false,
          ranges: [],
        });
      }
      // The zone did change under the process: the same instant is another local date there.
      expect(new Date(Date.parse('2026-07-12T22:00:00Z')).getDate()).toBe(13);
      process.env.TZ = 'America/Los_Angeles';
      expect(new Date(Date.parse('2026-07-12T22:00:00Z')).getDate()).toBe(12);
    } finally {
      if (processZone === undefined) delete process.env.TZ;
      else process.env.TZ = processZone;
    }
  });

  it('CLOCK_START starts the clock at its instant, and it runs on from there', async () => {
    // The real clock held still, then moved by hand: however long the app
    // takes to start on a busy machine, no real time passes in between.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      harness = await testApp({ CLOCK_START: '2026-08-10T23:59:59.5+02:00' }, { pages: false });
      // Monday 10 August in Rome, the weekly rest day; half a second later it is Tuesday.
      expect((await get()).today).toEqual({ date: '2026-08-10', open: false, ranges: [] });
      vi.setSystemTime(Date.now() + 400);
      expect((await get()).today.date).toBe('2026-08-10');
      vi.setSystemTime(Date.now() + 200);
      expect((await get()).today.date).toBe('2026-08-11');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a closure and a special day show in today', async () => {
    await start();
    await put(SUMMER);
    now = Date.parse('2026-12-25T11:00:00Z');
    expect((await get()).today).toEqual({ date: '2026-12-25', open: false, ranges: [] });
    now = Date.parse('2026-12-31T11:00:00Z');
    expect((await get()).today).toEqual({
      date: '2026-12-31',
      open: true,
      ranges: [{ open: '20:00', close: '02:00' }],
    });
  });
});

describe('closure notes in five languages', () => {
  it('are translated by the machine after the save, and keep their translation when only the dates move', async () => {
    fake = await startFakeDeepL('secret-key');
    await start({ DEEPL_API_KEY: 'secret-key', DEEPL_SERVER_URL: fake.url });
    await harness.app.textTranslations.refresh();
    fake.calls.length = 0;
    const closure = { from: '2026-12-24', to: '2027-01-06', note: 'Chiuso per le feste' };
    await put({ weekly: SEEDED_WEEK, closures: [closure] });
    await harness.app.textTranslations.refresh();
    expect((await get('?lang=de')).closures).toEqual([
      { from: '2026-12-24', to: '2027-01-06', note: '[DE] Chiuso per le feste' },
    ]);
    expect((await get('?lang=en')).closures[0]!.note).toBe('[EN-GB] Chiuso per le feste');
    expect((await get()).closures[0]!.note).toBe('Chiuso per le feste');
    expect(fake.calls.map((call) => call.texts)).toEqual(
      Array.from({ length: 4 }, () => ['Chiuso per le feste']),
    );
    // A week longer, same note: the same closure, its translations kept, nothing to translate.
    fake.calls.length = 0;
    await put({ weekly: SEEDED_WEEK, closures: [{ ...closure, to: '2027-01-13' }] });
    await harness.app.textTranslations.refresh();
    expect(fake.calls).toEqual([]);
    expect((await get('?lang=de')).closures[0]).toEqual({
      from: '2026-12-24',
      to: '2027-01-13',
      note: '[DE] Chiuso per le feste',
    });
    // Gone: so are its translations.
    await put({ weekly: SEEDED_WEEK, closures: [] });
    const left = await harness.app.db
      .selectFrom('text_translations')
      .select('entity_id')
      .where('entity', '=', 'closure')
      .execute();
    expect(left).toEqual([]);
  });
});

describe('two instances behind one database', () => {
  it('a change on one shows on the other within a second', async () => {
    await start();
    const other = await testApp({}, { pages: false, sharedDatabase: harness.database });
    try {
      await createStaff(other.app, { email: 'there@trattoria.example', username: 'there' });
      const there = await login(other.app, 'there@trattoria.example', STAFF_PASSWORD, '10.8.0.2');
      expect((await get()).closures).toEqual([]);
      const saved = await other.app.inject({
        method: 'PUT',
        url: '/api/opening-hours',
        payload: { weekly: SEEDED_WEEK, closures: [{ from: '2026-11-02', to: '2026-11-04' }] },
        headers: { authorization: `Bearer ${there}` },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const savedAt = Date.now();
      let closures = (await get()).closures;
      while (closures.length === 0 && Date.now() - savedAt < 1_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        closures = (await get()).closures;
      }
      expect(closures).toEqual([{ from: '2026-11-02', to: '2026-11-04', note: null }]);
      expect(Date.now() - savedAt).toBeLessThan(1_000);
    } finally {
      await other.close();
    }
  });
});
