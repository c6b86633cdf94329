import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from './database.ts';
import { switchToWal } from './dialect.ts';

// A transaction that reads, then writes, while another process writes the same
// SQLite file (`npm run staff` beside the server): it must wait its turn, not
// fail with "database is locked" (dialect.ts, ImmediateSqliteDialect).
let dir: string;
let database: AppDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
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

describe('switching a new file to WAL while another process holds its write lock', () => {
  // SQLite refuses that switch at once, whatever busy_timeout says: processes
  // starting together on a new file (dialect.ts, switchToWal).
  let holder: DatabaseSync;
  let opener: DatabaseSync;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sqlite-wal-switch-'));
    const file = join(dir, 'restaurant.db');
    holder = new DatabaseSync(file);
    holder.exec('BEGIN IMMEDIATE');
    opener = new DatabaseSync(file);
    opener.exec('PRAGMA busy_timeout = 5000'); // as the app's: no help here
  });
  afterEach(() => {
    if (holder.isTransaction) holder.exec('ROLLBACK');
    holder.close();
    opener.close();
  });
  const journalMode = () => (opener.prepare('PRAGMA journal_mode').get() ?? {}).journal_mode;

  it('waits for the lock to be let go, then switches', () => {
    const pauses: number[] = [];
    switchToWal(opener, (milliseconds) => {
      pauses.push(milliseconds);
      if (pauses.length === 3) holder.exec('COMMIT');
    });
    expect(pauses).toEqual([20, 20, 20]);
    expect(journalMode()).toBe('wal');
  });

  it('gives up with "database is locked" once it has waited as long as busy_timeout would', () => {
    let waited = 0;
    expect(() =>
      switchToWal(opener, (milliseconds) => {
        waited += milliseconds;
      }),
    ).toThrow('database is locked');
    expect(waited).toBe(5000);
    expect(journalMode()).toBe('delete');
  });
});
