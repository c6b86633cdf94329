/**
 * `npm run icons`: the installed back office's icons (its web app manifest,
 * served at /dashboard/manifest.webmanifest), rendered with sharp from the
 * logo's round mark (src/app/assets/favicon.svg) into public/dashboard/icons/,
 * which the build copies as they are. Run it again after changing the mark,
 * and commit the PNGs.
 *
 * - icon-192.png, icon-512.png: the mark on a transparent square;
 * - icon-maskable-512.png: the mark inside the safe zone (the centre 80 %),
 *   on the back office's sea blue up to the edges, because launchers cut a
 *   maskable icon to a circle, a squircle or a rounded square.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';

const MARK = 'src/app/assets/favicon.svg';
const OUT = 'public/dashboard/icons';
/** The back office's header colour (--sea in src/app/styles/app.css). */
const SEA = '#0b4f6c';

const svg = await readFile(MARK);
const render = (size: number) =>
  sharp(svg, { density: (72 * size) / 48 })
    .resize(size, size)
    .png({ compressionLevel: 9 });

await render(192).toFile(`${OUT}/icon-192.png`);
await render(512).toFile(`${OUT}/icon-512.png`);
const inner = Math.round(512 * 0.7);
await sharp({ create: { width: 512, height: 512, channels: 4, background: SEA } })
  .composite([{ input: await render(inner).toBuffer(), gravity: 'centre' }])
  .png({ compressionLevel: 9 })
  .toFile(`${OUT}/icon-maskable-512.png`);
console.log(`icons: ${OUT}/icon-192.png, icon-512.png, icon-maskable-512.png`);
