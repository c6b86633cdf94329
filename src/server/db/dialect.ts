import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import {
  CompiledQuery,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Dialect,
  type Driver,
  type Kysely,
} from 'kysely';
import pg from 'pg';
import { prepareSqliteFile } from './private-files.ts';
import { createSqliteDatabase } from './sqlite-driver.ts';

/**
 * Everything that differs between SQLite and PostgreSQL lives here, in one
 * place: how DATABASE_URL is read, how a connection is opened and checked for
 * durability, how numbers come back, and the one locking clause SQLite does
 * not have. The schema's one difference (auto-increment ids) is in
 * migrations/columns.ts, which the migrations must keep frozen as they were
 * written.
 */
export type SqlDialect = 'sqlite' | 'postgres';

export type DatabaseTarget =
  { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; connectionString: string };

/** DATABASE_URL is `file:PATH` (SQLite) or `postgres://…`/`postgresql://…`. */
export function parseDatabaseUrl(databaseUrl: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\/./.test(databaseUrl)) {
    return { dialect: 'postgres', connectionString: databaseUrl };
  }
  const path = /^file:(.+)$/.exec(databaseUrl)?.[1];
  if (path === undefined) throw new Error('DATABASE_URL must be file:PATH or postgres://…');
  return { dialect: 'sqlite', path: resolve(path) };
}

export interface OpenedDialect {
  dialect: Dialect;
  /** Throws when the server or file would not keep an acknowledged write through a crash. */
  checkDurability<DB>(db: Kysely<DB>): Promise<void>;
}

/** The Kysely dialect for a target; SQLite's file (and folder) is created here, its owner's only. */
export function createDialect(
  target: DatabaseTarget,
  options: { onIdleError?: (error: Error) => void } = {},
): OpenedDialect {
  if (target.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.connectionString,
      max: 10,
      types: { getTypeParser: postgresTypeParser },
    });
    // An idle connection that dies (a server restart) must not crash the
    // process: the pool drops it and the next query opens a new one.
    pool.on('error', (error) => options.onIdleError?.(error));
    return {
      dialect: new PostgresDialect({ pool }),
      checkDurability: checkPostgres,
    };
  }

  // Readable by the server's user only: made 0600 (folder 0700), or tightened (docs/security.md item 50).
  prepareSqliteFile(target.path);
  const sqlite = new DatabaseSync(target.path);
  try {
    configureSqlite(sqlite);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return {
    dialect: new ImmediateSqliteDialect({ database: createSqliteDatabase(sqlite) }),
    checkDurability: async () => {}, // checked synchronously above, before Kysely sees the file
  };
}

/**
 * A dialect that only reads, for `npm run doctor`: SQLite's file opened
 * read-only (never created, nothing written beside it, its modes never
 * touched: prepareSqliteFile is not called), PostgreSQL's connections in read-only transactions, given up
 * after `connectTimeoutMs` (pg waits forever by default, so a wrong host
 * would hang the doctor).
 */
export function createReadOnlyDialect(
  target: DatabaseTarget,
  options: { connectTimeoutMs: number },
): Dialect {
  if (target.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.connectionString,
      max: 1,
      connectionTimeoutMillis: options.connectTimeoutMs,
      options: '-c default_transaction_read_only=on',
      types: { getTypeParser: postgresTypeParser },
    });
    pool.on('error', () => {}); // an idle connection's death: the next query reports it
    return new PostgresDialect({ pool });
  }
  // A read-only connection to a WAL database makes the -wal and -shm files
  // when they are missing (a stopped server removed them) and cannot remove
  // them after. Without a -wal file nothing is in it: the file alone is the
  // database, read as immutable, which writes nothing anywhere. With one, a
  // server may be writing: read through the WAL, whose files exist already.
  const immutable = !existsSync(`${target.path}-wal`);
  const location = pathToFileURL(target.path);
  if (immutable) location.search = 'immutable=1';
  const sqlite = new DatabaseSync(location, { readOnly: true });
  sqlite.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return new SqliteDialect({ database: createSqliteDatabase(sqlite) });
}

