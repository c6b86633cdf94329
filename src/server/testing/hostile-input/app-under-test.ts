import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { hashPassword } from '../../services/passwords.ts';
import { newToken, nowIso } from '../../services/tokens.ts';
import { createStaff, login, STAFF_PASSWORD, testApp } from '../app.ts';
import { Snapshots } from './snapshot.ts';

// The app under test: its set-up, credentials and seeded rows, the snapshots
// taken of its database (snapshot.ts says how), and the helpers that read or
// write that database straight (audit entries, staff accounts).

export const STAFF_EMAIL = 'anna@trattoria.example';
export const COLLEAGUE_PASSWORD = 'reti-e-lampare-al-porto';
/**
 * The app's clock stands still (testApp's `now`): Tuesday 13 January 2026,
 * 08:30 in Rome, before 10:00, when the day-before reminders are queued, so
 * no background chore writes behind the snapshots' back.
 */
export const CLOCK = Date.parse('2026-01-13T07:30:00Z');

export let harness: Awaited<ReturnType<typeof testApp>>;
export let app: FastifyInstance;
export let staffId: number;
/** The owner's: the first account of a database is its owner. */
export let staffToken: string;
/** A staff account's (not an owner). */
export let colleagueToken: string;
/** An argon2id hash of COLLEAGUE_PASSWORD, computed once: accounts made per request skip hashing. */
let colleaguePasswordHash: string;
export let revokedToken: string;
export let expiredToken: string;
export let seededMessageId: number;
export let seededSpamId: number;
/** The app's public address (calendar feed links start with it). */
export const publicUrl = () => harness.config.PUBLIC_URL;

/**
 * The app every family file starts from: the clock at CLOCK, the outbox
 * stopped, the owner and a colleague logged in, a revoked and an expired
 * session, and a contact message (and a spam one) in the inbox.
 */
export async function setUpApp() {
  harness = await testApp({}, { pages: false, now: () => CLOCK });
  app = harness.app;
  // The outbox would mark mail sent behind the snapshots' back; nothing here is about sending.
  await app.outbox.stop();
  const staff = await createStaff(app);
  staffId = staff.id;
  staffToken = await login(app, STAFF_EMAIL, STAFF_PASSWORD, '10.255.0.1');
  await createStaff(app, {
    email: 'marco@trattoria.example',
    username: 'marco',
    password: COLLEAGUE_PASSWORD,
    role: 'staff',
  });
  colleagueToken = await login(app, 'marco@trattoria.example', COLLEAGUE_PASSWORD, '10.255.0.2');
  colleaguePasswordHash = await hashPassword(COLLEAGUE_PASSWORD);
  revokedToken = await app.sessions.create(staffId);
  await app.sessions.revoke(revokedToken);
  const expired = newToken();
  const longAgo = nowIso(Date.now() - 13 * 60 * 60 * 1000);
  await app.db
    .insertInto('sessions')
    .values({
      user_id: staffId,
      token_hash: expired.hash,
      created_at: longAgo,
      last_seen_at: longAgo,
    })
    .execute();
  expiredToken = expired.token;
  const message = {
    firstName: 'Giulia',
    lastName: 'Verdi',
    email: 'giulia@example.com',
    message: 'Vorrei prenotare.',
    privacy: true as const,
  };
  seededMessageId = await app.contactMessages.accept(message, 'it');
  seededSpamId = await app.contactMessages.accept({ ...message, website: 'http://spam' }, 'it');
  snapshots = new Snapshots(harness.config.DATABASE_URL.replace(/^file:/, ''));
}
export let snapshots: Snapshots;

/** The newest audit entry is `action`, by the staff account the requests use. */
export async function expectAudited(action: string) {
  const entry = await app.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(entry).toEqual({ action, actor_id: staffId });
}

export const actor = () => ({ id: staffId, email: STAFF_EMAIL });

let madeAccounts = 0;
/** A staff account made straight in the database (its password is COLLEAGUE_PASSWORD). */
export async function newAccount(role: 'owner' | 'staff' = 'staff') {
  madeAccounts += 1;
  const row = await app.db
    .insertInto('staff_users')
    .values({
      email: `made-${madeAccounts}@trattoria.example`,
      username: `made-${madeAccounts}`,
      first_name: 'Made',
      last_name: String(madeAccounts),
      password_hash: colleaguePasswordHash,
      role,
      created_at: nowIso(),
      password_changed_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
