import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/languages.ts';
import { createStaff, login, testApp } from '../testing/app.ts';

// The guest's takeaway pages without JavaScript, through the real build, the
// page handler and the takeaway service: /takeaway rendered in every
// language, its dishes form's answer (the pickup times), the order's post
// and its refusals, the status link's page and its cancel button; the page
// and its links gone while takeaway is switched off. The seeded hours open
// Tuesday to Sunday 12:00–15:00 and 19:00–23:30; Monday is closed.
let harness: Awaited<ReturnType<typeof testApp>>;
let ownerToken: string;
/** Tuesday 13 January 2026, 10:00 in Rome. */
const now = Date.parse('2026-01-13T09:00:00Z');
const WEDNESDAY = '2026-01-14';
/** Seeded dishes: a pizza, another one staff sell out, a bottled water. */
const MARGHERITA = 56;
const DIAVOLA = 58;
const SPARKLING_WATER = 110;

beforeAll(async () => {
  harness = await testApp({}, { now: () => now });
  // The guests' mails stay in the outbox, where the test reads the status link.
  await harness.app.outbox.stop();
  await createStaff(harness.app, { role: 'owner' });
  ownerToken = await login(harness.app);
});
afterAll(() => harness.close());

let address = 0;
/** Each post from an address of its own, so that the flood limit stays out of the way. */
const nextAddress = () => `10.3.0.${++address}`;

const get = (url: string) => harness.app.inject({ method: 'GET', url });
/**
 * The rendered markup, without the scripts after it: their hydration data
 * holds every text of the page's language, so a text must be looked for here.
 */
const shown = (html: string) => html.slice(0, html.indexOf('<script'));
const post = (url: string, fields: Record<string, string>, remoteAddress = nextAddress()) =>
  harness.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://www.trattoria.example',
    },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress,
  });
