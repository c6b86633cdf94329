import { stat } from 'node:fs/promises';
import { sql, type Kysely, type TableMetadata } from 'kysely';
import { createMigrator, type Database, type SqlDialect } from '../db/database.ts';
import { withMigrationLock } from '../db/dialect.ts';
import { migrations } from '../db/migrations/index.ts';
import { PassphraseNeeded, WrongPassphrase } from './encryption.ts';
import { DamagedArchive, readArchiveLines, writeArchiveFile } from './archive-file.ts';
import { rowChecker, type RowChecker } from './archive-rows.ts';
import { anyTables, lastIssuedId, liveTables, setSequence } from './archive-schema.ts';
import { ARCHIVE_TABLES, LEFT_OUT_OF_ARCHIVES, OCCUPIED_IF_ANY_ROW_IN } from './archive-tables.ts';

/**
 * The portable archive (docs/decisions/017-portable-archive.md): every table
 * of the database in one file that loads into SQLite or PostgreSQL alike.
 *
 * Lines: a header `{format, formatVersion, schemaVersion, createdAt}`; per
 * table `{table, columns, lastId}` then one JSON array per row (binary values
 * as `{"$base64": …}`); last `{end: true, tables: {name: rows}, sha256}`.
 * `lastId` is the largest id the table's auto-increment ever gave (null if
 * none): an import sets the sequence there, so an id whose row was deleted
 * (a takeaway order a guest had erased) is never given again, and an old signed
 * link never names a new guest's row.
 */

/** What an archive holds: its schema version and each table's row count. */
export interface ArchiveSummary {
  schemaVersion: string;
  tables: Record<string, number>;
  bytes: number;
}

export type ImportRefusal =
  'not-empty' | 'newer-schema' | 'damaged' | 'passphrase-needed' | 'wrong-passphrase';

const FORMAT = 'trattoria-archive';
const FORMAT_VERSION = 1;
const ROWS_PER_READ = 500;
/** Bound parameters per insert, under SQLite's 32,766 and PostgreSQL's 65,535. */
const PARAMETERS_PER_INSERT = 10_000;
/** JSON bytes per insert, so that a batch of photos stays small. */
const BYTES_PER_INSERT = 4_000_000;

/**
 * Streams every table of `db` into the archive file at `path` (written as
 * `path` + a temporary suffix, mode 0600, renamed when complete), encrypted
 * when a passphrase is given.
 */
export async function exportArchive(
  db: Kysely<Database>,
  dialect: SqlDialect,
  path: string,
  passphrase?: string,
): Promise<ArchiveSummary> {
  const tables: Record<string, number> = {};
  let schemaVersion = '';
  const bytes = await inSnapshot(db, dialect, async (snapshot) => {
    schemaVersion = await lastAppliedMigration(snapshot, dialect);
    const live = await liveTables(snapshot, dialect);
    // A database at an older schema lacks the tables later migrations add: it exports what
    // it has, and an import migrates to that same schema first. A table this version does
    // not know would be lost: refused.
    const unknown = [...live.keys()].filter((name) => !ARCHIVE_TABLES.some((t) => t.name === name));
    if (unknown.length > 0) {
      throw new Error(`The database has tables this version does not know: ${unknown.join(', ')}`);
    }
    const header = { format: FORMAT, formatVersion: FORMAT_VERSION, schemaVersion };
    return writeArchiveFile(
      path,
      archiveLines(
        snapshot,
        dialect,
        live,
        { ...header, createdAt: new Date().toISOString() },
        tables,
      ),
      () => ({ end: true, tables }),
      passphrase,
    );
  });
  return { schemaVersion, tables, bytes };
}

/**
 * One consistent view of the database for the whole export, which never
 * holds up the server's writes: PostgreSQL's repeatable-read snapshot; on
 * SQLite a deferred read transaction (WAL keeps writers going) on the one
 * connection, held for the export so no other query slips into it.
 */
async function inSnapshot<T>(
  db: Kysely<Database>,
  dialect: SqlDialect,
  work: (snapshot: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (dialect === 'postgres') {
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(work);
  }
  return db.connection().execute(async (connection) => {
    await sql`begin deferred`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`commit`.execute(connection);
    }
  });
}

