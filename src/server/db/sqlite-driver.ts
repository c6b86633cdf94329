import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * How many prepared statements a database keeps. The app's queries are a few
 * hundred texts at most; lists bound as `in (?, ?, …)` make more, so the
 * least recently used go first.
 */
export const KEPT_STATEMENTS = 500;

/**
 * Makes a `node:sqlite` database look like the better-sqlite3 object that
 * Kysely's `SqliteDialect` expects: better-sqlite3's native build is tied to
 * one Node ABI, `node:sqlite` is built in.
 *
 * Kysely prepares every query it runs; preparing costs more than running
 * most of the app's queries, so each statement is kept by its text and
 * reused. Reuse is safe: Kysely runs one query at a time on its one
 * connection, `node:sqlite` resets a statement before each run, and SQLite
 * prepares a kept statement again by itself after a schema change.
 */
export function createSqliteDatabase(sqlite: DatabaseSync): SqliteDatabase {
  const kept = new Map<string, SqliteStatement>();
  return {
    prepare: (sql) => {
      let statement = kept.get(sql);
      if (statement) {
        kept.delete(sql); // re-inserted below: the Map's order is the order of use
      } else {
        statement = wrapStatement(sqlite.prepare(sql));
        if (kept.size >= KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
      }
      kept.set(sql, statement);
      return statement;
    },
    close: () => {
      kept.clear();
      sqlite.close();
    },
  };
}

function wrapStatement(statement: StatementSync): SqliteStatement {
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...toSqliteValues(parameters)).map(plainRow),
    run: (parameters) => {
      const { changes, lastInsertRowid } = statement.run(...toSqliteValues(parameters));
      return { changes, lastInsertRowid };
    },
    iterate: function* (parameters) {
      for (const row of statement.iterate(...toSqliteValues(parameters))) yield plainRow(row);
    },
  };
}

/**
 * Converts one positional parameter to a value `node:sqlite` binds as is.
 * `node:sqlite` binds a leading plain object or Date as *named* parameters and
 * silently shifts the others, and throws an unhelpful error on `undefined`:
 * so anything that is not a plain SQL value is converted (booleans, dates) or
 * rejected here, before it reaches SQLite.
 */
export function toSqliteValue(value: unknown, position: number): SQLInputValue {
  if (
    value === null ||
    typeof value === 'number' ||
    typeof value === 'bigint' ||
    typeof value === 'string' ||
    value instanceof Uint8Array
  ) {
    return value;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) {
      throw new TypeError(`SQL parameter ${position + 1} is an invalid Date`);
    }
    return value.toISOString();
  }
  const kind = value === undefined ? 'undefined' : Array.isArray(value) ? 'an array' : typeof value;
  throw new TypeError(
    `SQL parameter ${position + 1} is ${kind}: only null, numbers, bigints, strings, booleans, Dates and Uint8Arrays can be bound`,
  );
}

function toSqliteValues(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map(toSqliteValue);
}

// node:sqlite returns rows with a null prototype; the rest of the code (and
// test matchers such as toEqual) expect ordinary objects.
function plainRow(row: unknown): Record<string, unknown> {
  return { ...(row as Record<string, unknown>) };
}
