import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

/** How old the version an instance goes by may be: another instance's save shows within this. */
export const CONTENT_VERSION_MAX_AGE_MS = 250;

/** Counts a change of what public pages show, inside the caller's transaction. */
export async function bumpContentVersion(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('content_version')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

const readContentVersion = async (db: Kysely<Database>) =>
  (
    await db
      .selectFrom('content_version')
      .select('version')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
  ).version;

/**
 * The content version as the database has it, for the page cache
 * (docs/decisions/002): one primary-key read, shared by every request that
 * asks while it runs, and reused for CONTENT_VERSION_MAX_AGE_MS, so a busy
 * instance reads it a few times a second at most, and an idle one not at all.
 * A change made by this instance is seen by its next request (`expire()`).
 */
export class ContentVersion {
  readonly #db: Kysely<Database>;
  readonly #maxAgeMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #readVersion: (db: Kysely<Database>) => Promise<number>;
  #known: number | undefined;
  #readAt = -Infinity;
  #reading: Promise<number | undefined> | undefined;
  /** Goes up with each `expire()`: a read that began before it must not be taken as current. */
  #epoch = 0;

  constructor(options: {
    db: Kysely<Database>;
    maxAgeMs?: number;
    onError?: (error: unknown) => void;
    /**
     * Which counter to follow: the content's by default; the bookings' for the
     * reservations' availability (services/reservations), kept the same way.
     */
    read?: (db: Kysely<Database>) => Promise<number>;
  }) {
    this.#db = options.db;
    this.#readVersion = options.read ?? readContentVersion;
    this.#maxAgeMs = options.maxAgeMs ?? CONTENT_VERSION_MAX_AGE_MS;
    this.#onError = options.onError ?? (() => {});
  }

  /**
   * The current version, read at most `maxAgeMs` ago and after the last
   * `expire()`. When the database cannot be read, the last version known
   * (undefined if none): cached pages keep being served through an outage.
   */
  current(): Promise<number | undefined> {
    if (performance.now() - this.#readAt < this.#maxAgeMs) return Promise.resolve(this.#known);
    if (this.#reading) return this.#reading;
    const reading = this.#read().finally(() => {
      if (this.#reading === reading) this.#reading = undefined;
    });
    this.#reading = reading;
    return reading;
  }

  /**
   * The version `current()` would give now without reading the database, or
   * undefined when it would read first (or knows none): what a synchronous
   * caller, the answers sent before Fastify (front-answers.ts), may use.
   */
  currentIfFresh(): number | undefined {
    return performance.now() - this.#readAt < this.#maxAgeMs ? this.#known : undefined;
  }

  /** This instance changed the content: the next `current()` reads the database again. */
  expire(): void {
    this.#epoch += 1;
    this.#readAt = -Infinity;
    this.#reading = undefined;
  }

  async #read(): Promise<number | undefined> {
    const epoch = this.#epoch;
    // Timed from the start: the value read may be as old as the moment the query left.
    const startedAt = performance.now();
    try {
      const version = await this.#readVersion(this.#db);
      if (epoch !== this.#epoch) return version; // superseded by a newer read
      this.#known = version;
      this.#readAt = startedAt;
      return version;
    } catch (error) {
      this.#onError(error);
      return this.#known;
    }
  }
}

/**
 * The one way to change what public pages show. `change(work)` runs `work`
 * in a transaction that also counts a new content version, so the change
 * and the version commit together (docs/decisions/002); once committed, this
 * instance's next request reads the new version, and the others see it
 * within CONTENT_VERSION_MAX_AGE_MS. Every cache of public content is keyed
 * by that version, so no service has anything else to remember.
 */
export class ContentChanges {
  readonly #db: Kysely<Database>;
  readonly #version: ContentVersion;

  constructor(db: Kysely<Database>, version: ContentVersion) {
    this.#db = db;
    this.#version = version;
  }

  async change<T>(
    work: (trx: Kysely<Database>) => Promise<T>,
    /** Whether `work` changed anything (a refusal did not): by default, yes. */
    changed: (result: T) => boolean = () => true,
  ): Promise<T> {
    let counted = false;
    const result = await this.#db.transaction().execute(async (trx) => {
      const value = await work(trx);
      counted = changed(value);
      if (counted) await bumpContentVersion(trx);
      return value;
    });
    if (counted) this.#version.expire();
    return result;
  }
}

/**
 * Values read from public content, kept while the content version stays the
 * same: how a cache of public content is keyed by the version, written once.
 * A value read for one version is replaced once another is current; a read
 * that fails is not kept; without a known version nothing is kept. (The page
 * cache follows the same version with `PageCache.sync`, since it also drops
 * pages whose rendering began before a change.)
 */
export class ContentMemo<K, V> {
  readonly #entries = new Map<K, { version: number; value: Promise<V> }>();
  readonly #version: () => Promise<number | undefined>;

  constructor(version: () => Promise<number | undefined>) {
    this.#version = version;
  }

  async get(key: K, read: () => Promise<V>): Promise<V> {
    const version = await this.#version();
    if (version === undefined) return read();
    const kept = this.#entries.get(key);
    if (kept?.version === version) return kept.value;
    const value = read();
    this.#entries.set(key, { version, value });
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }
}
