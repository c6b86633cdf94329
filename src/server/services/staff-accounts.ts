import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from './passwords.ts';
import { nowIso } from './tokens.ts';

export interface NewStaffMember {
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  password: string;
}

export type CreateStaffResult =
  | { ok: true; id: number }
  | { ok: false; reason: 'email_taken' | 'username_taken' | 'common_password' };

export const REFUSALS = {
  email_taken: 'Esiste già un account con questo indirizzo e-mail.',
  username_taken: 'Questo username è già in uso.',
  common_password: COMMON_PASSWORD_MESSAGE,
} as const;

/**
 * Staff accounts, for the CLI (the first account: there is no default one)
 * and for registration by a logged-in colleague. The caller has validated
 * lengths with the shared schema; common passwords are refused here.
 */
export async function createStaffMember(
  db: Kysely<Database>,
  member: NewStaffMember,
): Promise<CreateStaffResult> {
  if (isCommonPassword(member.password)) return { ok: false, reason: 'common_password' };
  const email = member.email.trim().toLowerCase();
  const taken = await db
    .selectFrom('staff_users')
    .select(['email', 'username'])
    .where((eb) => eb.or([eb('email', '=', email), eb('username', '=', member.username)]))
    .executeTakeFirst();
  if (taken) return { ok: false, reason: taken.email === email ? 'email_taken' : 'username_taken' };
  const now = nowIso();
  const row = await db
    .insertInto('staff_users')
    .values({
      email,
      username: member.username,
      first_name: member.firstName,
      last_name: member.lastName,
      password_hash: await hashPassword(member.password),
      created_at: now,
      password_changed_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ok: true, id: row.id };
}

export async function listStaff(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('staff_users')
    .select(['email', 'username', 'first_name', 'last_name', 'created_at'])
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    email: row.email,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    createdAt: row.created_at,
  }));
}

export async function removeStaffMember(db: Kysely<Database>, email: string): Promise<boolean> {
  const result = await db
    .deleteFrom('staff_users')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countStaff(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('staff_users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
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
