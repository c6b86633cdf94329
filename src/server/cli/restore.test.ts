import { execFile, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { takeBackup } from '../backup/backup.ts';
import { createStaff, testApp } from '../testing/app.ts';
import { testDialect, type TestDatabase } from '../testing/database.ts';

// `npm run restore`, as an operator runs it: the real script on real SQLite
// files. Restore is for SQLite only; its refusal of a PostgreSQL URL is
// checked in either test project.
const SCRIPT = resolve(import.meta.dirname, 'restore.ts');
let dir: string;
let cleanup: (() => Promise<void>)[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'restore-'));
});
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
  rmSync(dir, { recursive: true, force: true });
});

async function restore(databaseUrl: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [SCRIPT, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout, err: failed.stderr };
  }
}

it('refuses a PostgreSQL DATABASE_URL and points to npm run import', async () => {
  const refused = await restore('postgres://nobody@127.0.0.1:1/restaurant', join(dir, 'x.sqlite'));
  expect(refused.code).toBe(1);
  expect(refused.err).toContain('npm run import -- FILE');
});

describe.runIf(testDialect() === 'sqlite')('a SQLite backup put back in place', () => {
  const databasePath = () => join(dir, 'data', 'restaurant.db');
  const database = (): TestDatabase => ({
    url: `file:${databasePath()}`,
    dialect: 'sqlite',
    drop: async () => {},
  });
  const emails = async (app: Awaited<ReturnType<typeof testApp>>['app']) =>
    (await app.staffAccounts.list()).map((member) => member.email).sort();

  /** A server on the database with Anna, a backup of it, then Marco added after the backup. */
  async function servedWithBackup() {
    const server = await testApp({}, { pages: false, sharedDatabase: database() });
    cleanup.push(() => server.close());
    await createStaff(server.app);
    const { file } = await takeBackup({ dialect: 'sqlite', path: databasePath() }, dir, Date.now());
    await createStaff(server.app, { email: 'marco@trattoria.example', username: 'marco' });
    return { server, backup: join(dir, file) };
  }

  it('refuses while a server uses the database, and says how to stop it', async () => {
    const { server, backup } = await servedWithBackup();
    const refused = await restore(database().url, backup);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`a server is using ${databasePath()} (process ${process.pid})`);
    expect(refused.err).toContain('Stop it first');
    expect(await emails(server.app)).toEqual(['anna@trattoria.example', 'marco@trattoria.example']);
  });

  it('refuses a damaged file, one that is not SQLite, and one from a newer version, changing nothing', async () => {
    const { server, backup } = await servedWithBackup();
    await server.app.close();
    const before = readFileSync(databasePath());

    const truncated = join(dir, 'truncated.sqlite');
    copyFileSync(backup, truncated);
    truncateSync(truncated, Math.floor(statSync(truncated).size / 2));
    const notSqlite = join(dir, 'notes.sqlite');
    writeFileSync(notSqlite, 'not a database at all, just some words long enough to be read');
    const newer = join(dir, 'newer.sqlite');
    copyFileSync(backup, newer);
    const future = new DatabaseSync(newer);
    future
      .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
      .run('999-from-the-future', new Date().toISOString());
    future.close();
    // docs/security.md item 52: a trigger or view the migrations do not make would run in the server.
    const withTrigger = join(dir, 'trigger.sqlite');
    copyFileSync(backup, withTrigger);
    const added = new DatabaseSync(withTrigger);
    added.exec(
      'create trigger copy_hashes after update on staff_users begin insert into audit_log (at, action, summary) values (new.updated_at, new.password_hash, new.email); end',
    );
    added.exec('create view staff_view as select * from staff_users');
    added.close();

    for (const [file, reason] of [
      [withTrigger, 'trigger copy_hashes, view staff_view, which the schema does not have'],
      [truncated, 'malformed'],
      [notSqlite, 'SQLite'],
      [newer, '999-from-the-future'],
      [join(dir, 'missing.sqlite'), 'does not exist'],
    ] as const) {
      const refused = await restore(database().url, file);
      expect(refused.code, file).toBe(1);
      expect(refused.err).toContain('Restore refused');
      expect(refused.err).toContain(reason);
      expect(refused.err).toContain('Nothing changed');
    }
    expect(readFileSync(databasePath()).equals(before)).toBe(true);
    // Five runs of the script, each a Node process: seconds apiece on a busy machine.
  }, 60_000);

  // docs/security.md item 52: the rows are checked as an import checks them, not only the schema.
  it('refuses a backup whose rows its columns do not take (a picture served as text/html, a too-long alt text), changing nothing', async () => {
    const { server, backup } = await servedWithBackup();
    await server.app.close();
    const before = readFileSync(databasePath());

    const htmlPicture = join(dir, 'html-picture.sqlite');
    copyFileSync(backup, htmlPicture);
    const forged = new DatabaseSync(htmlPicture);
    forged
      .prepare(
        'insert into image_files (owner, name, type, width, height, bytes) values (?, ?, ?, ?, ?, ?)',
      )
      .run('photo-1', 'page.html', 'text/html', 1, 1, Buffer.from('<script>alert(1)</script>'));
    forged.close();
    const longAlt = join(dir, 'long-alt.sqlite');
    copyFileSync(backup, longAlt);
    const altered = new DatabaseSync(longAlt);
    altered
      .prepare(
        'insert into photos (slot, alt, focus_x, focus_y, width, height, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
      )
      .run('hero', 'a'.repeat(301), 0.5, 0.5, 10, 10, new Date().toISOString());
    altered.close();

    for (const [file, reason] of [
      [htmlPicture, 'image_files.type holds a value its column does not take'],
      [longAlt, 'photos.alt holds a text longer than its column takes'],
    ] as const) {
      const refused = await restore(database().url, file);
      expect(refused.code, file).toBe(1);
      expect(refused.err).toContain('Restore refused');
      expect(refused.err).toContain(reason);
      expect(refused.err).toContain('Nothing changed');
    }
    expect(readFileSync(databasePath()).equals(before)).toBe(true);
    expect(readdirSync(join(dir, 'data')).filter((name) => name.includes('restore'))).toEqual([]);
  }, 60_000);

  it("removes a crashed restore's leftovers (its plaintext copy included) at the next restore and at a server's start", async () => {
    const { server, backup } = await servedWithBackup();
    await server.app.close();
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
    const leftovers = () =>
      readdirSync(join(dir, 'data')).filter((name) => name.includes('restore'));
    const crashed = () => {
      for (const suffix of ['decrypted', 'partial']) {
        writeFileSync(`${databasePath()}.restore-${dead}.${suffix}`, 'SQLite format 3', {
          mode: 0o600,
        });
      }
    };
    // A restore under way in a live process (this one) keeps its files.
    const running = `${databasePath()}.restore-${process.pid}.decrypted`;
    writeFileSync(running, 'SQLite format 3', { mode: 0o600 });
    crashed();

    const restored = await restore(database().url, backup);
    expect(restored).toMatchObject({ code: 0, err: '' });
    expect(leftovers()).toEqual([`restaurant.db.restore-${process.pid}.decrypted`]);

    crashed();
    const started = await testApp({}, { pages: false, sharedDatabase: database() });
    cleanup.push(() => started.close());
    expect(leftovers()).toEqual([`restaurant.db.restore-${process.pid}.decrypted`]);
  }, 60_000);

  it('restores an encrypted backup only with its passphrase; a wrong or missing one changes nothing', async () => {
    const server = await testApp({}, { pages: false, sharedDatabase: database() });
    cleanup.push(() => server.close());
    await createStaff(server.app);
    const passphraseFile = join(dir, 'passphrase');
    writeFileSync(passphraseFile, 'una passphrase lunga per il backup\n', { mode: 0o600 });
    const { file } = await takeBackup(
      { dialect: 'sqlite', path: databasePath() },
      dir,
      Date.now(),
      'una passphrase lunga per il backup',
    );
    expect(file).toMatch(/\.sqlite\.enc$/);
    const backup = join(dir, file);
    expect(readFileSync(backup).subarray(0, 6).toString()).not.toBe('SQLite');
    await createStaff(server.app, { email: 'marco@trattoria.example', username: 'marco' });
    await server.app.close();
    const before = readFileSync(databasePath());

    const none = await restore(database().url, backup);
    expect(none.code).toBe(1);
    expect(none.err).toContain('is encrypted: give its passphrase');
    writeFileSync(join(dir, 'wrong'), 'una passphrase sbagliata\n');
    const wrong = await restore(database().url, backup, '--passphrase-file', join(dir, 'wrong'));
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain('the passphrase does not open');
    expect(wrong.err).toContain('Nothing changed');
    expect(readFileSync(databasePath()).equals(before)).toBe(true);
    expect(readdirSync(join(dir, 'data')).filter((name) => name.includes('restore'))).toEqual([]);

    const restored = await restore(database().url, backup, '--passphrase-file', passphraseFile);
    expect(restored).toMatchObject({ code: 0, err: '' });
    expect(statSync(databasePath()).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, 'data')).filter((name) => name.includes('restore'))).toEqual([]);
    const started = await testApp({}, { pages: false, sharedDatabase: database() });
    cleanup.push(() => started.close());
    expect(await emails(started.app)).toEqual(['anna@trattoria.example']);
  }, 60_000);

  it("replaces the database with the backup, mode 0600, and a server started on it sees the backup's data", async () => {
    const { server, backup } = await servedWithBackup();
    await server.app.close();
    // A lock file left by a server that was killed: its process is gone.
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
    writeFileSync(`${databasePath()}.server-${dead}.pid`, `${dead}\n`);

    const restored = await restore(database().url, backup);
    expect(restored).toMatchObject({ code: 0, err: '' });
    expect(restored.out).toContain(`Restored ${backup} over ${databasePath()}`);
    expect(statSync(databasePath()).mode & 0o777).toBe(0o600);
    expect(existsSync(`${databasePath()}-wal`)).toBe(false);

    const started = await testApp({}, { pages: false, sharedDatabase: database() });
    cleanup.push(() => started.close());
    expect(await emails(started.app)).toEqual(['anna@trattoria.example']);
  });
});