async function* archiveLines(
  db: Kysely<Database>,
  dialect: SqlDialect,
  live: Map<string, TableMetadata>,
  header: Record<string, unknown>,
  counts: Record<string, number>,
): AsyncGenerator<unknown[]> {
  yield [header];
  for (const { name, key } of ARCHIVE_TABLES) {
    if (!live.has(name)) continue;
    const columns = live.get(name)!.columns.map((column) => column.name);
    const lastId = await lastIssuedId(db, dialect, live.get(name)!);
    yield [{ table: name, columns, lastId }];
    counts[name] = 0;
    let after: Record<string, unknown> | undefined;
    for (;;) {
      let query = anyTables(db).selectFrom(name).select(columns).limit(ROWS_PER_READ);
      const leftOut = LEFT_OUT_OF_ARCHIVES[name];
      if (leftOut !== undefined) query = query.where(sql<boolean>`not (${sql.raw(leftOut)})`);
      for (const column of key) query = query.orderBy(sql.ref(column));
      if (after !== undefined) {
        const last = after;
        query = query.where(
          sql<boolean>`(${sql.join(key.map((column) => sql.ref(column)))}) > (${sql.join(key.map((column) => last[column]))})`,
        );
      }
      const rows = await query.execute();
      counts[name] += rows.length;
      yield rows.map((row) => columns.map((column) => encodeValue(row[column])));
      if (rows.length < ROWS_PER_READ) break;
      after = rows.at(-1);
    }
  }
}

/** A value as the archive writes it (bytes as `{$base64}`), as `rowChecker` takes it. */
export function encodeValue(value: unknown): unknown {
  if (value instanceof Uint8Array) {
    return {
      $base64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64'),
    };
  }
  return value;
}

/** Loads the archive at `path` (encrypted: with `passphrase`) into the empty database `target`, or refuses and changes nothing. */
export async function importArchive(
  target: { db: Kysely<Database>; dialect: SqlDialect },
  path: string,
  passphrase?: string,
): Promise<
  { ok: true; summary: ArchiveSummary } | { ok: false; reason: ImportRefusal; message: string }
> {
  const lines = readArchiveLines(path, passphrase);
  try {
    const header = await readHeader(lines);
    if (!Object.keys(migrations(target.dialect)).includes(header.schemaVersion)) {
      return refusal(
        'newer-schema',
        `the archive's schema (${header.schemaVersion}) is newer than this version of the site knows: update the site first`,
      );
    }
    const occupied = await occupiedTables(target.db, target.dialect);
    if (occupied.length > 0) {
      return refusal(
        'not-empty',
        `the database is not empty (rows in ${occupied.join(', ')}): import only into a new database`,
      );
    }
    const tables = await inOneTransaction(target, (db) =>
      load(db, target.dialect, header.schemaVersion, lines),
    );
    return {
      ok: true,
      summary: { schemaVersion: header.schemaVersion, tables, bytes: (await stat(path)).size },
    };
  } catch (error) {
    if (error instanceof DamagedArchive) {
      return refusal('damaged', `${path} is damaged: ${error.message}`);
    }
    if (error instanceof PassphraseNeeded) {
      return refusal(
        'passphrase-needed',
        `${path} is encrypted: give its passphrase (--passphrase-file FILE or BACKUP_PASSPHRASE)`,
      );
    }
    if (error instanceof WrongPassphrase) {
      return refusal('wrong-passphrase', `the passphrase does not open ${path}`);
    }
    throw error;
  } finally {
    await lines.return();
  }
}

function refusal(reason: ImportRefusal, message: string) {
  return { ok: false as const, reason, message };
}

async function readHeader(lines: AsyncGenerator<unknown>): Promise<{ schemaVersion: string }> {
  let first: IteratorResult<unknown>;
  try {
    first = await lines.next();
  } catch (error) {
    // A file that is not gzip at all is not an archive, rather than a damaged one.
    if (error instanceof DamagedArchive)
      throw new DamagedArchive(`not an archive (${error.message})`);
    throw error;
  }
  const header = first.value as Record<string, unknown> | undefined;
  if (header?.format !== FORMAT || typeof header.schemaVersion !== 'string') {
    throw new DamagedArchive('not an archive');
  }
  if (header.formatVersion !== FORMAT_VERSION) {
    throw new DamagedArchive(
      `archive format ${String(header.formatVersion)} is not ${FORMAT_VERSION}`,
    );
  }
  return { schemaVersion: header.schemaVersion };
}

/**
 * The whole import as one transaction, migrations included, so that a file
 * found damaged halfway leaves the database as it was: PostgreSQL migrates
 * inside a transaction (its DDL is transactional); on SQLite every statement
 * goes through the one connection, inside `BEGIN IMMEDIATE`.
 */
async function inOneTransaction<T>(
  target: { db: Kysely<Database>; dialect: SqlDialect },
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (target.dialect === 'postgres') return target.db.transaction().execute(work);
  return withMigrationLock(target.db, 'sqlite', () => work(target.db));
}

/**
 * Migrates `db` to the archive's schema, empties what the migrations seeded,
 * inserts every row, checks the end line, sets the sequences and migrates to
 * the latest schema. Returns the rows per table.
 */
