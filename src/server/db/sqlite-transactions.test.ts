import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from './database.ts';

// A transaction that reads, then writes, while another process writes the same
// SQLite file (`npm run staff` beside the server): it must wait its turn, not
// fail with "database is locked" (dialect.ts, ImmediateSqliteDialect).
let dir: string;
let database: AppDatabase | undefined;
afterEach(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('a transaction that reads, then writes, is not refused because another connection wrote in between', async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqlite-transactions-'));
  const file = join(dir, 'restaurant.db');
  database = await openDatabase(`file:${file}`);
  const other = new DatabaseSync(file);
  other.exec('PRAGMA busy_timeout = 0'); // refused at once rather than after 5 s
  let otherWrite = 'not tried';
  try {
    await database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('staff_users').select('id').execute();
      try {
        other.exec('UPDATE content_version SET version = version + 1');
        otherWrite = 'written';
      } catch (error) {
        otherWrite = (error as Error).message;
      }
      await trx
        .updateTable('content_version')
        .set({ version: sql`version + 1` })
        .execute();
    });
  } finally {
    other.close();
  }
  expect(otherWrite).toBe('database is locked');
  const { version } = await database.db
    .selectFrom('content_version')
    .select('version')
    .executeTakeFirstOrThrow();
  expect(version).toBe(2);
});
