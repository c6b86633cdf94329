import { createHash } from 'node:crypto';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { ARCHIVE_TABLES } from '../../backup/archive-tables.ts';

// Snapshots of what the app under test stores: every table the oracle
// watches, hashed, so that a request's writes can be told table by table.

/** A table the migrations create (the archive's list names them all). */
export type Table = (typeof ARCHIVE_TABLES)[number]['name'];

/**
 * The tables a snapshot leaves out, each with its reason. The table-coverage
 * test (src/server/db/table-coverage.test.ts) holds SNAPSHOT and these
 * together to every table the migrations create.
 */
export const LEFT_OUT_OF_SNAPSHOTS: Readonly<Record<string, string>> = {
  rate_limits: 'per-address counters move on refused requests, by design',
  login_throttle: 'per-address counters move on refused logins, by design',
};

/** Columns a snapshot leaves out: authenticated use refreshes `sessions.last_seen_at` (at most once a minute). */
const IGNORED_COLUMNS: Partial<Record<Table, readonly string[]>> = { sessions: ['last_seen_at'] };

/**
 * Every table but those LEFT_OUT_OF_SNAPSHOTS, in full, in the order of its
 * primary key: the archive's list (backup/archive-tables.ts), which the
 * table-coverage test holds to every table the migrations create, so that a
 * new table is watched here without a line of its own.
 */
export const SNAPSHOT_TABLES: readonly Table[] = ARCHIVE_TABLES.map((table) => table.name).filter(
  (name) => !(name in LEFT_OUT_OF_SNAPSHOTS),
);
const TABLES = SNAPSHOT_TABLES;
const orderOf = (table: Table) =>
  ARCHIVE_TABLES.find((entry) => entry.name === table)!
    .key.map((column) => `"${column}"`)
    .join(', ');

type Snapshot = Record<Table, { rows: number; digest: string }>;

/**
 * Reads the tables through a second, read-only connection, each as one
 * string SQLite builds (every column quoted), hashed. `PRAGMA data_version`
 * changes only when another connection commits, so an unchanged version
 * means an unchanged database and the last snapshot is reused (most refused
 * requests commit nothing at all).
 */
export class Snapshots {
  readonly #db: DatabaseSync;
  readonly #version: StatementSync;
  readonly #tables: [Table, StatementSync][];
  #last: { version: unknown; snapshot: Snapshot } | undefined;

  constructor(file: string) {
    this.#db = new DatabaseSync(file, { readOnly: true });
    this.#version = this.#db.prepare('PRAGMA data_version');
    this.#tables = TABLES.map((table) => {
      const ignore = IGNORED_COLUMNS[table] ?? [];
      const columns = this.#db
        .prepare(`SELECT name FROM pragma_table_info('${table}')`)
        .all()
        .map((column) => String(column.name))
        .filter((name) => !ignore.includes(name));
      const row = columns.map((name) => `quote("${name}")`).join(" || ',' || ");
      const sql = `SELECT count(*) AS rows, group_concat(${row}, char(10) ORDER BY ${orderOf(table)}) AS content FROM "${table}"`;
      return [table, this.#db.prepare(sql)];
    });
  }

  take(): Snapshot {
    const version = Object.values(this.#version.get() ?? {})[0];
    if (this.#last && this.#last.version === version) return this.#last.snapshot;
    const snapshot = {} as Snapshot;
    for (const [table, statement] of this.#tables) {
      const { rows, content } = statement.get() as { rows: number; content: string | null };
      const digest = createHash('sha1')
        .update(content ?? '')
        .digest('hex');
      snapshot[table] = { rows, digest };
    }
    this.#last = { version, snapshot };
    return snapshot;
  }

  close() {
    this.#db.close();
  }
}

export const changedTables = (before: Snapshot, after: Snapshot) =>
  TABLES.filter((table) => before[table].digest !== after[table].digest);
