import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, SqliteDialect, type Generated } from 'kysely';
import { createSqliteDatabase, KEPT_STATEMENTS, toSqliteValue } from './sqlite-driver.ts';

const folder = mkdtempSync(join(tmpdir(), 'sqlite-driver-test-'));
const sqlite = new DatabaseSync(join(folder, 'driver.db'));
const database = createSqliteDatabase(sqlite);

beforeAll(() => {
  sqlite.exec('CREATE TABLE things (id INTEGER PRIMARY KEY, a, b, c)');
});
afterAll(() => {
  database.close();
  rmSync(folder, { recursive: true, force: true });
});

const insert = (a: unknown, b: unknown, c: unknown) =>
  database.prepare('INSERT INTO things (a, b, c) VALUES (?, ?, ?)').run([a, b, c]);
const selectById = (id: number | bigint) =>
  database.prepare('SELECT a, b, c FROM things WHERE id = ?').all([id])[0];

describe('toSqliteValue', () => {
  it('passes SQL values through', () => {
    const bytes = new Uint8Array([1, 2]);
    for (const value of [null, 0, 1.5, 10n, '', 'text', bytes]) {
      expect(toSqliteValue(value, 0)).toBe(value);
    }
  });

  it('converts booleans to 0/1 and dates to ISO strings', () => {
    expect(toSqliteValue(true, 0)).toBe(1);
    expect(toSqliteValue(false, 0)).toBe(0);
    expect(toSqliteValue(new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 6)), 0)).toBe(
      '2025-01-02T03:04:05.006Z',
    );
  });

  it('rejects what SQLite would bind wrongly or not at all', () => {
    for (const value of [undefined, {}, { a: 1 }, [1], () => 1, Symbol('s'), new Date(NaN)]) {
      expect(() => toSqliteValue(value, 2)).toThrow(TypeError);
    }
    expect(() => toSqliteValue(undefined, 2)).toThrow('SQL parameter 3 is undefined');
  });
});

describe('createSqliteDatabase', () => {
  it('reports readers by their result columns', () => {
    expect(database.prepare('SELECT 1 AS one').reader).toBe(true);
    expect(database.prepare('INSERT INTO things (a) VALUES (1)').reader).toBe(false);
    expect(database.prepare('INSERT INTO things (a) VALUES (1) RETURNING id').reader).toBe(true);
    expect(database.prepare('PRAGMA journal_mode').reader).toBe(true);
  });

  it('returns changes and lastInsertRowid from run', () => {
    const first = insert('x', 'y', 'z');
    const second = insert('x', 'y', 'z');
    expect(first.changes).toBe(1);
    expect(Number(second.lastInsertRowid)).toBe(Number(first.lastInsertRowid) + 1);
    const updated = database.prepare('UPDATE things SET c = ? WHERE a = ?').run(['w', 'x']);
    expect(updated.changes).toBe(2);
  });

  it('binds a leading Date positionally, without shifting the others', () => {
    const when = new Date(Date.UTC(2024, 5, 1));
    const { lastInsertRowid } = insert(when, 'second', 3);
    expect(selectById(lastInsertRowid)).toEqual({ a: when.toISOString(), b: 'second', c: 3 });
  });

  it('stores booleans as 0/1', () => {
    const { lastInsertRowid } = insert(true, false, null);
    expect(selectById(lastInsertRowid)).toEqual({ a: 1, b: 0, c: null });
  });

  it('rejects an undefined or object parameter before running the statement', () => {
    const before = database.prepare('SELECT count(*) AS n FROM things').all([]);
    expect(() => insert(undefined, 'b', 'c')).toThrow(TypeError);
    expect(() => insert({ a: 1 }, 'b', 'c')).toThrow(TypeError);
    expect(() => insert('a', 'b', [1])).toThrow(TypeError);
    expect(database.prepare('SELECT count(*) AS n FROM things').all([])).toEqual(before);
  });

  it('returns rows as plain objects from all and iterate', () => {
    const { lastInsertRowid } = insert('p', 'q', 'r');
    const statement = database.prepare('SELECT a, b, c FROM things WHERE id = ?');
    const [row] = statement.all([lastInsertRowid]);
    const [iterated] = [...statement.iterate([lastInsertRowid])];
    for (const value of [row, iterated]) {
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(value).toEqual({ a: 'p', b: 'q', c: 'r' });
    }
  });

  it('keeps a prepared statement per text, the least recently used going first', () => {
    const text = 'SELECT a FROM things WHERE id = ?';
    const first = database.prepare(text);
    expect(database.prepare(text)).toBe(first);
    for (let i = 0; i < KEPT_STATEMENTS; i += 1) database.prepare(`SELECT ${i} AS n`);
    expect(database.prepare(text)).not.toBe(first);
  });

  it('runs a kept statement afresh after a partial read and after a schema change', () => {
    sqlite.exec('CREATE TABLE kept (a)');
    sqlite.exec('INSERT INTO kept (a) VALUES (1), (2)');
    const all = () => database.prepare('SELECT * FROM kept').all([]);
    const iterator = database.prepare('SELECT * FROM kept').iterate([]);
    iterator.next();
    expect(all()).toEqual([{ a: 1 }, { a: 2 }]);
    sqlite.exec('ALTER TABLE kept ADD COLUMN b');
    expect(all()).toEqual([
      { a: 1, b: null },
      { a: 2, b: null },
    ]);
  });

  it('serves Kysely queries with converted parameters', async () => {
    interface Tables {
      things: { id: Generated<number>; a: unknown; b: unknown; c: unknown };
    }
    // Kysely's own close would close the shared connection: this instance is not destroyed.
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database }) });
    const when = new Date(Date.UTC(2023, 1, 3));
    const inserted = await db
      .insertInto('things')
      .values({ a: when, b: true, c: 'k' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await db
      .selectFrom('things')
      .select(['a', 'b', 'c'])
      .where('id', '=', inserted.id)
      .executeTakeFirst();
    expect(row).toEqual({ a: when.toISOString(), b: 1, c: 'k' });
    const result = await db.deleteFrom('things').where('id', '=', inserted.id).executeTakeFirst();
    expect(result.numDeletedRows).toBe(1n);
  });
});
