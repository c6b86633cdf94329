import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../../testing/app.ts';
import { startFakeDeepL, type FakeTranslator } from '../../testing/fake-translators.ts';

// The closure notes' translations, corrected like every text (CONTRACT.md
// part four, "Fixes to parts one to three"; docs/api.md, "Opening hours"):
// the review, a correction that the public pages show at once, the 409 when
// the Italian changed meanwhile, the way back to the machine's text, and who
// may do it (whoever may edit the hours). Through the real build: the home
// page's closed-day notice shows what visitors read.
let harness: Awaited<ReturnType<typeof testApp>>;
let deepl: FakeTranslator;
let owner: string;
let colleague: string;
let now = Date.parse('2026-03-10T10:00:00Z'); // Tuesday 10 March 2026, 11:00 in Rome

beforeAll(async () => {
  deepl = await startFakeDeepL('notes-key');
  harness = await testApp(
    { DEEPL_API_KEY: 'notes-key', DEEPL_SERVER_URL: deepl.url },
    { now: () => now },
  );
  await createStaff(harness.app, { role: 'owner' });
  owner = await login(harness.app);
  await createStaff(harness.app, { email: 'marco@trattoria.example', username: 'marco' });
  colleague = await login(harness.app, 'marco@trattoria.example');
});
afterAll(async () => {
  await harness.close();
  await deepl.close();
});

const LUNCH = { open: '12:00', close: '15:00' };
const WEEK = [2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges: [LUNCH] }));
const TODAY = '2026-03-10--2026-03-10';
const WINTER = '2026-11-16--2027-02-28';
const CLOSURES = [
  { from: '2026-03-10', to: '2026-03-10', note: 'Evento privato' },
  { from: '2026-08-15', to: '2026-08-15' },
  { from: '2026-11-16', to: '2027-02-28', note: "Chiuso per l'inverno" },
];

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, bearer = owner) =>
  harness.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
async function putHours(closures: object[]) {
  const response = await call('PUT', '/api/opening-hours', { weekly: WEEK, closures });
  expect(response.statusCode, response.body).toBe(200);
  await harness.app.textTranslations.refresh();
}
const review = async () => {
  const response = await call('GET', '/api/opening-hours/translations');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ translations: { lang: string; staff: object | null }[] }>().translations;
};
const inLang = (translations: { lang: string }[], lang: string) =>
  translations.find((entry) => entry.lang === lang);
/** What the home page's closed-day notice says today. */
const notice = async (lang: string) => {
  const response = await call('GET', `/?lng=${lang}`, undefined, '');
  expect(response.statusCode).toBe(200);
  return response.body.match(/<p class="closed-notice__lead">([^<]*)<\/p>/)?.[1];
};
/** Everything a refused request must leave as it was. */
const everything = () =>
  Promise.all([
    harness.app.db
      .selectFrom('text_translations')
      .selectAll()
      .orderBy('entity')
      .orderBy('entity_id')
      .orderBy('field')
      .orderBy('lang')
      .orderBy('kind')
      .execute(),
    harness.app.db.selectFrom('content_version').selectAll().execute(),
    harness.app.db.selectFrom('audit_log').select('id').execute(),
  ]);
