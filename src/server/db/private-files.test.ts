import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialect } from '../testing/database.ts';

// docs/security.md item 50: the SQLite database, its -wal and -shm and the
// folder the server makes for it are its owner's only, under the usual umask
// 022 (which would give 0644 and 0755). The server is opened in a child
// process started by `sh -c 'umask 022; …'`: a test worker cannot set its umask.
const DATABASE = resolve(import.meta.dirname, 'database.ts');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'private-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

/**
 * Opens the database at `path` as the server does, under umask 022, writes a
 * row and reports the modes of the database, its -wal and -shm while open.
 */
async function openUnderUmask022(path: string): Promise<Record<string, string>> {
  const script = `
    import { statSync } from 'node:fs';
    const { openDatabase } = await import(${JSON.stringify(DATABASE)});
    const path = ${JSON.stringify(path)};
    const database = await openDatabase('file:' + path);
    await database.db.insertInto('rate_limits').values({ key: 'k' + process.pid, count: 1, window_ends_at: 'x' }).execute();
    const mode = (file) => (statSync(file).mode & 0o777).toString(8);
    console.log(JSON.stringify({ db: mode(path), wal: mode(path + '-wal'), shm: mode(path + '-shm') }));
    await database.close();`;
  const { stdout } = await promisify(execFile)('sh', [
    '-c',
    `umask 022 && exec "$0" --input-type=module -e "$1"`,
    process.execPath,
    script,
  ]);
  return JSON.parse(stdout) as Record<string, string>;
}

describe.runIf(testDialect() === 'sqlite')('the SQLite files under umask 022', () => {
  it('are made 0600, in a folder made 0700', async () => {
    const path = join(dir, 'data', 'nested', 'restaurant.db');
    expect(await openUnderUmask022(path)).toEqual({ db: '600', wal: '600', shm: '600' });
    expect(mode(join(dir, 'data', 'nested'))).toBe('700');
  });

  it('are tightened to 0600 at start when an older version left them 0644', async () => {
    const folder = join(dir, 'shared');
    mkdirSync(folder, { mode: 0o755 });
    chmodSync(folder, 0o755);
    const path = join(folder, 'restaurant.db');
    await openUnderUmask022(path);
    for (const file of [path, `${path}-wal`, `${path}-shm`].filter((file) => exists(file))) {
      chmodSync(file, 0o644);
    }
    expect(mode(path)).toBe('644');

    expect(await openUnderUmask022(path)).toEqual({ db: '600', wal: '600', shm: '600' });
    // A folder the server did not make is the operator's: left as it was.
    expect(mode(folder)).toBe('755');
  });
});

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
