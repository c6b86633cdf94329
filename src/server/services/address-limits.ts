import type { MemoryLimiter } from './memory-limiter.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { RATE_LIMITED } from '../../shared/schemas/errors.ts';

export interface AddressLimit {
  /** Names the budget: each name is counted on its own. */
  name: string;
  limit: number;
  windowMs: number;
  /** The refusal's description (429 `rate-limited`). */
  description: string;
}

/** The two counters a limit is counted on (the app's `floodGuard` and `limiter`). */
export interface LimitCounters {
  floodGuard: MemoryLimiter;
  limiter: RateLimiter;
}

/** Over a limit: try again in `retryAfterSeconds`; `description` is the limit's. */
export interface RateLimited {
  ok: false;
  code: typeof RATE_LIMITED;
  retryAfterSeconds: number;
  description: string;
}

/**
 * Counts one hit of `rule` for `subject` (a client address, or a digest of
 * an e-mail or phone): first in this process's memory, so that a flood is
 * refused before it touches the database, then in the database, so that the
 * budget holds across instances. The refusal when over the limit, else null.
 */
export async function hitLimit(
  counters: LimitCounters,
  rule: AddressLimit,
  subject: string,
): Promise<RateLimited | null> {
  const key = `${rule.name}:${subject}`;
  const inMemory = counters.floodGuard.hit(key, rule.limit, rule.windowMs);
  const limit = inMemory.allowed
    ? await counters.limiter.hit(key, rule.limit, rule.windowMs)
    : inMemory;
  return limit.allowed
    ? null
    : {
        ok: false,
        code: RATE_LIMITED,
        retryAfterSeconds: limit.retryAfterSeconds,
        description: rule.description,
      };
}
