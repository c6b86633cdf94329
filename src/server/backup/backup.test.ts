import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../db/database.ts';
import { parseDatabaseUrl } from '../db/dialect.ts';
import { testApp } from '../testing/app.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../testing/database.ts';
import { importArchive } from './archive.ts';
import { BACKUP_NAME, removeLeftovers, takeBackup, type BackupSource } from './backup.ts';

// `npm run backup` and the function the daily backup shares with it, on
// SQLite (a copy of the file) and, in CI's `postgres` project, PostgreSQL
// (the portable archive).
const SCRIPT = resolve(import.meta.dirname, '../cli/backup.ts');
let dir: string;
let cleanup: (() => Promise<void>)[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'backup-'));
});
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
  rmSync(dir, { recursive: true, force: true });
});

const backupsIn = (folder: string) => readdirSync(folder).filter((name) => BACKUP_NAME.test(name));
const partialsIn = (folder: string) =>
  readdirSync(folder).filter((name) => name.includes('.partial'));

/** A migrated database of its own, with `megabytes` of incompressible photo files so that a backup takes a moment. */
async function filledDatabase(
  megabytes: number,
): Promise<{ database: TestDatabase; app: AppDatabase }> {
  const database = await createTestDatabase();
  const app = await openDatabase(database.url);
  cleanup.push(
    () => database.drop(),
    () => app.close(),
  );
  for (let index = 0; index < megabytes; index++) {
    await app.db
      .insertInto('image_files')
      .values({
        name: `filler-${index}.webp`,
        owner: 'home-hero',
        type: 'image/webp',
        width: 640,
        height: 480,
        bytes: randomBytes(1024 * 1024),
      })
      .execute();
  }
  return { database, app };
}

function sourceOf(database: TestDatabase, app: AppDatabase): BackupSource {
  const target = parseDatabaseUrl(database.url);
  return target.dialect === 'sqlite' ? target : { dialect: 'postgres', db: app.db };
}

/** The backup `file` opened as a database: the SQLite copy itself, or the archive imported into a new database. */
async function openBackup(file: string, dialect: TestDatabase['dialect']): Promise<AppDatabase> {
  if (dialect === 'sqlite') {
    // Opened on a scratch copy: the server's settings (WAL) would change the backup itself.
    const copy = join(dir, 'opened.sqlite');
    copyFileSync(file, copy);
    const opened = await openDatabase(`file:${copy}`);
    cleanup.push(() => opened.close());
    return opened;
  }
  const target = await createTestDatabase();
  const opened = await openDatabase(target.url);
  cleanup.push(
    () => target.drop(),
    () => opened.close(),
  );
  const result = await importArchive(opened, file);
  expect(result.ok).toBe(true);
  return opened;
}

