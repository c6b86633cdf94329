import sharp from 'sharp';
import { staffToken, type startSite } from '../bench/servers.ts';

/**
 * `npm run lighthouse -- --hero-photo` (scripts/lighthouse.ts): the home page
 * measured with an owner's phone photo as its hero, not the shipped drawing.
 */

/**
 * A photo as a phone takes it: 4000×3000, a sky's gradient over a rippled
 * sea, with the sensor's grain, so that its JPEG weighs what a phone's does
 * and its AVIF variants compress like a photo's, not like a flat colour's.
 * Always the same pixels (a seeded generator), so runs compare.
 */
async function phonePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const horizon = height * 0.45;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 25;
  const grain = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * 24;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let rgb: [number, number, number];
      if (y < horizon) {
        const t = y / horizon;
        rgb = [250 - 120 * t, 170 + 40 * t, 120 + 110 * t];
      } else {
        const t = (y - horizon) / (height - horizon);
        const wave = 18 * Math.sin(x / (14 + 30 * t) + y / 9) * Math.sin(y / (5 + 20 * t));
        rgb = [20 + 30 * t + wave, 90 + 40 * t + wave, 140 - 20 * t + wave];
      }
      const noise = grain();
      // A Buffer clamps nothing: keep each channel within a byte.
      rgb.forEach((value, channel) => {
        pixels[(y * width + x) * 3 + channel] = Math.max(0, Math.min(255, value + noise));
      });
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export interface HeroUpload {
  bytes: number;
  width: number;
  height: number;
  /** The upload's answer time: decoding and every variant, all included. */
  uploadMs: number;
  /** The home page's preload of the hero, as served. */
  preload: string;
}

/**
 * Uploads the phone photo as the hero, as staff do (PUT /api/photos/hero),
 * then checks that the home page preloads it with fetchpriority="high": the
 * LCP image must be on its way before any script runs.
 */
export async function uploadHeroPhoto(
  site: Awaited<ReturnType<typeof startSite>>,
): Promise<HeroUpload> {
  const token = await staffToken(site);
  const photo = await phonePhoto();
  const alt = 'La terrazza sul mare al tramonto, con i tavoli apparecchiati';
  const started = performance.now();
  const response = await fetch(`${site.url}/api/photos/hero?alt=${encodeURIComponent(alt)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
    body: new Uint8Array(photo),
  });
  const uploadMs = Math.round(performance.now() - started);
  if (!response.ok) {
    throw new Error(`hero upload: ${response.status} ${await response.text()}`);
  }
  const html = await (await fetch(`${site.url}/`)).text();
  const preloads = html.match(/<link[^>]*rel="preload"[^>]*as="image"[^>]*>/g) ?? [];
  const preload = preloads.find((link) => link.includes('/photos/')) ?? '';
  if (!/fetchpriority="high"/i.test(preload)) {
    throw new Error(
      `the home page does not preload the uploaded hero at high priority: ${preloads.join(' ')}`,
    );
  }
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  return { bytes: photo.length, width, height, uploadMs, preload };
}
