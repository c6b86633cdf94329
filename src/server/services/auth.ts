import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { lockedRows, type SqlDialect } from '../db/dialect.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { recordAudit } from './audit-log.ts';
import { loginAlertMail, passwordChangedMail, passwordResetMail } from '../mail/staff-mails.ts';
import { restaurantName } from './restaurant-facts.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { ownerEmails } from './staff-accounts.ts';
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

/** A reset link works for one hour, once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** At most 5 reset e-mails per hour per (account, client address). */
const RESETS_PER_ACCOUNT_AND_ADDRESS_PER_HOUR = 5;
/** A new reset link never cancels one younger than this: a stranger's request cannot void a fresh link. */
export const RESET_LINK_PROTECTED_MS = 10 * 60 * 1000;
/**
 * More failed logins than this on one e-mail, from all addresses together
 * within an hour, make the account holder and the owners hear of it (item 4):
 * a guessing campaign spread over many addresses, which no per-address lock
 * stops.
 */
export const LOGIN_ALERT_FAILURES_PER_HOUR = 50;

export type LoginResult =
  | { ok: true; member: StaffMember; token: string }
  | { ok: false; reason: 'invalid-credentials' }
  | { ok: false; reason: 'account-locked'; retryAfterSeconds: number };

/** Wrong current passwords allowed per account in 15 minutes: a stolen session cannot guess on. */
const PASSWORD_CHANGE_ATTEMPTS = 5;
const PASSWORD_CHANGE_WINDOW_MS = 15 * 60 * 1000;

export type ChangePasswordResult =
  | { ok: true }
  | { ok: false; reason: 'wrong-password' }
  | { ok: false; reason: 'common-password' }
  | { ok: false; reason: 'too-many-attempts'; retryAfterSeconds: number };

export type ResetResult =
  | { ok: true }
  | { ok: false; reason: 'invalid-token' }
  | { ok: false; reason: 'common-password'; message: string };

const emailDigest = (email: string) => createHash('sha256').update(email).digest('hex');

/** Login, password recovery and reset, one's own password; expected failures are values. */
export class AuthService {
  readonly #db: Kysely<Database>;
  readonly #dialect: SqlDialect;
  readonly #sessions: Sessions;
  readonly #limiter: RateLimiter;
  readonly #throttle: LoginThrottle;
  readonly #onMail: () => void;
  readonly #now: () => number;

  constructor(options: {
    db: Kysely<Database>;
    /** Which database `db` is (db/dialect.ts). */
    dialect: SqlDialect;
    sessions: Sessions;
    limiter: RateLimiter;
    throttle: LoginThrottle;
    /** Called after a mail is queued, so the outbox sends it now. */
    onMail: () => void;
    /** The current instant (ms) a reset link's life is counted on; tests move it. */
    now?: () => number;
  }) {
    this.#db = options.db;
    this.#dialect = options.dialect;
    this.#sessions = options.sessions;
    this.#limiter = options.limiter;
    this.#throttle = options.throttle;
    this.#onMail = options.onMail;
    this.#now = options.now ?? Date.now;
  }

