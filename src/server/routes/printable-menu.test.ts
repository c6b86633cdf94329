import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LANG_COOKIE,
  LANGUAGES,
  pickLanguage,
  readCookie,
  type Lang,
} from '../../shared/languages.ts';
import { MESSAGES } from '../../shared/locales/index.ts';
import { formatPrice } from '../../shared/price.ts';
import type { MenuAnswer } from '../../shared/schemas/menu.ts';
import { createStaff, login, testApp } from '../testing/app.ts';
import { inOrder, readPdf, readQrCode } from '../testing/printed.ts';

// The menu on paper (docs/api.md, "Printed menu"): /menu.pdf
// and /menu-qr.svg in every language, read back as a person's tools would.
let harness: Awaited<ReturnType<typeof testApp>>;
let token: string;
/** The app's clock: 25 November 2026, 11:00 in Rome. */
let now = Date.UTC(2026, 10, 25, 10, 0);

async function start() {
  harness = await testApp({}, { pages: false, now: () => now });
  await createStaff(harness.app);
  token = await login(harness.app);
}
afterEach(async () => {
  await harness.close();
  now = Date.UTC(2026, 10, 25, 10, 0);
});

const get = (url: string, headers: Record<string, string> = {}) =>
  harness.app.inject({ method: 'GET', url, headers });
const menu = async (lang: Lang): Promise<MenuAnswer> =>
  (await get(`/api/menu?lang=${lang}`)).json();
const pdf = async (url: string, headers: Record<string, string> = {}) => {
  const response = await get(url, headers);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return { response, contents: await readPdf(response.rawPayload) };
};
const addDish = async (body: Record<string, unknown>) => {
  const sections = (await menu('it')).sections;
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/menu/items',
    payload: { sectionId: sections[0]!.id, ...body },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(201);
};

