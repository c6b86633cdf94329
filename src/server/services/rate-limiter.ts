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

/**
 * Fixed-window counters kept in the database, so every instance behind one
 * database shares them. One statement per hit: insert, or count up
 * within the window, or start a new window once it has ended.
 */
export class RateLimiter {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = Date.now();
    const current = nowIso(now);
    const windowEnd = nowIso(now + windowMs);
    const row = await this.#db
      .insertInto('rate_limits')
      .values({ key, count: 1, window_ends_at: windowEnd })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          count: sql<number>`case when rate_limits.window_ends_at <= ${current} then 1 else rate_limits.count + 1 end`,
          window_ends_at: sql<string>`case when rate_limits.window_ends_at <= ${current} then ${windowEnd} else rate_limits.window_ends_at end`,
        }),
      )
      .returning(['count', 'window_ends_at'])
      .executeTakeFirstOrThrow();
    return {
      allowed: row.count <= limit,
      retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(row.window_ends_at) - now) / 1000)),
      count: row.count,
    };
  }

  /** Drops windows that have ended (housekeeping). */
  async prune(): Promise<void> {
    await this.#db.deleteFrom('rate_limits').where('window_ends_at', '<', nowIso()).execute();
  }
}
