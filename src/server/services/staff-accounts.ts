import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { isUniqueViolation, lockedRows, type SqlDialect } from '../db/dialect.ts';
import { ROLE_LABELS, type Role, type StaffMemberAnswer } from '../../shared/schemas/staff.ts';
import { recordAudit, type AuditActor } from './audit-log.ts';
import { newAccountNoticeMail } from '../mail/staff-mails.ts';
import { restaurantName } from './restaurant-facts.ts';
import { enqueueMail } from '../mail/outbox.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from './passwords.ts';
import { passwordChangedMail } from '../mail/staff-mails.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { Sessions, StaffMember } from './sessions.ts';
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
  | { ok: false; reason: 'email_taken' | 'username_taken' | 'common_password' };

export const REFUSALS = {
  email_taken: 'Esiste già un account con questo indirizzo e-mail.',
  username_taken: 'Questo username è già in uso.',
  common_password: COMMON_PASSWORD_MESSAGE,
  last_owner: 'Serve almeno un titolare: nomina prima un altro titolare.',
  cannot_remove_self: 'Non puoi rimuovere il tuo stesso account.',
  not_found: 'Account non trovato.',
} as const;

/** How the account came to be, for the audit log and the owners' notice. */
export type AccountOrigin = 'command-line' | 'registration' | 'invitation';

const ORIGIN_TEXT: Record<AccountOrigin, string> = {
  'command-line': 'dalla riga di comando',
  registration: 'con la registrazione diretta',
  invitation: 'accettando un invito',
};

/**
 * Creates an account: from the CLI (the first account: there is no default
 * one), by an owner's registration, or by an accepted invitation. The caller
 * has validated lengths with the shared schema; common passwords are refused
 * here. In the same transaction the audit log records it and every owner
 * (but the new account itself) is told by e-mail, so no account appears
 * unnoticed. Two requests for one e-mail at once: one wins, the other is
 * `email_taken`, never an error.
 */
export async function createStaffMember(
  db: Kysely<Database>,
  member: NewStaffMember,
  origin: AccountOriginWithActor = { actor: null, via: 'command-line' },
): Promise<CreateStaffResult> {
  if (isCommonPassword(member.password)) return { ok: false, reason: 'common_password' };
  const email = member.email.trim().toLowerCase();
  const taken = await findTaken(db, email, member.username);
  if (taken) return { ok: false, reason: taken };
  const passwordHash = await hashPassword(member.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const role = member.role ?? ((await countStaff(trx)) === 0 ? 'owner' : 'staff');
      const id = await insertAccount(trx, { ...member, email, role, passwordHash }, origin);
      return { ok: true as const, id, role };
    });
  } catch (error) {
    // Lost a race with a concurrent creation of the same e-mail or username.
    if (!isUniqueViolation(error)) throw error;
    return { ok: false, reason: (await findTaken(db, email, member.username)) ?? 'email_taken' };
  }
}

/** `actor: 'new-account'`: the new account did it (an accepted invitation). */
export interface AccountOriginWithActor {
  actor: AuditActor | 'new-account';
  via: AccountOrigin;
}

/**
 * The insert itself, in the caller's transaction, with its audit entry and
 * the owners' notice. A unique violation (a concurrent creation) is thrown
 * for the caller to turn into `email_taken`.
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
  for (const owner of await ownersOtherThan(trx, row.id)) {
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

async function findTaken(
  db: Kysely<Database>,
  email: string,
  username: string,
): Promise<'email_taken' | 'username_taken' | null> {
  const taken = await db
    .selectFrom('staff_users')
    .select(['email'])
    .where((eb) => eb.or([eb('email', '=', email), eb('username', '=', username)]))
    .executeTakeFirst();
  if (!taken) return null;
  return taken.email === email ? 'email_taken' : 'username_taken';
}

async function ownersOtherThan(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('staff_users')
    .select(['email', 'first_name'])
    .where('role', '=', 'owner')
    .where('id', '!=', userId)
    .execute();
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

export async function listStaff(db: Kysely<Database>): Promise<StaffMemberAnswer[]> {
  const rows = await db
    .selectFrom('staff_users')
    .select(['id', 'email', 'username', 'first_name', 'last_name', 'role', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toAnswer);
}

function toAnswer(row: {
  id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  role: Role;
  created_at: string;
}): StaffMemberAnswer {
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

export type StaffChangeResult =
  | { ok: true; member: StaffMemberAnswer }
  | { ok: false; reason: 'not_found' | 'last_owner' | 'cannot_remove_self' };

/**
 * Takes the owners' rows for the rest of the transaction (PostgreSQL; SQLite
 * serialises write transactions anyway), so that two owners demoting or
 * removing each other at once take turns and the second finds itself the
 * last owner, instead of both succeeding and leaving none.
 */
async function lockOwners(trx: Kysely<Database>, dialect: SqlDialect): Promise<void> {
  await lockedRows(
    trx.selectFrom('staff_users').select('id').where('role', '=', 'owner'),
    dialect,
  ).execute();
}

/**
 * An owner (or the command line: `actor` null) changes a colleague's role.
 * The last owner cannot be made staff: nobody would be left to manage the
 * accounts.
 */
