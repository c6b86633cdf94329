import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../../db/database.ts';
import { FIXED_PHOTO_SLOTS } from '../../../shared/photo-slots.ts';
import {
  acknowledged,
  send,
  unique,
  type Attempt,
  type Findings,
  type Target,
  type WriteKind,
} from '../durability-writes.ts';

interface Upload {
  slot: string;
  /** Its place among the uploads to its slot, which the stream sends one at a time. */
  turn: number;
  width: number;
  height: number;
}

interface Picture {
  bytes: Buffer;
  width: number;
  height: number;
}

/** A few small PNGs of different sizes and colours: the size tells which was stored. */
export async function smallPictures(count = 8): Promise<Picture[]> {
  const pictures: Picture[] = [];
  for (let i = 0; i < count; i += 1) {
    const width = 48 + 8 * i;
    const height = 32 + 4 * i;
    const bytes = await sharp({
      create: { width, height, channels: 3, background: { r: 30 * i, g: 120, b: 255 - 30 * i } },
    })
      .png()
      .toBuffer();
    pictures.push({ bytes, width, height });
  }
  return pictures;
}

const FILE_TYPES = ['image/avif', 'image/webp', 'image/jpeg'];

/**
 * Photo uploads (`PUT /api/photos/:slot`, staff), each alt text its token.
 * An upload replaces its slot's: uploads to one slot go one at a time, so
 * that after a kill the slot shows its last acknowledged upload or the one
 * the kill cut off, never an older one. A photo row is never without its
 * files in every type, and no file is left without its photo.
 */
export class PhotoUploads implements WriteKind {
  readonly name = 'photos';
  readonly label = 'photo uploads';
  readonly weight: number;
  readonly attempts: Attempt<Upload>[] = [];
  readonly refusalCodes = [];
  readonly #pictures: readonly Picture[];
  readonly #inFlight = new Set<string>();

  constructor(weight: number, pictures: readonly Picture[]) {
    this.weight = weight;
    this.#pictures = pictures;
  }

  ready(): boolean {
    return this.#inFlight.size < FIXED_PHOTO_SLOTS.length;
  }

  async send(target: Target): Promise<Attempt> {
    const free = FIXED_PHOTO_SLOTS.filter((slot) => !this.#inFlight.has(slot));
    const slot = free[Math.floor(target.random() * free.length)]!;
    const picture = this.#pictures[Math.floor(target.random() * this.#pictures.length)]!;
    const key = `dur-c${target.cycle}-f${this.attempts.length}-${unique(target.random)}`;
    const turn = this.attempts.filter((attempt) => attempt.detail.slot === slot).length;
    const attempt: Attempt<Upload> = {
      cycle: target.cycle,
      key,
      detail: { slot, turn, width: picture.width, height: picture.height },
    };
    this.attempts.push(attempt);
    this.#inFlight.add(slot);
    try {
      await send(attempt, `${target.url}/api/photos/${slot}?alt=${encodeURIComponent(key)}`, {
        method: 'PUT',
        headers: { 'content-type': 'image/png', authorization: `Bearer ${target.token}` },
        body: new Blob([new Uint8Array(picture.bytes)]),
      });
    } finally {
      this.#inFlight.delete(slot);
    }
    return attempt;
  }

  async verify(db: Kysely<Database>, _cycle: number, findings: Findings) {
    const photos = await db
      .selectFrom('photos')
      .select(['slot', 'alt', 'width', 'height'])
      .execute();
    const files = await db.selectFrom('image_files').select(['owner', 'type', 'width']).execute();
    for (const slot of FIXED_PHOTO_SLOTS) {
      const uploads = this.attempts.filter((attempt) => attempt.detail.slot === slot);
      const lastAcknowledged = uploads.filter(acknowledged).at(-1);
      const row = photos.find((photo) => photo.slot === slot);
      const shown = uploads.find((attempt) => attempt.key === row?.alt);
      if (lastAcknowledged && (!shown || shown.detail.turn < lastAcknowledged.detail.turn)) {
        findings.note(
          findings.lost,
          lastAcknowledged.key,
          `acknowledged upload ${lastAcknowledged.key} (cycle ${lastAcknowledged.cycle}) to ${slot} is not shown: the slot has ${row ? `"${row.alt}"` : 'no upload'}`,
        );
      }
      if (row && !shown)
        findings.note(findings.lost, row.alt, `a photo nobody uploaded in ${slot}: "${row.alt}"`);
      if (
        row &&
        shown &&
        (row.width !== shown.detail.width || row.height !== shown.detail.height)
      ) {
        findings.note(
          findings.half,
          shown.key,
          `upload ${shown.key} to ${slot} is stored ${row.width}×${row.height}, sent ${shown.detail.width}×${shown.detail.height}`,
        );
      }
      const own = files.filter((file) => file.owner === slot);
      const types = new Set<string>(own.map((file) => file.type));
      const whole =
        row === undefined
          ? own.length === 0
          : FILE_TYPES.every((type) => types.has(type)) &&
            own.every((file) => file.width <= row.width) &&
            FILE_TYPES.every(
              (type) =>
                own.filter((file) => file.type === type).length === own.length / FILE_TYPES.length,
            );
      if (!whole) {
        findings.note(
          findings.half,
          `${slot} ${row?.alt}`,
          `${slot} holds ${row ? `the upload "${row.alt}" (${row.width} wide)` : 'no upload'} with files ${own.map((file) => `${file.type} ${file.width}`).join(', ') || 'none'}`,
        );
      }
    }
  }
}
