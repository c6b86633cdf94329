/**
 * After `react-router build`: precompress every static file (br and gzip, so
 * the server never compresses them per request) and draw the social-share card.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { restaurant } from '../content/restaurant.ts';

const CLIENT_DIR = 'build/client';
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|webmanifest)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

async function socialCard(): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <defs><linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#f7c873"/><stop offset="0.45" stop-color="#2a7f9e"/><stop offset="1" stop-color="#0b4f6c"/>
  </linearGradient></defs>
  <rect width="1200" height="630" fill="url(#sea)"/>
  <circle cx="930" cy="210" r="90" fill="#fbe7a1" opacity="0.9"/>
  <path d="M0 420 C200 380 400 460 600 420 S1000 380 1200 420 V630 H0z" fill="#073547" opacity="0.7"/>
  <text x="80" y="300" font-family="Georgia, serif" font-size="84" font-weight="bold" fill="#fff">${restaurant.socialCard.title}</text>
  <text x="80" y="370" font-family="Georgia, serif" font-size="38" fill="#fbf7ef">${restaurant.socialCard.subtitle}</text>
</svg>`;
  await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9 })
    .toFile(join(CLIENT_DIR, 'social-card.png'));
}

await socialCard();
let count = 0;
for await (const path of files(CLIENT_DIR)) {
  if (!COMPRESSIBLE.test(path) || (await stat(path)).size < 512) continue;
  const bytes = await readFile(path);
  await writeFile(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  await writeFile(
    `${path}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count += 1;
}
console.log(`postbuild: social card drawn, ${count} files precompressed (br, gzip)`);
