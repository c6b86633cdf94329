import { axeViolations } from './support/axe.ts';
import type { Page } from '@playwright/test';
import { DATABASE_INDEPENDENT } from './support/project.ts';
import { test, expect, hydrated } from './fixtures.ts';
import { YEARS_SINCE_FOUNDING } from './support/seed.ts';

// The home page: sections, map consent, LCP image, structured data, the weekly
// rest day and the years of experience.

const LANGS = ['it', 'en', 'fr', 'es', 'de'] as const;
type Lang = (typeof LANGS)[number];

/** The heading of each section, in page order (the gallery's is for screen readers). */
const SECTION_HEADINGS = {
  en: [
    'The Sicilian sea, served at your table',
    'A glimpse of the restaurant',
    'A home by the sea',
    'From our kitchen',
    'A taste of Sicilian cooking',
    'Where We Are',
  ],
  it: [
    'Il mare di Sicilia, in tavola',
    'Uno sguardo al ristorante',
    'Una casa sul mare',
    'Dalla nostra cucina',
    "Un'esperienza di cucina siciliana",
    'Dove siamo',
  ],
};
const SECTION_CLASSES = [
  'hero',
  'gallery',
  'home-split',
  'photo-grid',
  'home-split',
  'daily-menu',
  'map-section',
];

/** In each language: the facts list's name and its two lines (the years since 1998, the weekly rest day from the seed). */
const FACTS: Record<Lang, { label: string; years: RegExp; monday: RegExp }> = {
  it: {
    label: 'In breve',
    years: new RegExp(`Oltre ${YEARS_SINCE_FOUNDING} anni di esperienza`),
    monday: /^Riposo settimanale: lunedì$/,
  },
  en: {
    label: 'At a glance',
    years: new RegExp(`Over ${YEARS_SINCE_FOUNDING} years of experience`),
    monday: /^Closed on Mondays, our weekly day of rest$/,
  },
  fr: {
    label: 'En bref',
    years: new RegExp(`Plus de ${YEARS_SINCE_FOUNDING} ans d'expérience`),
    monday: /^Fermé le lundi, notre jour de repos hebdomadaire$/,
  },
  es: {
    label: 'En resumen',
    years: new RegExp(`Más de ${YEARS_SINCE_FOUNDING} años de experiencia`),
    monday: /^Descanso semanal: lunes$/,
  },
  de: {
    label: 'Auf einen Blick',
    years: new RegExp(`Über ${YEARS_SINCE_FOUNDING} Jahre Erfahrung`),
    monday: /^Ruhetag: Montag$/,
  },
};

const MOBILE_TEL = 'tel:+393335550187';
const MAP_EMBED = 'https://maps.example/embed?q=38.0712,12.8203&z=15';

/** The map provider, faked: records every request that reaches it. */
async function fakeMapProvider(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route('https://maps.example/**', (route) => {
    requests.push(route.request().url());
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Map</title><p>Fake map</p></html>',
    });
  });
  return requests;
}

for (const lang of ['en', 'it'] as const) {
  test(`every section is there, in order (${lang})`, async ({ page, consoleErrors }) => {
    await page.goto(`/?lng=${lang}`);
    await hydrated(page);
    const main = page.getByRole('main');
    await expect(main.locator(':scope > section:not(.daily-menu)').locator('h1, h2')).toHaveText(
      SECTION_HEADINGS[lang],
    );
    const classes = await main
      .locator(':scope > section')
      .evaluateAll((sections) => sections.map((section) => section.classList[0]));
    expect(classes).toEqual(SECTION_CLASSES);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(SECTION_HEADINGS[lang][0]!);
    // The daily menu sits between the culinary experience and the map, as staff saved it.
    const menu = (await (await page.request.get('/api/daily-menu/1')).json()) as { titolo: string };
    await expect(main.locator('.daily-menu h2')).toHaveText(menu.titolo);
    expect(consoleErrors).toEqual([]);
  });
}

test('/home is the same page', DATABASE_INDEPENDENT, async ({ page }) => {
  await page.goto('/home?lng=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SECTION_HEADINGS.en[0]!);
  await expect(page.getByRole('heading', { name: 'Where We Are' })).toBeVisible();
});

test(
  'the hero fills the first screen and its button explores the menu',
  DATABASE_INDEPENDENT,
  async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/?lng=en');
    await hydrated(page);
    const hero = page.getByRole('region', { name: SECTION_HEADINGS.en[0] });
    const box = await hero.boundingBox();
    const topBar = await page.getByRole('banner').boundingBox();
    expect(box!.y + box!.height).toBeGreaterThanOrEqual(800 - 1);
    expect(box!.y).toBeCloseTo(topBar!.height, 0);
    await expect(hero.getByText(/Fish straight from the boats/)).toBeVisible();
    const explore = hero.getByRole('link', { name: 'Explore the menu' });
    await expect(explore).toHaveAttribute('href', '/menu');
    await explore.click();
    await expect(page).toHaveURL(/\/menu(\?|$)/);
  },
);

