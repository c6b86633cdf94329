import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/database.ts';
import {
  createPostgresDatabase,
  dropPostgresDatabasesStartingWith,
  POSTGRES_RUN_ENV,
  postgresDatabaseUrl,
  SQLITE_TEMPLATE_ENV,
} from './database.ts';

/**
 * Vitest's globalSetup (vitest.config.ts): one database migrated by
 * `openDatabase`, as the server does it, once per run, which the test
 * databases asked for `migrated` (testApp's) copy (testing/database.ts).
 * A copy costs a few milliseconds on SQLite where the migrations cost about
 * 150 ms, and half a second on PostgreSQL where they cost 2-5 s; the run
 * makes several hundred. Their names go to the test workers in the
 * environment, which they inherit.
 */
export async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'restaurant-template-'));
  const path = join(dir, 'template.db');
  const database = await openDatabase(`file:${path}`);
  await database.close();
  // Closing the last connection checkpoints the WAL into the file and removes
  // it: the file alone is the whole database, ready to copy.
  if (existsSync(`${path}-wal`)) throw new Error(`the template left a WAL behind: ${path}-wal`);
  process.env[SQLITE_TEMPLATE_ENV] = path;

  const postgres = process.env.TEST_POSTGRES_URL;
  const runPrefix = `vitest_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}_`;
  if (postgres) {
    await createPostgresDatabase(postgres, `${runPrefix}template`);
    const template = await openDatabase(postgresDatabaseUrl(postgres, `${runPrefix}template`));
    // A template must have no connection open while it is copied.
    await template.close();
    process.env[POSTGRES_RUN_ENV] = runPrefix;
  }
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (postgres) await dropPostgresDatabasesStartingWith(postgres, runPrefix);
  };
}
