import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaff, testApp } from '../testing/app.ts';

// The page /setup (CONTRACT.md "Going live"): while no staff account exists
// it is served, never stored by a cache nor indexed; once one exists it is 404.
let harness: Awaited<ReturnType<typeof testApp>>;
beforeEach(async () => {
  harness = await testApp();
});
afterEach(async () => {
  await harness.close();
});

const get = (url: string) => harness.app.inject({ method: 'GET', url });

describe('/setup', () => {
  it('is served while no account exists: no store, no index, no referrer', async () => {
    const token = new URL((await harness.app.firstOwnerSetup.issue())!.url).searchParams.get(
      'token',
    );
    for (const url of [`/setup?token=${token}`, '/setup']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('is 404 once an account exists, the bare address too (it was never cached)', async () => {
    expect((await get('/setup')).statusCode).toBe(200);
    await createStaff(harness.app);
    for (const url of ['/setup', '/setup?token=abc']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});
