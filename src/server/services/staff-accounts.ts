import type { Kysely, Selectable } from 'kysely';
import type { Database, StaffUsersTable } from '../db/database.ts';
import { isUniqueViolation, lockedRows, type SqlDialect } from '../db/dialect.ts';
import { ROLE_LABELS, type Role, type StaffMemberAnswer } from '../../shared/schemas/staff.ts';
import { recordAudit, type AuditActor } from './audit-log.ts';
import { auditDevicesRemovedWithAccount } from './push/device-audit.ts';
import { newAccountNoticeMail } from '../mail/staff-mails.ts';
import { restaurantName } from './restaurant-facts.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from './passwords.ts';
import { nowIso } from './tokens.ts';

export interface NewStaffMember {
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  password: string;
  /** Without one, the first account of a database is an owner and later ones are staff. */
  role?: Role;
}

export type CreateStaffResult =
  | { ok: true; id: number; role: Role }
  | { ok: false; reason: 'email-taken' | 'username-taken' | 'common-password' };

export type StaffChangeResult =
  | { ok: true; member: StaffMemberAnswer }
  | { ok: false; reason: 'not-found' | 'last-owner' | 'cannot-remove-self' };

/** What staff read of a refusal, by its code (src/shared/schemas/errors.ts). */
export const STAFF_REFUSAL_TEXTS = {
  'email-taken': 'Esiste già un account con questo indirizzo e-mail.',
  'username-taken': 'Questo username è già in uso.',
  'common-password': COMMON_PASSWORD_MESSAGE,
  'last-owner': 'Serve almeno un titolare: nomina prima un altro titolare.',
  'cannot-remove-self': 'Non puoi rimuovere il tuo stesso account.',
  'not-found': 'Account non trovato.',
} as const;

/** How the account came to be, for the audit log and the owners' notice. */
export type AccountOrigin = 'command-line' | 'registration' | 'invitation' | 'setup';

const ORIGIN_TEXT: Record<AccountOrigin, string> = {
  'command-line': 'dalla riga di comando',
  registration: 'con la registrazione diretta',
  invitation: 'accettando un invito',
  setup: 'con il link di primo avvio',
};

/** `actor: 'new-account'`: the new account did it (an accepted invitation). */
export interface AccountOriginWithActor {
  actor: AuditActor | 'new-account';
  via: AccountOrigin;
}

/** Thrown inside a transaction to roll it back when it would leave no owner. */
class LastOwner extends Error {}

const MEMBER_COLUMNS = [
  'id',
  'email',
  'username',
  'first_name',
  'last_name',
  'role',
  'created_at',
] as const;

/** An account as MEMBER_COLUMNS read it. */
type MemberRow = Pick<Selectable<StaffUsersTable>, (typeof MEMBER_COLUMNS)[number]>;

/**
 * Staff accounts: created (from the command line, an owner's registration,
 * or an accepted invitation: invitations.ts), listed, given a role, removed.
 * There is always at least one owner. Expected refusals are values.
 */
export class StaffAccounts {
  readonly #db: Kysely<Database>;
  readonly #dialect: SqlDialect;

  constructor(options: {
    db: Kysely<Database>;
    /** Which database `db` is (db/dialect.ts). */
    dialect: SqlDialect;
  }) {
    this.#db = options.db;
    this.#dialect = options.dialect;
  }

