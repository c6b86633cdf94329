import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffAccounts } from '../services/staff-accounts.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../testing/database.ts';
import { startSmtpServer } from '../testing/smtp.ts';
import { openDatabase } from './database.ts';
import { sleep, startServer } from '../testing/server-process.ts';

/*
 * No acknowledged write or stored mail is lost, on PostgreSQL: the real server
 * process, SIGKILLed in the middle of a stream of daily-menu saves and
 * contact posts, keeps every write it acknowledged, leaves no half-written
 * save or message, and afterwards delivers every stored message. SQLite's run
 * of the same promise is src/server/durability.test.ts (it also checks the
 * file's integrity); this one runs in the `postgres` test project only.
 */
const onPostgres = testDialect() === 'postgres';
const ROOT = resolve(import.meta.dirname, '../../..');
const CYCLES = 5;
const STAFF = {
  email: 'sigkill@trattoria.example',
  username: 'sigkill',
  firstName: 'Sig',
  lastName: 'Kill',
  password: 'mare-calmo-e-vento-di-scirocco',
};

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  if (!onPostgres) return;
  database = await createTestDatabase();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  if (!onPostgres) return;
  await smtp.stop();
  await database.drop();
});

/** The real server process on the test's PostgreSQL schema (as `npm run serve` starts it). */
const startServerOnPostgres = () =>
  startServer({
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    CONTACT_EMAIL: 'staff@trattoria.example',
    MAIL_FROM: 'no-reply@trattoria.example',
    TRUST_PROXY: 'loopback', // each post names its own client: the contact limit is not under test
    LOG_LEVEL: 'error',
  });

interface Attempt {
  key: string;
  kind: 'save' | 'post';
  /** Set only when the server answered 2xx: the write was acknowledged. */
  acknowledged?: boolean;
  id?: number;
}

/** Workers writing until the connection is cut; every attempt is recorded. */
function writeStream(url: string, token: string, cycle: number, attempts: Attempt[]) {
  let stopped = false;
  let n = 0;
  const one = async (): Promise<boolean> => {
    n += 1;
    const kind = n % 2 ? 'save' : 'post';
    const attempt: Attempt = {
      key: `sk-c${cycle}-${kind}${n}-${Math.random().toString(36).slice(2, 8)}`,
      kind,
    };
    attempts.push(attempt);
    try {
      const response =
        kind === 'save'
          ? await fetch(`${url}/api/daily-menu/1`, {
              method: 'PUT',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({
                titolo: attempt.key,
                descrizione: 'Spaghetti ai ricci, Pesce spada alla ghiotta',
                infoAggiuntive: 'Acqua inclusa',
              }),
            })
          : await fetch(`${url}/api/contact`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-forwarded-for': `198.18.${cycle}.${n % 250}`,
              },
              body: JSON.stringify({
                firstName: 'Ospite',
                lastName: attempt.key,
                email: 'ospite@example.com',
                message: `Prova ${attempt.key}`,
                privacy: true,
              }),
            });
      const body = (await response.json()) as { id?: number };
      attempt.acknowledged = response.ok;
      if (typeof body.id === 'number') attempt.id = body.id;
      return true;
    } catch {
      return false; // cut off by the kill: not acknowledged
    }
  };
  const workers = Array.from({ length: 8 }, async () => {
    while (!stopped && (await one()));
  });
  return async () => {
    stopped = true;
    await Promise.all(workers);
  };
}

describe.runIf(onPostgres)('SIGKILL on PostgreSQL', () => {
  it('keeps every acknowledged write and delivers every stored message', async () => {
    expect(existsSync(resolve(ROOT, 'build/server/index.js')), 'needs `npm run build`').toBe(true);
    const setup = await openDatabase(database.url);
    expect((await new StaffAccounts(setup).create(STAFF)).ok).toBe(true);
    await setup.close();

    const attempts: Attempt[] = [];
    let token = '';
    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      const server = await startServerOnPostgres();
      if (!token) {
        const login = await fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: STAFF.email, password: STAFF.password }),
        });
        token = ((await login.json()) as { tokens: { token: string }[] }).tokens[0]!.token;
      }
      const stop = writeStream(server.url, token, cycle, attempts);
      await sleep(50 + Math.random() * 300);
      server.child.kill('SIGKILL');
      await server.exited;
      await stop();

      // With the process gone: every acknowledged write is there, none half-written.
      const check = await openDatabase(database.url);
      try {
        const history = await check.db
          .selectFrom('daily_menu_history')
          .select(['titolo', 'version'])
          .orderBy('version')
          .execute();
        const menu = await check.db.selectFrom('daily_menu').selectAll().executeTakeFirstOrThrow();
        const titles = new Set(history.map((row) => row.titolo));
        for (const save of attempts.filter((a) => a.kind === 'save' && a.acknowledged)) {
          expect(titles.has(save.key), `acknowledged save ${save.key}`).toBe(true);
        }
        expect(history.at(-1)?.titolo).toBe(menu.titolo);
        expect(history.at(-1)?.version).toBe(menu.version);
        const messages = await check.db
          .selectFrom('contact_messages')
          .select(['id', 'last_name', 'outbox_id'])
          .execute();
        const stored = new Map(messages.map((row) => [row.last_name, row]));
        for (const post of attempts.filter((a) => a.kind === 'post' && a.acknowledged)) {
          expect(stored.get(post.key)?.id, `acknowledged post ${post.key}`).toBe(post.id);
        }
        for (const row of messages) expect(row.outbox_id, `message ${row.id}`).not.toBeNull();
      } finally {
        await check.close();
      }
    }
    expect(attempts.filter((a) => a.acknowledged).length).toBeGreaterThan(0);
    expect(attempts.filter((a) => a.acknowledged === undefined).length).toBeGreaterThan(0);

    // A mail leased by a killed process waits out its lease: end the leases, then drain.
    const db = await openDatabase(database.url);
    try {
      const now = new Date().toISOString();
      await db.db
        .updateTable('outbox')
        .set({ next_attempt_at: now })
        .where('status', '=', 'pending')
        .where('next_attempt_at', '>', now)
        .execute();
      const server = await startServerOnPostgres();
      try {
        await expect
          .poll(
            async () =>
              (
                await db.db
                  .selectFrom('outbox')
                  .select('id')
                  .where('status', '<>', 'sent')
                  .execute()
              ).length,
            { timeout: 60_000, interval: 100 },
          )
          .toBe(0);
        await sleep(500); // a late duplicate would arrive now
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      const messages = await db.db.selectFrom('contact_messages').select('last_name').execute();
      for (const { last_name: key } of messages) {
        const copies = smtp.received.filter((mail) => mail.header('subject')?.includes(key));
        expect(copies.length, `mails for ${key}`).toBeGreaterThanOrEqual(1);
        // A second copy only in the outbox's crash window (sent, then killed before
        // marked sent): then it is the same mail, with the same Message-ID.
        expect(new Set(copies.map((mail) => mail.header('message-id'))).size).toBe(1);
      }
    } finally {
      await db.close();
    }
  }, 180_000);
});