const lastAudit = async () =>
  await harness.app.db
    .selectFrom('audit_log')
    .select(['action', 'summary'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

beforeEach(async () => {
  now = Date.parse('2026-03-10T10:00:00Z');
  await putHours([]);
  await putHours(CLOSURES);
});

describe('GET /api/opening-hours/translations', () => {
  it('answers per language the machine and staff texts, a field per closure note', async () => {
    const translations = await review();
    expect(translations).toEqual(
      ['en', 'fr', 'es', 'de'].map((lang) => {
        const tag = lang === 'en' ? 'EN-GB' : lang.toUpperCase();
        return {
          lang,
          machine: {
            [TODAY]: `[${tag}] Evento privato`,
            [WINTER]: `[${tag}] Chiuso per l'inverno`,
          },
          staff: null,
          staffStale: false,
        };
      }),
    );
  });

  it('is for staff only: anonymous callers get 401 on every route, and nothing changes', async () => {
    const before = await everything();
    for (const [method, url, payload] of [
      ['GET', '/api/opening-hours/translations', undefined],
      ['PUT', '/api/opening-hours/translations/en', { [TODAY]: 'x', italian: { [TODAY]: 'x' } }],
      ['DELETE', '/api/opening-hours/translations/en', undefined],
    ] as const) {
      const response = await call(method, url, payload, '');
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await everything()).toEqual(before);
  });
});

describe('PUT and DELETE /api/opening-hours/translations/{lang}', () => {
  it("save staff's text, which the public pages show at once, and DELETE returns to the machine's", async () => {
    expect(await notice('en')).toMatch(/^Closed today: \[EN-GB\] Evento privato\. Open again/);
    const saved = await call('PUT', '/api/opening-hours/translations/en', {
      [TODAY]: '  Private party  ',
      italian: { [TODAY]: 'Evento privato' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(inLang(saved.json<{ translations: { lang: string }[] }>().translations, 'en')).toEqual({
      lang: 'en',
      machine: { [TODAY]: '[EN-GB] Evento privato', [WINTER]: "[EN-GB] Chiuso per l'inverno" },
      staff: { [TODAY]: 'Private party' },
      staffStale: false,
    });
    expect(await lastAudit()).toEqual({
      action: 'opening_hours.translation.update',
      summary: 'Traduzione delle note di chiusura in inglese corretta a mano: nota del 10/03/2026.',
    });
    // The kept page follows the content change; the other languages keep the machine's.
    expect(await notice('en')).toMatch(/^Closed today: Private party\. Open again/);
    expect(await notice('de')).toMatch(/^Heute geschlossen: \[DE\] Evento privato\./);
    const hours = await call('GET', '/api/opening-hours?lang=en', undefined, '');
    expect(
      hours.json<{ closures: { note: string | null }[] }>().closures.map((c) => c.note),
    ).toEqual(['Private party', null, "[EN-GB] Chiuso per l'inverno"]);

    const reset = await call('DELETE', '/api/opening-hours/translations/en');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(inLang(reset.json<{ translations: { lang: string }[] }>().translations, 'en')).toEqual({
      lang: 'en',
      machine: { [TODAY]: '[EN-GB] Evento privato', [WINTER]: "[EN-GB] Chiuso per l'inverno" },
      staff: null,
      staffStale: false,
    });
    expect((await lastAudit()).action).toBe('opening_hours.translation.reset');
    expect(await notice('en')).toMatch(/^Closed today: \[EN-GB\] Evento privato\. Open again/);
  });

  it('refuse with 409 a translation of an Italian that changed meanwhile, and change nothing', async () => {
    const before = await everything();
    for (const payload of [
      { [TODAY]: 'Private party', italian: { [TODAY]: 'Evento privatissimo' } },
      // One stale note refuses the whole of it.
      {
        [TODAY]: 'Private party',
        [WINTER]: 'Closed for the winter',
        italian: { [TODAY]: 'Evento privato', [WINTER]: 'Chiuso per ferie' },
      },
      // A closure that is gone, or has no note.
      { '2026-04-01--2026-04-02': 'Closed', italian: { '2026-04-01--2026-04-02': 'Chiuso' } },
      { '2026-08-15--2026-08-15': 'Closed', italian: { '2026-08-15--2026-08-15': '' } },
    ]) {
      const response = await call('PUT', '/api/opening-hours/translations/fr', payload);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({
        errors: [{ code: 'italian-changed', description: expect.stringContaining('cambiata') }],
      });
    }
    expect(await everything()).toEqual(before);
    expect(await notice('fr')).toMatch(/\[FR\] Evento privato/);
  });

  it("a changed Italian note makes staff's text stale: the machine's new one is shown", async () => {
    const saved = await call('PUT', '/api/opening-hours/translations/de', {
      [WINTER]: 'Winterpause',
      italian: { [WINTER]: "Chiuso per l'inverno" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await putHours([CLOSURES[0]!, { ...CLOSURES[2]!, note: 'Chiuso per ferie invernali' }]);
    expect(inLang(await review(), 'de')).toEqual({
      lang: 'de',
      machine: { [TODAY]: '[DE] Evento privato', [WINTER]: '[DE] Chiuso per ferie invernali' },
      staff: null,
      staffStale: true,
    });
  });

  it('are open to every colleague who may edit the hours, not only the owner', async () => {
    const saved = await call(
      'PUT',
      '/api/opening-hours/translations/es',
      { [TODAY]: 'Fiesta privada', italian: { [TODAY]: 'Evento privato' } },
      colleague,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await notice('es')).toMatch(/: Fiesta privada\./);
    expect(
      (await call('GET', '/api/opening-hours/translations', undefined, colleague)).statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', '/api/opening-hours/translations/es', undefined, colleague)).statusCode,
    ).toBe(200);
  });

  it('refuse with 400 what cannot be a translation, changing nothing', async () => {
    const before = await everything();
    for (const [url, payload] of [
      [
        '/api/opening-hours/translations/it',
        { [TODAY]: 'x', italian: { [TODAY]: 'Evento privato' } },
      ],
      ['/api/opening-hours/translations/en', { italian: {} }],
      [
        '/api/opening-hours/translations/en',
        { [TODAY]: '   ', italian: { [TODAY]: 'Evento privato' } },
      ],
      ['/api/opening-hours/translations/en', { [TODAY]: 'Party' }],
      ['/api/opening-hours/translations/en', { [TODAY]: 'Party', italian: {} }],
      [
        '/api/opening-hours/translations/en',
        { note: 'Party', italian: { note: 'Evento privato' } },
      ],
      [
        '/api/opening-hours/translations/en',
        { [TODAY]: 'Two\nlines', italian: { [TODAY]: 'Evento privato' } },
      ],
      [
        '/api/opening-hours/translations/en',
        { [TODAY]: 'x'.repeat(201), italian: { [TODAY]: 'Evento privato' } },
      ],
    ] as const) {
      const response = await call('PUT', url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
    }
    expect(await everything()).toEqual(before);
  });
});