test('the location section leads to about-us', DATABASE_INDEPENDENT, async ({ page }) => {
  await page.goto('/?lng=en');
  await hydrated(page);
  const location = page.getByRole('region', { name: 'A home by the sea' });
  for (const words of [
    /terrace with a sea view/,
    /wood-fired oven/,
    /meat and fish dishes/,
    /baptisms, confirmations and weddings/,
    /to take away/,
  ]) {
    await expect(location.getByText(words)).toBeVisible();
  }
  const about = location.getByRole('link', { name: 'About us' });
  await expect(about).toHaveAttribute('href', '/about-us');
  await about.click();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
});

test(
  'the photo grid has exactly six images, each described',
  DATABASE_INDEPENDENT,
  async ({ page }) => {
    await page.goto('/?lng=en');
    const grid = page.getByRole('region', { name: 'From our kitchen' });
    const images = grid.getByRole('img');
    await expect(images).toHaveCount(6);
    for (const image of await images.all()) {
      expect((await image.getAttribute('alt'))?.length).toBeGreaterThan(10);
    }
    await expect(grid.getByRole('img', { name: /margherita/i })).toBeVisible();
  },
);

test(
  'book a table dials the mobile number, and booking online is beside it',
  DATABASE_INDEPENDENT,
  async ({ page }) => {
    await page.goto('/?lng=en');
    const experience = page.getByRole('region', { name: 'A taste of Sicilian cooking' });
    const book = experience.getByRole('link', { name: 'Book a table' });
    await expect(book).toHaveAttribute('href', MOBILE_TEL);
    await expect(book).toHaveAttribute('href', /^tel:\+\d+$/);
    await expect(experience.getByRole('link', { name: 'Book online' })).toHaveAttribute(
      'href',
      '/reservations',
    );
    await expect(experience.getByRole('img')).toHaveAttribute('alt', /chef/i);
  },
);

test(
  'the map provider is contacted only after "Show the map"',
  DATABASE_INDEPENDENT,
  async ({ page, consoleErrors }) => {
    const requests = await fakeMapProvider(page);
    await page.goto('/?lng=en');
    await hydrated(page);
    const map = page.getByRole('region', { name: 'Where We Are' });
    await map.scrollIntoViewIfNeeded();
    const preview = map.getByRole('img', { name: /map of the coast/ });
    await expect(preview).toBeVisible();
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(preview).toHaveAttribute('src', /^\/assets\/map-preview-/); // self-hosted
    await expect(map).toContainText('Via Lungomare 12');
    await expect(map).toContainText('91014 Scopello');
    // The week's hours, from the database's seed.
    const hours = map.getByRole('definition').getByRole('term');
    await expect(hours).toHaveText(['Monday', 'Tuesday to Sunday']);
    await expect(map.getByRole('definition').getByRole('definition')).toHaveText([
      'Closed',
      '12:00–15:00 and 19:00–23:30',
    ]);
    const open = map.getByRole('link', { name: /Open in maps/ });
    await expect(open).toHaveAttribute('href', 'https://maps.example/?q=38.0712,12.8203');
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual([]);
    await expect(page.locator('iframe')).toHaveCount(0);

    await map.getByRole('button', { name: 'Show the map' }).click();
    const frame = map.locator('iframe');
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('src', MAP_EMBED);
    await expect(frame).toHaveAttribute(
      'title',
      'Map showing the location of Trattoria La Tonnara',
    );
    await expect(frame).toHaveAttribute('loading', 'lazy');
    await expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    await expect(frame).toBeFocused();
    await expect(preview).toHaveCount(0);
    await expect(page.frameLocator('iframe').getByText('Fake map')).toBeVisible();
    expect(requests).toEqual([MAP_EMBED]);
    const size = await frame.boundingBox();
    expect(size!.width).toBeGreaterThan(300);
    expect(size!.height).toBeGreaterThan(300);
    expect(consoleErrors).toEqual([]);
  },
);

