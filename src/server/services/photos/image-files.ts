import type { Kysely } from 'kysely';
import type { Database, ImageFilesTable } from '../../db/database.ts';
import { CONTENT_VERSION_MAX_AGE_MS } from '../content-version.ts';

export interface ImageFile {
  type: ImageFilesTable['type'];
  bytes: Buffer;
}

/** Bytes kept in memory at most; past it, the files asked for least recently go first. */
const MEMORY_BYTES = 64 * 1024 * 1024;

/** What a file's name may be: content-hashed, as encode.ts names them. */
export const IMAGE_FILE_NAME = /^[0-9a-f]{24}\.(?:avif|webp|jpg)$/;

/**
 * The encoded photos, served by name. A name is the hash of its bytes, so a
 * file once read never changes: it is kept in memory (bounded), and every
 * instance reads the same rows. A name unknown to the database is never
 * kept, so a file stored a moment later by another instance is found at its
 * next request.
 *
 * A deleted photo's files must not outlive it in memory (docs/security.md
 * item 51): every deletion is a content change (photos.ts, through
 * `ContentChanges`), so whenever the content version moves, the names kept
 * are checked against the database in one query and the gone ones dropped.
 * The version is asked at most every CONTENT_VERSION_MAX_AGE_MS, as the
 * version itself is: a deletion on any instance answers 404 everywhere
 * within about twice that.
 */
export class ImageFiles {
  readonly #db: Kysely<Database>;
  readonly #version: () => Promise<number | undefined>;
  readonly #now: () => number;
  readonly #kept = new Map<string, ImageFile>();
  #keptBytes = 0;
  /** The content version the names kept were last checked at, and when it was asked. */
  #checkedVersion: number | undefined;
  #checkedAt = -Infinity;
  #checking: Promise<void> | undefined;
  readonly #onCheckFailed: (error: unknown) => void;

  constructor(options: {
    db: Kysely<Database>;
    /** The content version (services/content-version.ts `ContentVersion.current`). */
    contentVersion: () => Promise<number | undefined>;
    now?: () => number;
    /** Told when the names kept could not be checked (the app logs it). */
    onCheckFailed?: (error: unknown) => void;
  }) {
    this.#db = options.db;
    this.#version = options.contentVersion;
    this.#now = options.now ?? (() => performance.now());
    this.#onCheckFailed = options.onCheckFailed ?? (() => undefined);
  }

  /**
   * A file already in memory, without a promise: what almost every request
   * finds, while the version was asked less than CONTENT_VERSION_MAX_AGE_MS ago.
   */
  kept(name: string): ImageFile | undefined {
    if (this.#now() - this.#checkedAt >= CONTENT_VERSION_MAX_AGE_MS) return undefined;
    return this.#touch(name);
  }

  async get(name: string): Promise<ImageFile | undefined> {
    await this.#check();
    const kept = this.#touch(name);
    if (kept) return kept;
    if (!IMAGE_FILE_NAME.test(name)) return undefined;
    const checked = this.#checkedVersion;
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
    // Read before a version the names were checked at since: it may be a deleted file.
    if (this.#checkedVersion === checked) this.#keep(name, file);
    return file;
  }

  /** Asks the version, when last asked too long ago; a new one drops the names no row has. */
  #check(): Promise<void> {
    if (this.#now() - this.#checkedAt < CONTENT_VERSION_MAX_AGE_MS) return Promise.resolve();
    this.#checking ??= this.#recheck()
      .catch((error: unknown) => {
        // Not counted as checked: the next request tries again. Meanwhile what is kept is
        // served, as when the version cannot be read; a deletion is seen once the database is.
        this.#onCheckFailed(error);
      })
      .finally(() => {
        this.#checking = undefined;
      });
    return this.#checking;
  }

  async #recheck(): Promise<void> {
    const askedAt = this.#now();
    const version = await this.#version();
    // No version known (the database unreadable): keep serving what is kept.
    if (version !== undefined && version !== this.#checkedVersion) {
      // Should the database fail here, #check logs it, and the next request checks again.
      const names = [...this.#kept.keys()];
      const present = new Set<string>();
      for (let from = 0; from < names.length; from += NAMES_PER_QUERY) {
        const rows = await this.#db
          .selectFrom('image_files')
          .select('name')
          .where('name', 'in', names.slice(from, from + NAMES_PER_QUERY))
          .execute();
        for (const row of rows) present.add(row.name);
      }
      for (const name of names) {
        const file = this.#kept.get(name);
        if (!file || present.has(name)) continue;
        this.#kept.delete(name);
        this.#keptBytes -= file.bytes.byteLength;
      }
      this.#checkedVersion = version;
    }
    this.#checkedAt = askedAt;
  }

  /** The file kept under `name`, now the most recently used (Map keeps insertion order). */
  #touch(name: string): ImageFile | undefined {
    const kept = this.#kept.get(name);
    if (kept) {
      this.#kept.delete(name);
      this.#kept.set(name, kept);
    }
    return kept;
  }

  #keep(name: string, file: ImageFile): void {
    // Two requests for one name may both have read it: counted once.
    if (file.bytes.byteLength > MEMORY_BYTES || this.#kept.has(name)) return;
    this.#kept.set(name, file);
    this.#keptBytes += file.bytes.byteLength;
    for (const [oldest, old] of this.#kept) {
      if (this.#keptBytes <= MEMORY_BYTES) break;
      this.#kept.delete(oldest);
      this.#keptBytes -= old.bytes.byteLength;
    }
  }
}

/** Names asked in one query when checking those kept (well under both databases' parameter limits). */
const NAMES_PER_QUERY = 500;

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
