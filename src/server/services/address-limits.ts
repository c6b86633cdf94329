import { createHash } from 'node:crypto';
import type { MemoryLimiter } from './memory-limiter.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { RATE_LIMITED } from '../../shared/schemas/errors.ts';
import { limitedEmail, limitedPhone } from '../../shared/schemas/guest.ts';

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

/** An e-mail or phone is counted by its digest: no limit's key holds a guest's address. */
export const contactDigest = (text: string) => createHash('sha256').update(text).digest('hex');

/** The three budgets a guest's request from the site is counted against (docs/security.md item 41). */
export interface GuestLimits {
  address: AddressLimit;
  email: AddressLimit;
  phone: AddressLimit;
}

/**
 * What stands between a guest's form (a booking, a takeaway order) and its
 * effect: the address's flood limit first (in memory, then in the
 * database), then the honeypot (`'robot'`: the caller answers as if it was
 * received and stores nothing), then the limits of the e-mail and the phone
 * (a "+tag" or a spelling of the number is the same guest). Null: go ahead.
 */
export async function screenGuest(
  counters: LimitCounters,
  limits: GuestLimits,
  clientKey: string,
  guest: { email: string; phone: string; website?: string | undefined },
): Promise<RateLimited | 'robot' | null> {
  const byAddress = await hitLimit(counters, limits.address, clientKey);
  if (byAddress) return byAddress;
  if ((guest.website ?? '').trim() !== '') return 'robot';
  return (
    (await hitLimit(counters, limits.email, contactDigest(limitedEmail(guest.email)))) ??
    (await hitLimit(counters, limits.phone, contactDigest(limitedPhone(guest.phone))))
  );
}
