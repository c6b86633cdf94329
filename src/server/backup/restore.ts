import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteDialect } from 'kysely';
import { createMigrator, type Database } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import { createSqliteDatabase } from '../db/sqlite-driver.ts';
import { encodeValue } from './archive.ts';
import { DamagedArchive } from './archive-file.ts';
import { rowChecker } from './archive-rows.ts';
import { removeLeftovers } from './backup.ts';
import { liveTables } from './archive-schema.ts';
import { DamagedEncryptedFile, decryptFile, isEncrypted, WrongPassphrase } from './encryption.ts';

/**
 * Putting a SQLite backup (`npm run backup`) in place of the database file,
 * for `npm run restore`: the file is checked first, and the database is
 * replaced in one rename, so that it is the old file or the backup, never a
 * mix. The server must be stopped (server-lock.ts): the caller checks.
 */

/**
 * Why `file` is not a backup of this project's database that this version
 * can run, or null when it is. Its schema must be exactly the one the
 * migrations it records make (docs/security.md item 52): a trigger or a view
 * they do not create would run inside the server (a trigger that copies each
 * new password hash elsewhere), so the file is refused. Then every row must
 * pass the checks an import makes (rowProblem).
 */
export async function problemWithBackup(file: string): Promise<string | null> {
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
    const applied = copy
      .prepare('select name from kysely_migration order by name')
      .all()
      .map((row) => String(row.name));
    const unknown = applied.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      return `it comes from a newer version of this project (migrations ${unknown.join(', ')}): update the code first`;
    }
    const last = applied.at(-1);
    if (last === undefined) return 'it holds no schema (no migration applied)';
    return schemaDifference(schemaOf(copy), await schemaMadeBy(last)) ?? (await rowProblem(copy));
  } catch (error) {
    // "file is not a database": SQLite reads the header only when first asked.
    return `it does not read as SQLite (${(error as Error).message})`;
  } finally {
    copy.close();
  }
}

/**
 * Why a row of `copy` (whose schema is the migrations') is not one its
 * column takes, or null: the same checks as an import's (archive-rows.ts), so
 * that a forged backup cannot bring in what no route would have stored (a
 * picture whose type, served as its Content-Type, is `text/html`).
 */
async function rowProblem(copy: DatabaseSync): Promise<string | null> {
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: createSqliteDatabase(copy) }),
  });
  const live = await liveTables(db, 'sqlite');
  for (const table of live.values()) {
    const columns = table.columns.map((column) => column.name);
    const check = rowChecker(table, columns);
    const rows = copy
      .prepare(`select ${columns.map(quoted).join(', ')} from ${quoted(table.name)}`)
      .iterate();
    try {
      for (const row of rows) check(columns.map((column) => encodeValue(row[column])));
    } catch (error) {
      if (error instanceof DamagedArchive) return error.message;
      throw error;
    }
  }
  return null;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Removes what a restore of `database` killed midway left beside it: its
 * decrypted copy of the backup (plaintext, 0600) and its partial copy, once
 * the process that wrote them is gone. Run by the next restore and at the
 * server's start (plugins/database.ts).
 */
export async function removeRestoreLeftovers(database: string): Promise<string[]> {
  if (!existsSync(dirname(database))) return [];
  const escaped = basename(database).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return removeLeftovers(
    dirname(database),
    new RegExp(`^${escaped}\\.restore-(\\d+)\\.(decrypted|partial)$`),
  );
}

/**
 * The SQLite backup `file` as a plain file: itself, or, encrypted, its
 * decryption into a temporary file (0600) beside `database`, which `remove`
 * deletes. Refused, with why, when it needs a passphrase or the passphrase
 * does not open it, or a chunk fails its check: nothing changed.
 */
export async function plainBackup(
  file: string,
  database: string,
  passphrase: string | undefined,
): Promise<{ path: string; remove: () => Promise<void> } | { refused: string }> {
  if (!existsSync(file) || !(await isEncrypted(file))) {
    return { path: file, remove: async () => {} };
  }
  if (passphrase === undefined) {
    return {
      refused: `${file} is encrypted: give its passphrase (--passphrase-file FILE or BACKUP_PASSPHRASE)`,
    };
  }
  if (!existsSync(dirname(database)))
    await mkdir(dirname(database), { recursive: true, mode: 0o700 });
  const path = `${database}.restore-${process.pid}.decrypted`;
  const remove = () => rm(path, { force: true });
  try {
    await decryptFile(file, path, passphrase);
  } catch (error) {
    await remove();
    if (error instanceof WrongPassphrase)
      return { refused: `the passphrase does not open ${file}` };
    if (error instanceof DamagedEncryptedFile) {
      return { refused: `${file} is not a sound backup: ${error.message}` };
    }
    throw error;
  }
  return { path, remove };
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

/** Every entry of `sqlite_master` (tables, indexes, triggers, views) by type and name, with its SQL; SQLite's own aside. */
function schemaOf(sqlite: DatabaseSync): Map<string, string> {
  const rows = sqlite
    .prepare(
      `select type, name, sql from sqlite_master where name not like 'sqlite\\_%' escape '\\' order by type, name`,
    )
    .all();
  return new Map(
    rows.map((row) => [`${String(row.type)} ${String(row.name)}`, String(row.sql ?? '')]),
  );
}

/** The schema the migrations up to `last` make in a new database. */
async function schemaMadeBy(last: string): Promise<Map<string, string>> {
  const sqlite = new DatabaseSync(':memory:');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: createSqliteDatabase(sqlite) }),
  });
  try {
    const result = await (await createMigrator(db, 'sqlite')).migrateTo(last);
    if (result.error !== undefined) throw result.error;
    return schemaOf(sqlite);
  } finally {
    await db.destroy();
  }
}

function schemaDifference(
  found: Map<string, string>,
  expected: Map<string, string>,
): string | null {
  const extra = [...found.keys()].filter((entry) => !expected.has(entry));
  if (extra.length > 0) return `it has ${extra.join(', ')}, which the schema does not have`;
  const missing = [...expected.keys()].filter((entry) => !found.has(entry));
  if (missing.length > 0) return `it lacks ${missing.join(', ')} of the schema`;
  const altered = [...expected].filter(([entry, text]) => found.get(entry) !== text);
  if (altered.length > 0) {
    return `its ${altered.map(([entry]) => entry).join(', ')} differ from the schema's`;
  }
  return null;
}
