import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { PhotoView } from '../../shared/schemas/photos.ts';
import { openDatabase } from '../db/database.ts';
import { ImageFiles } from '../services/photos/image-files.ts';
import { createStaff, login, testApp } from '../testing/app.ts';

// GET /photos/{name} served from each instance's memory (services/photos/image-files.ts),
// and a deleted photo no longer served by any instance (docs/security.md item 51),
// with two instances on one database (SQLite, or PostgreSQL in the `postgres` project).
type Harness = Awaited<ReturnType<typeof testApp>>;
const harnesses: Harness[] = [];
afterEach(async () => {
  // The second instance first: the first one owns the database.
  for (const harness of harnesses.splice(0).reverse()) await harness.close();
});

/** A photo as a phone makes one: noise, so that it compresses like a picture. */
function jpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** The files a view's sources name. */
const fileUrls = (view: PhotoView) =>
  view.sources.flatMap((source) => source.srcset.split(', ').map((entry) => entry.split(' ')[0]!));

describe('a photo file kept in memory', () => {
  it('is still served when the database fails while the names are checked, and checked again next time', async () => {
    const harness = await testApp({}, { pages: false });
    harnesses.push(harness);
    await createStaff(harness.app);
    const uploaded = await harness.app.inject({
      method: 'PUT',
      url: '/api/photos/hero?alt=La%20terrazza',
      payload: await jpeg(600, 400),
      headers: {
        authorization: `Bearer ${await login(harness.app)}`,
        'content-type': 'image/jpeg',
      },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const name = fileUrls(uploaded.json<PhotoView>())[0]!.replace('/photos/', '');
    // Files of their own, over a connection of their own that the test closes.
    const own = await openDatabase(harness.database.url);
    let version = 1;
    let now = 0;
    const failures: unknown[] = [];
    const files = new ImageFiles({
      db: own.db,
      contentVersion: async () => version,
      now: () => now,
      onCheckFailed: (error) => void failures.push(error),
    });
    const bytes = (await files.get(name))!.bytes;
    expect(bytes.byteLength).toBeGreaterThan(0);
    // The content moves on and the database goes away: the names cannot be checked.
    await own.close();
    version += 1;
    now += 1_000;
    expect((await files.get(name))?.bytes).toEqual(bytes);
    expect(failures).toHaveLength(1);
    // Not counted as checked: the next request after the version's age tries again.
    now += 1_000;
    expect((await files.get(name))?.bytes).toEqual(bytes);
    expect(failures).toHaveLength(2);
  });
});

describe('a deleted photo', () => {
  it('answers 404 on every instance within 1 s, though each had its files in memory', async () => {
    const first = await testApp({}, { pages: false });
    harnesses.push(first);
    const second = await testApp({}, { pages: false, sharedDatabase: first.database });
    harnesses.push(second);
    await createStaff(first.app);
    const auth = { authorization: `Bearer ${await login(first.app)}` };
    const uploaded = await first.app.inject({
      method: 'PUT',
      url: '/api/photos/hero?alt=La%20terrazza',
      payload: await jpeg(600, 400),
      headers: { ...auth, 'content-type': 'image/jpeg' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const urls = fileUrls(uploaded.json<PhotoView>());
    expect(urls.length).toBeGreaterThan(2);
    const statuses = async () => {
      const answers = [];
      for (const { app } of [first, second]) {
        for (const url of urls) answers.push((await app.inject({ method: 'GET', url })).statusCode);
      }
      return [...new Set(answers)];
    };
    // Read once by each instance: from now on, each serves them from memory.
    expect(await statuses()).toEqual([200]);
    expect(await statuses()).toEqual([200]);

    const removed = await first.app.inject({
      method: 'DELETE',
      url: '/api/photos/hero',
      headers: auth,
    });
    expect(removed.statusCode).toBe(204);
    const removedAt = performance.now();
    await expect.poll(statuses, { timeout: 1_000, interval: 20 }).toEqual([404]);
    expect(performance.now() - removedAt).toBeLessThan(1_000);
  });
});