  /**
   * `address` is the client's (plugins/staff-auth.ts `clientKey`). Known and
   * unknown e-mails take the same steps: the attempt counted first, one
   * password verification, the same writes.
   */
  async login(email: string, password: string, address: string): Promise<LoginResult> {
    const admission = await this.#throttle.admit(email, address);
    if (!admission.allowed) {
      return {
        ok: false,
        reason: 'account-locked',
        retryAfterSeconds: admission.retryAfterSeconds,
      };
    }
    const user = await this.#db
      .selectFrom('staff_users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
    const valid = user
      ? await verifyPassword(user.password_hash, password)
      : await verifyAgainstDummy(password); // same work as a wrong password
    if (!user || !valid) {
      await this.#throttle.failed(email, address, admission.attempt);
      await this.#watchForCampaign(email, user);
      return { ok: false, reason: 'invalid-credentials' };
    }
    await this.#throttle.succeeded(email, address);
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
   * Counts failures on one e-mail across all addresses; the failure that
   * reaches the hourly threshold tells the holder and the owners, once per
   * hour. The counter is kept for unknown e-mails too (same writes).
   */
  async #watchForCampaign(
    email: string,
    user: { id: number; email: string; first_name: string } | undefined,
  ): Promise<void> {
    const count = await this.#limiter.hit(
      `login-failures:${emailDigest(email)}`,
      LOGIN_ALERT_FAILURES_PER_HOUR,
      60 * 60 * 1000,
    );
    // Only the failure that first goes past the threshold alerts: once an hour.
    const reachedNow = count.count === LOGIN_ALERT_FAILURES_PER_HOUR + 1;
    if (!user || !reachedNow) return;
    const recipients = new Set([user.email, ...(await ownerEmails(this.#db))]);
    await this.#db.transaction().execute(async (trx) => {
      const restaurant = await restaurantName(trx);
      for (const to of recipients) {
        await enqueueMail(
          trx,
          loginAlertMail(restaurant, to, user.email, LOGIN_ALERT_FAILURES_PER_HOUR + 1),
        );
      }
    });
    this.#onMail();
  }

  /**
   * Sends a reset link if the account exists and has not asked too often
   * from this address. The caller answers before this finishes, identically
   * for every e-mail, so the answer does not tell which accounts exist; the
   * budget is counted for unknown e-mails too. A new link invalidates the
   * older unused ones, except those younger than 10 minutes: anonymous
   * requests cannot void the link the holder just received.
   */
  async requestReset(email: string, resetPageUrl: string, address: string): Promise<void> {
    const limit = await this.#limiter.hit(
      `reset-mail:${emailDigest(email)}:${address}`,
      RESETS_PER_ACCOUNT_AND_ADDRESS_PER_HOUR,
      60 * 60 * 1000,
    );
    if (!limit.allowed) return;
    const user = await this.#db
      .selectFrom('staff_users')
      .select(['id', 'email', 'first_name'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (!user) return;
    const { token, hash } = newToken();
    const now = this.#now();
    await this.#db.transaction().execute(async (trx) => {
      // Two requests at once (two instances) take turns.
      await lockedRows(
        trx.selectFrom('staff_users').select('id').where('id', '=', user.id),
        this.#dialect,
      ).execute();
      await trx
        .updateTable('password_resets')
        .set({ used_at: nowIso(now) })
        .where('user_id', '=', user.id)
        .where('used_at', 'is', null)
        .where('created_at', '<=', nowIso(now - RESET_LINK_PROTECTED_MS))
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
      const link = {
        url: `${resetPageUrl}?token=${encodeURIComponent(token)}`,
        // The outbox runs on the wall clock: the expiry, on the outbox's.
        expiresAt: nowIso(Date.now() + RESET_TOKEN_TTL_MS),
      };
      await enqueueMail(
        trx,
        passwordResetMail(await restaurantName(trx), user.email, user.first_name, link),
      );
    });
    this.#onMail();
  }

  /**
   * Sets a new password with a reset token: single use, revokes every
   * session, tells the holder. The token is checked before the password is
   * hashed, so a bad link costs no hashing.
   */
  async resetPassword(token: string, password: string): Promise<ResetResult> {
    const tokenHash = hashToken(token);
    const valid = await this.#db
      .selectFrom('password_resets')
      .select('id')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso(this.#now()))
      .executeTakeFirst();
    if (!valid) return { ok: false, reason: 'invalid-token' };
    if (isCommonPassword(password)) {
      return { ok: false, reason: 'common-password', message: COMMON_PASSWORD_MESSAGE };
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
        .where('password_resets.token_hash', '=', tokenHash)
        .where('password_resets.used_at', 'is', null)
        .where('password_resets.expires_at', '>', nowIso(this.#now()))
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
        .set({ password_hash: passwordHash, password_changed_at: now })
        .where('id', '=', reset.userId)
        .execute();
      await this.#sessions.revokeAll(trx, reset.userId);
      await enqueueMail(
        trx,
        passwordChangedMail(await restaurantName(trx), reset.email, reset.first_name),
      );
      await recordAudit(
        trx,
        { id: reset.userId, email: reset.email },
        {
          action: 'auth.password.reset',
          target: `staff:${reset.email}`,
          summary: `${reset.email} ha reimpostato la password con il link ricevuto per e-mail; tutte le sessioni sono state chiuse.`,
        },
      );
      return true;
    });
    if (!done) return { ok: false, reason: 'invalid-token' };
    this.#onMail();
    return { ok: true };
  }

  /**
   * A logged-in member changes their own password, knowing the current one.
   * Every other session of the account ends (a lost phone stays logged out),
   * the one making the change goes on; the member is told by e-mail.
   */
  async changeOwnPassword(
    member: StaffMember,
    sessionToken: string,
    currentPassword: string,
    newPassword: string,
  ): Promise<ChangePasswordResult> {
    const attempts = await this.#limiter.hit(
      `password-change:${member.id}`,
      PASSWORD_CHANGE_ATTEMPTS,
      PASSWORD_CHANGE_WINDOW_MS,
    );
    if (!attempts.allowed) {
      return {
        ok: false,
        reason: 'too-many-attempts',
        retryAfterSeconds: attempts.retryAfterSeconds,
      };
    }
    const row = await this.#db
      .selectFrom('staff_users')
      .select(['password_hash', 'first_name'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(row.password_hash, currentPassword))) {
      return { ok: false, reason: 'wrong-password' };
    }
    if (isCommonPassword(newPassword)) return { ok: false, reason: 'common-password' };
    const passwordHash = await hashPassword(newPassword);
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .updateTable('staff_users')
        .set({ password_hash: passwordHash, password_changed_at: nowIso() })
        .where('id', '=', member.id)
        .execute();
      await this.#sessions.revokeAllBut(trx, member.id, sessionToken);
      await enqueueMail(
        trx,
        passwordChangedMail(await restaurantName(trx), member.email, row.first_name),
      );
      await recordAudit(trx, member, {
        action: 'auth.password.change',
        target: `staff:${member.email}`,
        summary: `${member.email} ha cambiato la propria password; le altre sessioni sono state chiuse.`,
      });
    });
    this.#onMail();
    return { ok: true };
  }
}
