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
  /**
   * The clock when the hit came: its Retry-After counts from it; its window
   * is judged at its round's latest hit (`countRound`).
   */
  now: number;
  resolve: (result: RateLimitResult) => void;
  reject: (error: unknown) => void;
}

/** PostgreSQL's "deadlock detected": the victim's transaction can simply run again. */
const DEADLOCK_DETECTED = '40P01';

/**
 * Fixed-window counters kept in the database, so every instance behind one
 * database shares them. The statement does the counting: insert, or count
 * up within the window, or start a new window once it has ended.
 *
 * The hits that arrive together are committed together: all the hits that
 * came while the previous batch was being written, in one statement when
 * their keys differ (`inRounds`), else in one transaction (group commit). A
 * commit is acknowledged only once on disk (dialect.ts: synchronous=FULL,
 * PostgreSQL's fsync): a burst of 200 guests' bookings is 600 hits
 * (address, e-mail, phone), which one at a time were 600 flushes to disk,
 * the largest part of the burst (docs/performance.md, "200-request
 * bursts"). Each hit still waits for the commit that holds it, and is
 * counted exactly as alone, a key hit twice in a batch twice.
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
    const rounds = inRounds(batch);
    const count = async (db: Kysely<Database>) => {
      const results = new Map<PendingHit, RateLimitResult>();
      for (const round of rounds) await countRound(db, round, results);
      return batch.map((hit) => results.get(hit)!);
    };
    // One statement needs no transaction of its own: it commits itself.
    return rounds.length === 1 ? count(this.#db) : this.#db.transaction().execute(count);
  }

  /** Drops windows that have ended (housekeeping). */
  async prune(): Promise<void> {
    await this.#db.deleteFrom('rate_limits').where('window_ends_at', '<', nowIso()).execute();
  }
}

/**
 * The batch's hits as rounds of distinct keys, each round one statement (a
 * statement may change a row once): the first hit of every key, then the
 * second of those hit twice, and so on. A burst's hits are mostly of keys
 * of their own (each guest's address, e-mail and phone): one round, one
 * statement, where one statement a hit was 600 round trips to PostgreSQL
 * in a burst of 200 bookings (docs/performance.md, "Refusals read what the
 * turn keeps"). In key order within a round, as the batch is.
 */
function inRounds(batch: readonly PendingHit[]): PendingHit[][] {
  const rounds: PendingHit[][] = [];
  const seen = new Map<string, number>();
  for (const hit of batch) {
    const round = seen.get(hit.key) ?? 0;
    seen.set(hit.key, round + 1);
    (rounds[round] ??= []).push(hit);
  }
  // A flood of addresses must not make a statement with more parameters
  // than the database takes (SQLite's default 32,766, PostgreSQL's 65,535;
  // three a hit).
  return rounds.flatMap((round) =>
    Array.from({ length: Math.ceil(round.length / MOST_HITS_A_STATEMENT) }, (_, index) =>
      round.slice(index * MOST_HITS_A_STATEMENT, (index + 1) * MOST_HITS_A_STATEMENT),
    ),
  );
}

/** The most hits counted by one statement. */
const MOST_HITS_A_STATEMENT = 1_000;

/**
 * Counts a round's hits, one per key, in one statement: each key inserted,
 * counted up within its window, or given a new window once it has ended.
 * A window is judged at the round's latest hit, the hits of a batch having
 * come within the same few milliseconds; each hit's Retry-After is its own.
 */
async function countRound(
  db: Kysely<Database>,
  round: readonly PendingHit[],
  results: Map<PendingHit, RateLimitResult>,
): Promise<void> {
  const current = nowIso(Math.max(...round.map((hit) => hit.now)));
  const rows = await db
    .insertInto('rate_limits')
    .values(
      round.map((hit) => ({
        key: hit.key,
        count: 1,
        window_ends_at: nowIso(hit.now + hit.windowMs),
      })),
    )
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_ends_at <= ${current} then 1 else rate_limits.count + 1 end`,
        window_ends_at: sql<string>`case when rate_limits.window_ends_at <= ${current} then excluded.window_ends_at else rate_limits.window_ends_at end`,
      }),
    )
    .returning(['key', 'count', 'window_ends_at'])
    .execute();
  const byKey = new Map(rows.map((row) => [row.key, row]));
  for (const hit of round) {
    const row = byKey.get(hit.key)!;
    results.set(hit, {
      allowed: row.count <= hit.limit,
      retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(row.window_ends_at) - hit.now) / 1000)),
      count: row.count,
    });
  }
}
