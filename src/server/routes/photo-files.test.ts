import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { PhotoView } from '../../shared/schemas/photos.ts';
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
