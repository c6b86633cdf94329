import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { archiveRestaurant, everyTable } from '../testing/archive-restaurant.ts';
import { createTestDatabase } from '../testing/database.ts';

// `npm run export` and `npm run import` as an operator runs them: the real
// scripts in child processes, the export beside a serving app.
const CLI = resolve(import.meta.dirname, '../cli');
let dir: string;
let cleanup: (() => Promise<void>)[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'archive-cli-'));
});
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
  rmSync(dir, { recursive: true, force: true });
});

async function run(command: 'export' | 'import', databaseUrl: string, ...args: string[]) {
  return runWith({}, command, databaseUrl, ...args);
}

async function runWith(
  env: Record<string, string>,
  command: 'export' | 'import',
  databaseUrl: string,
  ...args: string[]
) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [join(CLI, `${command}.ts`), ...args],
      { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env } },
    );
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout, err: failed.stderr };
  }
}

/** A refusal: a non-zero exit and one line saying why. */
function expectRefusal(result: { code: number; err: string }, why: RegExp) {
  expect(result.code).not.toBe(0);
  expect(result.err.trim().split('\n')).toHaveLength(1);
  expect(result.err).toMatch(why);
}

// Each test starts seven or eight CLI processes one after another, each loading the
// server's modules: 6-8 s on a quiet machine, and past vitest's 20 s on a loaded one.
describe('npm run export and npm run import', { timeout: 60_000 }, () => {
  it('move a restaurant into a new database, and refuse what they must', async () => {
    const source = await archiveRestaurant();
    cleanup.push(() => source.close());
    const file = join(dir, 'restaurant.archive');

    const exported = await run('export', source.database.url, file);
    expect(exported.code, exported.err).toBe(0);
    expect(exported.out).toMatch(/^Exported \d+ rows of \d+ tables/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expectRefusal(await run('export', source.database.url, file), /already exists/);

    // Never migrated, not even created: the import makes its schema.
    const target = await createTestDatabase();
    cleanup.push(() => target.drop());
    const imported = await run('import', target.url, file);
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toMatch(/^Imported \d+ rows/);
    const opened = await openDatabase(target.url);
    try {
      expect(await everyTable(opened.db)).toEqual(
        await everyTable(source.app.db, { asArchived: true }),
      );
    } finally {
      await opened.close();
    }

    expectRefusal(await run('import', target.url, file), /^Import refused: .*not empty/);

    const other = await createTestDatabase();
    cleanup.push(() => other.drop());
    const bytes = readFileSync(file);
    writeFileSync(join(dir, 'half'), bytes.subarray(0, bytes.length >> 1));
    expectRefusal(await run('import', other.url, join(dir, 'half')), /^Import refused: .*damaged/);
    const lines = gunzipSync(bytes).toString('utf8').split('\n');
    lines[0] = JSON.stringify({ ...JSON.parse(lines[0]!), schemaVersion: '999-later' });
    writeFileSync(join(dir, 'newer'), gzipSync(lines.join('\n')));
    expectRefusal(await run('import', other.url, join(dir, 'newer')), /^Import refused: .*newer/);
    expectRefusal(await run('import', other.url), /^Usage/);
  });

  it('encrypt with BACKUP_PASSPHRASE or a passphrase file, and refuse a wrong or missing one', async () => {
    const source = await archiveRestaurant();
    cleanup.push(() => source.close());
    const file = join(dir, 'restaurant.archive');
    const passphrase = { BACKUP_PASSPHRASE: 'il vento di maestrale sulle saline' };
    const exported = await runWith(passphrase, 'export', source.database.url, file);
    expect(exported.code, exported.err).toBe(0);
    expect(exported.out).toMatch(/, encrypted\.$/m);
    expect(() => gunzipSync(readFileSync(file))).toThrow();

    const target = await createTestDatabase();
    cleanup.push(() => target.drop());
    expectRefusal(
      await run('import', target.url, file),
      /^Import refused: .*is encrypted: give its passphrase/,
    );
    writeFileSync(join(dir, 'wrong'), 'il vento di scirocco sulle saline\n');
    expectRefusal(
      await run('import', target.url, file, '--passphrase-file', join(dir, 'wrong')),
      /^Import refused: the passphrase does not open/,
    );
    expectRefusal(
      await run('import', target.url, file, '--passphrase-file'),
      /^Import refused: --passphrase-file needs/,
    );
    // docs/security.md item 50: a passphrase too short to be a key is refused, naming the rule.
    writeFileSync(join(dir, 'short'), 'x\n');
    expectRefusal(
      await run('import', target.url, file, '--passphrase-file', join(dir, 'short')),
      /^Import refused: the passphrase in .*short must be at least 12 characters long/,
    );
    writeFileSync(join(dir, 'right'), `${passphrase.BACKUP_PASSPHRASE}\n`);
    const imported = await run('import', target.url, file, '--passphrase-file', join(dir, 'right'));
    expect(imported.code, imported.err).toBe(0);
    const opened = await openDatabase(target.url);
    try {
      expect(await everyTable(opened.db)).toEqual(
        await everyTable(source.app.db, { asArchived: true }),
      );
    } finally {
      await opened.close();
    }
  }, 90_000);
});
