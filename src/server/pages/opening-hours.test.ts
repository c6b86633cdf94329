import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../testing/app.ts';
import { startFakeDeepL, type FakeTranslator } from '../testing/fake-translators.ts';

// The opening hours on the server-rendered home and contact pages, through
// the real build: the week, the weekly rest day, the notice on a closed day,
// in the five languages, at the app's clock. Instants are written in UTC;
// Rome is UTC+1 in winter.
let harness: Awaited<ReturnType<typeof testApp>>;
let deepl: FakeTranslator;
let token: string;
let now = 0;
const at = (iso: string) => (now = Date.parse(iso));

beforeAll(async () => {
  deepl = await startFakeDeepL('pages-key');
  harness = await testApp(
    { DEEPL_API_KEY: 'pages-key', DEEPL_SERVER_URL: deepl.url },
    { now: () => now },
  );
  await createStaff(harness.app);
  token = await login(harness.app);
});
afterAll(async () => {
  await harness.close();
  await deepl.close();
});

const LUNCH = { open: '12:00', close: '15:00' };
const DINNER = { open: '19:00', close: '23:30' };
const SEEDED_WEEK = [2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges: [LUNCH, DINNER] }));

async function putHours(body: object) {
  const response = await harness.app.inject({
    method: 'PUT',
    url: '/api/opening-hours',
    payload: body,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  await harness.app.textTranslations.refresh();
}
beforeEach(async () => {
  at('2026-03-03T10:00:00Z'); // Tuesday 3 March 2026, 11:00 in Rome
  await putHours({ weekly: SEEDED_WEEK, closures: [], exceptions: [] });
});

const page = async (url: string) => {
  const response = await harness.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.body;
};
const notice = (html: string) =>
  [...html.matchAll(/<p class="closed-notice__(?:lead|note)">([^<]*)<\/p>/g)].map((m) => m[1]);
const facts = (html: string) =>
  [
    ...(html.match(/<ul class="hero__facts"[^>]*>(.*?)<\/ul>/)?.[1] ?? '').matchAll(/<li>([^<]*)/g),
  ].map((m) => m[1]);
const week = (html: string) =>
  [...html.matchAll(/<dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/g)].map((m) => `${m[1]}: ${m[2]}`);
const jsonLd = (html: string) =>
  JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? 'null') as {
    openingHoursSpecification: unknown[];
    specialOpeningHoursSpecification: unknown[];
  };
const description = (html: string) => html.match(/<meta name="description" content="([^"]*)"/)?.[1];

describe('the week and the weekly rest day', () => {
  it('home and contact show the seeded week in every language, and no notice on an open day', async () => {
    const expected = {
      it: ['Lunedì: Chiuso', 'Da martedì a domenica: 12:00–15:00 e 19:00–23:30'],
      en: ['Monday: Closed', 'Tuesday to Sunday: 12:00–15:00 and 19:00–23:30'],
      fr: ['Lundi: Fermé', 'Du mardi au dimanche: 12:00–15:00 et 19:00–23:30'],
      es: ['Lunes: Cerrado', 'De martes a domingo: 12:00–15:00 y 19:00–23:30'],
      de: ['Montag: Geschlossen', 'Dienstag bis Sonntag: 12:00–15:00 und 19:00–23:30'],
    };
    for (const [lang, lines] of Object.entries(expected)) {
      for (const path of ['/', '/contact']) {
        const html = await page(`${path}?lng=${lang}`);
        expect(week(html), `${path} ${lang}`).toEqual(lines);
        expect(notice(html), `${path} ${lang}`).toEqual([]);
      }
    }
  });

  it('the rest day in the hero and the description comes from the week', async () => {
    let html = await page('/?lng=en');
    expect(facts(html)).toEqual([
      'Over 28 years of experience, since 1998',
      'Closed on Mondays, our weekly day of rest',
    ]);
    expect(description(html)).toBe(
      'Fresh fish, wood-fired pizzas and a summer terrace with a sea view. Over 28 years of Sicilian cooking. Closed on Mondays, our weekly day of rest.',
    );
    expect(facts(await page('/?lng=de'))[1]).toBe('Ruhetag: Montag');

    // Monday opens too: the sentence is gone.
    await putHours({
      weekly: [1, ...SEEDED_WEEK.map((d) => d.day)].map((day) => ({ day, ranges: [DINNER] })),
      closures: [],
    });
    html = await page('/?lng=en');
    expect(facts(html)).toEqual(['Over 28 years of experience, since 1998']);
    expect(description(html)).toBe(
      'Fresh fish, wood-fired pizzas and a summer terrace with a sea view. Over 28 years of Sicilian cooking.',
    );
    expect(week(html)).toEqual(['Monday to Sunday: 19:00–23:30']);

    // Wednesday is the rest day now.
    const wednesdayOff = [1, 2, 4, 5, 6, 7].map((day) => ({ day, ranges: [LUNCH, DINNER] }));
    await putHours({ weekly: wednesdayOff, closures: [] });
    expect(facts(await page('/?lng=en'))[1]).toBe('Closed on Wednesdays, our weekly day of rest');
    expect(facts(await page('/?lng=fr'))[1]).toBe(
      'Fermé le mercredi, notre jour de repos hebdomadaire',
    );
  });
});

