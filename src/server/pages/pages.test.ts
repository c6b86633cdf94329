// Over 400 lines: the tests of every public page as served, one describe per concern (language, errors, headers, cache, addresses).
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, login, STAFF_PASSWORD, testApp } from '../testing/app.ts';

// Server-rendered pages through the real build and the real server wiring.
let harness: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  harness = await testApp();
});
afterAll(() => harness.close());

const PUBLIC_PATHS = ['/', '/home', '/menu', '/about-us', '/contact', '/reservations', '/privacy'];
const LANGS = ['it', 'en', 'fr', 'es', 'de'] as const;
/** Staff pages: noindex, and disallowed in robots.txt. */
const STAFF_PATHS = [
  '/login',
  '/send-email',
  '/reset-password',
  '/setup',
  '/dashboard',
  '/loading',
];
const ORIGIN = 'https://www.trattoria.example';

const get = (url: string, headers: Record<string, string> = {}) =>
  harness.app.inject({ method: 'GET', url, headers });

const attr = (html: string, pattern: RegExp) => html.match(pattern)?.[1];

describe('public pages arrive complete, in the request language', () => {
  it.each(PUBLIC_PATHS.flatMap((path) => LANGS.map((lang) => [path, lang] as const)))(
    '%s in %s has lang, title, description, canonical, hreflang and social tags',
    async (path, lang) => {
      const response = await get(`${path}?lng=${lang}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = response.body;
      expect(attr(html, /<html lang="([^"]+)"/)).toBe(lang);
      expect(attr(html, /<title>([^<]+)<\/title>/)).toContain('Trattoria La Tonnara');
      expect(attr(html, /<meta name="description" content="([^"]+)"/)?.length).toBeGreaterThan(40);
      const canonicalPath = path === '/home' ? '/' : path;
      expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(
        `${ORIGIN}${canonicalPath}?lng=${lang}`,
      );
      for (const other of LANGS) {
        expect(html).toContain(
          `<link rel="alternate" hrefLang="${other}" href="${ORIGIN}${canonicalPath}?lng=${other}"/>`,
        );
      }
      expect(html).toContain(
        `<link rel="alternate" hrefLang="x-default" href="${ORIGIN}${canonicalPath}?lng=it"/>`,
      );
      for (const property of ['og:title', 'og:description', 'og:image', 'og:locale', 'og:url']) {
        expect(html).toContain(`<meta property="${property}" content="`);
      }
      expect(attr(html, /<meta property="og:image" content="([^"]+)"/)).toMatch(
        /^https:\/\/www\.trattoria\.example\/photos\/[0-9a-f]{24}\.jpg$/,
      );
    },
  );

  it('the navigation marks the current page', async () => {
    const html = (await get('/menu?lng=en')).body;
    const current = (page: string) => page.match(/<a[^>]*aria-current="page"[^>]*>[^<]*<\/a>/g);
    expect(current(html)).toEqual([expect.stringMatching(/href="\/menu".*>Menu<\/a>$/)]);
    const home = (await get('/home?lng=en')).body;
    expect(current(home)).toEqual([expect.stringMatching(/href="\/".*>Home<\/a>$/)]);
  });

  it("the menu page links to its PDF in the page's language, which the server answers beside the pages", async () => {
    const link = (html: string) => attr(html, /<a [^>]*href="(\/menu\.pdf[^"]*)"[^>]*>/);
    const german = (await get('/menu?lng=de')).body;
    expect(link(german)).toBe('/menu.pdf?lng=de');
    expect(german).toMatch(
      /href="\/menu\.pdf\?lng=de"[^>]*>Speisekarte herunterladen \(PDF\)<\/a>/,
    );
    expect(link((await get('/menu', { cookie: 'i18next=fr' })).body)).toBe('/menu.pdf?lng=fr');
    expect(link((await get('/menu', { 'accept-language': 'es' })).body)).toBe('/menu.pdf?lng=es');
    for (const url of ['/menu.pdf?lng=de', '/menu-qr.svg?lng=de']) {
      const file = await get(url);
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['content-type'], url).toMatch(/^(application\/pdf|image\/svg\+xml)/);
    }
  });

  it('has the whole footer in the served HTML', async () => {
    const html = (await get('/?lng=en')).body;
    const footer = html.slice(html.indexOf('<footer'));
    expect(footer).toContain('href="/menu"');
    expect(footer).toContain('href="/contact"');
    expect(footer).toContain('Instagram');
    expect(footer).toContain('Facebook');
    expect(footer).toContain('Privacy Policy');
    expect(footer).toContain('href="mailto:info@latonnara.example"');
    expect(footer).toContain(`© ${new Date().getFullYear()} Trattoria La Tonnara`);
    expect(footer).toContain('All Rights Reserved');
    expect(footer).toContain('Follow us on social media');
    expect(footer).toContain('Made by Studio Esempio');
  });
});