  /**
   * Creates an account: from the CLI (the first account: there is no default
   * one) or by an owner's registration. The caller has validated lengths with
   * the shared schema; common passwords are refused here. In the same
   * transaction the audit log records it and every owner (but the new account
   * itself) is told by e-mail, so no account appears unnoticed. Two requests
   * for one e-mail at once: one wins, the other is `email-taken`, never an
   * error.
   */
  async create(
    member: NewStaffMember,
    origin: AccountOriginWithActor = { actor: null, via: 'command-line' },
  ): Promise<CreateStaffResult> {
    if (isCommonPassword(member.password)) return { ok: false, reason: 'common-password' };
    const email = member.email.trim().toLowerCase();
    const taken = await this.#findTaken(email, member.username);
    if (taken) return { ok: false, reason: taken };
    const passwordHash = await hashPassword(member.password);
    try {
      return await this.#db.transaction().execute(async (trx) => {
        const role = member.role ?? ((await countStaff(trx)) === 0 ? 'owner' : 'staff');
        const id = await insertAccount(trx, { ...member, email, role, passwordHash }, origin);
        return { ok: true as const, id, role };
      });
    } catch (error) {
      // Lost a race with a concurrent creation of the same e-mail or username.
      if (!isUniqueViolation(error)) throw error;
      return {
        ok: false,
        reason: (await this.#findTaken(email, member.username)) ?? 'email-taken',
      };
    }
  }

  async #findTaken(
    email: string,
    username: string,
  ): Promise<'email-taken' | 'username-taken' | null> {
    const taken = await this.#db
      .selectFrom('staff_users')
      .select(['email'])
      .where((eb) => eb.or([eb('email', '=', email), eb('username', '=', username)]))
      .executeTakeFirst();
    if (!taken) return null;
    return taken.email === email ? 'email-taken' : 'username-taken';
  }

  async list(): Promise<StaffMemberAnswer[]> {
    const rows = await this.#db
      .selectFrom('staff_users')
      .select(MEMBER_COLUMNS)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toAnswer);
  }

  /** How many accounts there are (a fresh database has none: docs/security.md item 6). */
  count(): Promise<number> {
    return countStaff(this.#db);
  }

  /**
   * An owner (or the command line: `actor` null) changes a colleague's role.
   * The last owner cannot be made staff: nobody would be left to manage the
   * accounts.
   */
  async changeRole(actor: AuditActor, userId: number, role: Role): Promise<StaffChangeResult> {
    return this.#changeMember(userId, async (trx, current) => {
      if (current.role === role) return toAnswer(current);
      await trx.updateTable('staff_users').set({ role }).where('id', '=', userId).execute();
      await recordAudit(trx, actor, {
        action: 'staff.role',
        target: `staff:${current.email}`,
        summary: `Ruolo di ${current.email} cambiato da ${ROLE_LABELS[current.role]} a ${ROLE_LABELS[role]}.`,
      });
      return toAnswer({ ...current, role });
    });
  }

  /**
   * An owner (or the command line: `actor` null) removes a colleague's
   * account; its sessions and reset links go with it. Nobody removes themself
   * this way, and the last owner stays.
   */
  async remove(actor: AuditActor, userId: number): Promise<StaffChangeResult> {
    if (actor && userId === actor.id) return { ok: false, reason: 'cannot-remove-self' };
    return this.#changeMember(userId, async (trx, current) => {
      // Their devices go with the account (the foreign key cascades): each is named first.
      await auditDevicesRemovedWithAccount(trx, actor, current, nowIso());
      await trx.deleteFrom('staff_users').where('id', '=', userId).execute();
      await recordAudit(trx, actor, {
        action: 'staff.remove',
        target: `staff:${current.email}`,
        summary: `Account ${current.email} (${current.first_name} ${current.last_name}) rimosso.`,
      });
      return toAnswer(current);
    });
  }

  /**
   * One colleague's account changed in one transaction under the owners'
   * lock, so that two owners acting at once cannot both demote or remove the
   * last other owner: rolled back, and refused, when no owner would be left.
   */
  async #changeMember(
    userId: number,
    change: (trx: Kysely<Database>, current: MemberRow) => Promise<StaffMemberAnswer>,
  ): Promise<StaffChangeResult> {
    return this.#db
      .transaction()
      .execute(async (trx) => {
        await this.#lockOwners(trx);
        const current = await trx
          .selectFrom('staff_users')
          .select(MEMBER_COLUMNS)
          .where('id', '=', userId)
          .executeTakeFirst();
        if (!current) return { ok: false, reason: 'not-found' } as const;
        const member = await change(trx, current);
        // Only an owner's change can leave the accounts without one.
        if (current.role === 'owner' && (await countOwners(trx)) === 0) throw new LastOwner();
        return { ok: true, member } as const;
      })
      .catch((error: unknown) => {
        if (error instanceof LastOwner) return { ok: false, reason: 'last-owner' } as const;
        throw error;
      });
  }

  /** The command line's removal: no actor, but the last owner still stays. */
  async removeByEmail(email: string): Promise<'removed' | 'not-found' | 'last-owner'> {
    const id = await this.#idOf(email);
    if (id === undefined) return 'not-found';
    const result = await this.remove(null, id);
    return result.ok ? 'removed' : result.reason === 'last-owner' ? 'last-owner' : 'not-found';
  }

  /** The command line's role change (`npm run staff -- set-role`). */
  async setRoleByEmail(email: string, role: Role): Promise<'changed' | 'not-found' | 'last-owner'> {
    const id = await this.#idOf(email);
    if (id === undefined) return 'not-found';
    const result = await this.changeRole(null, id, role);
    return result.ok ? 'changed' : result.reason === 'last-owner' ? 'last-owner' : 'not-found';
  }

  async #idOf(email: string): Promise<number | undefined> {
    const row = await this.#db
      .selectFrom('staff_users')
      .select('id')
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * Takes the owners' rows for the rest of the transaction (PostgreSQL; SQLite
   * serialises write transactions anyway), so that two owners demoting or
   * removing each other at once take turns and the second finds itself the
   * last owner, instead of both succeeding and leaving none.
   */
  async #lockOwners(trx: Kysely<Database>): Promise<void> {
    await lockedRows(
      trx.selectFrom('staff_users').select('id').where('role', '=', 'owner'),
      this.#dialect,
    ).execute();
  }
}

