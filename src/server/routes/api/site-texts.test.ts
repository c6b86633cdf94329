import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStaff, login, STAFF_PASSWORD, testApp } from '../../testing/app.ts';
import { startFakeDeepL, type FakeTranslator } from '../../testing/fake-translators.ts';
import {
  SITE_TEXT_KEYS,
  type SiteTextsReviewAnswer,
  type SiteTextsView,
} from '../../../shared/schemas/site-texts.ts';

// The page texts: what visitors read in five languages (placeholders filled
// in from the facts, on the app's clock), staff's Italian, the translations'
// review, corrections and resets, and every refusal changing nothing.

let harness: Awaited<ReturnType<typeof testApp>>;
let fake: FakeTranslator | undefined;
let token: string;
/** The app's clock: 10:00 in Rome on 13 January 2026, unless a test moves it. */
let now = Date.parse('2026-01-13T09:00:00Z');

async function start(env: Record<string, string> = {}) {
  now = Date.parse('2026-01-13T09:00:00Z');
  harness = await testApp(env, { pages: false, now: () => now });
  await createStaff(harness.app);
  token = await login(harness.app);
}
afterEach(async () => {
  await harness?.close();
  await fake?.close();
  fake = undefined;
});

const texts = async (lang?: string): Promise<SiteTextsView> => {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/api/site-texts${lang ? `?lang=${lang}` : ''}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const send = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown, bearer = token) =>
  harness.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { authorization: `Bearer ${bearer}` },
  });
