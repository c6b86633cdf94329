import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { PHOTO_REFUSALS } from '../../../shared/schemas/errors.ts';
import { PHOTO_MAX_PIXELS, type PHOTO_SOURCE_TYPES } from '../../../shared/schemas/photos.ts';
import { WorkBusy, workSlots } from '../work-slots.ts';

export type PhotoRefusal = (typeof PHOTO_REFUSALS)[keyof typeof PHOTO_REFUSALS];
export type SourceType = (typeof PHOTO_SOURCE_TYPES)[number];

/** One encoded file, named by its content: the name changes whenever the bytes do. */
export interface EncodedFile {
  name: string;
  type: SourceType;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface EncodedPhoto {
  /** The upload's size once its EXIF orientation is applied. */
  width: number;
  height: number;
  files: EncodedFile[];
}

export type EncodeOutcome = { ok: true; photo: EncodedPhoto } | { ok: false; code: PhotoRefusal };

/**
 * How every upload is decoded (docs/security.md item 45): no more pixels
 * than the limit (a small file may declare a huge picture), and a file cut
 * short is an error rather than a picture with a grey half.
 */
const DECODE = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'truncated' } as const;

/** Under transparency, the site's paper colour: JPEG has no alpha, and all three formats look alike. */
const BACKGROUND = '#fbf7ef';

const FORMATS: { type: SourceType; extension: string; encode: (image: Sharp) => Sharp }[] = [
  { type: 'image/avif', extension: 'avif', encode: (i) => i.avif({ quality: 55, effort: 3 }) },
  { type: 'image/webp', extension: 'webp', encode: (i) => i.webp({ quality: 75, effort: 4 }) },
  {
    type: 'image/jpeg',
    extension: 'jpg',
    encode: (i) => i.jpeg({ quality: 78, mozjpeg: true, progressive: true }),
  },
];

/** A content-hashed file name: the same bytes always get it, other bytes never. */
export function contentName(bytes: Buffer, extension: string): string {
  return `${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}.${extension}`;
}

/**
 * The ISO base media brands of HEIC/HEIF pictures coded with HEVC (an
 * iPhone's photos). The prebuilt image library cannot decode HEVC, so such a
 * file gets its own message; AVIF shares the container with brand `avif`.
 */
const HEVC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);
const hevcBrand = (bytes: Buffer) =>
  bytes.length >= 12 &&
  bytes.toString('latin1', 4, 8) === 'ftyp' &&
  HEVC_BRANDS.has(bytes.toString('latin1', 8, 12));

/** Which of the accepted kinds the bytes are (never what the request claims), or why not. */
async function recognise(
  bytes: Buffer,
): Promise<{ ok: true; width: number; height: number } | { ok: false; code: PhotoRefusal }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, DECODE).metadata();
  } catch (error) {
    if (hevcBrand(bytes)) return { ok: false, code: PHOTO_REFUSALS.heicNotSupported };
    const tooLarge = error instanceof Error && /pixel limit/i.test(error.message);
    return {
      ok: false,
      code: tooLarge ? PHOTO_REFUSALS.imageTooLarge : PHOTO_REFUSALS.unsupportedImage,
    };
  }
  const accepted =
    meta.format === 'jpeg' ||
    meta.format === 'png' ||
    meta.format === 'webp' ||
    (meta.format === 'heif' && meta.compression === 'av1');
  if (!accepted) {
    const heic = meta.format === 'heif' || hevcBrand(bytes);
    return {
      ok: false,
      code: heic ? PHOTO_REFUSALS.heicNotSupported : PHOTO_REFUSALS.unsupportedImage,
    };
  }
  if (!meta.width || !meta.height) return { ok: false, code: PHOTO_REFUSALS.unsupportedImage };
  if (meta.width * meta.height > PHOTO_MAX_PIXELS) {
    return { ok: false, code: PHOTO_REFUSALS.imageTooLarge };
  }
  // Orientations 5-8 turn the picture a quarter: its width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    ok: true,
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
  };
}

/**
 * At most two uploads are decoded and encoded at once (docs/security.md item
 * 49); a third waits for one of them. Each holds its upload (up to 20 MB),
 * the decoded picture (up to 50 megapixels, 150 MB as raw RGB) and a core's
 * worth of libvips threads: a few uploads at once from staff's phones could
 * otherwise take the server's memory.
 */
const PHOTO_DECODES = 2;
/**
 * How many uploads may wait for a slot: each holds its body (up to 20 MB)
 * while it waits, so past these an upload is refused at once, 503.
 */
const PHOTO_DECODE_QUEUE = 4;

export class PhotoWorkBusy extends WorkBusy {
  constructor() {
    super('Il server sta già elaborando altre foto: riprova tra qualche secondo.');
  }
}

const photoDecodes = workSlots({
  concurrency: PHOTO_DECODES,
  queue: PHOTO_DECODE_QUEUE,
  busy: () => new PhotoWorkBusy(),
});
/** How many uploads are decoded and wait now, and the most that ever did at once (for tests). */
export const photoWork = () => photoDecodes.state();
/** Runs `work` in a decoding slot, as an upload's decoding runs (tests hold the slots with it). */
export const withPhotoDecodeSlot = photoDecodes.run;

/**
 * An upload made into AVIF, WebP and JPEG at `widths` (never wider than the
 * upload, which keeps its own proportions: pages crop at display), upright
 * as its EXIF orientation says, in sRGB, without any metadata (no GPS
 * position, camera or profile reaches a visitor: sharp writes none unless
 * asked). Decoded once, at the largest width needed, then encoded from there.
 */
export function encodePhoto(bytes: Buffer, widths: readonly number[]): Promise<EncodeOutcome> {
  return photoDecodes.run(() => encodeNow(bytes, widths));
}

async function encodeNow(bytes: Buffer, widths: readonly number[]): Promise<EncodeOutcome> {
  const recognised = await recognise(bytes);
  if (!recognised.ok) return recognised;
  const { width, height } = recognised;
  const chosen = [...new Set(widths.map((w) => Math.min(w, width)))].sort((a, b) => a - b);
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(bytes, DECODE)
      .autoOrient()
      .resize({ width: chosen[chosen.length - 1]! })
      .flatten({ background: BACKGROUND })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const tooLarge = error instanceof Error && /pixel limit/i.test(error.message);
    return {
      ok: false,
      code: tooLarge ? PHOTO_REFUSALS.imageTooLarge : PHOTO_REFUSALS.damagedImage,
    };
  }
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
  const files = await Promise.all(
    chosen.flatMap((w) =>
      FORMATS.map(async ({ type, extension, encode }) => {
        const { data, info } = await encode(
          sharp(base.data, { raw }).resize({ width: w }),
        ).toBuffer({ resolveWithObject: true });
        return {
          name: contentName(data, extension),
          type,
          width: info.width,
          height: info.height,
          bytes: data,
        };
      }),
    ),
  );
  return { ok: true, photo: { width, height, files } };
}
