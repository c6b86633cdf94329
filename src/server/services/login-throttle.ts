import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { nowIso } from './tokens.ts';

/** 5 failed logins in a row from one address lock that address out of that e-mail. */
export const MAX_FAILED_LOGINS = 5;
/** The first lock lasts 5 minutes, each next one twice as long, at most a day. */
export const FIRST_LOCK_MS = 5 * 60 * 1000;
export const MAX_LOCK_MS = 24 * 60 * 60 * 1000;
/** Rows untouched for this long are forgotten (housekeeping). */
const FORGET_AFTER_MS = 2 * MAX_LOCK_MS;

export type AttemptAdmission =
  { allowed: true; attempt: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Failed logins, counted per (e-mail, client address) in the database, so
 * that every instance behind it shares them.
 *
 * - An attempt is counted before its password is checked, in one statement
 *   that returns its number: of N attempts fired together, those numbered
 *   past the limit are refused unchecked, so at most 5 passwords are ever
 *   verified, and the right one arriving among them after the limit is
 *   refused too.
 * - A lock binds only the address that earned it: failures from elsewhere
 *   never keep the account holder out. Locks double (5, 10, 20 … minutes,
 *   at most a day) until a success.
 * - An e-mail with no account is counted exactly like one with an account:
 *   same answers, same writes, so failures do not tell which accounts exist.
 */
export class LoginThrottle {
  readonly #db: Kysely<Database>;
  readonly #now: () => number;

  constructor(db: Kysely<Database>, now: () => number = Date.now) {
    this.#db = db;
    this.#now = now;
  }

  /** Counts an attempt; refused when the pair is locked or already past the limit. */
  async admit(email: string, address: string): Promise<AttemptAdmission> {
    const key = throttleKey(email, address);
    const now = this.#now();
    const current = nowIso(now);
    const row = await this.#db
      .insertInto('login_throttle')
      .values({ key, failures: 1, locked_until: null, locks: 0, updated_at: current })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          // While locked nothing is counted; once a lock has ended, counting starts again.
          failures: sql<number>`case
            when login_throttle.locked_until > ${current} then login_throttle.failures
            when login_throttle.locked_until is not null then 1
            else login_throttle.failures + 1 end`,
          locked_until: sql<
            string | null
          >`case when login_throttle.locked_until > ${current} then login_throttle.locked_until else null end`,
          updated_at: current,
        }),
      )
      .returning(['failures', 'locked_until'])
      .executeTakeFirstOrThrow();
    if (row.locked_until && row.locked_until > current) {
      return { allowed: false, retryAfterSeconds: secondsUntil(row.locked_until, now) };
    }
    if (row.failures > MAX_FAILED_LOGINS) {
      // Past the limit before the attempt that reached it has locked the pair
      // (attempts in flight together, or a crash in between): lock it now.
      const lockedUntil = await this.#lock(key, now);
      return { allowed: false, retryAfterSeconds: secondsUntil(lockedUntil, now) };
    }
    return { allowed: true, attempt: row.failures };
  }

  /** A wrong password: the attempt that reaches the limit locks the pair. */
  async failed(email: string, address: string, attempt: number): Promise<void> {
    if (attempt >= MAX_FAILED_LOGINS) await this.#lock(throttleKey(email, address), this.#now());
  }

  /** The right password: the pair starts afresh, lock periods too. */
  async succeeded(email: string, address: string): Promise<void> {
    await this.#db
      .deleteFrom('login_throttle')
      .where('key', '=', throttleKey(email, address))
      .execute();
  }

  /** Sets the next lock unless one is already running; returns when the lock ends. */
  async #lock(key: string, now: number): Promise<string> {
    const current = nowIso(now);
    const row = await this.#db
      .selectFrom('login_throttle')
      .select(['locks', 'locked_until'])
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (row.locked_until && row.locked_until > current) return row.locked_until;
    const lockedUntil = nowIso(now + Math.min(FIRST_LOCK_MS * 2 ** row.locks, MAX_LOCK_MS));
    const set = await this.#db
      .updateTable('login_throttle')
      .set({ locked_until: lockedUntil, locks: row.locks + 1, failures: 0, updated_at: current })
      .where('key', '=', key)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', current)]))
      .executeTakeFirst();
    if (Number(set.numUpdatedRows) === 1) return lockedUntil;
    // Another attempt set the lock first: report that one.
    const locked = await this.#db
      .selectFrom('login_throttle')
      .select('locked_until')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return locked.locked_until ?? lockedUntil;
  }

  /** Housekeeping: pairs untouched for two days and not locked. */
  async prune(): Promise<void> {
    const now = this.#now();
    await this.#db
      .deleteFrom('login_throttle')
      .where('updated_at', '<', nowIso(now - FORGET_AFTER_MS))
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso(now))]))
      .execute();
  }
}

/** E-mail and address are kept only as a hash: the table names nobody. */
export function throttleKey(email: string, address: string): string {
  return createHash('sha256').update(`${email}\n${address}`).digest('hex');
}

function secondsUntil(iso: string, now: number): number {
  return Math.max(1, Math.ceil((Date.parse(iso) - now) / 1000));
}