describe('GET /menu.pdf', () => {
  it.each(LANGUAGES)(
    '%s: an A4 PDF of every section and dish in menu order, with prices, the legend and the notes',
    async (lang) => {
      await start();
      const { response, contents } = await pdf(`/menu.pdf?lng=${lang}`);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(response.headers['content-disposition']).toBe(`inline; filename="menu-${lang}.pdf"`);
      expect(contents.pages).toBeGreaterThan(1);
      for (const size of contents.sizes) {
        expect(size.width).toBeCloseTo(595.28, 1);
        expect(size.height).toBeCloseTo(841.89, 1);
      }
      // Every dish under its section, each with its prices right after its name.
      const sections = (await menu(lang)).sections;
      const phrases = sections.flatMap((section) => [
        section.name,
        ...section.items.flatMap((item) => [
          item.name,
          ...item.prices.map((price) => `${price.label} ${formatPrice(price.amount)}`),
        ]),
      ]);
      expect(phrases.length).toBeGreaterThan(115);
      expect(inOrder(contents, phrases)).toBe(true);
      const texts = MESSAGES[lang].menu;
      expect(
        inOrder(contents, [
          texts.legendTitle,
          ...Object.values(texts.allergen).flatMap((names) => [names.short, names.name]),
          'Coperto 2 €',
          'In presenza di allergie e intolleranze alimentari rivolgersi al personale.',
        ]),
      ).toBe(true);
      expect(
        inOrder(contents, [
          'Trattoria La Tonnara',
          'Via Lungomare 12, 91014 Scopello (TP)',
          '+39 333 555 0187',
          texts.header,
        ]),
      ).toBe(true);
    },
  );

  it('German: dish names, it-IT prices and sizes, the date, the legend in German', async () => {
    await start();
    const { contents } = await pdf('/menu.pdf?lng=de');
    // The text reads as a person sees the lines, the price beside its dish.
    expect(contents.text).toContain('Gemischte Arancine (sizilianische Reisbällchen) 8,00 €');
    expect(contents.text).toContain('Kleines Wasser 0,50 l 1,00 €');
    expect(contents.text).toContain('Stand: 25. November 2026');
    expect(contents.text).toContain('Sulfite Schwefeldioxid und Sulfite');
    expect(contents.text).toContain('Coperto 2 €');
    expect(contents.text).not.toContain('Arancine miste'); // the Italian name
  });

  it('a dish added through the API a moment ago is in the next PDF, with its allergens and the frozen note', async () => {
    await start();
    const before = await pdf('/menu.pdf?lng=it');
    expect(before.contents.text).not.toContain('Polpo ghiacciato di prova');
    expect(before.contents.text).not.toContain(MESSAGES.it.menu.frozenNote);
    await addDish({
      name: 'Polpo ghiacciato di prova',
      description: 'Con patate e prezzemolo',
      prices: [
        { label: 'mezza porzione', amount: '9' },
        { label: 'porzione intera', amount: '16.50' },
      ],
      allergens: ['molluscs', 'celery'],
      frozen: true,
    });
    const after = await pdf('/menu.pdf?lng=it');
    expect(after.response.headers.etag).not.toBe(before.response.headers.etag);
    expect(after.contents.text).toContain(
      'Polpo ghiacciato di prova * mezza porzione 9,00 € porzione intera 16,50 €',
    );
    expect(after.contents.text).toContain('Con patate e prezzemolo Allergeni: Sedano, Molluschi');
    expect(after.contents.text).toContain(MESSAGES.it.menu.frozenNote);
  });

  it('shows "none" and "not declared" apart', async () => {
    await start();
    await addDish({ name: 'Acqua del pozzo', prices: [{ label: '', amount: '1' }], allergens: [] });
    const { contents } = await pdf('/menu.pdf?lng=en');
    expect(contents.text).toContain('Acqua del pozzo 1,00 € No allergens');
    expect(contents.text).toContain('Allergens not declared');
  });

  it('is generated once per language and content version, then answered from memory', async () => {
    await start();
    const printable = harness.app.printableMenu;
    const answers = await Promise.all([1, 2, 3, 4].map(() => get('/menu.pdf?lng=fr')));
    expect(printable.generated).toBe(1);
    const etag = answers[0]!.headers.etag as string;
    expect(answers.every((answer) => answer.headers.etag === etag)).toBe(true);
    expect((await get('/menu.pdf?lng=fr')).rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    expect(printable.generated).toBe(1);

    const revalidated = await get('/menu.pdf?lng=fr', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers['cache-control']).toBe('no-cache');

    await get('/menu.pdf?lng=es');
    expect(printable.generated).toBe(2);
    await addDish({ name: 'Sgombro', prices: [{ label: '', amount: '12' }] });
    expect((await get('/menu.pdf?lng=fr', { 'if-none-match': etag })).statusCode).toBe(200);
    expect(printable.generated).toBe(3);
  });

  it('is made again on a new day in Rome, with that date', async () => {
    await start();
    expect((await pdf('/menu.pdf?lng=en')).contents.text).toContain('Updated November 25, 2026');
    now = Date.UTC(2026, 10, 25, 22, 59); // 23:59 in Rome
    expect(harness.app.printableMenu.generated).toBe(1);
    await get('/menu.pdf?lng=en');
    expect(harness.app.printableMenu.generated).toBe(1);
    now = Date.UTC(2026, 10, 25, 23, 0); // midnight in Rome
    expect((await pdf('/menu.pdf?lng=en')).contents.text).toContain('Updated November 26, 2026');
  });

  it('picks the language as pages do: query, cookie, Accept-Language, Italian; a bad lng is passed over', async () => {
    await start();
    const cases: [string, Record<string, string>, Lang][] = [
      ['/menu.pdf', {}, 'it'],
      ['/menu.pdf?lng=xx', {}, 'it'],
      ['/menu.pdf?lng=DE-ch', {}, 'de'],
      ['/menu.pdf?lng=es&lng=de', {}, 'es'],
      ['/menu.pdf?lng=%ZZ&other=1', {}, 'it'],
      ['/menu.pdf?lng=<script>', { cookie: 'i18next=fr' }, 'fr'],
      ['/menu.pdf?lng=', { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' }, 'de'],
      ['/menu.pdf?lng=en', { cookie: 'i18next=fr', 'accept-language': 'de' }, 'en'],
    ];
    for (const [url, headers, lang] of cases) {
      const response = await get(url, headers);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-disposition'], url).toBe(
        `inline; filename="menu-${lang}.pdf"`,
      );
      expect(response.headers.vary).toBe('Cookie, Accept-Language');
    }
    // One PDF per language, however it was asked for.
    expect(harness.app.printableMenu.generated).toBe(5);
  });

  it('answers HEAD and refuses other methods without a 500', async () => {
    await start();
    const head = await harness.app.inject({ method: 'HEAD', url: '/menu.pdf?lng=de' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/pdf');
    expect(head.body).toBe('');
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const response = await harness.app.inject({ method, url: '/menu.pdf', payload: 'x' });
      expect(response.statusCode, method).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, method).toBeLessThan(500);
    }
  });

  it('sends the headers of a file that is not a page', async () => {
    await start();
    const response = await get('/menu.pdf?lng=it');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['content-encoding']).toBeUndefined(); // already compressed inside
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  });

  it('an edit on one instance is in the PDF of another behind the same database', async () => {
    await start();
    const other = await testApp({}, { pages: false, sharedDatabase: harness.database });
    try {
      const read = async () =>
        readPdf((await other.app.inject({ method: 'GET', url: '/menu.pdf?lng=de' })).rawPayload);
      expect((await read()).text).not.toContain('Seeigel-Carpaccio di prova');
      await addDish({ name: 'Seeigel-Carpaccio di prova', prices: [{ label: '', amount: '21' }] });
      const savedAt = Date.now();
      let text = '';
      while (Date.now() - savedAt < 2_000) {
        text = (await read()).text;
        if (text.includes('Seeigel-Carpaccio di prova')) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(text).toContain('Seeigel-Carpaccio di prova 21,00 €');
    } finally {
      await other.close();
    }
  });
});

describe('GET /menu-qr.svg', () => {
  it.each(LANGUAGES)('%s: a QR code of PUBLIC_URL/menu?lng= in that language', async (lang) => {
    await start();
    const response = await get(`/menu-qr.svg?lng=${lang}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.body).toMatch(/^<svg /);
    expect(await readQrCode(response.rawPayload)).toBe(
      `https://www.trattoria.example/menu?lng=${lang}`,
    );
  });

  it('falls back like a page, and revalidates', async () => {
    await start();
    const fallback = await get('/menu-qr.svg?lng=klingon', { 'accept-language': 'fr-CH' });
    expect(fallback.statusCode).toBe(200);
    expect(await readQrCode(fallback.rawPayload)).toBe('https://www.trattoria.example/menu?lng=fr');
    const italian = await get('/menu-qr.svg?lng=');
    expect(await readQrCode(italian.rawPayload)).toBe('https://www.trattoria.example/menu?lng=it');
    const again = await get('/menu-qr.svg?lng=it', { 'if-none-match': italian.headers.etag! });
    expect(again.statusCode).toBe(304);
  });
});

describe('PUBLIC_URL with a path', () => {
  it('puts the path in the QR code', async () => {
    harness = await testApp({ PUBLIC_URL: 'https://example.org/trattoria/' }, { pages: false });
    const response = await get('/menu-qr.svg?lng=es');
    expect(await readQrCode(response.rawPayload)).toBe('https://example.org/trattoria/menu?lng=es');
  });
});

describe('hostile requests', () => {
  /** Header text a client may send: printable ASCII, or one of the tricky values. */
  const headerText = fc.oneof(
    fc.string({
      unit: fc.constantFrom(...' !"#$%&()*+,-./0123456789;=?@ADEFINRSTZ_abdefgilnrstuz~'),
      maxLength: 80,
    }),
    fc.constantFrom(
      'i18next=de',
      'i18next=DE-at',
      'i18next=%E0%A4%A',
      'de;q=abc, fr;q=0.2',
      'q=1',
      '*',
    ),
  );
  const lngValue = fc.oneof(
    fc.constantFrom(...LANGUAGES, 'xx', '', 'EN', 'en-GB', 'de_DE', 'pt', ' es', 'null', '*'),
    fc.string({ maxLength: 300 }),
  );

  it('whatever lng, cookie and Accept-Language say, never a 500: the PDF and QR code in the language a page would pick', async () => {
    await start();
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          path: fc.constantFrom('/menu.pdf', '/menu-qr.svg'),
          method: fc.constantFrom<'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'>(
            'GET',
            'GET',
            'GET',
            'HEAD',
            'POST',
            'PUT',
            'PATCH',
            'DELETE',
            'OPTIONS',
          ),
          lng: fc.option(fc.array(lngValue, { minLength: 1, maxLength: 3 }), { nil: undefined }),
          junk: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
          cookie: fc.option(headerText, { nil: undefined }),
          acceptLanguage: fc.option(headerText, { nil: undefined }),
        }),
        async ({ path, method, lng, junk, cookie, acceptLanguage }) => {
          const query = new URLSearchParams();
          for (const value of lng ?? []) query.append('lng', value);
          if (junk !== undefined) query.append(junk, junk);
          const headers: Record<string, string> = {};
          if (cookie !== undefined) headers.cookie = cookie;
          if (acceptLanguage !== undefined) headers['accept-language'] = acceptLanguage;
          const response = await harness.app.inject({
            method,
            url: `${path}?${query}`,
            headers,
          });
          if (method !== 'GET' && method !== 'HEAD') {
            expect(response.statusCode).toBeGreaterThanOrEqual(400);
            expect(response.statusCode).toBeLessThan(500);
            return;
          }
          expect(response.statusCode).toBe(200);
          const lang = pickLanguage({
            query: query.get('lng'),
            cookie: readCookie(cookie, LANG_COOKIE),
            acceptLanguage,
          });
          if (path === '/menu.pdf') {
            expect(response.headers['content-disposition']).toBe(
              `inline; filename="menu-${lang}.pdf"`,
            );
          } else if (method === 'GET') {
            expect(await readQrCode(response.rawPayload)).toBe(
              `https://www.trattoria.example/menu?lng=${lang}`,
            );
          }
        },
      ),
      { numRuns: 250 },
    );
    // However they were asked for, one PDF per language.
    expect(harness.app.printableMenu.generated).toBeLessThanOrEqual(LANGUAGES.length);
  }, 120_000);
});
