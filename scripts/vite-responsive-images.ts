/**
 * `import hero from '…/hero.svg?responsive'`: at build, the image becomes
 * AVIF, WebP and JPEG files at several widths (sharp), emitted as hashed
 * assets (immutable caching), and the module exports their URLs and the
 * intrinsic size (width/height on <img>: no layout shift). They are the photo
 * slots' defaults until the owner uploads photos (docs/decisions/014).
 *
 * `?responsive` makes widths 480, 960 and 1600; `?widths=240;480&responsive`
 * chooses others (the flag last, so TypeScript's `*&responsive` module
 * declaration types it). Never wider than the source.
 */
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import sharp, { type Sharp } from 'sharp';

export interface ResponsiveImageData {
  width: number;
  height: number;
  /** JPEG, the fallback for browsers without AVIF or WebP. */
  src: string;
  srcSet: { avif: string; webp: string; jpeg: string };
}

const DEFAULT_WIDTHS = [480, 960, 1600];
const FORMATS = ['avif', 'webp', 'jpeg'] as const;
type Format = (typeof FORMATS)[number];

function encode(image: Sharp, format: Format): Promise<Buffer> {
  switch (format) {
    case 'avif':
      return image.avif({ quality: 55, effort: 3 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 75, effort: 4 }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality: 78, mozjpeg: true, progressive: true }).toBuffer();
  }
}

interface Variant {
  width: number;
  format: Format;
  bytes: Buffer;
}

/** One image's variants, computed once per process (client and server builds share them). */
const variantsCache = new Map<
  string,
  Promise<{ width: number; height: number; variants: Variant[] }>
>();

/**
 * The variants of one image. Without `encoded` (the dev server, which serves
 * the original file) only their widths: encoding them all, AVIF above all,
 * would hold up the first page for many seconds.
 */
async function renderVariants(file: string, widths: number[], encoded: boolean) {
  const source = await readFile(file);
  const meta = await sharp(source).metadata();
  const sourceWidth = meta.width ?? widths[0] ?? 480;
  const sourceHeight = meta.height ?? sourceWidth;
  const chosen = [...new Set(widths.map((w) => Math.min(w, sourceWidth)))].sort((a, b) => a - b);
  const variants = await Promise.all(
    chosen.flatMap((width) =>
      FORMATS.map(async (format) => ({
        width,
        format,
        bytes: encoded
          ? await encode(
              sharp(source, { density: Math.max(72, Math.ceil((72 * width) / sourceWidth)) })
                .resize({ width })
                .flatten({ background: '#fbf7ef' }),
              format,
            )
          : Buffer.alloc(0),
      })),
    ),
  );
  return { width: sourceWidth, height: sourceHeight, variants };
}

export function responsiveImages(): Plugin {
  let building = false;
  let root = '';
  /** Files the server build emitted: the shipped photos only it imports (src/app/default-photos.server.ts). */
  const serverOnly = new Set<string>();
  return {
    name: 'responsive-images',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
      root = config.root;
    },
    async load(id) {
      const [file = '', query = ''] = id.split('?');
      const params = new URLSearchParams(query);
      if (!params.has('responsive')) return null;
      const widths = params.get('widths')?.split(';').map(Number).filter(Boolean) ?? DEFAULT_WIDTHS;
      const key = `${file}|${widths.join(';')}`;
      if (building && !variantsCache.has(key)) {
        variantsCache.set(key, renderVariants(file, widths, true));
      }
      // While serving, the file is measured on each load: it is watched (below),
      // so an edited image gets its new size.
      const { width, height, variants } = building
        ? await variantsCache.get(key)!
        : await renderVariants(file, widths, false);
      this.addWatchFile(file);

      const name = file
        .split('/')
        .pop()!
        .replace(/\.[^.]+$/, '');
      const urlOf = (variant: Variant): string => {
        if (!building) return `/@fs${file}`; // dev and tests: the original file
        const hash = createHash('sha256').update(variant.bytes).digest('hex').slice(0, 8);
        const fileName = `assets/${name}-${variant.width}-${hash}.${variant.format === 'jpeg' ? 'jpg' : variant.format}`;
        // A fixed, content-hashed name: the URL is known here, with no placeholder to resolve.
        this.emitFile({ type: 'asset', fileName, source: variant.bytes });
        if (this.environment.name !== 'client') serverOnly.add(fileName);
        return `/${fileName}`;
      };
      const srcSet = (format: Format) =>
        variants
          .filter((variant) => variant.format === format)
          .map((variant) => `${urlOf(variant)} ${variant.width}w`)
          .join(', ');
      const jpegs = variants.filter((variant) => variant.format === 'jpeg');
      const fallback = jpegs.find((variant) => variant.width >= 960) ?? jpegs[jpegs.length - 1]!;
      const data = {
        width,
        height,
        src: urlOf(fallback),
        srcSet: { avif: srcSet('avif'), webp: srcSet('webp'), jpeg: srcSet('jpeg') },
      };
      return `export default ${JSON.stringify(data)};`;
    },
    /**
     * Browsers fetch every picture from the client's files: what only the
     * server build emitted (the photo slots' defaults, whose URLs the server
     * answers) moves there, next to the client build's own.
     */
    async writeBundle(options) {
      if (this.environment.name === 'client' || !options.dir) return;
      const clientDir = resolve(
        root,
        this.environment.getTopLevelConfig().environments.client!.build.outDir,
      );
      for (const fileName of serverOnly) {
        const from = join(options.dir, fileName);
        const to = join(clientDir, fileName);
        if (existsSync(to)) await rm(from, { force: true });
        else {
          await mkdir(dirname(to), { recursive: true });
          await rename(from, to);
        }
      }
    },
  };
}
