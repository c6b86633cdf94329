import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestaurantFacts } from '../../shared/schemas/restaurant.ts';
import { createStaff, login, testApp } from '../testing/app.ts';

// The social-share card (services/photos/social-card.ts): drawn on the server
// from the current name, town and hero, stored with the photos' files, and
// named by every page's og:image and twitter:image.
let harness: Awaited<ReturnType<typeof testApp>>;
let token: string;
beforeAll(async () => {
  harness = await testApp();
  await createStaff(harness.app);
  token = await login(harness.app);
});
afterAll(() => harness.close());

const ORIGIN = 'https://www.trattoria.example';
const CARD_URL = new RegExp(`^${ORIGIN.replaceAll('.', '\\.')}/photos/[0-9a-f]{24}\\.jpg$`);

type App = typeof harness.app;
const get = (url: string, app: App = harness.app) => app.inject({ method: 'GET', url });
const staff = (method: 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Buffer | object) =>
  harness.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(Buffer.isBuffer(payload) ? { 'content-type': 'image/jpeg' } : {}),
    },
    ...(payload ? { payload } : {}),
  });

/** The card a page names, checked to be the same for Open Graph and Twitter. */
async function cardOf(path = '/?lng=it', app: App = harness.app): Promise<string> {
  const html = (await get(path, app)).body;
  const og = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
  const twitter = html.match(/<meta name="twitter:image" content="([^"]+)"/)?.[1];
  expect(og).toMatch(CARD_URL);
  expect(twitter).toBe(og);
  expect(html).toContain('<meta property="og:image:width" content="1200"/>');
  expect(html).toContain('<meta property="og:image:height" content="630"/>');
  return og!;
}

async function fetchCard(url: string, app: App = harness.app) {
  const response = await get(url.slice(ORIGIN.length), app);
  expect(response.statusCode, url).toBe(200);
  return response;
}

const cardsStored = async () =>
  (
    await harness.app.db
      .selectFrom('image_files')
      .select('name')
      .where('owner', '=', 'social-card')
      .execute()
  ).map((row) => `${ORIGIN}/photos/${row.name}`);

async function rename(name: string): Promise<void> {
  const facts = (await get('/api/restaurant')).json<RestaurantFacts>();
  const response = await staff('PUT', '/api/restaurant', { ...facts, name });
  expect(response.statusCode, response.body).toBe(200);
}

/** The mean colour of the card's top band, where no text or shade lies over the picture. */
async function topColour(bytes: Buffer): Promise<[number, number, number]> {
  const band = await sharp(bytes).extract({ left: 0, top: 0, width: 1200, height: 100 }).toBuffer();
  const { channels } = await sharp(band).stats();
  return [channels[0]!.mean, channels[1]!.mean, channels[2]!.mean];
}

const solid = (background: string) =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe('the social-share card', () => {
  it('is a 1200×630 JPEG under a content-hashed name, immutable, nosniff, the same on every page', async () => {
    const card = await cardOf();
    for (const path of ['/menu?lng=en', '/about-us?lng=de', '/no/such/page']) {
      expect(await cardOf(path)).toBe(card);
    }
    const response = await fetchCard(card);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    expect(await cardsStored()).toEqual([card]);
  });

  it('the build no longer draws one: the old address is gone', async () => {
    expect((await get('/social-card.png')).statusCode).toBe(404);
  });

  it('is drawn again when the name changes, and the previous card removed', async () => {
    const before = await cardOf();
    // Read before the rename: once the card is removed, whether this instance
    // still serves it from memory depends on when it next reads the content
    // version (a loaded run once got 404).
    const beforeBytes = (await fetchCard(before)).rawPayload;
    await rename('Osteria <del> Mare & Sole');
    const after = await cardOf('/contact?lng=fr');
    expect(after).not.toBe(before);
    expect(await cardsStored()).toEqual([after]);
    const bytes = (await fetchCard(after)).rawPayload;
    expect(bytes.equals(beforeBytes)).toBe(false);
    // Back to the same name and hero: the same card, under the same name.
    await rename('Trattoria La Tonnara');
    expect(await cardOf()).toBe(before);
  });

  it('is cut from the hero: an upload, its focal point, and "Ripristina"', async () => {
    const shipped = await cardOf();
    const uploaded = await staff('PUT', '/api/photos/hero?alt=Il%20mare', await solid('#c0392b'));
    expect(uploaded.statusCode).toBe(200);
    const red = await cardOf();
    expect(red).not.toBe(shipped);
    const [r, g, b] = await topColour((await fetchCard(red)).rawPayload);
    expect(r).toBeGreaterThan(150);
    expect(Math.max(g, b)).toBeLessThan(90);

    await staff('PATCH', '/api/photos/hero', { focus: { x: 0.1, y: 0.9 } });
    const refocused = await cardOf();
    expect(refocused).not.toBe(red);
    await staff('PATCH', '/api/photos/hero', { alt: 'Il golfo' });
    expect(await cardOf()).toBe(refocused); // the alt text is not on the card

    expect((await staff('DELETE', '/api/photos/hero')).statusCode).toBe(204);
    expect(await cardOf()).toBe(shipped);
    expect(await cardsStored()).toEqual([shipped]);
  });

  it('a change on one instance gives the other its card within a second', async () => {
    const other = await testApp({}, { sharedDatabase: harness.database });
    try {
      const before = await cardOf('/', other.app); // B has rendered (and keeps) the old page
      await rename('Trattoria Il Faro');
      const changedAt = Date.now();
      let seen = before;
      while (seen === before && Date.now() - changedAt < 1_000) {
        seen = await cardOf('/', other.app);
      }
      expect(seen).not.toBe(before);
      expect(seen).toBe(await cardOf());
      expect((await fetchCard(seen, other.app)).headers['content-type']).toBe('image/jpeg');
    } finally {
      await other.close();
      await rename('Trattoria La Tonnara');
    }
  });
});
