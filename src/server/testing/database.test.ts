import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { createTestDatabase, SQLITE_TEMPLATE_ENV, type TestDatabase } from './database.ts';

// The migrated SQLite databases testApp hands out are copies of one file the
// run migrated first (test-templates.ts): each must be what migrating a new
// file gives, or every test on a copy tests something the server never runs.

const made: TestDatabase[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((database) => database.drop()));
});

async function sqliteDatabase(migrated: boolean): Promise<string> {
  const database = await createTestDatabase('sqlite', { migrated });
  made.push(database);
  return database.url.replace(/^file:/, '');
}

/**
 * Values a migration writes that differ between two runs of it: the time,
 * and the random secrets (migrations 012 and 025), which the copies of one
 * run share; no test compares two databases' secrets.
 */
const randomOrDated = (table: string, column: string) =>
  /^(timestamp|created_at|updated_at|calendar_feed_secret)$/.test(column) ||
  (table === 'server_secrets' && column === 'value');

/** The schema, settings and rows of an SQLite file, its random and dated values masked. */
function describeFile(path: string) {
  const sqlite = new DatabaseSync(path, { readOnly: true });
  try {
    const schema = sqlite
      .prepare('select type, name, tbl_name, sql from sqlite_master order by type, name')
      .all();
    const pragma = (name: string) => sqlite.prepare(`pragma ${name}`).get();
    const settings = ['user_version', 'journal_mode', 'page_size', 'auto_vacuum', 'encoding'].map(
      pragma,
    );
    const tables = schema.filter((row) => row.type === 'table').map((row) => String(row.name));
    const rows = Object.fromEntries(
      tables.map((table) => [
        table,
        sqlite
          .prepare(`select * from "${table}" order by rowid`)
          .all()
          .map((row) =>
            Object.fromEntries(
              Object.entries(row).map(([column, value]) => [
                column,
                randomOrDated(table, column) && typeof value === 'string' ? '<text>' : value,
              ]),
            ),
          ),
      ]),
    );
    return { schema, settings, rows };
  } finally {
    sqlite.close();
  }
}

describe('migrated test databases (a copy of the run’s template)', () => {
  it('are what migrating a new file gives: the same schema, settings and seeded rows', async () => {
    expect(process.env[SQLITE_TEMPLATE_ENV], 'the globalSetup made a template').toBeTruthy();
    const fresh = await sqliteDatabase(false);
    const opened = await openDatabase(`file:${fresh}`);
    await opened.close();
    const copy = await sqliteDatabase(true);
    const copied = await openDatabase(`file:${copy}`);
    await copied.close();

    const expected = describeFile(fresh);
    expect(Object.keys(expected.rows).length).toBeGreaterThan(30);
    expect(describeFile(copy)).toEqual(expected);
  });

  it('are each a file of their own', async () => {
    const first = await sqliteDatabase(true);
    const second = await sqliteDatabase(true);
    const writer = new DatabaseSync(first);
    writer.exec(`update restaurant_facts set name = 'Altrove'`);
    writer.close();
    const reader = new DatabaseSync(second, { readOnly: true });
    const { name } = reader.prepare('select name from restaurant_facts').get() as { name: string };
    reader.close();
    expect(name).not.toBe('Altrove');
  });

  it('stay empty unless asked for migrated, for the tests of migrations themselves', async () => {
    const empty = await sqliteDatabase(false);
    const { existsSync } = await import('node:fs');
    expect(existsSync(empty)).toBe(false);
  });
});