/**
 * Kysely's SQLite driver opens a transaction with a plain (deferred) `begin`.
 * A transaction that reads, then writes, then fails at once with "database
 * is locked" when another process (`npm run staff` beside the server) wrote
 * in between: SQLite cannot make it wait (busy_timeout) without risking a
 * deadlock. Every transaction here starts with `begin immediate` instead,
 * taking the write lock first, so the other process waits its turn. In one
 * process every query already shares one connection: nothing waits longer.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

const BUSY_TIMEOUT_MS = 5000;
const WAL_RETRY_PAUSE_MS = 20;

/**
 * Switching a new file to WAL answers "database is locked" at once, without
 * busy_timeout's wait, while another process holds the file's write lock:
 * the switch upgrades a read lock to a write lock, and SQLite never waits on
 * an upgrade, for fear of a deadlock. Processes starting together on a new
 * file (the server and `npm run staff`, or two instances) meet exactly that
 * (database.test.ts, "migrates once when several processes start together"),
 * so the switch is tried again for as long as busy_timeout would have waited.
 * The pause blocks, as busy_timeout's own wait does; `pause` is for tests.
 */
export function switchToWal(sqlite: DatabaseSync, pause = blockFor): void {
  for (let waited = 0; ; waited += WAL_RETRY_PAUSE_MS) {
    try {
      sqlite.exec('PRAGMA journal_mode = WAL');
      return;
    } catch (error) {
      // The primary code: extended ones (SQLITE_BUSY_RECOVERY, …) are busy too.
      const busy = (Number((error as { errcode?: unknown }).errcode) & 0xff) === SQLITE_BUSY;
      if (!busy || waited >= BUSY_TIMEOUT_MS) throw error;
      pause(WAL_RETRY_PAUSE_MS);
    }
  }
}

const SQLITE_BUSY = 5;

function blockFor(milliseconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
}

/**
 * A write is acknowledged only once durable, so WAL with
 * synchronous=FULL, checked at start-up: SQLite silently keeps another
 * journal mode when it cannot use WAL (e.g. on some network file systems).
 */
function configureSqlite(sqlite: DatabaseSync): void {
  // Waits for another process's write lock (a CLI next to the server) instead
  // of failing. The switch to WAL needs that lock too, but SQLite does not
  // wait for it there: switchToWal does.
  sqlite.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  switchToWal(sqlite);
  sqlite.exec('PRAGMA synchronous = FULL');
  sqlite.exec('PRAGMA foreign_keys = ON');

  const read = (pragma: string) => Object.values(sqlite.prepare(`PRAGMA ${pragma}`).get() ?? {})[0];
  const expected = {
    journal_mode: 'wal',
    synchronous: 2,
    foreign_keys: 1,
    busy_timeout: BUSY_TIMEOUT_MS,
  };
  for (const [pragma, value] of Object.entries(expected)) {
    const actual = read(pragma);
    if (actual !== value) {
      throw new Error(`SQLite PRAGMA ${pragma} is ${String(actual)}, expected ${value}`);
    }
  }
}

/** The server settings that decide whether a committed transaction survives a crash. */
export const POSTGRES_DURABILITY_SETTINGS = ['fsync', 'synchronous_commit', 'full_page_writes'];

/**
 * A write is acknowledged only once durable, on PostgreSQL too: with `fsync`
 * off a crash can corrupt the cluster, with `synchronous_commit` off a commit
 * is acknowledged before its WAL is flushed (the last moments of acknowledged
 * writes are lost), with `full_page_writes` off a torn page cannot be
 * repaired. `local`, `remote_write` and `remote_apply` all flush the local
 * WAL before answering.
 * Returns the problems found; none means durable.
 */
export function postgresDurabilityProblems(settings: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (settings.fsync !== 'on') {
    problems.push(`fsync is ${settings.fsync ?? 'unknown'} (must be on)`);
  }
  if (
    !['on', 'local', 'remote_write', 'remote_apply'].includes(settings.synchronous_commit ?? '')
  ) {
    problems.push(
      `synchronous_commit is ${settings.synchronous_commit ?? 'unknown'} (must be on, local, remote_write or remote_apply)`,
    );
  }
  if (settings.full_page_writes !== 'on') {
    problems.push(`full_page_writes is ${settings.full_page_writes ?? 'unknown'} (must be on)`);
  }
  return problems;
}