function runBackup(url: string, ...args: string[]) {
  return spawn(process.execPath, [SCRIPT, ...args], {
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function finished(child: ReturnType<typeof spawn>) {
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) =>
    child.on('exit', (exitCode, exitSignal) => done([exitCode, exitSignal])),
  );
  return { code, signal, out, err };
}

describe('a backup', () => {
  it('taken during a stream of writes holds every write acknowledged before it began, and is sound', async () => {
    const { database, app } = await filledDatabase(8);
    const acknowledged: number[] = [];
    let writing = true;
    const writes = (async () => {
      while (writing) {
        const { id } = await app.db
          .insertInto('audit_log')
          .values({
            at: new Date().toISOString(),
            actor_id: null,
            actor_email: null,
            action: 'test.write',
            target: 'backup',
            summary: `write ${acknowledged.length}`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        acknowledged.push(id);
        // Each write on a turn of its own, as requests arrive (node:sqlite answers at once).
        await new Promise((next) => setImmediate(next));
      }
    })();
    while (acknowledged.length < 20) await new Promise((next) => setImmediate(next));

    const before = [...acknowledged];
    const { file, bytes } = await takeBackup(sourceOf(database, app), dir, Date.now());
    const during = acknowledged.length - before.length;
    writing = false;
    await writes;

    const path = join(dir, file);
    expect(BACKUP_NAME.test(file)).toBe(true);
    expect(statSync(path).size).toBe(bytes);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(partialsIn(dir)).toEqual([]);
    // The server went on writing while the copy was made.
    expect(during).toBeGreaterThan(0);

    const copy = await openBackup(path, database.dialect);
    const ids = (
      await copy.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'test.write')
        .execute()
    ).map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining(before));
    const photos = await copy.db.selectFrom('image_files').select('name').execute();
    expect(photos).toHaveLength(8);
  });

  it('killed with SIGKILL leaves no file under a backup name, and the next run cleans up and succeeds', async () => {
    const { database, app } = await filledDatabase(40);
    await app.close();

    const child = runBackup(database.url, '--to', dir);
    const exit = finished(child);
    // Killed as soon as its temporary file appears, while it is being written.
    const watcher = watch(dir, () => {
      if (partialsIn(dir).length > 0) child.kill('SIGKILL');
    });
    const killed = await exit;
    watcher.close();
    expect(killed.signal).toBe('SIGKILL');
    expect(backupsIn(dir)).toEqual([]);
    expect(partialsIn(dir).length).toBeGreaterThan(0);

    const next = await finished(runBackup(database.url, '--to', dir));
    expect(next).toMatchObject({ code: 0, err: '' });
    expect(partialsIn(dir)).toEqual([]);
    const [file] = backupsIn(dir);
    expect(backupsIn(dir)).toHaveLength(1);
    expect(next.out).toContain(`Backup written: ${join(dir, file!)}`);
    expect(statSync(join(dir, file!)).mode & 0o777).toBe(0o600);
  });

  it('is refused, saying why, without a folder, a folder that is not one, or a missing SQLite file', async () => {
    const database = await createTestDatabase();
    cleanup.push(() => database.drop());
    const noFolder = await finished(runBackup(database.url));
    expect(noFolder).toMatchObject({ code: 1 });
    expect(noFolder.err).toContain('Usage: npm run backup -- --to DIR');

    const missing = await finished(runBackup(database.url, '--to', join(dir, 'nowhere')));
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('does not exist');

    const notAFolder = join(dir, 'file');
    copyFileSync(SCRIPT, notAFolder);
    const file = await finished(runBackup(database.url, '--to', notAFolder));
    expect(file.code).toBe(1);
    expect(file.err).toContain('is not a folder');

    if (database.dialect === 'sqlite') {
      // DATABASE_URL names no file yet: nothing to back up, and nothing created.
      const noDatabase = await finished(runBackup(database.url, '--to', dir));
      expect(noDatabase.code).toBe(1);
      expect(noDatabase.err).toContain('there is no database at');
      expect(readdirSync(dir)).toEqual(['file']);
    }
  });
});

describe('a next run', () => {
  it("removes a dead process's temporary files, never a live one's", async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const live = process.ppid;
    const names = {
      deadCopy: `backup-2026-03-10T03-30-00.sqlite.${dead}.partial`,
      deadJournal: `backup-2026-03-10T03-30-00.sqlite.${dead}.partial-journal`,
      // The archive's own suffix after the process id, all digits by chance.
      deadArchive: `backup-2026-03-10T03-30-00.archive.gz.${dead}.partial.123456789012.partial`,
      liveArchive: `backup-2026-03-10T03-30-00.archive.gz.${live}.partial.123456789012.partial`,
      own: `backup-2026-03-10T03-30-00.sqlite.${process.pid}.partial`,
      unrelated: 'notes.txt',
    };
    for (const name of Object.values(names)) writeFileSync(join(dir, name), 'x');
    expect((await removeLeftovers(dir)).sort()).toEqual(
      [names.deadArchive, names.deadCopy, names.deadJournal].sort(),
    );
    expect(readdirSync(dir).sort()).toEqual([names.liveArchive, names.own, names.unrelated].sort());
  });
});

describe('the server', () => {
  it.runIf(testDialect() === 'sqlite')(
    'writes its lock file beside a SQLite database while it runs, mode 0600, and removes it when it closes',
    async () => {
      const database = await createTestDatabase();
      cleanup.push(() => database.drop());
      const folder = join(database.url.replace(/^file:/, ''), '..');
      const locks = () => readdirSync(folder).filter((name) => name.endsWith('.pid'));
      const server = await testApp({}, { pages: false, sharedDatabase: database });
      try {
        expect(locks()).toEqual([`restaurant.db.server-${process.pid}.pid`]);
        expect(statSync(join(folder, locks()[0]!)).mode & 0o777).toBe(0o600);
      } finally {
        await server.close();
      }
      expect(locks()).toEqual([]);
    },
  );
});
