import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Role } from '../../shared/schemas/staff.ts';
import { hashToken, newToken, nowIso } from './tokens.ts';

/** A session ends after 30 minutes idle, 12 hours at most. */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often: one write per minute, not per request. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface StaffMember {
  id: number;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  role: Role;
}

/** Opaque bearer tokens; the database keeps only their SHA-256. */
export class Sessions {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** A new session: every login gets its own token. */
  async create(userId: number): Promise<string> {
    const { token, hash } = newToken();
    const now = nowIso();
    await this.#db
      .insertInto('sessions')
      .values({ user_id: userId, token_hash: hash, created_at: now, last_seen_at: now })
      .execute();
    return token;
  }

  /** The staff member a token belongs to, or null if it is unknown, revoked or expired. */
  async authenticate(token: string): Promise<StaffMember | null> {
    const row = await this.#db
      .selectFrom('sessions')
      .innerJoin('staff_users', 'staff_users.id', 'sessions.user_id')
      .select([
        'sessions.id as sessionId',
        'sessions.created_at',
        'sessions.last_seen_at',
        'staff_users.id',
        'staff_users.email',
        'staff_users.username',
        'staff_users.first_name',
        'staff_users.last_name',
        'staff_users.role',
      ])
      .where('sessions.token_hash', '=', hashToken(token))
      .where('sessions.revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    const now = Date.now();
    const idle = now - Date.parse(row.last_seen_at);
    if (idle > IDLE_TIMEOUT_MS || now - Date.parse(row.created_at) > ABSOLUTE_TIMEOUT_MS) {
      return null;
    }
    if (idle > TOUCH_EVERY_MS) {
      await this.#db
        .updateTable('sessions')
        .set({ last_seen_at: nowIso(now) })
        .where('id', '=', row.sessionId)
        .execute();
    }
    return {
      id: row.id,
      email: row.email,
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      role: row.role,
    };
  }

  /** Logout: the token stops working at once. */
  async revoke(token: string): Promise<void> {
    await this.#db
      .updateTable('sessions')
      .set({ revoked_at: nowIso() })
      .where('token_hash', '=', hashToken(token))
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** After a password reset, every session of the account ends. */
  async revokeAll(db: Kysely<Database>, userId: number): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: nowIso() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** After a change of one's own password, every other session of the account ends. */
  async revokeAllBut(db: Kysely<Database>, userId: number, keptToken: string): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: nowIso() })
      .where('user_id', '=', userId)
      .where('token_hash', '!=', hashToken(keptToken))
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Housekeeping: sessions that can no longer be used. */
  async prune(): Promise<void> {
    await this.#db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('revoked_at', 'is not', null),
          eb('last_seen_at', '<', nowIso(Date.now() - IDLE_TIMEOUT_MS)),
        ]),
      )
      .execute();
  }
}
