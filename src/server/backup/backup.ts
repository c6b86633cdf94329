import { existsSync } from 'node:fs';
import { chmod, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import type { Kysely } from 'kysely';
import { romeDateTime } from '../../shared/opening-hours.ts';
import type { Database } from '../db/database.ts';
import { exportArchive } from './archive.ts';
import { readArchiveLines } from './archive-file.ts';
import { LEFT_OUT_OF_ARCHIVES } from './archive-tables.ts';
import { decryptedStream, encryptFile } from './encryption.ts';
import { isProcessAlive } from './server-lock.ts';

/**
 * One backup of the whole database into a folder, while the server serves
 * and writes (`npm run backup`, and the daily backup of daily-backup.ts).
 * SQLite: a copy of the file through SQLite's online backup API; PostgreSQL:
 * the portable archive (archive.ts). Either is written under a temporary
 * name that holds this process's id, checked, flushed to disk, and only then
 * renamed to its backup's name: whatever happens, SIGKILL included, a file
 * under a backup's name is a whole backup. A killed run's temporary files
 * are removed by the next run, once no live process owns them.
 */

/** Where the backup is read from: SQLite's file, or PostgreSQL through the app's connections. */
export type BackupSource =
  { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; db: Kysely<Database> };

/** A backup's name: its time in Rome, sortable, and what it holds (`.enc`: encrypted, encryption.ts). */
export const BACKUP_NAME =
  /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.(sqlite|archive\.gz)(\.enc)?$/;

/** A temporary file of a backup under way, with the id of the process writing it. */
// The first `.<digits>.partial`: the archive's own temporary suffix after it may be digits too.
const TEMPORARY_NAME = /^backup-.*?\.(\d+)\.partial/;

/**
 * Pages copied in one step of SQLite's backup: all of them. The copy is then
 * one read transaction, a snapshot that WAL lets writers go on beside; in
 * smaller steps, every write from another connection between two steps
 * would start the copy over, and a busy server could keep it from ending.
 */
const ALL_PAGES = 2 ** 31 - 1;

export function backupName(
  at: number,
  dialect: BackupSource['dialect'],
  encrypted = false,
): string {
  const { date, time } = romeDateTime(new Date(at));
  // Rome is a whole number of hours from UTC: its seconds are UTC's.
  const seconds = String(new Date(at).getUTCSeconds()).padStart(2, '0');
  const extension = dialect === 'sqlite' ? 'sqlite' : 'archive.gz';
  return `backup-${date}T${time.replace(':', '-')}-${seconds}.${extension}${encrypted ? '.enc' : ''}`;
}

/**
 * Writes a backup of `source` into the folder `dir`, named after the instant
 * `at`; encrypted with `passphrase` when one is given (the SQLite copy is
 * made, checked and encrypted under temporary names, 0600, then removed).
 */
export async function takeBackup(
  source: BackupSource,
  dir: string,
  at: number,
  passphrase?: string,
): Promise<{ file: string; bytes: number }> {
  await removeLeftovers(dir);
  const file = backupName(at, source.dialect, passphrase !== undefined);
  const path = join(dir, file);
  if (existsSync(path)) throw new Error(`${file} already exists in the backup folder`);
  const temporary = `${path}.${process.pid}.partial`;
  try {
    if (source.dialect === 'sqlite') await copySqlite(source.path, temporary, passphrase);
    else await writeArchive(source.db, temporary, passphrase);
    await chmod(temporary, 0o600);
    await syncFile(temporary);
    await rename(temporary, path);
    await syncFile(dir);
  } catch (error) {
    await removeTemporaryFiles(dir, (name) => name.startsWith(`${file}.${process.pid}.partial`));
    throw error;
  }
  return { file, bytes: (await stat(path)).size };
}

async function copySqlite(
  databasePath: string,
  temporary: string,
  passphrase: string | undefined,
): Promise<void> {
  if (passphrase !== undefined) {
    const plain = `${temporary}.plain`;
    try {
      await copySqlite(databasePath, plain, undefined);
      await encryptFile(plain, temporary, passphrase);
    } finally {
      await rm(plain, { force: true });
    }
    // Read back from the disk: every chunk must pass its check before it is called a backup.
    for await (const chunk of await decryptedStream(temporary, passphrase)) void chunk;
    return;
  }
  if (!existsSync(databasePath)) throw new Error(`There is no SQLite database at ${databasePath}`);
  // Created first, readable by its owner only: SQLite keeps an existing
  // file's mode, and gives its journal files the same.
  await (await open(temporary, 'wx', 0o600)).close();
  const source = new DatabaseSync(databasePath);
  try {
    source.exec('PRAGMA busy_timeout = 5000');
    await backup(source, temporary, { rate: ALL_PAGES });
  } finally {
    source.close();
  }
  // Synchronous, as node:sqlite is: a pause of the server's other work while
  // the copy is read, at 03:30 when the restaurant is closed.
  const copy = new DatabaseSync(temporary);
  try {
    const problems = copy
      .prepare('PRAGMA integrity_check')
      .all()
      .map((row) => String(row.integrity_check))
      .join('; ');
    if (problems !== 'ok') throw new Error(`The copy fails SQLite's integrity check: ${problems}`);
    // The copy carries the database's WAL mode: one self-contained file instead.
    copy.exec('PRAGMA journal_mode = DELETE');
    leaveOutLinks(copy);
  } finally {
    copy.close();
  }
}

/**
 * Removes from the copy the rows an archive leaves out (reset and invitation
 * links, archive-tables.ts), then rewrites the file: the pages they were on,
 * and any page the live database had freed, hold none of their bytes.
 */
function leaveOutLinks(copy: DatabaseSync): void {
  for (const [table, condition] of Object.entries(LEFT_OUT_OF_ARCHIVES)) {
    const exists = copy
      .prepare(`select 1 from sqlite_master where type = 'table' and name = ?`)
      .get(table);
    if (exists !== undefined) copy.exec(`delete from "${table}" where ${condition}`);
  }
  copy.exec('VACUUM');
}

async function writeArchive(
  db: Kysely<Database>,
  temporary: string,
  passphrase: string | undefined,
): Promise<void> {
  await exportArchive(db, 'postgres', temporary, passphrase);
  // Read back from the disk: its checksum must match before it is called a backup.
  for await (const line of readArchiveLines(temporary, passphrase)) void line;
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Removes the temporary files of backups whose process is gone (killed, or
 * the machine stopped); `temporaryName` (its first group the process id)
 * names another command's, a restore's (restore.ts).
 */
export function removeLeftovers(dir: string, temporaryName = TEMPORARY_NAME): Promise<string[]> {
  return removeTemporaryFiles(
    dir,
    (name) => {
      const pid = Number(temporaryName.exec(name)?.[1]);
      return Number.isInteger(pid) && pid !== process.pid && !isProcessAlive(pid);
    },
    temporaryName,
  );
}

async function removeTemporaryFiles(
  dir: string,
  remove: (name: string) => boolean,
  temporaryName = TEMPORARY_NAME,
) {
  const names = (await readdir(dir)).filter((name) => temporaryName.test(name) && remove(name));
  await Promise.all(names.map((name) => rm(join(dir, name), { force: true })));
  return names;
}

/** Keeps the newest `keep` backups in `dir` and removes the others; returns the removed names. */
export async function removeOldBackups(dir: string, keep: number): Promise<string[]> {
  const backups = (await readdir(dir)).filter((name) => BACKUP_NAME.test(name));
  // Their names begin with their time: newest last once sorted.
  const old = backups.sort().slice(0, Math.max(0, backups.length - keep));
  await Promise.all(old.map((name) => rm(join(dir, name), { force: true })));
  return old;
}