async function load(
  db: Kysely<Database>,
  dialect: SqlDialect,
  schemaVersion: string,
  lines: AsyncGenerator<unknown>,
): Promise<Record<string, number>> {
  const migrator = await createMigrator(db, dialect);
  throwIfFailed(await migrator.migrateTo(schemaVersion));
  const live = await liveTables(db, dialect);
  for (const name of deletionOrder([...live.keys()])) {
    await anyTables(db).deleteFrom(name).execute();
  }

  const counts: Record<string, number> = {};
  const lastIds = new Map<string, number | null>();
  let table: { name: string; columns: string[]; check: RowChecker } | undefined;
  let batch: Record<string, unknown>[] = [];
  let batchBytes = 0;
  const flush = async () => {
    if (table === undefined || batch.length === 0) return;
    try {
      await anyTables(db).insertInto(table.name).values(batch).execute();
    } catch (error) {
      // The migrations' constraints (a CHECK, a foreign key, a unique key) refuse what the file holds.
      throw new DamagedArchive(
        `a row of ${table.name} breaks the schema's rules (${(error as Error).message})`,
        { cause: error },
      );
    }
    batch = [];
    batchBytes = 0;
  };

  for await (const line of lines) {
    if (Array.isArray(line)) {
      if (table === undefined) throw new DamagedArchive('a row comes before its table');
      batch.push(table.check(line));
      counts[table.name] = (counts[table.name] ?? 0) + 1;
      batchBytes += line.reduce<number>((sum, value) => sum + byteSize(value), 0);
      if (
        batch.length * table.columns.length >= PARAMETERS_PER_INSERT ||
        batchBytes >= BYTES_PER_INSERT
      ) {
        await flush();
      }
      continue;
    }
    await flush();
    const fields = line as Record<string, unknown>;
    if (fields.end === true) {
      checkEnd(fields, counts, live);
      break;
    }
    table = tableLine(fields, live, counts);
    counts[table.name] = 0;
    lastIds.set(table.name, typeof fields.lastId === 'number' ? fields.lastId : null);
  }

  for (const [name, lastId] of lastIds) await setSequence(db, dialect, live.get(name)!, lastId);
  throwIfFailed(await migrator.migrateToLatest());
  return counts;
}

function tableLine(
  fields: Record<string, unknown>,
  live: Map<string, TableMetadata>,
  counts: Record<string, number>,
): { name: string; columns: string[]; check: RowChecker } {
  const name = fields.table;
  const columns = fields.columns;
  const known = typeof name === 'string' ? live.get(name) : undefined;
  if (known === undefined || !Array.isArray(columns) || known.name in counts) {
    throw new DamagedArchive(`unexpected table line ${JSON.stringify(name)}`);
  }
  const expected = known.columns.map((column) => column.name).sort();
  if (JSON.stringify([...columns].sort()) !== JSON.stringify(expected)) {
    throw new DamagedArchive(`table ${known.name}'s columns are not its schema's`);
  }
  return {
    name: known.name,
    columns: columns as string[],
    check: rowChecker(known, columns as string[]),
  };
}

function checkEnd(
  fields: Record<string, unknown>,
  counts: Record<string, number>,
  live: Map<string, TableMetadata>,
) {
  const missing = [...live.keys()].filter((name) => !(name in counts));
  if (missing.length > 0) throw new DamagedArchive(`tables missing: ${missing.join(', ')}`);
  if (JSON.stringify(fields.tables) !== JSON.stringify(counts)) {
    throw new DamagedArchive('its row counts do not match its rows');
  }
}

const byteSize = (value: unknown) =>
  typeof value === 'string'
    ? value.length
    : typeof value === 'object' && value
      ? JSON.stringify(value).length
      : 8;

/** Children before parents (the reverse of ARCHIVE_TABLES); tables a later migration dropped first. */
function deletionOrder(names: string[]): string[] {
  const listed = ARCHIVE_TABLES.map((table) => table.name as string);
  const unlisted = names.filter((name) => !listed.includes(name));
  return [...unlisted, ...listed.filter((name) => names.includes(name)).reverse()];
}

function throwIfFailed(result: {
  error?: unknown;
  results?: { status: string; migrationName: string }[];
}) {
  if (result.error === undefined) return;
  const failed = result.results?.find((migration) => migration.status === 'Error')?.migrationName;
  throw new Error(`Database migration ${failed ?? ''} failed`, { cause: result.error });
}

async function lastAppliedMigration(db: Kysely<Database>, dialect: SqlDialect): Promise<string> {
  const all = await (await createMigrator(db, dialect)).getMigrations();
  const applied = all.filter((migration) => migration.executedAt !== undefined).at(-1);
  if (applied === undefined) throw new Error('The database has no schema yet: nothing to export');
  return applied.name;
}

/** The tables among OCCUPIED_IF_ANY_ROW_IN that exist and hold a row. */
async function occupiedTables(db: Kysely<Database>, dialect: SqlDialect): Promise<string[]> {
  const live = await liveTables(db, dialect);
  const occupied: string[] = [];
  for (const name of OCCUPIED_IF_ANY_ROW_IN) {
    if (!live.has(name)) continue;
    const row = await anyTables(db)
      .selectFrom(name)
      .select(sql`1`.as('one'))
      .limit(1)
      .executeTakeFirst();
    if (row !== undefined) occupied.push(name);
  }
  return occupied;
}