const staffCall = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  harness.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${ownerToken}` },
    ...(payload ? { payload } : {}),
  });

/** The order form's fields as the page sends them (quantities "q-ID-SIZE"). */
const ORDER = {
  [`q-${MARGHERITA}-0`]: '2',
  [`q-${SPARKLING_WATER}-0`]: '1',
  date: WEDNESDAY,
  time: '19:30',
  lang: 'de',
  name: 'Jonas Weber',
  email: 'jonas@example.de',
  phone: '+49 170 1234567',
  notes: 'Bitte geschnitten',
  privacy: 'on',
  website: '',
};

const orders = () =>
  harness.app.db
    .selectFrom('takeaway_orders')
    .select(['id', 'name', 'status', 'time', 'total_cents'])
    .orderBy('id')
    .execute();
const statusLink = async (email: string) => {
  const mails = await harness.app.db
    .selectFrom('outbox')
    .select(['secret_link', 'recipient'])
    .where('kind', '=', 'takeaway-received')
    .execute();
  const link = mails.find((mail) => mail.recipient === email)?.secret_link;
  expect(link, `the received mail to ${email}`).toBeDefined();
  return new URL(link!);
};
const options = (html: string, name: string) =>
  [
    ...(
      html.match(new RegExp(`<select[^>]*name="${name}"[^>]*>(.*?)</select>`))?.[1] ?? ''
    ).matchAll(/<option([^>]*)>([^<]*)<\/option>/g),
  ].map(
    ([, attributes = '', label]) =>
      `${label}${attributes.includes('disabled') ? ' [disabled]' : ''}`,
  );
const titleIn = (lang: string) =>
  (
    JSON.parse(
      readFileSync(new URL(`../../shared/locales/${lang}/takeaway.json`, import.meta.url), 'utf8'),
    ) as { title: string }
  ).title;

describe('/takeaway without JavaScript', () => {
  it.each(LANGUAGES)('renders the dishes and their prices in %s', async (lang) => {
    const response = await get(`/takeaway?lng=${lang}`);
    expect(response.statusCode).toBe(200);
    const html = shown(response.body);
    expect(html).toContain(`<h1>${titleIn(lang)}</h1>`);
    expect(html).toContain('Margherita');
    expect(html).toMatch(/6,50\s€/);
    expect(html).toMatch(new RegExp(`<input[^>]*name="q-${MARGHERITA}-0"`));
    // Draught beer is not sold for takeaway (the seed).
    expect(html).not.toMatch(/<input[^>]*name="q-95-0"/);
    // The top bar links to it.
    expect(html).toMatch(/<nav[^>]*>.*<a [^>]*href="\/takeaway"/s);
  });

  it('lists the days, and answers the dishes form with the pickup times', async () => {
    const bare = shown((await get('/takeaway?lng=de')).body);
    expect(bare).toMatch(/<form [^>]*action="\/takeaway" method="get"/);
    expect(options(bare, 'date').slice(0, 3)).toEqual([
      'Bitte wählen…',
      'Dienstag, 13. Januar',
      'Mittwoch, 14. Januar',
    ]);
    // No basket yet: no times, and no order form.
    expect(bare).not.toContain('name="time"');

    const page = await get(
      `/takeaway?lng=de&q-${MARGHERITA}-0=2&q-${SPARKLING_WATER}-0=1&date=${WEDNESDAY}`,
    );
    expect(page.statusCode).toBe(200);
    const html = shown(page.body);
    const times = options(html, 'time');
    expect(times.slice(0, 3)).toEqual(['So bald wie möglich', '12:00', '12:15']);
    expect(times.at(-1)).toBe('23:30');
    expect(html).toMatch(/<strong>15,50\s€<\/strong>/);
    expect(html).toMatch(/<form [^>]*method="post"/);
  });

  it('renders the section links, the − and + buttons and the pickup card; the basket bar waits for JavaScript', async () => {
    const html = shown((await get(`/takeaway?lng=it&q-${MARGHERITA}-0=2`)).body);
    expect(html).toMatch(
      /<nav class="takeaway-jump" aria-label="Sezioni del menu"><ul><li><a href="#takeaway-section-\d+">/,
    );
    expect(html).toMatch(
      /<button type="button" class="takeaway-step" tabindex="-1" aria-label="Togli Margherita">/,
    );
    expect(html).toMatch(
      /<button type="button" class="takeaway-step" tabindex="-1" aria-label="Aggiungi Margherita">/,
    );
    expect(html).toMatch(new RegExp(`<input[^>]*name="q-${MARGHERITA}-0"[^>]*value="2"`));
    // The day and its button sit in the pickup step, and still belong to the dishes form.
    expect(html).toMatch(/<form id="takeaway-dishes" [^>]*action="\/takeaway" method="get"/);
    expect(html).toMatch(
      /<section id="takeaway-pickup"[^>]*>.*<select [^>]*name="date" form="takeaway-dishes"/s,
    );
    expect(html).toMatch(
      /<button class="button button--ghost" type="submit" form="takeaway-dishes">/,
    );
    expect(html).not.toContain('takeaway-bar');
  });

  it('the posted form orders, and answers with the confirmation', async () => {
    const before = (await orders()).length;
    const answer = await post('/takeaway?lng=de', ORDER);
    expect(answer.statusCode).toBe(201);
    const html = shown(answer.body);
    expect(html).toContain('Bestellung erhalten');
    expect(html).toContain(
      'Danke, Jonas Weber! Wir haben Ihre Bestellung für Mittwoch, 14. Januar um 19:30 Uhr erhalten.',
    );
    expect(html).toContain('Abholung: Mittwoch, 14. Januar um 19:30 Uhr');
    expect(html).toMatch(/2 × Margherita/);
    expect(html).toMatch(/<strong>15,50\s€<\/strong>/);
    expect(html).toContain('Bezahlung bei Abholung.');
    expect(html).toMatch(/href="\/takeaway\/order\?token=[\w.%-]+"/);
    const after = await orders();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({
      name: 'Jonas Weber',
      status: 'received',
      time: '19:30',
      total_cents: 1550,
    });
  });

  it('a refused post says why in the guest’s language and keeps what was typed', async () => {
    expect(
      (await staffCall('PATCH', `/api/menu/items/${DIAVOLA}`, { available: false })).statusCode,
    ).toBe(200);
    try {
      const before = await orders();
      const soldOut = await post('/takeaway?lng=de', {
        ...ORDER,
        [`q-${DIAVOLA}-0`]: '1',
        email: 'mia@example.de',
      });
      expect(soldOut.statusCode).toBe(409);
      const html = shown(soldOut.body);
      expect(html).toContain('Ihre Bestellung wurde nicht gesendet');
      expect(html).toContain(
        'Diese Gerichte können nicht mehr bestellt werden: Diavola. Bitte entfernen Sie sie aus Ihrer Bestellung.',
      );
      expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Jonas Weber"/);

      const unticked: Record<string, string> = { ...ORDER, email: 'mia@example.de' };
      delete unticked.privacy;
      const noConsent = await post('/takeaway?lng=de', { ...unticked, time: '20:00' });
      expect(noConsent.statusCode).toBe(400);
      expect(shown(noConsent.body)).toContain(
        'Um zu bestellen, akzeptieren Sie bitte die Datenschutzerklärung.',
      );

      const notASlot = await post('/takeaway?lng=de', { ...ORDER, time: '17:00' });
      expect(notASlot.statusCode).toBe(409);
      expect(shown(notASlot.body)).toContain(
        'Diese Abholzeit ist nicht mehr wählbar: Bitte wählen Sie eine andere.',
      );
      expect(await orders()).toEqual(before);
    } finally {
      await staffCall('PATCH', `/api/menu/items/${DIAVOLA}`, { available: true });
    }
  });

  it('a third order waiting of one guest: 409 in the guest’s language, nothing kept (docs/security.md item 41)', async () => {
    const lea = { ...ORDER, name: 'Lea Braun', email: 'lea@example.de', phone: '+49 170 4440000' };
    expect((await post('/takeaway?lng=de', lea)).statusCode).toBe(201);
    expect((await post('/takeaway?lng=de', { ...lea, time: '20:00' })).statusCode).toBe(201);
    const before = await orders();
    const third = await post('/takeaway?lng=de', {
      ...lea,
      email: 'LEA+3@example.de',
      time: '20:30',
    });
    expect(third.statusCode).toBe(409);
    const html = shown(third.body);
    expect(html).toContain('Ihre Bestellung wurde nicht gesendet');
    expect(html).toContain(
      'Sie haben bereits zwei Bestellungen, die auf die Bestätigung der Küche warten: Bitte warten Sie auf unsere Antwort oder rufen Sie uns an.',
    );
    expect(await orders()).toEqual(before);
  });

  it('a refusal reaches the browser’s router as the action’s data (X-Remix-Response)', async () => {
    const unticked: Record<string, string> = { ...ORDER };
    delete unticked.privacy;
    const answer = await post('/takeaway.data?lng=de', unticked);
    expect(answer.statusCode).toBe(400);
    // Without this header React Router's client takes any 4xx for a failed request.
    expect(answer.headers['x-remix-response']).toBe('yes');
    expect(answer.body).toContain('privacy');
  });
});

describe('/takeaway/order', () => {
  it('opening the status link changes nothing; the button cancels a received order', async () => {
    const placed = await post('/takeaway?lng=de', {
      ...ORDER,
      name: 'Lena Schmidt',
      email: 'lena@example.de',
      time: '20:30',
    });
    expect(placed.statusCode).toBe(201);
    const link = await statusLink('lena@example.de');
    expect(link.pathname).toBe('/takeaway/order');
    const lena = (await orders()).find((row) => row.name === 'Lena Schmidt')!;

    for (let visit = 0; visit < 2; visit += 1) {
      const page = await get(`${link.pathname}${link.search}&lng=de`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['x-robots-tag']).toBe('noindex');
      const html = shown(page.body);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toContain('Eingegangen: Die Küche bestätigt sie in Kürze.');
      expect(html).toContain('Abholung: Mittwoch, 14. Januar um 20:30 Uhr');
      expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Bestellung stornieren</);
    }
    expect((await orders()).find((row) => row.id === lena.id)?.status).toBe('received');

    const token = link.searchParams.get('token')!;
    const pressed = await post(`${link.pathname}${link.search}&lng=de`, { token });
    expect(pressed.statusCode).toBe(200);
    expect(shown(pressed.body)).toContain('Storniert.');
    expect(shown(pressed.body)).not.toContain('Bestellung stornieren<');
    expect((await orders()).find((row) => row.id === lena.id)?.status).toBe('cancelled');
  });

  it('a link that leads to no order: a clear message and the phone', async () => {
    const page = await get('/takeaway/order?token=1.forged&lng=en');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(shown(page.body)).toMatch(/href="tel:\+\d+"/);
    const pressed = await post('/takeaway/order?lng=de', { token: 'forged' });
    expect(pressed.statusCode).toBe(400);
    expect(shown(pressed.body)).toContain('Dieser Link ist nicht gültig');
  });
});

describe('the sitemap and robots.txt', () => {
  it('list /takeaway in every language and keep crawlers off the status pages', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    for (const lang of LANGUAGES) expect(sitemap).toContain(`/takeaway?lng=${lang}</loc>`);
    expect(sitemap).not.toContain('/takeaway/order');
    expect((await get('/robots.txt')).body).toContain('Disallow: /takeaway/order');
  });
});

describe('takeaway switched off', () => {
  it('hides the page and its links, until it is switched on again', async () => {
    const settings = (await staffCall('GET', '/api/takeaway/settings')).json<
      Record<string, unknown>
    >();
    expect(
      (await staffCall('PUT', '/api/takeaway/settings', { ...settings, enabled: false }))
        .statusCode,
    ).toBe(200);
    try {
      expect((await get('/takeaway?lng=en')).statusCode).toBe(404);
      const menu = shown((await get('/menu?lng=en')).body);
      expect(menu).not.toContain('href="/takeaway"');
      expect(shown((await get('/?lng=en')).body)).not.toContain('href="/takeaway"');
      // A form posted from a page opened before: refused as the API refuses it.
      const before = await orders();
      expect((await post('/takeaway?lng=en', ORDER)).statusCode).toBe(409);
      expect(await orders()).toEqual(before);
    } finally {
      await staffCall('PUT', '/api/takeaway/settings', { ...settings, enabled: true });
    }
    expect((await get('/takeaway?lng=en')).statusCode).toBe(200);
  });
});
