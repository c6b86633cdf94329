import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../testing/app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { BACKUP_NAME } from './backup.ts';
import { decryptFile, isEncrypted } from './encryption.ts';

// The daily backup, with two instances on one database (SQLite here,
// PostgreSQL in CI's `postgres` project) and their clock moved by hand.
const HOUR = 60 * 60 * 1000;
/** 10 March 2026, 03:29 in Rome (UTC+1): a minute before the backup is due. */
const BEFORE = Date.parse('2026-03-10T02:29:00Z');
const DUE = BEFORE + 60_000;

let dir: string;
let database: TestDatabase;
let clock: number;
let cleanup: (() => Promise<void>)[] = [];
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'daily-backup-'));
  database = await createTestDatabase(undefined, { migrated: true });
  clock = BEFORE;
});
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function instance(env: Record<string, string>) {
  const started = await testApp(env, {
    pages: false,
    sharedDatabase: database,
    now: () => clock,
  });
  cleanup.push(() => started.close());
  return started.app;
}

const backupsIn = () =>
  readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort();

describe('the daily backup', () => {
  it('is taken once at 03:30 in Rome by two instances, never before, keeping the newest BACKUP_KEEP', async () => {
    const backups = { BACKUP_DIR: dir, BACKUP_KEEP: '2' };
    const first = await instance(backups);
    const second = await instance(backups);
    const old = ['backup-2026-03-08T03-30-00.sqlite', 'backup-2026-03-09T03-30-00.sqlite'];
    for (const name of old) writeFileSync(join(dir, name), 'an older backup', { mode: 0o600 });

    await Promise.all([first.backups.check(), second.backups.check()]);
    expect(backupsIn()).toEqual(old);
    expect(await first.db.selectFrom('backup_runs').selectAll().execute()).toEqual([]);

    clock = DUE;
    await Promise.all([first.backups.check(), second.backups.check()]);
    await Promise.all([first.backups.check(), second.backups.check()]);
    const extension = database.dialect === 'sqlite' ? 'sqlite' : 'archive.gz';
    const taken = `backup-2026-03-10T03-30-00.${extension}`;
    // One new backup; the oldest beyond two removed.
    expect(backupsIn()).toEqual([old[1], taken]);
    expect(statSync(join(dir, taken)).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).filter((name) => name.includes('.partial'))).toEqual([]);
    const runs = await first.db.selectFrom('backup_runs').selectAll().execute();
    expect(runs).toEqual([
      {
        day: '2026-03-10',
        started_at: new Date(DUE).toISOString(),
        finished_at: new Date(DUE).toISOString(),
        file: taken,
        bytes: statSync(join(dir, taken)).size,
        error: null,
      },
    ]);

    // Later the same day, and after a restart: still that one.
    clock = DUE + 5 * HOUR;
    const restarted = await instance(backups);
    await restarted.backups.check();
    expect(backupsIn()).toEqual([old[1], taken]);
  });

  it('records a failure, which the owners see as the last one, and warns when no backup is younger than 48 hours', async () => {
    const app = await instance({ BACKUP_DIR: dir });
    await createStaff(app);
    const token = await login(app);
    const status = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/backups',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json<unknown>();

    // On, and nothing taken yet.
    expect(await status()).toEqual({
      enabled: true,
      lastSuccess: null,
      lastFailure: null,
      stale: true,
    });

    clock = DUE;
    await app.backups.check();
    const [taken] = backupsIn();
    const bytes = statSync(join(dir, taken!)).size;
    const success = { at: new Date(DUE).toISOString(), bytes };
    expect(await status()).toEqual({
      enabled: true,
      lastSuccess: success,
      lastFailure: null,
      stale: false,
    });

    // The next night the folder cannot be written (a file stands in its place).
    rmSync(dir, { recursive: true });
    writeFileSync(dir, 'not a folder');
    clock = DUE + 24 * HOUR;
    await app.backups.check();
    const failed = await app.db
      .selectFrom('backup_runs')
      .selectAll()
      .where('day', '=', '2026-03-11')
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ file: null, bytes: null, error: 'ENOTDIR' });
    expect(await status()).toEqual({
      enabled: true,
      lastSuccess: success,
      lastFailure: { at: new Date(clock).toISOString() },
      stale: false,
    });

    clock = DUE + 48 * HOUR + 1;
    expect(await status()).toMatchObject({ lastSuccess: success, stale: true });
    rmSync(dir);
  });

  it('is off without BACKUP_DIR, and only owners read its state', async () => {
    const app = await instance({});
    clock = DUE;
    await app.backups.check();
    expect(await app.db.selectFrom('backup_runs').selectAll().execute()).toEqual([]);

    await createStaff(app);
    await createStaff(app, { email: 'marco@trattoria.example', username: 'marco', role: 'staff' });
    const owner = await login(app);
    const colleague = await login(app, 'marco@trattoria.example');
    const get = (token?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/backups',
        ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      });
    const answer = await get(owner);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual({
      enabled: false,
      lastSuccess: null,
      lastFailure: null,
      stale: false,
    });
    expect((await get(colleague)).statusCode).toBe(403);
    expect((await get()).statusCode).toBe(401);
  });

  it('is encrypted with BACKUP_PASSPHRASE when it is set, and opens with it', async () => {
    const app = await instance({
      BACKUP_DIR: dir,
      BACKUP_PASSPHRASE: 'la tonnara apre alle sette',
    });
    await createStaff(app);
    clock = DUE;
    await app.backups.check();
    const extension = database.dialect === 'sqlite' ? 'sqlite' : 'archive.gz';
    const taken = `backup-2026-03-10T03-30-00.${extension}.enc`;
    expect(backupsIn()).toEqual([taken]);
    expect(readdirSync(dir)).toEqual([taken]);
    expect(statSync(join(dir, taken)).mode & 0o777).toBe(0o600);
    expect(await isEncrypted(join(dir, taken))).toBe(true);
    await decryptFile(join(dir, taken), join(dir, 'opened'), 'la tonnara apre alle sette');
    expect(statSync(join(dir, 'opened')).size).toBeGreaterThan(0);
    expect((await app.backups.status()).lastSuccess).toMatchObject({
      bytes: statSync(join(dir, taken)).size,
    });
  }, 60_000);
});
