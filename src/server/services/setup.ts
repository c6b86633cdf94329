import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from './passwords.ts';
import { insertAccount, usernameFor } from './staff-accounts.ts';
import { hashToken, newToken, nowIso } from './tokens.ts';

/** A setup link works for 24 hours, once; a new start of the server replaces it. */
export const SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** What the page and the API read of a refusal, by its code (src/shared/schemas/errors.ts). */
export const SETUP_REFUSAL_TEXTS = {
  'invalid-setup-link':
    'Questo link non è più valido: riavvia il server per averne uno nuovo (lo trovi nel suo log).',
  'common-password': COMMON_PASSWORD_MESSAGE,
} as const;

export interface SetupLink {
  url: string;
  /** ISO instant. */
  expiresAt: string;
}

export interface NewOwner {
  token: string;
  firstName: string;
  lastName: string;
  /** Lower-cased by the shared schema (src/shared/schemas/auth.ts `email`). */
  email: string;
  password: string;
}

/** The owner as the login's answer shows them. */
export interface CreatedOwner {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: 'owner';
}

export type CreateOwnerResult =
  | { ok: true; owner: CreatedOwner }
  | { ok: false; reason: 'closed' | keyof typeof SETUP_REFUSAL_TEXTS };

/** Thrown inside the transaction to roll it back: the account would not be the first. */
class SetupClosed extends Error {}

/**
 * The first owner, created in the browser (CONTRACT.md "Going live"): while
 * no staff account exists, each start of the server issues one link
 * `PUBLIC_URL/setup?token=…`, valid 24 hours and once; a newer start's link
 * replaces it. Only the token's SHA-256 is stored (services/tokens.ts). Once
 * an account exists, setup is closed for good. `npm run staff` stays for scripts.
 */
export class FirstOwnerSetup {
  readonly #db: Kysely<Database>;
  readonly #publicUrl: string;
  readonly #now: () => number;
  readonly #onMail: () => void;
  #closed = false;

  constructor(options: {
    db: Kysely<Database>;
    /** PUBLIC_URL, the link's origin. */
    publicUrl: string;
    /** The current instant (ms) the link's life is counted on; tests move it. */
    now: () => number;
    /** Called after an account is made: the owners' notice waits in the outbox (staff-accounts.ts). */
    onMail?: () => void;
  }) {
    this.#db = options.db;
    this.#publicUrl = options.publicUrl;
    this.#now = options.now;
    this.#onMail = options.onMail ?? (() => {});
  }

  /** Whether setup is open: no staff account exists yet. */
  async isOpen(): Promise<boolean> {
    // Once closed, closed for good (no way in the app removes the last owner):
    // remembered, so that the closed route costs no query.
    if (this.#closed) return false;
    this.#closed = await anyStaff(this.#db);
    return !this.#closed;
  }

  /**
   * A new link, replacing any older one (whose link stops working), or null
   * when staff accounts exist (then any leftover link is deleted).
   */
  async issue(): Promise<SetupLink | null> {
    if (!(await this.isOpen())) {
      await this.#db.deleteFrom('setup_token').execute();
      return null;
    }
    const { token, hash } = newToken();
    const now = this.#now();
    const row = {
      token_hash: hash,
      made_at: nowIso(now),
      expires_at: nowIso(now + SETUP_LINK_TTL_MS),
    };
    // One row: two instances starting at once each write theirs; the last one's link works.
    await this.#db
      .insertInto('setup_token')
      .values({ id: 1, ...row })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
      .execute();
    return {
      url: `${this.#publicUrl}/setup?token=${encodeURIComponent(token)}`,
      expiresAt: row.expires_at,
    };
  }

  /**
   * Creates the first owner and spends the link. The token is checked
   * before the password is hashed, so a bad link costs no hashing; a common
   * password leaves the link unspent. In one transaction: no account may
   * exist yet, and the link is deleted only if it is still this one and
   * unexpired, so two uses of one link at once (one instance or two) make
   * exactly one owner, the other finding the link gone.
   */
  async createOwner(owner: NewOwner): Promise<CreateOwnerResult> {
    if (!(await this.isOpen())) return { ok: false, reason: 'closed' };
    const tokenHash = hashToken(owner.token);
    const now = nowIso(this.#now());
    const link = await this.#db
      .selectFrom('setup_token')
      .select('id')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!link) return { ok: false, reason: 'invalid-setup-link' };
    if (isCommonPassword(owner.password)) return { ok: false, reason: 'common-password' };
    const passwordHash = await hashPassword(owner.password);
    const username = await usernameFor(this.#db, owner.email);
    try {
      const result = await this.#db.transaction().execute(async (trx) => {
        const claimed = await trx
          .deleteFrom('setup_token')
          .where('token_hash', '=', tokenHash)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        if (Number(claimed.numDeletedRows) !== 1) {
          return { ok: false, reason: 'invalid-setup-link' } as const;
        }
        // An account made meanwhile another way (`npm run staff`): this one would not be the first.
        if (await anyStaff(trx)) throw new SetupClosed();
        const userId = await insertAccount(
          trx,
          {
            email: owner.email,
            username,
            firstName: owner.firstName,
            lastName: owner.lastName,
            passwordHash,
            role: 'owner',
          },
          { actor: 'new-account', via: 'setup' },
        );
        const created: CreatedOwner = {
          id: userId,
          email: owner.email,
          firstName: owner.firstName,
          lastName: owner.lastName,
          role: 'owner',
        };
        return { ok: true, owner: created } as const;
      });
      if (result.ok) this.#onMail();
      return result;
    } catch (error) {
      if (error instanceof SetupClosed) return { ok: false, reason: 'closed' };
      // Another first account with this e-mail won a race run another way.
      if (isUniqueViolation(error)) return { ok: false, reason: 'closed' };
      throw error;
    }
  }
}

async function anyStaff(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('staff_users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
