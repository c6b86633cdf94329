import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { migrations } from '../db/migrations/index.ts';

/**
 * Putting a SQLite backup (`npm run backup`) in place of the database file,
 * for `npm run restore`: the file is checked first, and the database is
 * replaced in one rename, so that it is the old file or the backup, never a
 * mix. The server must be stopped (server-lock.ts): the caller checks.
 */

/** Why `file` is not a backup of this project's database that this version can run, or null when it is. */
export function problemWithBackup(file: string): string | null {
  if (!existsSync(file)) return `${file} does not exist`;
  let copy: DatabaseSync;
  try {
    copy = new DatabaseSync(file, { readOnly: true });
  } catch (error) {
    return `it does not open as SQLite (${(error as Error).message})`;
  }
  try {
    const integrity = copy
      .prepare('PRAGMA integrity_check')
      .all()
      .map((row) => String(row.integrity_check))
      .join('; ');
    if (integrity !== 'ok') return `it fails SQLite's integrity check (${integrity})`;
    const table = copy
      .prepare(`select name from sqlite_master where type = 'table' and name = 'kysely_migration'`)
      .get();
    if (table === undefined) return 'it is not a database of this project (no migrations table)';
    const known = new Set(Object.keys(migrations('sqlite')));
    const unknown = copy
      .prepare('select name from kysely_migration order by name')
      .all()
      .map((row) => String(row.name))
      .filter((name) => !known.has(name));
    if (unknown.length > 0) {
      return `it comes from a newer version of this project (migrations ${unknown.join(', ')}): update the code first`;
    }
    return null;
  } catch (error) {
    // "file is not a database": SQLite reads the header only when first asked.
    return `it does not read as SQLite (${(error as Error).message})`;
  } finally {
    copy.close();
  }
}

/** Replaces the SQLite file `database` with a copy of `file` (checked by `problemWithBackup`), mode 0600. */
export async function replaceDatabase(file: string, database: string): Promise<void> {
  const temporary = `${database}.restore-${process.pid}.partial`;
  // A scratch database's folder (a restore drill) is made, as the server makes its own.
  if (!existsSync(dirname(database)))
    await mkdir(dirname(database), { recursive: true, mode: 0o700 });
  try {
    await copyFile(file, temporary);
    await chmod(temporary, 0o600);
    await syncFile(temporary);
    // The old file's write-ahead log would be replayed into the backup: gone with it.
    await rm(`${database}-wal`, { force: true });
    await rm(`${database}-shm`, { force: true });
    await rename(temporary, database);
    await syncFile(dirname(database));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
