import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { lockedRows, type SqlDialect } from '../db/dialect.ts';
import { enqueueMail } from './outbox.ts';
import { passwordChangedMail, passwordResetMail } from './mail-templates.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { Sessions, StaffMember } from './sessions.ts';
import { hashToken, newToken, nowIso } from './tokens.ts';

/** 5 consecutive failures lock the account for 5 minutes. */
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MS = 5 * 60 * 1000;
/** A reset link works for one hour, once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** At most 5 reset e-mails per hour per account. */
const RESETS_PER_ACCOUNT_PER_HOUR = 5;

export type LoginResult =
  | { ok: true; member: StaffMember; token: string }
  | { ok: false; reason: 'invalid_credentials' }
  | { ok: false; reason: 'account_locked'; retryAfterSeconds: number };

export type ResetResult =
  | { ok: true }
  | { ok: false; reason: 'invalid_token' }
  | { ok: false; reason: 'common_password'; message: string };

/** Login, password recovery and reset; expected failures are values. */
export class AuthService {
  readonly #db: Kysely<Database>;
  readonly #dialect: SqlDialect;
  readonly #sessions: Sessions;
  readonly #limiter: RateLimiter;
  readonly #onMail: () => void;

  constructor(options: {
    db: Kysely<Database>;
    /** Which database `db` is (db/dialect.ts). */
    dialect: SqlDialect;
    sessions: Sessions;
    limiter: RateLimiter;
    /** Called after a mail is queued, so the outbox sends it now. */
    onMail: () => void;
  }) {
    this.#db = options.db;
    this.#dialect = options.dialect;
    this.#sessions = options.sessions;
    this.#limiter = options.limiter;
    this.#onMail = options.onMail;
  }

  async login(email: string, password: string): Promise<LoginResult> {
    const user = await this.#db
      .selectFrom('staff_users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
    if (!user) {
      await verifyAgainstDummy(password); // same work, same time as a wrong password
      return { ok: false, reason: 'invalid_credentials' };
    }
    const now = Date.now();
    if (user.locked_until && Date.parse(user.locked_until) > now) {
      return {
        ok: false,
        reason: 'account_locked',
        retryAfterSeconds: Math.ceil((Date.parse(user.locked_until) - now) / 1000),
      };
    }
    if (!(await verifyPassword(user.password_hash, password))) {
      // Counted by the database in one statement, not read-then-written here:
      // concurrent failures, on this instance or another, each count
      // (lockouts are shared through the database).
      const reachesLimit = sql<boolean>`failed_logins + 1 >= ${MAX_FAILED_LOGINS}`;
      await this.#db
        .updateTable('staff_users')
        .set({
          failed_logins: sql<number>`case when ${reachesLimit} then 0 else failed_logins + 1 end`,
          locked_until: sql<
            string | null
          >`case when ${reachesLimit} then ${nowIso(now + LOCKOUT_MS)} else locked_until end`,
        })
        .where('id', '=', user.id)
        .execute();
      return { ok: false, reason: 'invalid_credentials' };
    }
    await this.#db
      .updateTable('staff_users')
      .set({ failed_logins: 0, locked_until: null })
      .where('id', '=', user.id)
      .execute();
    return {
      ok: true,
      token: await this.#sessions.create(user.id),
      member: {
        id: user.id,
        email: user.email,
        username: user.username,
        firstName: user.first_name,
        lastName: user.last_name,
        role: user.role,
      },
    };
  }

  /**
   * Sends a reset link if the account exists and has not asked too often.
   * The caller answers before this finishes, identically for every e-mail, so
   * the answer does not tell which accounts exist. A new request invalidates
   * older links.
   */
  async requestReset(email: string, resetPageUrl: string): Promise<void> {
    const user = await this.#db
      .selectFrom('staff_users')
      .select(['id', 'email', 'first_name'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (!user) return;
    const limit = await this.#limiter.hit(
      `reset-mail:${user.id}`,
      RESETS_PER_ACCOUNT_PER_HOUR,
      60 * 60 * 1000,
    );
    if (!limit.allowed) return;
    const { token, hash } = newToken();
    const now = Date.now();
    await this.#db.transaction().execute(async (trx) => {
      // Two requests at once (two instances) take turns, so the later one
      // also invalidates the link the earlier one just made.
      await lockedRows(
        trx.selectFrom('staff_users').select('id').where('id', '=', user.id),
        this.#dialect,
      ).execute();
      await trx
        .updateTable('password_resets')
        .set({ used_at: nowIso(now) })
        .where('user_id', '=', user.id)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('password_resets')
        .values({
          user_id: user.id,
          token_hash: hash,
          created_at: nowIso(now),
          expires_at: nowIso(now + RESET_TOKEN_TTL_MS),
        })
        .execute();
      const link = `${resetPageUrl}?token=${encodeURIComponent(token)}`;
      await enqueueMail(trx, passwordResetMail(user.email, user.first_name, link));
    });
    this.#onMail();
  }

  /** Sets a new password with a reset token: single use, revokes every session, tells the owner. */
  async resetPassword(token: string, password: string): Promise<ResetResult> {
    if (isCommonPassword(password)) {
      return { ok: false, reason: 'common_password', message: COMMON_PASSWORD_MESSAGE };
    }
    const passwordHash = await hashPassword(password);
    const now = nowIso();
    const done = await this.#db.transaction().execute(async (trx) => {
      const reset = await trx
        .selectFrom('password_resets')
        .innerJoin('staff_users', 'staff_users.id', 'password_resets.user_id')
        .select([
          'password_resets.id',
          'staff_users.id as userId',
          'staff_users.email',
          'staff_users.first_name',
        ])
        .where('password_resets.token_hash', '=', hashToken(token))
        .where('password_resets.used_at', 'is', null)
        .where('password_resets.expires_at', '>', now)
        .executeTakeFirst();
      if (!reset) return false;
      // Conditional, so that two concurrent uses of one token cannot both succeed.
      const claimed = await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('id', '=', reset.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable('staff_users')
        .set({
          password_hash: passwordHash,
          password_changed_at: now,
          failed_logins: 0,
          locked_until: null,
        })
        .where('id', '=', reset.userId)
        .execute();
      await this.#sessions.revokeAll(trx, reset.userId);
      await enqueueMail(trx, passwordChangedMail(reset.email, reset.first_name));
      return true;
    });
    if (!done) return { ok: false, reason: 'invalid_token' };
    this.#onMail();
    return { ok: true };
  }
}