test(
  'the hero image is preloaded and eager; the images below the fold are lazy',
  DATABASE_INDEPENDENT,
  async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/?lng=en');
    // React adds preloads of its own for plain <img> (logo, flag): this one is the hero's.
    const preload = page.locator('head link[rel="preload"][as="image"][imagesrcset]');
    await expect(preload).toHaveCount(1);
    await expect(preload).toHaveAttribute('imagesrcset', /\/assets\/hero-\d+-\w+\.avif 480w/);
    await expect(preload).toHaveAttribute('imagesizes', '100vw');
    await expect(preload).toHaveAttribute('fetchpriority', 'high');

    const images = page.getByRole('main').locator('img');
    const hero = images.first();
    await expect(hero).toHaveAttribute('src', /\/assets\/hero-/);
    await expect(hero).toHaveAttribute('loading', 'eager');
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    // The file the browser chose is one of the preloaded ones (no second download).
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    const chosen = new URL(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
    expect(await preload.getAttribute('imagesrcset')).toContain(`${chosen} `);

    const rest = await images.all();
    expect(rest.length).toBe(1 + 5 + 1 + 6 + 1 + 1);
    for (const image of rest.slice(1)) {
      await expect(image).toHaveAttribute('loading', 'lazy');
    }
    // Every image reserves its box: width and height from the image data.
    for (const image of rest) {
      expect(Number(await image.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(await image.getAttribute('height'))).toBeGreaterThan(0);
    }
  },
);

for (const lang of ['en', 'de'] as const) {
  test(`structured data: a schema.org Restaurant (${lang})`, async ({ page, baseURL }) => {
    await page.goto(`/?lng=${lang}`);
    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const data = JSON.parse((await scripts.textContent()) ?? '');
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('Restaurant');
    expect(data.name).toBe('Trattoria La Tonnara');
    expect(data.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'Via Lungomare 12',
      postalCode: '91014',
      addressLocality: 'Scopello',
      addressRegion: 'TP',
      addressCountry: 'IT',
    });
    expect(data.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 38.0712, longitude: 12.8203 });
    expect(data.telephone).toBe('+39 0924 555 0142');
    expect(data.servesCuisine).toEqual(expect.arrayContaining(['Sicilian', 'Seafood', 'Pizza']));
    expect(data.priceRange).toBe('€€');
    expect(data.openingHoursSpecification).toEqual([
      expect.objectContaining({ opens: '12:00', closes: '15:00' }),
      expect.objectContaining({ opens: '19:00', closes: '23:30' }),
    ]);
    for (const spec of data.openingHoursSpecification) {
      expect(spec['@type']).toBe('OpeningHoursSpecification');
      expect(spec.dayOfWeek).toEqual(
        ['Tues', 'Wednes', 'Thurs', 'Fri', 'Satur', 'Sun'].map(
          (day) => `https://schema.org/${day}day`,
        ),
      );
    }
    // The seed has no closures nor special days (e2e/opening-hours.spec.ts adds some).
    expect(data.specialOpeningHoursSpecification).toEqual([]);
    expect(data.hasMenu).toBe(`${baseURL}/menu?lng=${lang}`);
    expect(data.url).toBe(`${baseURL}/?lng=${lang}`);
    expect(data.image).toMatch(new RegExp(`^${baseURL}/assets/hero-\\d+-\\w+\\.jpg$`));
    const image = await page.request.get(data.image);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/jpeg');
  });
}

for (const lang of LANGS) {
  test(`closed on Monday and over N years of experience, visible (${lang})`, async ({ page }) => {
    await page.goto(`/?lng=${lang}`);
    const facts = page.getByRole('list', { name: FACTS[lang].label });
    await expect(facts).toBeVisible();
    await expect(facts.getByRole('listitem').filter({ hasText: FACTS[lang].years })).toBeVisible();
    await expect(facts.getByRole('listitem').filter({ hasText: FACTS[lang].monday })).toBeVisible();
  });
}

test(
  'the German home page arrives complete before any script runs',
  DATABASE_INDEPENDENT,
  async ({ page }) => {
    const response = await page.request.get('/?lng=de');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Das Meer Siziliens auf Ihrem Teller<\/h1>/);
    expect(html).toContain('Ruhetag: Montag');
    expect(html).toContain('<dt>Dienstag bis Sonntag</dt><dd>12:00–15:00 und 19:00–23:30</dd>');
    expect(html).toContain(`Über ${YEARS_SINCE_FOUNDING} Jahre Erfahrung`);
    expect(html).toContain('So finden Sie uns');
    expect(html).not.toContain('<iframe');
    const jsonLd = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
    expect(jsonLd).toBeDefined();
    expect(jsonLd).not.toContain('<');
    const data = JSON.parse(jsonLd!);
    expect(data['@type']).toBe('Restaurant');
    expect(data.url).toMatch(/\/\?lng=de$/);
    expect(data.hasMenu).toMatch(/\/menu\?lng=de$/);
  },
);

test.describe('accessibility (axe)', DATABASE_INDEPENDENT, () => {
  for (const lang of LANGS) {
    test(`/ in ${lang} has no axe violations`, async ({ page }) => {
      await page.goto(`/?lng=${lang}`);
      await hydrated(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('the home page with the map shown has no axe violations', async ({ page }) => {
    await fakeMapProvider(page);
    await page.goto('/?lng=en');
    await hydrated(page);
    await page.getByRole('button', { name: 'Show the map' }).click();
    await expect(page.frameLocator('iframe').getByText('Fake map')).toBeVisible();
    // The provider's document is not ours: axe checks the iframe element (its title), not inside it.
    expect(await axeViolations(page, { iframes: false })).toEqual([]);
  });
});