function toAnswer(row: MemberRow): StaffMemberAnswer {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    createdAt: row.created_at,
  };
}

async function countStaff(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('staff_users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function countOwners(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('staff_users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ---------------------------------------------------------------------------
// What other services do with accounts, on their own handle or in their own
// transaction (an accepted invitation creates its account in the invitation's).

/**
 * The insert itself, in the caller's transaction, with its audit entry and
 * the owners' notice. A unique violation (a concurrent creation) is thrown
 * for the caller to turn into `email-taken`.
 */
export async function insertAccount(
  trx: Kysely<Database>,
  account: {
    email: string;
    username: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    role: Role;
  },
  origin: AccountOriginWithActor,
): Promise<number> {
  const now = nowIso();
  const row = await trx
    .insertInto('staff_users')
    .values({
      email: account.email,
      username: account.username,
      first_name: account.firstName,
      last_name: account.lastName,
      password_hash: account.passwordHash,
      created_at: now,
      password_changed_at: now,
      role: account.role,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fullName = `${account.firstName} ${account.lastName}`.trim();
  const actor =
    origin.actor === 'new-account' ? { id: row.id, email: account.email } : origin.actor;
  await recordAudit(trx, actor, {
    action: 'staff.create',
    target: `staff:${account.email}`,
    summary: `Nuovo account ${account.email} (${fullName}), ruolo ${ROLE_LABELS[account.role]}, creato ${ORIGIN_TEXT[origin.via]}.`,
  });
  const restaurant = await restaurantName(trx);
  const owners = await trx
    .selectFrom('staff_users')
    .select(['email', 'first_name'])
    .where('role', '=', 'owner')
    .where('id', '!=', row.id)
    .execute();
  for (const owner of owners) {
    await enqueueMail(
      trx,
      newAccountNoticeMail(restaurant, owner.email, owner.first_name, {
        email: account.email,
        fullName,
        roleLabel: ROLE_LABELS[account.role],
        how: ORIGIN_TEXT[origin.via],
      }),
    );
  }
  return row.id;
}

/** Whether an account already uses this (lower-cased) e-mail. */
export async function accountExists(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('staff_users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

/** The e-mails of every owner: who hears of new accounts and of attacks on an account. */
export async function ownerEmails(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('staff_users')
    .select('email')
    .where('role', '=', 'owner')
    .execute();
  return rows.map((row) => row.email);
}

/** A username from an e-mail's local part, made unique (the CLI and invitations ask for none). */
export async function usernameFor(db: Kysely<Database>, email: string): Promise<string> {
  const base =
    (email.split('@')[0] ?? 'staff').replace(/[^a-z0-9._-]/gi, '').slice(0, 40) || 'staff';
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base.padEnd(3, '0') : `${base}${n}`;
    const exists = await db
      .selectFrom('staff_users')
      .select('id')
      .where('username', '=', candidate)
      .executeTakeFirst();
    if (!exists) return candidate;
  }
}