describe('language of a request', () => {
  const langOf = async (url: string, headers: Record<string, string> = {}) =>
    attr((await get(url, headers)).body, /<html lang="([^"]+)"/);

  it('query, then cookie, then Accept-Language, then Italian', async () => {
    const cookie = 'i18next=fr';
    const acceptLanguage = 'de-DE,de;q=0.9';
    expect(await langOf('/menu?lng=es', { cookie, 'accept-language': acceptLanguage })).toBe('es');
    expect(await langOf('/menu', { cookie, 'accept-language': acceptLanguage })).toBe('fr');
    expect(await langOf('/menu', { 'accept-language': acceptLanguage })).toBe('de');
    expect(await langOf('/menu', { 'accept-language': 'ja' })).toBe('it');
    // A language not ours is passed over: the address without it (docs/security.md item 44).
    const klingon = await get('/menu?lng=klingon', { 'accept-language': 'en' });
    expect([klingon.statusCode, klingon.headers.location]).toEqual([301, '/menu']);
    expect(await langOf('/menu', { 'accept-language': 'en' })).toBe('en');
  });
});

describe('errors', () => {
  it('an unknown path is the translated 404 page with status 404', async () => {
    const response = await get('/no/such/page?lng=en');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page not found');
    expect(response.body).toContain(
      'Sorry, we couldn&#x27;t find the page you&#x27;re looking for.',
    );
    expect(response.body).toMatch(/<a[^>]*href="\/"[^>]*>Go back home<\/a>/);
    expect(response.body).toMatch(/<a[^>]*href="\/contact"[^>]*>Contact support<\/a>/);
    const italian = await get('/nessuna-pagina?lng=it');
    expect(italian.statusCode).toBe(404);
    expect(italian.body).toContain('Pagina non trovata');
  });

  it('a refused method is a translated 405 page, not a stack', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/menu?lng=en',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(response.statusCode).toBe(405);
    expect(response.body).toContain('Method Not Allowed');
    expect(response.body).not.toMatch(/at \w+ \(/); // no stack trace
    const german = await harness.app.inject({ method: 'DELETE', url: '/about-us?lng=de' });
    expect(german.statusCode).toBe(405);
    expect(german.body).toContain('Methode nicht erlaubt');
  });

  it('an unknown API path is JSON 404', async () => {
    const response = await get('/api/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});

/** The contents of a page's inline scripts that a browser would run. */
const executableInlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !attributes.includes('application/ld+json'))
    .map((match) => match[2] ?? '')
    .filter((content) => content.length > 0);

const scriptHashes = (csp: string) => csp.match(/'sha256-[^']+'/g) ?? [];

describe('security headers: CSP, nosniff, referrer policy, HSTS, no CORS', () => {
  it('pages: CSP whose script hashes match the inline scripts, and the fixed headers', async () => {
    const response = await get('/?lng=en', { origin: 'https://evil.example' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    // Inline scripts that run (JSON-LD is data: no policy applies to it).
    const inline = executableInlineScripts(response.body);
    expect(inline.length).toBeGreaterThan(0);
    for (const content of inline) {
      const hash = createHash('sha256').update(content).digest('base64');
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined(); // plain HTTP
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Document-only policies, on documents.
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['permissions-policy']).toBe(
      'camera=(), microphone=(), geolocation=(), payment=()',
    );
  });

  it('API answers carry a CSP that allows nothing, the common headers and no CORS header', async () => {
    const response = await get('/api/health', { origin: 'https://evil.example' });
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Policies for documents only: no bytes spent on them here.
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['permissions-policy']).toBeUndefined();
    const preflight = await harness.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('HSTS for a year when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await testApp({ TRUST_PROXY: 'loopback' });
    try {
      const response = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '127.0.0.1',
      });
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await proxied.close();
    }
  });

  it('staff pages are noindex', async () => {
    for (const path of STAFF_PATHS) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['x-robots-tag'], path).toBe('noindex, nofollow');
      expect(response.body, path).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
  });
});

describe('caching and static files', () => {
  it('serves a page again from memory, compressed, with an ETag', async () => {
    const first = await get('/about-us?lng=fr', { 'accept-encoding': 'br' });
    const second = await get('/about-us?lng=fr', { 'accept-encoding': 'br' });
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.headers.etag).toBe(first.headers.etag);
    const notModified = await get('/about-us?lng=fr', {
      'if-none-match': String(first.headers.etag),
    });
    expect(notModified.statusCode).toBe(304);
    // Also a weak tag, or one in a list (RFC 9110 section 13.1.2).
    const weak = await get('/about-us?lng=fr', {
      'if-none-match': `"other", W/${String(first.headers.etag)}`,
    });
    expect(weak.statusCode).toBe(304);
    // Compressed or not by the request's Accept-Encoding: a shared cache must know.
    expect(first.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
  });

  it('keeps languages apart in the cache', async () => {
    await get('/contact', { cookie: 'i18next=de' });
    const spanish = await get('/contact', { cookie: 'i18next=es' });
    expect(attr(spanish.body, /<html lang="([^"]+)"/)).toBe('es');
  });

  it('hashed assets are immutable and precompressed', async () => {
    const html = (await get('/?lng=it')).body;
    const css = attr(html, /<link rel="stylesheet" href="([^"]+)"/);
    expect(css).toMatch(/^\/assets\/.+\.css$/);
    const response = await get(css!, { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await get('/assets/missing-123.js');
    expect(missing.statusCode).toBe(404);
  });
});

describe('one address per page and language (docs/security.md item 44)', () => {
  const redirect = async (url: string, method: 'GET' | 'HEAD' = 'GET') => {
    const response = await harness.app.inject({ method, url });
    return { status: response.statusCode, location: response.headers.location };
  };
  const CANONICAL = { status: 301, location: '/menu?lng=en' };

  it('case, a trailing slash, an empty query key and percent-encoding answer 301 to the page', async () => {
    for (const url of ['/MENU?lng=en', '/menu/?lng=en', '/menu?lng=en&', '/menu?lng=%65n']) {
      expect(await redirect(url), url).toEqual(CANONICAL);
    }
    expect(await redirect('/M%65nu/', 'HEAD')).toEqual({ status: 301, location: '/menu' });
    expect(await redirect('/menu?lng=en&lng=de')).toEqual(CANONICAL); // the first, as shown
    expect(await redirect('/menu?lng=xx')).toEqual({ status: 301, location: '/menu' });
    expect(await redirect('/reservations/Cancel/?lng=DE')).toEqual({
      status: 301,
      location: '/reservations/cancel?lng=de',
    });
    expect((await get('/menu?lng=en')).statusCode).toBe(200);
  });

  it('300 variants of /menu each answer 301 to it, and the cache keeps one entry per page and language', async () => {
    const cache = harness.app.pageCache;
    for (const path of PUBLIC_PATHS) {
      for (const lang of LANGS) expect((await get(`${path}?lng=${lang}`)).statusCode).toBe(200);
    }
    await get('/menu', { cookie: 'i18next=de' }); // the same page as /menu?lng=de
    const real = cache.keys().sort();
    const pages = PUBLIC_PATHS.flatMap((path) => LANGS.map((lang) => `${path}|${lang}`));
    expect(real).toEqual(expect.arrayContaining(pages));
    expect(real.length).toBeLessThan(200);

    const cases = [...'menu'].reduce<string[]>(
      (words, letter) => words.flatMap((word) => [word + letter, word + letter.toUpperCase()]),
      [''],
    );
    const paths = cases.flatMap((word) => [`/${word}`, `/${word}/`]);
    const queries = [
      '?lng=en',
      '?lng=en&',
      '?lng=%65n',
      '?lng=e%6E',
      '?lng=%65%6E',
      '?lng=EN',
      '?lng=en-GB',
      '?&lng=en',
      '?lng=en&lng=de',
      '?lng=en&&',
    ];
    const variants = paths
      .flatMap((path) => queries.map((query) => path + query))
      .filter((url) => url !== '/menu?lng=en');
    expect(variants.length).toBeGreaterThanOrEqual(300);
    for (const url of variants) expect(await redirect(url), url).toEqual(CANONICAL);
    expect(cache.keys().sort()).toEqual(real);
  });

  it("keeps a page's own parameters, and leaves other methods, the API and files alone", async () => {
    expect(await redirect('/Reservations?party=2&date=2026-03-10')).toEqual({
      status: 301,
      location: '/reservations?party=2&date=2026-03-10',
    });
    expect(await redirect('/reservations/cancel/?token=Ab-9_x')).toEqual({
      status: 301,
      location: '/reservations/cancel?token=Ab-9_x',
    });
    for (const url of [
      '/reservations?party=2&date=2026-03-10&lng=en&',
      '/reservations/cancel?token=Ab-9_x&lng=EN',
      '/reset-password?token=abc',
    ]) {
      expect((await redirect(url)).status, url).toBe(200);
    }
    const post = await harness.app.inject({ method: 'POST', url: '/Reservations/' });
    expect(post.statusCode).not.toBe(301);
    expect((await redirect('/menu.pdf?lng=en&')).status).toBe(200);
    expect((await redirect('/api/opening-hours/')).status).toBe(404);
    expect((await redirect('/api/opening-hours?lang=en&')).status).toBe(200);
    expect((await redirect('/MENU.PDF')).status).toBe(404);
  });

  it('never sends a visitor to another origin', async () => {
    // "//evil.example/menu" is a path of this site that is no page.
    expect(await redirect('//')).toEqual({ status: 301, location: '/' });
    for (const url of [
      '//evil.example/menu',
      '//evil.example/',
      '/%2F%2Fevil.example',
      '/%2F%2Fevil.example/',
      '/%5Cevil.example/menu',
    ]) {
      expect((await redirect(url)).status, url).toBe(404);
    }
  });

  it('any address: a page, a 301 to a page that is its own canonical address, a 400 or a 404; never a 500', async () => {
    const piece = fc.oneof(
      fc.constantFrom('menu', 'MENU', 'Contact', 'reservations', 'cancel', 'about-us', 'home'),
      // Not a raw backslash: the test client refuses such an address before sending it.
      fc.constantFrom('', '.', '..', '%2F', '%2f', '%5C', 'evil.example', '%65', '%', '%zz'),
      fc.stringMatching(/^[A-Za-z0-9._~%-]{0,6}$/),
    );
    const query = fc.oneof(
      fc.constant(''),
      fc.constantFrom(
        '?',
        '?&',
        '?lng=en',
        '?lng=%64e',
        '?lng=',
        '?lng=de&',
        '?LNG=fr',
        '?token=a',
      ),
      fc.stringMatching(/^\?[A-Za-z0-9=&%._-]{0,12}$/),
    );
    const address = fc
      .tuple(fc.constantFrom('/', '//'), fc.array(piece, { maxLength: 3 }), fc.boolean(), query)
      .map(
        ([start, pieces, slash, search]) =>
          `${start}${pieces.join('/')}${slash ? '/' : ''}${search}`,
      );
    await fc.assert(
      fc.asyncProperty(address, async (url) => {
        const first = await redirect(url);
        expect([200, 301, 400, 404], url).toContain(first.status);
        if (first.status !== 301) return;
        const location = String(first.location);
        expect(location, url).toMatch(/^\/(?![/\\])[a-z0-9/._-]*(\?.*)?$/);
        expect((await redirect(location)).status, `${url} → ${location}`).not.toBe(301);
      }),
      { numRuns: 150 },
    );
  });
});

describe('what the first paint waits for (README, Performance)', () => {
  const PAGES_WITH_HERO = ['/', '/home', '/menu', '/about-us'];
  const linkTags = (html: string, rel: string) =>
    html.match(new RegExp(`<link rel="${rel}"[^>]*>`, 'g')) ?? [];
  const stylesheets = (html: string) =>
    linkTags(html, 'stylesheet').map((tag) => attr(tag, /href="([^"]+)"/));

  it.each(PUBLIC_PATHS.flatMap((path) => (['it', 'en'] as const).map((lang) => [path, lang])))(
    '%s in %s: no script preloaded, the site stylesheet and one of its own, the hero preloaded at high priority',
    async (path, lang) => {
      const html = (await get(`${path}?lng=${lang}`)).body;
      // Preloaded module scripts share the slow connection with the CSS and the hero.
      expect(linkTags(html, 'modulepreload')).toEqual([]);
      const site = stylesheets((await get('/contact?lng=it')).body)[0];
      const sheets = stylesheets(html);
      expect(sheets).toHaveLength(2);
      expect(sheets[0]).toBe(site);
      expect(sheets[1]).not.toBe(site);
      const heroPreloads = linkTags(html, 'preload').filter((tag) => tag.includes('imageSrcSet'));
      if (PAGES_WITH_HERO.includes(path)) {
        expect(heroPreloads).toEqual([expect.stringContaining('fetchPriority="high"')]);
      } else {
        expect(heroPreloads).toEqual([]);
      }
    },
  );

  /**
   * The namespaces of the texts in a page's hydration data. React Router
   * sends it as a turbo-stream: a flat array in which an object's key `_i`
   * names the string at index i and its value is the index of the value.
   */
  function hydratedNamespaces(html: string): string[] {
    const payload = html.match(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/)?.[1];
    const flat = JSON.parse(JSON.parse(payload!) as string) as unknown[];
    const at = (key: string) => flat[Number(key.slice(1))] as string;
    return flat.flatMap((value) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
      const messages = Object.entries(value).find(([key]) => at(key) === 'messages');
      return messages ? Object.keys(flat[messages[1] as number] as object).map(at) : [];
    });
  }

  it.each([
    ['/', 'home'],
    ['/home', 'home'],
    ['/menu', 'menu'],
    ['/about-us', 'about'],
    ['/contact', 'contact'],
    ['/reservations', 'reservations'],
    ['/reservations/cancel', 'reservations'],
    ['/reservations/confirm', 'reservations'],
    ['/privacy', 'privacy'],
  ])(
    '%s sends in its hydration data the common texts and its own (%s), no others',
    async (path, own) => {
      for (const lang of LANGS) {
        const html = (await get(`${path}?lng=${lang}`)).body;
        expect(hydratedNamespaces(html).toSorted()).toEqual(['common', own].toSorted());
      }
    },
  );
});

describe('the page cache follows the daily menu on every instance', () => {
  const menu = (titolo: string) => ({
    titolo,
    descrizione: 'Busiate al pesto trapanese, Pesce spada alla ghiotta',
    infoAggiuntive: 'Acqua inclusa',
  });

  it('a save on this instance shows at once', async () => {
    await createStaff(harness.app, { email: 'here@trattoria.example', username: 'here' });
    const token = await login(harness.app, 'here@trattoria.example', STAFF_PASSWORD, '10.8.0.1');
    expect((await get('/?lng=it')).statusCode).toBe(200); // cached now
    const saved = await harness.app.inject({
      method: 'PUT',
      url: '/api/daily-menu/1',
      payload: menu('Menu salvato qui'),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(saved.statusCode).toBe(200);
    expect((await get('/?lng=it')).body).toContain('Menu salvato qui');
  });

  it('a save on another instance behind the same database shows within a second', async () => {
    const other = await testApp({}, { pages: false, sharedDatabase: harness.database });
    try {
      await createStaff(other.app, { email: 'there@trattoria.example', username: 'there' });
      const token = await login(other.app, 'there@trattoria.example', STAFF_PASSWORD, '10.8.0.2');
      const before = await get('/?lng=it');
      expect((await get('/?lng=it')).headers.etag).toBe(before.headers.etag); // from the cache
      const saved = await other.app.inject({
        method: 'PUT',
        url: '/api/daily-menu/1',
        payload: menu('Menu salvato altrove'),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(saved.statusCode).toBe(200);
      const savedAt = Date.now();
      let html = '';
      while (Date.now() - savedAt < 1_000) {
        html = (await get('/?lng=it')).body;
        if (html.includes('Menu salvato altrove')) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(html).toContain('Menu salvato altrove');
      expect(Date.now() - savedAt).toBeLessThan(1_000);
    } finally {
      await other.close();
    }
  });
});

describe('sitemap and robots', () => {
  it('the sitemap lists every public page in every language with alternates', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const expected = [
      '/',
      '/menu',
      '/about-us',
      '/contact',
      '/reservations',
      '/takeaway',
      '/events',
      '/privacy',
    ].flatMap((path) => LANGS.map((lang) => `${ORIGIN}${path}?lng=${lang}`));
    expect(locs.sort()).toEqual(expected.sort());
    expect(response.body.match(/hreflang="x-default"/g)).toHaveLength(expected.length);
    // x-default is the Italian page, never a bare address (canonical to a `?lng=` page).
    const defaults = [...response.body.matchAll(/hreflang="x-default" href="([^"]+)"/g)];
    expect(defaults.every(([, href]) => href!.endsWith('?lng=it'))).toBe(true);
  });

  it('robots.txt keeps crawlers out of the staff pages', async () => {
    const body = (await get('/robots.txt')).body;
    for (const path of STAFF_PATHS) {
      expect(body).toContain(`Disallow: ${path}\n`);
    }
    expect(body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('a script injected into content is never approved by the CSP (item 35)', () => {
  it('text that closes and opens a script tag stays text: no new script, no new hash', async () => {
    await createStaff(harness.app, { email: 'csp@trattoria.example', username: 'csp' });
    const token = await login(harness.app, 'csp@trattoria.example', STAFF_PASSWORD, '10.8.0.9');
    const before = await get('/?lng=it');
    const attack = '</script><script>alert(1)</script>';
    const saved = await harness.app.inject({
      method: 'PUT',
      url: '/api/daily-menu/1',
      payload: { titolo: attack, descrizione: `Pane, ${attack}`, infoAggiuntive: attack },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(saved.statusCode).toBe(200);
    const after = await get('/?lng=it');
    const csp = String(after.headers['content-security-policy']);
    expect(after.body).not.toContain('<script>alert(1)</script>');
    expect(executableInlineScripts(after.body).some((script) => script === 'alert(1)')).toBe(false);
    expect(csp).not.toContain(createHash('sha256').update('alert(1)').digest('base64'));
    // As many scripts and hashes as before the edit: the framework's, each hashed.
    expect(executableInlineScripts(after.body)).toHaveLength(
      executableInlineScripts(before.body).length,
    );
    expect(scriptHashes(csp)).toHaveLength(executableInlineScripts(after.body).length);
  });
});

describe("the restaurant's facts: the owner's change shows on every page without a rebuild", () => {
  let own: Awaited<ReturnType<typeof testApp>>;
  let token: string;
  beforeAll(async () => {
    own = await testApp();
    await createStaff(own.app); // the first account: the owner
    token = await login(own.app);
  });
  afterAll(() => own.close());

  /** A page's HTML, without the comments React puts between adjacent texts. */
  const page = async (url: string) => {
    const response = await own.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    return response.body.replaceAll('<!-- -->', '');
  };
  const MOVED = {
    name: 'Trattoria Il Faro',
    phones: { mobile: '+39 347 123 4567', landline: null },
    email: 'ciao@ilfaro.example',
    address: {
      street: 'Piazza Marina 3',
      postalCode: '91100',
      locality: 'Trapani',
      region: 'TP',
      country: 'IT',
    },
    geo: { latitude: 38.0198, longitude: 12.5136 },
    mapUrl: 'https://maps.example/?q=Piazza%20Marina%203',
    mapEmbedUrl: 'https://www.openstreetmap.org/export/embed.html?marker=38.0198,12.5136',
    social: { instagram: 'https://www.instagram.example/ilfaro', facebook: null },
    privacyPolicyUrl: 'https://privacy.example/ilfaro',
    foundedYear: 1987,
    priceRange: '€€€',
  };
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );

  it('the home page, its metadata, its JSON-LD and the footer follow a PUT at once', async () => {
    const before = await page('/?lng=en'); // in the page cache from now on
    expect(before).toContain('Trattoria La Tonnara');
    const frameSrc = async (url: string) => {
      const response = await own.app.inject({ method: 'GET', url });
      return String(response.headers['content-security-policy'])
        .split('; ')
        .find((directive) => directive.startsWith('frame-src'));
    };
    // The map the seed frames, from the coordinates content/restaurant.ts had (migration 027).
    expect(before).toContain('(maps.example)');
    expect(before).toContain('https://maps.example/embed?q=38.0712,12.8203');
    expect(await frameSrc('/?lng=en')).toBe('frame-src https://maps.example');
    const saved = await own.app.inject({
      method: 'PUT',
      url: '/api/restaurant',
      payload: MOVED,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const html = await page('/?lng=en');
    expect(html).not.toContain('La Tonnara');
    expect(html).not.toContain('333 555 0187');
    expect(attr(html, /<title>([^<]+)<\/title>/)).toContain('Trattoria Il Faro');
    expect(html).toContain('<meta property="og:site_name" content="Trattoria Il Faro"/>');
    expect(html).toContain('alt="Trattoria Il Faro, home page"');
    // Book a table: the new mobile, dialled and shown.
    expect(html).toContain('href="tel:+393471234567"');
    expect(html).toContain('We will answer at +39 347 123 4567.');
    // The map section.
    expect(html).toContain('Piazza Marina 3');
    expect(html).toContain('91100 Trapani (TP)');
    expect(html).toContain('href="https://maps.example/?q=Piazza%20Marina%203"');
    // Its map, framed once asked for: the owner's embed address, named in the consent, and the only frame the CSP allows.
    expect(html).toContain('(www.openstreetmap.org)');
    expect(html).not.toContain('maps.example/embed');
    expect(await frameSrc('/?lng=en')).toBe('frame-src https://www.openstreetmap.org');
    expect(await frameSrc('/menu?lng=it')).toBe('frame-src https://www.openstreetmap.org');
    // The footer.
    const footer = html.slice(html.indexOf('<footer'));
    expect(footer).toContain('href="mailto:ciao@ilfaro.example"');
    expect(footer).toContain(`© ${new Date().getFullYear()} Trattoria Il Faro`);
    expect(footer).toContain('href="https://privacy.example/ilfaro"');
    expect(footer).toContain('href="https://www.instagram.example/ilfaro"');
    expect(footer).not.toContain('Facebook');
    // The structured data.
    const [restaurant] = jsonLd(html).filter((data) => data['@type'] === 'Restaurant');
    expect(restaurant).toMatchObject({
      name: 'Trattoria Il Faro',
      telephone: '+39 347 123 4567',
      email: 'ciao@ilfaro.example',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Piazza Marina 3',
        postalCode: '91100',
        addressLocality: 'Trapani',
        addressRegion: 'TP',
        addressCountry: 'IT',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 38.0198, longitude: 12.5136 },
      hasMap: 'https://maps.example/?q=Piazza%20Marina%203',
      sameAs: ['https://www.instagram.example/ilfaro'],
      foundingDate: '1987',
      priceRange: '€€€',
    });
    // The years of experience count from the new founding year.
    expect(html).toContain(
      `Over ${new Date().getFullYear() - 1987} years of experience, since 1987`,
    );
    // The next language's page is rendered afresh as well.
    expect(attr(await page('/?lng=de'), /<title>([^<]+)<\/title>/)).toContain('Trattoria Il Faro');
  });

  it('so do the contact, about and menu pages, and the staff pages title', async () => {
    const contact = await page('/contact?lng=it');
    expect(contact).toContain('href="tel:+393471234567"');
    expect(contact).toContain('>+39 347 123 4567</a>');
    expect(contact).toContain('href="mailto:ciao@ilfaro.example"');
    expect(contact).toContain('Piazza Marina 3, 91100 Trapani (TP)');
    // The form's privacy link.
    expect(contact.match(/href="https:\/\/privacy\.example\/ilfaro"/g)).toHaveLength(2);
    const about = await page('/about-us?lng=en');
    expect(about).toContain('href="tel:+393471234567"');
    expect(about).toContain('everyone who comes to Trapani');
    expect(about).not.toContain('Scopello');
    const [menu] = jsonLd(await page('/menu?lng=fr')).filter((data) => data['@type'] === 'Menu');
    expect(menu?.provider).toEqual({ '@type': 'Restaurant', name: 'Trattoria Il Faro' });
    expect(attr(await page('/login'), /<title>([^<]+)<\/title>/)).toBe(
      'Area riservata – Trattoria Il Faro',
    );
  });

  it('a change on another instance behind the same database shows within a second', async () => {
    const other = await testApp({}, { pages: false, sharedDatabase: own.database });
    try {
      const there = await login(other.app, 'anna@trattoria.example', STAFF_PASSWORD, '10.8.0.7');
      expect(await page('/?lng=it')).toContain('+39 347 123 4567'); // cached here
      const saved = await other.app.inject({
        method: 'PUT',
        url: '/api/restaurant',
        payload: { ...MOVED, phones: { mobile: '+39 320 000 1111', landline: null } },
        headers: { authorization: `Bearer ${there}` },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const savedAt = Date.now();
      let html = '';
      while (Date.now() - savedAt < 1_000) {
        html = await page('/?lng=it');
        if (html.includes('tel:+393200001111')) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(html).toContain('tel:+393200001111');
      expect(html).not.toContain('347 123 4567');
      expect(Date.now() - savedAt).toBeLessThan(1_000);
    } finally {
      await other.close();
    }
  });
});