export async function changeRole(
  db: Kysely<Database>,
  dialect: SqlDialect,
  actor: AuditActor,
  userId: number,
  role: Role,
): Promise<StaffChangeResult> {
  return db
    .transaction()
    .execute(async (trx) => {
      await lockOwners(trx, dialect);
      const current = await trx
        .selectFrom('staff_users')
        .select(['id', 'email', 'username', 'first_name', 'last_name', 'role', 'created_at'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!current) return { ok: false, reason: 'not_found' } as const;
      if (current.role === role) return { ok: true, member: toAnswer(current) } as const;
      await trx.updateTable('staff_users').set({ role }).where('id', '=', userId).execute();
      if (role === 'staff' && (await countOwners(trx)) === 0) {
        throw new LastOwner();
      }
      await recordAudit(trx, actor, {
        action: 'staff.role',
        target: `staff:${current.email}`,
        summary: `Ruolo di ${current.email} cambiato da ${ROLE_LABELS[current.role]} a ${ROLE_LABELS[role]}.`,
      });
      return { ok: true, member: toAnswer({ ...current, role }) } as const;
    })
    .catch((error: unknown) => {
      if (error instanceof LastOwner) return { ok: false, reason: 'last_owner' } as const;
      throw error;
    });
}

/** Thrown inside a transaction to roll it back when it would leave no owner. */
class LastOwner extends Error {}

/**
 * An owner (or the command line: `actor` null) removes a colleague's account;
 * its sessions and reset links go with it. Nobody removes themself this way,
 * and the last owner stays.
 */
export async function removeColleague(
  db: Kysely<Database>,
  dialect: SqlDialect,
  actor: AuditActor,
  userId: number,
): Promise<StaffChangeResult> {
  if (actor && userId === actor.id) return { ok: false, reason: 'cannot_remove_self' };
  return db
    .transaction()
    .execute(async (trx) => {
      await lockOwners(trx, dialect);
      const current = await trx
        .selectFrom('staff_users')
        .select(['id', 'email', 'username', 'first_name', 'last_name', 'role', 'created_at'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!current) return { ok: false, reason: 'not_found' } as const;
      await trx.deleteFrom('staff_users').where('id', '=', userId).execute();
      if ((await countOwners(trx)) === 0) throw new LastOwner();
      await recordAudit(trx, actor, {
        action: 'staff.remove',
        target: `staff:${current.email}`,
        summary: `Account ${current.email} (${current.first_name} ${current.last_name}) rimosso.`,
      });
      return { ok: true, member: toAnswer(current) } as const;
    })
    .catch((error: unknown) => {
      if (error instanceof LastOwner) return { ok: false, reason: 'last_owner' } as const;
      throw error;
    });
}

/** The command line's removal: no actor, but the last owner still stays. */
export async function removeStaffMember(
  db: Kysely<Database>,
  dialect: SqlDialect,
  email: string,
): Promise<'removed' | 'not_found' | 'last_owner'> {
  const row = await db
    .selectFrom('staff_users')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!row) return 'not_found';
  const result = await removeColleague(db, dialect, null, row.id);
  return result.ok ? 'removed' : result.reason === 'last_owner' ? 'last_owner' : 'not_found';
}

/** The command line's role change (`npm run staff -- set-role`). */
export async function setRoleByEmail(
  db: Kysely<Database>,
  dialect: SqlDialect,
  email: string,
  role: Role,
): Promise<'changed' | 'not_found' | 'last_owner'> {
  const row = await db
    .selectFrom('staff_users')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!row) return 'not_found';
  const result = await changeRole(db, dialect, null, row.id, role);
  return result.ok ? 'changed' : result.reason === 'last_owner' ? 'last_owner' : 'not_found';
}

export async function countStaff(db: Kysely<Database>): Promise<number> {
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

/** A username from an e-mail's local part, made unique (the CLI does not ask for one). */
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

/** Wrong current passwords allowed per account in 15 minutes: a stolen session cannot guess on. */
const PASSWORD_CHANGE_ATTEMPTS = 5;
const PASSWORD_CHANGE_WINDOW_MS = 15 * 60 * 1000;

export type ChangePasswordResult =
  | { ok: true }
  | {
      ok: false;
      reason: 'wrong_password' | 'common_password' | 'too_many_attempts';
      retryAfterSeconds?: number;
    };

/**
 * A logged-in member changes their own password, knowing the current one.
 * Every other session of the account ends (a lost phone stays logged out),
 * the one making the change goes on; the member is told by e-mail.
 */
export async function changeOwnPassword(
  services: { db: Kysely<Database>; sessions: Sessions; limiter: RateLimiter },
  member: StaffMember,
  sessionToken: string,
  currentPassword: string,
  newPassword: string,
): Promise<ChangePasswordResult> {
  const { db, sessions, limiter } = services;
  const attempts = await limiter.hit(
    `password-change:${member.id}`,
    PASSWORD_CHANGE_ATTEMPTS,
    PASSWORD_CHANGE_WINDOW_MS,
  );
  if (!attempts.allowed) {
    return {
      ok: false,
      reason: 'too_many_attempts',
      retryAfterSeconds: attempts.retryAfterSeconds,
    };
  }
  const row = await db
    .selectFrom('staff_users')
    .select(['password_hash', 'first_name'])
    .where('id', '=', member.id)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.password_hash, currentPassword))) {
    return { ok: false, reason: 'wrong_password' };
  }
  if (isCommonPassword(newPassword)) return { ok: false, reason: 'common_password' };
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff_users')
      .set({ password_hash: passwordHash, password_changed_at: nowIso() })
      .where('id', '=', member.id)
      .execute();
    await sessions.revokeAllBut(trx, member.id, sessionToken);
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
  return { ok: true };
}
