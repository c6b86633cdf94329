import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing/app.ts';
import { SERVICE_WORKER_CONTENT_SECURITY_POLICY } from '../plugins/static-assets.ts';

// The installable back office through the real build and server wiring:
// its manifest, service worker and icons, and who links them.
let harness: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  harness = await testApp();
});
afterAll(() => harness.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  harness.app.inject({ method: 'GET', url, headers });

const PUBLIC_PATHS = [
  '/',
  '/menu',
  '/about-us',
  '/contact',
  '/reservations',
  '/takeaway',
  '/events',
  '/no-such-page',
];

describe('the installable back office', () => {
  it('serves a manifest in Italian, scoped to the back office, uncached', async () => {
    const response = await get('/dashboard/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const manifest = response.json<Record<string, unknown>>();
    expect(manifest).toMatchObject({
      name: 'Trattoria La Tonnara – Area riservata',
      short_name: 'Area riservata',
      lang: 'it',
      start_url: '/dashboard',
      scope: '/dashboard',
      display: 'standalone',
      theme_color: '#0b4f6c',
    });
    expect(manifest.icons).toEqual([
      expect.objectContaining({ sizes: '192x192', src: '/dashboard/icons/icon-192.png' }),
      expect.objectContaining({ sizes: '512x512', src: '/dashboard/icons/icon-512.png' }),
      expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
    ]);
    for (const { src, sizes } of manifest.icons as { src: string; sizes: string }[]) {
      const icon = await get(src);
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toBe('image/png');
      // PNG: the width and height are the IHDR's first two big-endian words.
      const side = Number(sizes.split('x')[0]);
      expect([icon.rawPayload.readUInt32BE(16), icon.rawPayload.readUInt32BE(20)]).toEqual([
        side,
        side,
      ]);
    }
  });

  it('serves the service worker as JavaScript, re-checked every time, allowed the whole back office', async () => {
    const response = await get('/dashboard/sw.js', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['service-worker-allowed']).toBe('/dashboard');
    expect(response.headers['content-security-policy']).toBe(
      SERVICE_WORKER_CONTENT_SECURITY_POLICY,
    );
    // Unchanged, it costs a 304.
    const etag = String(response.headers.etag);
    const again = await get('/dashboard/sw.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('is linked by the back office', async () => {
    const html = (await get('/dashboard/account')).body;
    expect(html).toContain('<link rel="manifest" href="/dashboard/manifest.webmanifest"/>');
    expect(html).toContain('<link rel="apple-touch-icon" href="/dashboard/icons/icon-192.png"/>');
  });

  it.each(PUBLIC_PATHS)('is never named by the public page %s', async (path) => {
    const html = (await get(path)).body;
    expect(html).not.toContain('rel="manifest"');
    expect(html).not.toContain('manifest.webmanifest');
    expect(html).not.toContain('/dashboard/sw.js');
    expect(html).not.toContain('serviceWorker');
    expect(html).not.toContain('/dashboard/icons/');
  });
});
