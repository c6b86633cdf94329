import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../testing/app.ts';
import { startFakeDeepL, type FakeTranslator } from '../testing/fake-translators.ts';
import { readPdf } from '../testing/printed.ts';

// The owner's page texts as visitors see them: the home page, the about-us
// page and the meta descriptions follow a PUT at once, the other languages
// through the (fake) translator, and "over N years" counts on the app's clock.

let harness: Awaited<ReturnType<typeof testApp>>;
let deepl: FakeTranslator;
let token: string;
let now = Date.parse('2026-03-03T10:00:00Z'); // Tuesday 3 March 2026, 11:00 in Rome

beforeAll(async () => {
  deepl = await startFakeDeepL('texts-key');
  harness = await testApp(
    { DEEPL_API_KEY: 'texts-key', DEEPL_SERVER_URL: deepl.url },
    { now: () => now },
  );
  await createStaff(harness.app);
  token = await login(harness.app);
  // Whatever the first database leaves to translate (the daily menu), before the tests look.
  await harness.app.textTranslations.refresh();
});
afterAll(async () => {
  await harness.close();
  await deepl.close();
});

const page = async (url: string) => {
  const response = await harness.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response.body.replaceAll('<!-- -->', '');
};
const put = async (url: string, payload: object) => {
  const response = await harness.app.inject({
    method: 'PUT',
    url,
    payload,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
};
const heroTitle = (html: string) => html.match(/<h1 id="hero-title"[^>]*>([^<]*)<\/h1>/)?.[1];
const description = (html: string) => html.match(/<meta name="description" content="([^"]*)"/)?.[1];
const unescape = (text: string | undefined) => text?.replaceAll('&#x27;', "'");

describe('the page texts on the pages', () => {
  it('show the shipped texts, "over 25 years" counted from the founding year', async () => {
    const home = await page('/?lng=it');
    expect(heroTitle(home)).toBe('Il mare di Sicilia, in tavola');
    expect(home).toContain('Oltre 28 anni di esperienza, dal 1998');
    expect(home).toContain('Siamo sul lungomare di Scopello,');
    const about = await page('/about-us?lng=en');
    expect(about).toContain('<h2 id="about-experience">Over 28 years of passion</h2>');
    const services = [...about.matchAll(/<li>([^<]*)<\/li>/g)].map((match) => match[1]);
    expect(services).toEqual([
      expect.stringMatching(/^Event catering: /),
      expect.stringMatching(/^Takeaway: /),
      expect.stringMatching(/^Menus for groups, /),
    ]);
    expect(description(await page('/menu?lng=de'))).toMatch(/^Vorspeisen, /);
  });

  it('a new hero title shows on / at once, and in German through the translator', async () => {
    await page('/?lng=de'); // in the page cache from now on
    // The translator is down at first: the save must not wait for it.
    deepl.failNext(1000);
    await put('/api/site-texts', { 'home.hero.title': 'Il nostro mare, in tavola' });
    expect(heroTitle(await page('/'))).toBe('Il nostro mare, in tavola');
    await harness.app.textTranslations.refresh();
    // Until the machine has translated it, German visitors read the Italian.
    expect(heroTitle(await page('/?lng=de'))).toBe('Il nostro mare, in tavola');
    deepl.failNext(0);
    await harness.app.textTranslations.refresh();
    expect(heroTitle(await page('/?lng=de'))).toBe('[DE] Il nostro mare, in tavola');
    // The other German texts are still the people's.
    expect(await page('/?lng=de')).toContain('Über 28 Jahre Erfahrung, seit 1998');

    // Staff correct the German: it wins over the machine's.
    await put('/api/site-texts/translations/de', {
      'home.hero.title': 'Unser Meer auf dem Tisch',
      italian: { 'home.hero.title': 'Il nostro mare, in tavola' },
    });
    expect(heroTitle(await page('/?lng=de'))).toBe('Unser Meer auf dem Tisch');
  });

  it("each page's description, the services list and the years follow the owner", async () => {
    await put('/api/site-texts', {
      'meta.contact.description': 'Scriveteci da {place}: vi rispondiamo in giornata.',
      'about.services.items': 'Matrimoni\nAsporto\nCene aziendali\nCorsi di cucina',
    });
    expect(unescape(description(await page('/contact?lng=it')))).toBe(
      'Scriveteci da Scopello: vi rispondiamo in giornata.',
    );
    const services = [...(await page('/about-us')).matchAll(/<li>([^<]*)<\/li>/g)];
    expect(services.map((match) => match[1])).toEqual([
      'Matrimoni',
      'Asporto',
      'Cene aziendali',
      'Corsi di cucina',
    ]);

    const facts = await harness.app.inject({ method: 'GET', url: '/api/restaurant' });
    await put('/api/restaurant', { ...facts.json<object>(), foundedYear: 2006 });
    expect(await page('/?lng=en')).toContain('Over 20 years of experience, since 2006');
    // A new year in Rome: the page is rendered afresh, one year more.
    now = Date.parse('2027-01-01T08:00:00Z');
    expect(await page('/?lng=en')).toContain('Over 21 years of experience, since 2006');
  });

  it("the menu's notes: Italian in every language as shipped, then the owner's, translated", async () => {
    const notes = (html: string) =>
      [...html.matchAll(/<p(?: class="menu-notes__cover")? lang="([a-z]{2})">([^<]*)<\/p>/g)].map(
        ([, lang, text]) => [lang, text],
      );
    const allergies = 'In presenza di allergie e intolleranze alimentari rivolgersi al personale.';
    for (const lang of ['it', 'en', 'de']) {
      const html = await page(`/menu?lng=${lang}`);
      expect(html).toContain('<p class="menu-notes__cover" lang="it">Coperto 2 €</p>');
      expect(notes(html)).toEqual([
        ['it', 'Coperto 2 €'],
        ['it', allergies],
      ]);
    }
    const pdf = async (lang: string) => {
      const response = await harness.app.inject({ method: 'GET', url: `/menu.pdf?lng=${lang}` });
      return (await readPdf(response.rawPayload)).text;
    };
    expect(await pdf('en')).toContain('Coperto 2 €');

    await put('/api/site-texts', { 'menu.notes.coverCharge': 'Coperto 2,50 €' });
    expect(notes(await page('/menu?lng=it'))[0]).toEqual(['it', 'Coperto 2,50 €']);
    await harness.app.textTranslations.refresh();
    // The translator's now; the allergy notice, unchanged, stays the Italian it was.
    expect(notes(await page('/menu?lng=en'))).toEqual([
      ['en', '[EN-GB] Coperto 2,50 €'],
      ['it', allergies],
    ]);
    expect(await pdf('en')).toContain('[EN-GB] Coperto 2,50 €');
    expect(await pdf('it')).toContain('Coperto 2,50 €');
  });
});
