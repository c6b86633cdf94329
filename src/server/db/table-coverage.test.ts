import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_TABLES } from '../backup/archive-tables.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { LEFT_OUT_OF_SNAPSHOTS, SNAPSHOT_TABLES } from '../testing/hostile-input/snapshot.ts';
import { openDatabase } from './database.ts';

/*
 * One list names the tables one by one, and a migration that adds a table
 * must reach it: the archive's (backup/archive-tables.ts: what an archive
 * carries). The hostile-input snapshots (testing/hostile-input/snapshot.ts:
 * what a refused request may not change) read it, less the tables they
 * leave out by name and reason. Each is every table the migrations create
 * on SQLite (the same migrations make PostgreSQL's), no more and no fewer.
 */

/** The lists, each with the tables it deliberately leaves out (the archive none). */
const LISTS: Record<
  string,
  { listed: readonly string[]; leftOut: Readonly<Record<string, string>> }
> = {
  'backup/archive-tables.ts ARCHIVE_TABLES': {
    listed: ARCHIVE_TABLES.map((table) => table.name),
    leftOut: {},
  },
  'testing/hostile-input/snapshot.ts SNAPSHOT_TABLES': {
    listed: SNAPSHOT_TABLES,
    leftOut: LEFT_OUT_OF_SNAPSHOTS,
  },
};

/** What a list misses of `tables`, and what it names that is not one of them. */
function coverageProblems(
  tables: readonly string[],
  list: { listed: readonly string[]; leftOut: Readonly<Record<string, string>> },
): string[] {
  const named = [...list.listed, ...Object.keys(list.leftOut)];
  return [
    ...tables.filter((table) => !named.includes(table)).map((table) => `${table}: not listed`),
    ...named.filter((name) => !tables.includes(name)).map((name) => `${name}: no such table`),
    ...list.listed
      .filter((name) => name in list.leftOut)
      .map((name) => `${name}: both listed and left out`),
  ];
}

let database: TestDatabase;
let tables: string[];
beforeAll(async () => {
  database = await createTestDatabase('sqlite', { migrated: true });
  // Migrates the copy if the run's template did not (outside Vitest's globalSetup).
  await (await openDatabase(database.url)).close();
  const sqlite = new DatabaseSync(database.url.replace(/^file:/, ''), { readOnly: true });
  try {
    tables = sqlite
      .prepare(
        `select name from sqlite_master where type = 'table'
         and name not like 'sqlite\\_%' escape '\\' and name not like 'kysely\\_%' escape '\\'`,
      )
      .all()
      .map((row) => String(row.name));
  } finally {
    sqlite.close();
  }
});
afterAll(async () => {
  await database?.drop();
});

describe('the lists of tables', () => {
  it('are read against the tables the migrations create', () => {
    expect(tables).toContain('restaurant_facts');
    expect(tables.length).toBeGreaterThan(30);
  });

  for (const [name, list] of Object.entries(LISTS)) {
    it(`${name} names every table, and only tables that exist`, () => {
      expect(coverageProblems(tables, list)).toEqual([]);
    });
  }

  it('tell a missing table, a table no longer there, and one both listed and left out', () => {
    expect(
      coverageProblems(['a', 'b', 'c'], { listed: ['a', 'gone'], leftOut: { a: 'why', b: 'why' } }),
    ).toEqual(['c: not listed', 'gone: no such table', 'a: both listed and left out']);
  });
});
