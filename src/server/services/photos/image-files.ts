import type { Kysely } from 'kysely';
import type { Database, ImageFilesTable } from '../../db/database.ts';

export interface ImageFile {
  type: ImageFilesTable['type'];
  bytes: Buffer;
}

/** Bytes kept in memory at most; past it, the files asked for least recently go first. */
const MEMORY_BYTES = 64 * 1024 * 1024;

/** What a file's name may be: content-hashed, as encode.ts names them. */
export const IMAGE_FILE_NAME = /^[0-9a-f]{24}\.(?:avif|webp|jpg)$/;

/**
 * The encoded photos, served by name. A name is the hash
 * of its bytes, so a file once read never changes: it is kept in memory
 * (bounded), and every instance reads the same rows. A name unknown to the
 * database is never kept, so a file stored a moment later by another
 * instance is found at its next request.
 */
export class ImageFiles {
  readonly #db: Kysely<Database>;
  readonly #kept = new Map<string, ImageFile>();
  #keptBytes = 0;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** A file already in memory, without a promise: what almost every request finds. */
  kept(name: string): ImageFile | undefined {
    const kept = this.#kept.get(name);
    if (kept) {
      // Most recently used last: Map keeps insertion order.
      this.#kept.delete(name);
      this.#kept.set(name, kept);
    }
    return kept;
  }

  async get(name: string): Promise<ImageFile | undefined> {
    const kept = this.kept(name);
    if (kept) return kept;
    if (!IMAGE_FILE_NAME.test(name)) return undefined;
    const row = await this.#db
      .selectFrom('image_files')
      .select(['type', 'bytes'])
      .where('name', '=', name)
      .limit(1)
      .executeTakeFirst();
    if (!row) return undefined;
    // node:sqlite answers a Uint8Array, pg a Buffer: one shape, no copy.
    const bytes = Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
    const file = { type: row.type, bytes };
    this.#keep(name, file);
    return file;
  }

  #keep(name: string, file: ImageFile): void {
    if (file.bytes.byteLength > MEMORY_BYTES) return;
    this.#kept.set(name, file);
    this.#keptBytes += file.bytes.byteLength;
    for (const [oldest, old] of this.#kept) {
      if (this.#keptBytes <= MEMORY_BYTES) break;
      this.#kept.delete(oldest);
      this.#keptBytes -= old.bytes.byteLength;
    }
  }
}

/** A slot's files replace whatever it had, in the caller's transaction. */
export async function replaceImageFiles(
  trx: Kysely<Database>,
  owner: string,
  files: readonly Omit<ImageFilesTable, 'owner'>[],
): Promise<void> {
  await trx.deleteFrom('image_files').where('owner', '=', owner).execute();
  if (files.length === 0) return;
  await trx
    .insertInto('image_files')
    .values(files.map((file) => ({ ...file, owner })))
    .execute();
}
