import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { nowIso } from './tokens.ts';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window ends, for Retry-After. */
  retryAfterSeconds: number;
  /** Hits in the current window, this one included. */
  count: number;
}

/** A hit waiting for its batch's commit (`RateLimiter.hit`). */
interface PendingHit {
  key: string;
  limit: number;
  windowMs: number;
  /** The clock when the hit came, which its window is judged by. */
  now: number;
  resolve: (result: RateLimitResult) => void;
  reject: (error: unknown) => void;
}

/** PostgreSQL's "deadlock detected": the victim's transaction can simply run again. */
const DEADLOCK_DETECTED = '40P01';

/**
 * Fixed-window counters kept in the database, so every instance behind one
 * database shares them. One statement per hit: insert, or count up
 * within the window, or start a new window once it has ended.
 *
 * The hits that arrive together are committed together: each is counted by
 * its own statement, but one transaction holds all the hits that came while
 * the previous one was being written (group commit). A commit is acknowledged
 * only once on disk (dialect.ts: synchronous=FULL, PostgreSQL's fsync): a
 * burst of 200 guests' bookings is 600 hits (address, e-mail, phone), which
 * one at a time were 600 flushes to disk, the largest part of the burst
 * (docs/performance.md, "200-request bursts"). Each hit still waits for the
 * commit that holds it, and is counted exactly as alone: the statement does
 * the counting, in the database.
 */
export class RateLimiter {
  readonly #db: Kysely<Database>;
  /** The hits for the next batch, gathered while one is being written. */
  #pending: PendingHit[] = [];
  #writing = false;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ key, limit, windowMs, now: Date.now(), resolve, reject });
      // Started after this turn of the event loop, so that the hits of the
      // requests read in it are written in one batch.
      if (!this.#writing) {
        this.#writing = true;
        setImmediate(() => void this.#writeBatches());
      }
    });
  }

  /** Writes batches until no hit waits: a batch's hits are answered once it is committed. */
  async #writeBatches(): Promise<void> {
    while (this.#pending.length > 0) {
      // In key order: two instances' batches take the rows' locks in the same
      // order (PostgreSQL), so they wait for each other rather than deadlock.
      const batch = this.#pending.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      this.#pending = [];
      try {
        const results = await this.#write(batch).catch((error: unknown) => {
          if ((error as { code?: unknown }).code !== DEADLOCK_DETECTED) throw error;
          return this.#write(batch);
        });
        batch.forEach((hit, index) => hit.resolve(results[index]!));
      } catch (error) {
        for (const hit of batch) hit.reject(error);
      }
    }
    this.#writing = false;
  }

  async #write(batch: readonly PendingHit[]): Promise<RateLimitResult[]> {
    const count = (db: Kysely<Database>) => async () => {
      const results: RateLimitResult[] = [];
      for (const hit of batch) results.push(await countHit(db, hit));
      return results;
    };
    // One hit alone needs no transaction of its own: its statement commits itself.
    return batch.length === 1
      ? count(this.#db)()
      : this.#db.transaction().execute((trx) => count(trx)());
  }

  /** Drops windows that have ended (housekeeping). */
  async prune(): Promise<void> {
    await this.#db.deleteFrom('rate_limits').where('window_ends_at', '<', nowIso()).execute();
  }
}

/** Counts one hit: insert, count up within the window, or start a new window. */
async function countHit(db: Kysely<Database>, hit: PendingHit): Promise<RateLimitResult> {
  const current = nowIso(hit.now);
  const windowEnd = nowIso(hit.now + hit.windowMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ key: hit.key, count: 1, window_ends_at: windowEnd })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_ends_at <= ${current} then 1 else rate_limits.count + 1 end`,
        window_ends_at: sql<string>`case when rate_limits.window_ends_at <= ${current} then ${windowEnd} else rate_limits.window_ends_at end`,
      }),
    )
    .returning(['count', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return {
    allowed: row.count <= hit.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(row.window_ends_at) - hit.now) / 1000)),
    count: row.count,
  };
}
