import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/database.ts';
import { SQLITE_TEMPLATE_ENV } from './database.ts';

/**
 * Vitest's globalSetup (vitest.config.ts): one SQLite file migrated by
 * `openDatabase`, as the server does it, once per run. Every test database
 * asked for `migrated` (testApp's) is a copy of it (testing/database.ts):
 * a copy costs a few milliseconds where the 25 migrations cost about
 * 150 ms, and the run makes several hundred of them. Its path goes to the
 * test workers in the environment, which they inherit.
 */
export async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'restaurant-template-'));
  const path = join(dir, 'template.db');
  const database = await openDatabase(`file:${path}`);
  await database.close();
  // Closing the last connection checkpoints the WAL into the file and removes
  // it: the file alone is the whole database, ready to copy.
  if (existsSync(`${path}-wal`)) throw new Error(`the template left a WAL behind: ${path}-wal`);
  process.env[SQLITE_TEMPLATE_ENV] = path;
  return () => rmSync(dir, { recursive: true, force: true });
}