const review = async (): Promise<SiteTextsReviewAnswer['translations']> => {
  const response = await send('GET', '/api/site-texts/translations');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SiteTextsReviewAnswer>().translations;
};
/** Everything a write may change: a refused one leaves it all. */
const everything = async () => {
  const db = harness.app.db;
  return Promise.all([
    db.selectFrom('site_texts').selectAll().orderBy('key').execute(),
    db
      .selectFrom('text_translations')
      .selectAll()
      .where('entity', '=', 'site_texts')
      .orderBy('field')
      .orderBy('lang')
      .orderBy('kind')
      .execute(),
    db.selectFrom('content_version').selectAll().execute(),
    db.selectFrom('audit_log').select('id').execute(),
  ]);
};
const lastAudit = async () =>
  harness.app.db
    .selectFrom('audit_log')
    .select(['action', 'target', 'summary'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const putFacts = async (changes: Record<string, unknown>) => {
  const facts = await harness.app.inject({ method: 'GET', url: '/api/restaurant' });
  const response = await send('PUT', '/api/restaurant', { ...facts.json<object>(), ...changes });
  expect(response.statusCode, response.body).toBe(200);
};

describe('GET /api/site-texts', () => {
  it('gives every text the shipped ones, "over 25 years" counted from 1998 on the app\'s clock', async () => {
    await start();
    const italian = await texts();
    expect(italian.lang).toBe('it');
    expect(Object.keys(italian.texts)).toEqual([...SITE_TEXT_KEYS]);
    expect(Object.values(italian.translation).every((source) => source === 'none')).toBe(true);
    expect(italian.texts['home.hero.title']).toBe('Il mare di Sicilia, in tavola');
    expect(italian.texts['home.facts.experience']).toBe('Oltre 28 anni di esperienza, dal 1998');
    expect(italian.texts['about.experience.title']).toBe('Oltre 28 anni di passione');
    expect(italian.texts['home.location.text1']).toMatch(/^Siamo sul lungomare di Scopello, /);
    expect(italian.texts['about.services.items']?.split('\n')).toHaveLength(3);
    expect(italian.texts['meta.about.description']).toMatch(/^Oltre 28 anni di esperienza/);
    expect(await texts('it')).toEqual(italian);

    // The shipped translations, written by people.
    for (const [lang, experience] of [
      ['en', 'Over 28 years of experience, since 1998'],
      ['fr', "Plus de 28 ans d'expérience, depuis 1998"],
      ['es', 'Más de 28 años de experiencia, desde 1998'],
      ['de', 'Über 28 Jahre Erfahrung, seit 1998'],
    ] as const) {
      const view = await texts(lang);
      expect(view.lang).toBe(lang);
      expect(view.texts['home.facts.experience']).toBe(experience);
      expect(Object.values(view.translation).every((source) => source === 'staff')).toBe(true);
    }
    expect((await texts('en')).texts['meta.home.description']).toBe(
      'Fresh fish, wood-fired pizzas and a summer terrace with a sea view. Over 28 years of Sicilian cooking.',
    );
    // The menu's notes, shipped in Italian for every language (migration 027).
    for (const lang of ['it', 'en', 'fr', 'es', 'de'] as const) {
      const view = await texts(lang);
      expect(view.texts['menu.notes.coverCharge']).toBe('Coperto 2 €');
      expect(view.texts['menu.notes.allergyNotice']).toBe(
        'In presenza di allergie e intolleranze alimentari rivolgersi al personale.',
      );
    }
  });

  it("counts the years from the founding year the owner sets, on the app's clock, and names the town the owner sets", async () => {
    await start();
    await putFacts({ foundedYear: 2001 });
    await putFacts({
      address: { ...(await harness.app.restaurantFacts.get()).address, locality: 'Castellammare' },
    });
    expect((await texts('de')).texts['home.facts.experience']).toBe(
      'Über 25 Jahre Erfahrung, seit 2001',
    );
    expect((await texts()).texts['home.location.text1']).toMatch(/lungomare di Castellammare,/);
    // A new year in Rome (23:00 UTC on 31 December): one more year, no write needed.
    now = Date.parse('2026-12-31T23:00:00Z');
    expect((await texts('en')).texts['home.facts.experience']).toBe(
      'Over 26 years of experience, since 2001',
    );
  });

  it('refuses an unknown language or query key', async () => {
    await start();
    for (const query of ['?lang=pt', '?lang=EN', '?lang=', '?language=en']) {
      const response = await harness.app.inject({ method: 'GET', url: `/api/site-texts${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toHaveProperty('errors');
    }
  });
});

describe('PUT /api/site-texts', () => {
  it('changes the Italian of the keys it names, with one audit entry and a new content version', async () => {
    await start();
    const before = await texts();
    const version = await harness.app.contentVersion.current();
    const saved = await send('PUT', '/api/site-texts', {
      'home.hero.title': '  Il nostro mare, a tavola  ',
      'home.facts.experience': 'Da {years} anni in cucina, dal {year}',
      // As stored (the review's Italian), not as visitors read it: unchanged.
      'home.hero.description': (await review())[0]!.fields['home.hero.description'].italian,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json<{ texts: Record<string, string> }>().texts;
    expect(Object.keys(answer)).toEqual([...SITE_TEXT_KEYS]);
    expect(answer['home.hero.title']).toBe('Il nostro mare, a tavola');
    // The answer is the Italian as stored: placeholders as typed.
    expect(answer['home.facts.experience']).toBe('Da {years} anni in cucina, dal {year}');
    expect(answer['home.facts.label' as never]).toBeUndefined();

    const after = await texts();
    expect(after.texts['home.hero.title']).toBe('Il nostro mare, a tavola');
    expect(after.texts['home.facts.experience']).toBe('Da 28 anni in cucina, dal 1998');
    expect(after.texts['about.intro']).toBe(before.texts['about.intro']);
    expect(await harness.app.contentVersion.current()).toBe(version! + 1);
    expect(await lastAudit()).toEqual({
      action: 'site_texts.update',
      target: 'site_texts',
      summary: 'Testi del sito aggiornati: home.hero.title, home.facts.experience.',
    });
    // Without a provider, visitors read the new Italian where staff's translation no longer fits.
    const english = await texts('en');
    expect(english.texts['home.hero.title']).toBe('Il nostro mare, a tavola');
    expect(english.translation['home.hero.title']).toBe('none');
    expect(english.translation['home.hero.description']).toBe('staff');

    // Sent again unchanged: nothing is written.
    const unchanged = await everything();
    const again = await send('PUT', '/api/site-texts', {
      'home.hero.title': 'Il nostro mare, a tavola',
    });
    expect(again.statusCode).toBe(200);
    expect(await everything()).toEqual(unchanged);
  });

  it('keeps the services list one service per line', async () => {
    await start();
    const saved = await send('PUT', '/api/site-texts', {
      'about.services.items': 'Catering per matrimoni\nAsporto\n\nPranzi di lavoro',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await texts()).texts['about.services.items']).toBe(
      'Catering per matrimoni\nAsporto\n\nPranzi di lavoro',
    );
  });

  it('needs staff: 401 without a session, and changes nothing', async () => {
    await start();
    const before = await everything();
    for (const bearer of ['not-a-session', '']) {
      const response = await send('PUT', '/api/site-texts', { 'home.hero.title': 'X' }, bearer);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
    expect(await everything()).toEqual(before);
  });

  it('refuses an unknown key, an empty or too long text or no text at all, and changes nothing', async () => {
    await start();
    const before = await everything();
    const cases: [string, unknown, string, string][] = [
      [
        'an unknown key beside a good one',
        { 'home.hero.title': 'Nuovo titolo', 'home.hero.cta': 'Vai' },
        'body',
        'Testo sconosciuto: home.hero.cta.',
      ],
      ['an empty text', { 'home.hero.title': '   ' }, 'home.hero.title', 'non può essere vuoto'],
      [
        'a text too long',
        { 'about.intro': 'x'.repeat(2001) },
        'about.intro',
        'Al massimo 2000 caratteri.',
      ],
      ['a number', { 'about.intro': 12 }, 'about.intro', 'Testo non valido.'],
      ['no text', {}, 'body', 'Nessun testo da salvare.'],
      ['not an object', ['home.hero.title'], 'body', 'Dati non validi'],
    ];
    for (const [why, body, field, message] of cases) {
      const response = await send('PUT', '/api/site-texts', body);
      expect(response.statusCode, why).toBe(400);
      const errors = response.json<{ errors: Record<string, string[]> }>().errors;
      expect(Object.keys(errors), `${why}: ${response.body}`).toEqual([field]);
      expect(errors[field]!.join(' '), why).toContain(message);
    }
    expect(await everything()).toEqual(before);
  });
});

describe('the translations', () => {
  it('review: per language, each text with its Italian, for staff only', async () => {
    await start();
    const anonymous = await send('GET', '/api/site-texts/translations', undefined, 'nope');
    expect(anonymous.statusCode).toBe(401);
    const languages = await review();
    expect(languages.map((entry) => entry.lang)).toEqual(['en', 'fr', 'es', 'de']);
    const german = languages[3]!.fields;
    expect(Object.keys(german)).toEqual([...SITE_TEXT_KEYS]);
    expect(german['home.facts.experience']).toEqual({
      italian: 'Oltre {years} anni di esperienza, dal {year}',
      machine: null,
      staff: 'Über {years} Jahre Erfahrung, seit {year}',
      staffStale: false,
    });
  });

  it('a correction holds for the Italian it was written for: 409 when that changed meanwhile', async () => {
    await start();
    const italian = (await review())[0]!.fields['home.hero.title'].italian;
    const saved = await send('PUT', '/api/site-texts/translations/en', {
      'home.hero.title': 'The Sicilian sea, served',
      italian: { 'home.hero.title': italian },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<SiteTextsReviewAnswer>().translations[0]!.fields['home.hero.title']).toEqual({
      italian,
      machine: null,
      staff: 'The Sicilian sea, served',
      staffStale: false,
    });
    expect((await texts('en')).texts['home.hero.title']).toBe('The Sicilian sea, served');
    expect(await lastAudit()).toEqual({
      action: 'site_texts.translation.update',
      target: 'site_texts:en',
      summary: 'Traduzione dei testi del sito in inglese corretta a mano: home.hero.title.',
    });

    // A colleague changes the Italian while the German is being written.
    await send('PUT', '/api/site-texts', { 'home.hero.title': 'Il mare in tavola' });
    const before = await everything();
    const stale = await send('PUT', '/api/site-texts/translations/de', {
      'home.hero.title': 'Das Meer Siziliens',
      italian: { 'home.hero.title': italian },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      errors: [{ code: 'italian-changed', description: expect.stringContaining('italiano') }],
    });
    expect(await everything()).toEqual(before);
    // The English correction is stale too: shown no more, kept for staff to look at again.
    expect((await review())[0]!.fields['home.hero.title']).toMatchObject({
      staff: null,
      staffStale: true,
    });
    expect((await texts('en')).texts['home.hero.title']).toBe('Il mare in tavola');
  });

  it('refuses a correction without its Italian, of an unknown key, empty, or in Italian', async () => {
    await start();
    const before = await everything();
    const italian = { 'home.hero.title': 'Il mare di Sicilia, in tavola' };
    for (const [lang, body] of [
      ['en', { 'home.hero.title': 'Sea' }],
      ['en', { 'home.hero.title': 'Sea', italian: {} }],
      ['en', { 'home.hero.title': '  ', italian }],
      ['en', { 'home.hero.cta': 'Go', italian }],
      ['en', { italian }],
      ['en', { 'home.hero.title': 'Sea', italian: { ...italian, 'home.hero.cta': 'Vai' } }],
      ['it', { 'home.hero.title': 'Mare', italian }],
      ['pt', { 'home.hero.title': 'Mar', italian }],
    ] as const) {
      const response = await send('PUT', `/api/site-texts/translations/${lang}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const anonymous = await send(
      'PUT',
      '/api/site-texts/translations/en',
      { 'home.hero.title': 'Sea', italian },
      '',
    );
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await send('DELETE', '/api/site-texts/translations/en', undefined, '')).statusCode,
    ).toBe(401);
    expect(await everything()).toEqual(before);
  });

  it("the machine follows the Italian, the services list line by line; staff correct it, and taking theirs back shows the machine's", async () => {
    fake = await startFakeDeepL('secret-key');
    await start({ DEEPL_API_KEY: 'secret-key', DEEPL_SERVER_URL: fake.url });
    await harness.app.textTranslations.refresh();
    fake.calls.length = 0;
    await harness.app.textTranslations.refresh();
    // The shipped texts need nothing: people translated them.
    expect(fake.calls).toEqual([]);

    await send('PUT', '/api/site-texts', {
      'home.hero.title': 'Il mare in tavola',
      'about.services.items': 'Catering, feste e matrimoni\nAsporto',
    });
    await harness.app.textTranslations.refresh();
    expect(fake.calls.find((call) => call.target === 'DE')?.texts.sort()).toEqual(
      ['Asporto', 'Catering, feste e matrimoni', 'Il mare in tavola'].sort(),
    );
    const german = await texts('de');
    expect(german.texts['home.hero.title']).toBe('[DE] Il mare in tavola');
    expect(german.texts['about.services.items']).toBe(
      '[DE] Catering, feste e matrimoni\n[DE] Asporto',
    );
    expect(german.translation['home.hero.title']).toBe('machine');
    expect(german.translation['about.intro']).toBe('staff');

    const saved = await send('PUT', '/api/site-texts/translations/de', {
      'home.hero.title': 'Das Meer auf dem Tisch',
      italian: { 'home.hero.title': 'Il mare in tavola' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await texts('de')).texts['home.hero.title']).toBe('Das Meer auf dem Tisch');
    expect((await texts('de')).translation['home.hero.title']).toBe('staff');

    // Back to the machine for German: every staff text of it goes, the machine translates what they stood for.
    const reset = await send('DELETE', '/api/site-texts/translations/de');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await lastAudit()).toEqual({
      action: 'site_texts.translation.reset',
      target: 'site_texts:de',
      summary: 'Traduzione dei testi del sito in tedesco riportata a quella automatica.',
    });
    await vi.waitFor(() =>
      expect(
        fake!.calls.some((call) =>
          call.texts.includes('Una famiglia, un forno a legna e il mare davanti: ecco chi siamo.'),
        ),
      ).toBe(true),
    );
    await harness.app.textTranslations.refresh();
    const machine = await texts('de');
    expect(machine.texts['home.hero.title']).toBe('[DE] Il mare in tavola');
    expect(machine.texts['about.intro']).toBe(
      '[DE] Una famiglia, un forno a legna e il mare davanti: ecco chi siamo.',
    );
    // The machine keeps the placeholders as sent; the page fills them in.
    expect(machine.texts['home.facts.experience']).toBe(
      '[DE] Oltre 28 anni di esperienza, dal 1998',
    );
    expect(Object.values(machine.translation).every((source) => source === 'machine')).toBe(true);
    // English keeps its own where the Italian is the same.
    expect((await texts('en')).translation['about.intro']).toBe('staff');

    // A reset with nothing of staff's left writes nothing.
    const before = await everything();
    expect((await send('DELETE', '/api/site-texts/translations/de')).statusCode).toBe(200);
    expect(await everything()).toEqual(before);
  });
});

describe('two instances behind one database', () => {
  it('a change on one shows on the other within a second', async () => {
    await start();
    const other = await testApp(
      {},
      { pages: false, sharedDatabase: harness.database, now: () => now },
    );
    try {
      const there = await login(other.app, 'anna@trattoria.example', STAFF_PASSWORD, '10.8.0.2');
      expect((await texts()).texts['home.hero.title']).toBe('Il mare di Sicilia, in tavola');
      const saved = await other.app.inject({
        method: 'PUT',
        url: '/api/site-texts',
        payload: { 'home.hero.title': 'Il mare in tavola' },
        headers: { authorization: `Bearer ${there}` },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const savedAt = Date.now();
      let title = (await texts()).texts['home.hero.title'];
      while (title !== 'Il mare in tavola' && Date.now() - savedAt < 1_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        title = (await texts()).texts['home.hero.title'];
      }
      expect(title).toBe('Il mare in tavola');
    } finally {
      await other.close();
    }
  });
});