describe('the notice on a closed day', () => {
  it('on the weekly rest day: when it reopens, on home and contact, in every language', async () => {
    at('2026-03-02T10:00:00Z'); // Monday 2 March
    expect(notice(await page('/?lng=en'))).toEqual([
      'Closed today. Open again on Tuesday 3 March from 12:00.',
    ]);
    expect(notice(await page('/contact?lng=en'))).toEqual([
      'Closed today. Open again on Tuesday 3 March from 12:00.',
    ]);
    expect(notice(await page('/contact?lng=de'))).toEqual([
      'Heute geschlossen. Wir öffnen wieder am Dienstag, 3. März, um 12:00 Uhr.',
    ]);
    expect(notice(await page('/?lng=it'))).toEqual([
      'Chiuso oggi. Riapriamo martedì 3 marzo alle 12:00.',
    ]);
    expect(notice(await page('/?lng=es'))).toEqual([
      'Cerrado hoy. Volvemos a abrir el martes, 3 de marzo a las 12:00.',
    ]);
    expect(notice(await page('/?lng=fr'))).toEqual([
      'Fermé aujourd&#x27;hui. Réouverture le mardi 3 mars à 12:00.',
    ]);
  });

  it('closed for the winter: the staff note, translated, and the first day open again', async () => {
    await putHours({
      weekly: SEEDED_WEEK,
      closures: [
        { from: '2026-03-10', to: '2026-03-10', note: 'Evento privato' },
        { from: '2026-11-16', to: '2027-02-28', note: "Chiuso per l'inverno" },
      ],
    });
    // Search engines are told both closures, with no note.
    expect(jsonLd(await page('/?lng=en')).specialOpeningHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        validFrom: '2026-03-10',
        validThrough: '2026-03-10',
        opens: '00:00',
        closes: '00:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        validFrom: '2026-11-16',
        validThrough: '2027-02-28',
        opens: '00:00',
        closes: '00:00',
      },
    ]);
    at('2026-03-10T10:00:00Z'); // Tuesday 10 March: closed for the day
    expect(notice(await page('/?lng=de'))).toEqual([
      'Heute geschlossen: [DE] Evento privato. Wir öffnen wieder am Mittwoch, 11. März, um 12:00 Uhr.',
    ]);
    at('2027-01-11T10:00:00Z'); // in the winter closure; Monday 1 March 2027 is the rest day
    expect(notice(await page('/?lng=en'))).toEqual([
      'Closed until Monday 1 March: [EN-GB] Chiuso per l&#x27;inverno. Open again on Tuesday 2 March from 12:00.',
    ]);
    expect(notice(await page('/contact?lng=de'))).toEqual([
      'Geschlossen bis Montag, 1. März: [DE] Chiuso per l&#x27;inverno. Wir öffnen wieder am Dienstag, 2. März, um 12:00 Uhr.',
    ]);
    expect(notice(await page('/?lng=it'))).toEqual([
      'Chiuso fino a lunedì 1 marzo: Chiuso per l&#x27;inverno. Riapriamo martedì 2 marzo alle 12:00.',
    ]);
    // Once the closure is over, no notice, though the page was kept in the cache,
    // and nothing more to tell search engines.
    at('2027-03-02T10:00:00Z');
    const after = await page('/?lng=en');
    expect(notice(after)).toEqual([]);
    expect(jsonLd(after).specialOpeningHoursSpecification).toEqual([]);
  });
});

describe('a closure with a note says closed first', () => {
  it('closed today and tomorrow for kitchen works: closed, the translated note, the reopening', async () => {
    await putHours({
      weekly: SEEDED_WEEK,
      closures: [{ from: '2026-11-26', to: '2026-11-27', note: 'Lavori in cucina' }],
    });
    at('2026-11-26T10:00:00Z'); // Thursday 26 November 2026
    expect(notice(await page('/?lng=en'))).toEqual([
      'Closed today and tomorrow: [EN-GB] Lavori in cucina. Open again on Saturday 28 November from 12:00.',
    ]);
    expect(notice(await page('/?lng=de'))).toEqual([
      'Heute und morgen geschlossen: [DE] Lavori in cucina. Wir öffnen wieder am Samstag, 28. November, um 12:00 Uhr.',
    ]);
    expect(notice(await page('/contact?lng=it'))).toEqual([
      'Chiuso oggi e domani: Lavori in cucina. Riapriamo sabato 28 novembre alle 12:00.',
    ]);
  });
});

describe('the page cache and midnight in Rome', () => {
  const etag = async (url: string) =>
    (await harness.app.inject({ method: 'GET', url })).headers.etag;

  it('a page kept at 23:59 is not served at 00:00', async () => {
    at('2026-03-02T22:59:00Z'); // Monday 23:59 in Rome: closed today
    const monday = await page('/?lng=en');
    expect(notice(monday)).toEqual(['Closed today. Open again on Tuesday 3 March from 12:00.']);
    const kept = await etag('/?lng=en');
    at('2026-03-02T22:59:59Z');
    expect(await etag('/?lng=en')).toBe(kept); // the same bytes, from the cache

    at('2026-03-02T23:00:00Z'); // Tuesday 00:00: open today
    expect(notice(await page('/?lng=en'))).toEqual([]);
    expect(notice(await page('/contact?lng=en'))).toEqual([]);
    expect(await etag('/?lng=en')).not.toBe(kept);

    // And back: a clock moved backwards (tests) reads Monday again.
    at('2026-03-02T22:00:00Z');
    expect(notice(await page('/contact?lng=en'))).toEqual([
      'Closed today. Open again on Tuesday 3 March from 12:00.',
    ]);
  });
});
