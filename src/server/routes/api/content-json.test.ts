import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '../../../shared/languages.ts';
import { CONTENT_VERSION_MAX_AGE_MS } from '../../services/content-version.ts';
import { createStaff, login, STAFF_PASSWORD, testApp } from '../../testing/app.ts';

// The public JSON answers of the content from memory (content-json.ts): the
// same bytes as the route's own serialisation, ETag and 304, compression,
// and an edit on another instance seen within a second.
type Harness = Awaited<ReturnType<typeof testApp>>;
let harness: Harness;
let other: Harness | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await other?.close();
  other = undefined;
  await harness.close();
});

const get = (url: string, headers: Record<string, string> = {}, app = harness.app) =>
  app.inject({ method: 'GET', url, headers });

/** Every address the cache keeps, in every language. */
const ADDRESSES = [
  '/api/daily-menu/1',
  '/api/menu',
  '/api/opening-hours',
  '/api/photos',
  '/api/site-texts',
  '/api/restaurant',
  ...LANGUAGES.flatMap((lang) => [
    `/api/daily-menu/1?lang=${lang}`,
    `/api/menu?lang=${lang}`,
    `/api/opening-hours?lang=${lang}`,
    `/api/photos?lang=${lang}`,
    `/api/site-texts?lang=${lang}`,
  ]),
];