async function checkPostgres<DB>(db: Kysely<DB>): Promise<void> {
  const settings: Record<string, string> = {};
  for (const name of POSTGRES_DURABILITY_SETTINGS) {
    // SHOW takes no bound parameter; the names are the constants above.
    const { rows } = await sql<Record<string, string>>`SHOW ${sql.raw(name)}`.execute(db);
    settings[name] = Object.values(rows[0] ?? {})[0] ?? '';
  }
  const problems = postgresDurabilityProblems(settings);
  if (problems.length > 0) {
    throw new Error(
      `PostgreSQL would not keep acknowledged writes through a crash: ${problems.join('; ')}. ` +
        'Fix postgresql.conf (or ALTER SYSTEM / ALTER ROLE … SET) and restart.',
    );
  }
}

const INT8_OID = 20;

/**
 * pg hands back `bigint` (int8: `count(*)`, `sum` of integers) as a string,
 * because it may exceed 2^53. Our int8 values are counts of rows: read them
 * as numbers, and refuse rather than round one that is not exact. Integer
 * columns are int4 and come back as numbers already.
 */
function postgresTypeParser(oid: number, format?: 'text' | 'binary') {
  if (oid === INT8_OID && format !== 'binary') {
    return (value: string) => {
      const number = Number(value);
      if (!Number.isSafeInteger(number)) throw new RangeError(`int8 ${value} exceeds 2^53`);
      return number;
    };
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return pg.types.getTypeParser(oid, format as any);
}

/**
 * `for update skip locked` on PostgreSQL, where concurrent workers would
 * otherwise queue behind each other's claimed rows; nothing on SQLite, whose
 * writes are serialised by the database lock and which has no such clause.
 */
export function skipLockedRows<QB extends { forUpdate(): QB; skipLocked(): QB }>(
  query: QB,
  dialect: SqlDialect,
): QB {
  return dialect === 'postgres' ? query.forUpdate().skipLocked() : query;
}

/**
 * `for update` on PostgreSQL: the transaction holds the rows until it ends,
 * so concurrent ones on other connections (or instances) take turns. SQLite
 * has no such clause and needs none: a write transaction excludes the others.
 */
export function lockedRows<QB extends { forUpdate(): QB }>(query: QB, dialect: SqlDialect): QB {
  return dialect === 'postgres' ? query.forUpdate() : query;
}

/**
 * Runs the migrations so that two processes starting together on one
 * database migrate once: Kysely takes an advisory lock on PostgreSQL (and
 * runs them in one transaction), but nothing on SQLite, where its single
 * connection is taken as proof of being alone. There the whole run is one
 * `BEGIN IMMEDIATE` transaction: the other process waits (busy_timeout),
 * then finds nothing left to do; a failed migration leaves nothing behind.
 */
export async function withMigrationLock<DB, T>(
  db: Kysely<DB>,
  dialect: SqlDialect,
  migrate: () => Promise<T>,
): Promise<T> {
  if (dialect === 'postgres') return migrate();
  await sql`BEGIN IMMEDIATE`.execute(db);
  try {
    const result = await migrate();
    await sql`COMMIT`.execute(db);
    return result;
  } catch (error) {
    await sql`ROLLBACK`.execute(db);
    throw error;
  }
}

/**
 * The schema that unqualified names resolve to: where the migrations create
 * the tables (and Kysely's migration table, which it would otherwise look
 * for in every schema of a PostgreSQL database).
 */
export async function currentSchema<DB>(db: Kysely<DB>, dialect: SqlDialect) {
  if (dialect === 'sqlite') return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    db,
  );
  const schema = rows[0]?.schema;
  if (!schema) {
    throw new Error(
      'PostgreSQL: no schema to create tables in (the search_path names none that exists)',
    );
  }
  return schema;
}

/**
 * Whether an insert or update failed on a unique constraint: what a
 * concurrent writer that won the race leaves the loser with (SQLite's
 * extended code SQLITE_CONSTRAINT_UNIQUE or PRIMARYKEY, PostgreSQL's 23505).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  return code === '23505' || errcode === 2067 || errcode === 1555;
}

/** `host:port/database` of a PostgreSQL URL, nothing of its user or password. */
export function postgresLocation(connectionString: string): string {
  const url = URL.parse(connectionString);
  if (!url) return '(address not shown: DATABASE_URL is not a plain URL)';
  // pg's own defaults: a `host` parameter (a socket folder) when the URL has none, port 5432.
  const host = url.hostname || url.searchParams.get('host') || 'localhost';
  let database = url.pathname.slice(1);
  try {
    database = decodeURIComponent(database);
  } catch {
    // Shown as written.
  }
  return `${host}:${url.port || '5432'}/${database || '(the user name)'}`;
}
