import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoView } from '../../shared/schemas/photos.ts';
import { createStaff, login, testApp } from '../testing/app.ts';

// Pages draw every photo slot from the server (components/photo.tsx): an
// upload replaces the shipped picture, cropped to the slot around its focus,
// and the LCP picture stays preloaded at high priority.
let harness: Awaited<ReturnType<typeof testApp>>;
let token: string;
beforeAll(async () => {
  harness = await testApp();
  await createStaff(harness.app);
  token = await login(harness.app);
});
afterAll(() => harness.close());

const page = async (url: string) => (await harness.app.inject({ method: 'GET', url })).body;
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

/** A 4:3 photo, not the hero's 16:9: the page crops it. */
const photo = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();

describe('a custom hero', () => {
  it('shows on / with its focus and alt text, cropped to the slot, preloaded at high priority', async () => {
    const alt = 'La nostra terrazza';
    const uploaded = await staff(
      'PUT',
      `/api/photos/hero?alt=${encodeURIComponent(alt)}`,
      await photo(),
    );
    expect(uploaded.statusCode).toBe(200);
    const patched = await staff('PATCH', '/api/photos/hero', { focus: { x: 0.2, y: 0.8 } });
    const view = patched.json<PhotoView>();
    const avif = view.sources[0]!.srcset;
    const html = await page('/?lng=it');
    const hero = html.match(/<picture class="hero__image[^"]*">[\s\S]*?<\/picture>/)?.[0] ?? '';
    expect(hero).toContain('class="hero__image photo fx-20 fy-80"');
    expect(hero).toContain(`srcSet="${avif}"`);
    expect(hero).toContain(`alt="${alt}"`);
    // 1200 wide, drawn 16:9 whatever the upload's own 4:3: the box is set, nothing shifts.
    expect(hero).toContain('width="1200" height="675"');
    expect(hero).toContain('fetchPriority="high"');
    const imagePreloads = (html.match(/<link rel="preload"[^>]*>/g) ?? []).filter((tag) =>
      tag.includes('imageSrcSet'),
    );
    expect(imagePreloads).toHaveLength(1);
    expect(imagePreloads[0]).toContain('fetchPriority="high"');
    expect(imagePreloads[0]).toContain(`imageSrcSet="${avif}"`);
    // The structured data's picture follows too.
    expect(html).toMatch(/"image":"https:\/\/www\.trattoria\.example\/photos\/[0-9a-f]{24}\.jpg"/);
  });

  it('"Ripristina" brings the shipped picture back on the page', async () => {
    await staff('DELETE', '/api/photos/hero');
    const html = await page('/?lng=en');
    const hero = html.match(/<picture class="hero__image[^"]*">[\s\S]*?<\/picture>/)?.[0] ?? '';
    expect(hero).toContain('/assets/hero-');
    expect(hero).toContain('class="hero__image photo fx-60 fy-70"');
    expect(hero).toMatch(/alt="[^"]*terrace[^"]*"/i);
  });
});