describe('the public JSON answers from memory', () => {
  it('answer the bytes the route serialised, for every route and language', async () => {
    harness = await testApp({}, { pages: false });
    for (const url of ADDRESSES) {
      expect(harness.app.contentJson.keys(), url).not.toContain(url);
      const uncached = await get(url); // the route's own answer, kept on its way out
      expect(uncached.statusCode, url).toBe(200);
      expect(harness.app.contentJson.keys(), url).toContain(url);
      const cached = await get(url);
      expect(cached.statusCode, url).toBe(200);
      expect(cached.rawPayload.equals(uncached.rawPayload), url).toBe(true);
      expect(cached.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(cached.headers['content-type'], url).toBe(uncached.headers['content-type']);
      expect(cached.headers['cache-control'], url).toBe('no-cache');
      expect(cached.headers.etag, url).toBe(uncached.headers.etag);
      // The security headers every answer carries are still there.
      expect(cached.headers['x-content-type-options'], url).toBe('nosniff');
      expect(cached.headers['content-security-policy'], url).toBe(
        uncached.headers['content-security-policy'],
      );
    }
    // The bytes are what the services say, as the routes serialise them.
    const hours = await harness.app.openingHours.get('de');
    expect((await get('/api/opening-hours?lang=de')).json()).toEqual(
      JSON.parse(JSON.stringify(hours)),
    );
    expect((await get('/api/restaurant')).body).toBe(
      JSON.stringify(await harness.app.restaurantFacts.get()),
    );
  });

  it('carry a strong ETag and answer 304 to it, weak or in a list, with no body', async () => {
    harness = await testApp({}, { pages: false });
    for (const url of ['/api/menu?lang=en', '/api/daily-menu/1?lang=fr']) {
      const first = await get(url);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^"[\w-]{27}"$/);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const notModified = await get(url, { 'if-none-match': ifNoneMatch });
        expect(notModified.statusCode, `${url} ${ifNoneMatch}`).toBe(304);
        expect(notModified.body).toBe('');
        expect(notModified.headers.etag).toBe(etag);
        expect(notModified.headers['cache-control']).toBe('no-cache');
      }
      const changed = await get(url, { 'if-none-match': '"other"' });
      expect(changed.statusCode).toBe(200);
      expect(changed.body).toBe(first.body);
    }
    // The first answer at a version, made by the route, also answers 304.
    const etag = String((await get('/api/site-texts?lang=es')).headers.etag);
    harness.app.contentVersion.expire();
    await harness.app.db.updateTable('content_version').set({ version: 1000 }).execute();
    const afresh = await get('/api/site-texts?lang=es', { 'if-none-match': etag });
    expect(afresh.statusCode).toBe(304);
    expect(afresh.body).toBe('');
  });

  it('send the compressed forms kept, which decode to the same bytes', async () => {
    harness = await testApp({}, { pages: false });
    const url = '/api/menu?lang=en';
    const plain = await get(url);
    expect(plain.rawPayload.length).toBeGreaterThan(1024); // worth compressing
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    for (const round of ['made by the route', 'from memory']) {
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], round).toBe('br');
      expect(br.headers['content-length'], round).toBe(String(br.rawPayload.length));
      expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload), round).toBe(true);
      const gzip = await get(url, { 'accept-encoding': 'br;q=0, gzip' });
      expect(gzip.headers['content-encoding'], round).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload), round).toBe(true);
      expect(gzip.headers.vary, round).toBe('Accept-Encoding');
      expect(gzip.headers.etag, round).toBe(plain.headers.etag);
      harness.app.contentVersion.expire();
      await harness.app.db
        .updateTable('content_version')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .execute();
    }
    // A few hundred bytes are sent as they are, whatever the client accepts.
    const small = await get('/api/daily-menu/1?lang=en', { 'accept-encoding': 'br, gzip' });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.json()).toMatchObject({ id: 1, lang: 'en' });
  });

  it('keep no refusal: a bad language is 400 and an unknown id 404, every time', async () => {
    harness = await testApp({}, { pages: false });
    for (const url of ['/api/menu?lang=xx', '/api/photos?lang=en&x=1', '/api/daily-menu/2']) {
      for (const round of [1, 2]) {
        const response = await get(url);
        expect(response.statusCode, `${url} ${round}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${url} ${round}`).toBeLessThan(500);
        expect(response.headers.etag).toBeUndefined();
        expect(response.headers['cache-control']).toBe('no-store');
      }
      expect(harness.app.contentJson.keys()).not.toContain(url);
    }
  });

  it("show this instance's edit at once", async () => {
    harness = await testApp({}, { pages: false });
    await createStaff(harness.app);
    const token = await login(harness.app);
    const before = await get('/api/daily-menu/1?lang=it');
    const saved = await harness.app.inject({
      method: 'PUT',
      url: '/api/daily-menu/1',
      headers: { authorization: `Bearer ${token}` },
      payload: { titolo: 'Menu di giovedì', descrizione: 'Pasta alla Norma', infoAggiuntive: '' },
    });
    expect(saved.statusCode).toBe(200);
    const after = await get('/api/daily-menu/1?lang=it', {
      'if-none-match': String(before.headers.etag),
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().titolo).toBe('Menu di giovedì');
  });

  it('show an edit made on another instance within a second', async () => {
    // The version is read again once CONTENT_VERSION_MAX_AGE_MS has passed on
    // `performance.now()`: the test moves that clock instead of waiting.
    vi.useFakeTimers({ toFake: ['performance'] });
    harness = await testApp({}, { pages: false });
    other = await testApp({}, { pages: false, sharedDatabase: harness.database });
    await createStaff(other.app, { email: 'there@trattoria.example', username: 'there' });
    const there = await login(other.app, 'there@trattoria.example', STAFF_PASSWORD, '10.8.0.2');
    const url = '/api/menu?lang=en';
    const before = await get(url);
    expect((await get(url)).rawPayload.equals(before.rawPayload)).toBe(true); // from memory
    const dish = before.json<{ sections: { items: { id: number; available: boolean }[] }[] }>()
      .sections[0]!.items[0]!;
    expect(dish.available).toBe(true);
    const saved = await other.app.inject({
      method: 'PATCH',
      url: `/api/menu/items/${dish.id}`,
      payload: { available: false },
      headers: { authorization: `Bearer ${there}` },
    });
    expect(saved.statusCode).toBe(200);
    expect(CONTENT_VERSION_MAX_AGE_MS).toBeLessThan(1000);
    vi.advanceTimersByTime(CONTENT_VERSION_MAX_AGE_MS);
    const after = await get(url, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().sections[0].items[0]).toMatchObject({ id: dish.id, available: false });
    // And the other instance answers the very same bytes.
    expect((await get(url, {}, other.app)).rawPayload.equals(after.rawPayload)).toBe(true);
  });

  it('answer afresh on a new day in Rome: the hours say which day today is', async () => {
    let now = Date.parse('2026-03-10T22:59:00Z'); // 23:59 in Rome
    harness = await testApp({}, { pages: false, now: () => now });
    const url = '/api/opening-hours?lang=en';
    const evening = await get(url);
    expect(evening.json().today.date).toBe('2026-03-10');
    expect((await get(url)).rawPayload.equals(evening.rawPayload)).toBe(true);
    now += 60_000;
    const midnight = await get(url);
    expect(midnight.json().today.date).toBe('2026-03-11');
    expect(midnight.headers.etag).not.toBe(evening.headers.etag);
  });
});
