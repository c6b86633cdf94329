import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../db/database.ts';
import { archiveRestaurant, everyTable } from '../testing/archive-restaurant.ts';
import { createTestDatabase } from '../testing/database.ts';
import { exportArchive, importArchive } from './archive.ts';

// docs/security.md item 52: an import trusts nothing in the file. The files
// here are forged as an attacker would: rows changed and the checksum
// computed again, so that only the checks of each value can refuse them.
let dir: string;
let cleanup: (() => Promise<void>)[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'archive-trust-'));
});
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
  rmSync(dir, { recursive: true, force: true });
});

async function newDatabase(): Promise<AppDatabase> {
  const database = await createTestDatabase();
  const opened = await openDatabase(database.url);
  cleanup.push(
    () => database.drop(),
    () => opened.close(),
  );
  return opened;
}

let exported: string | undefined;
afterAll(() => {
  if (exported !== undefined) rmSync(join(exported, '..'), { recursive: true, force: true });
});
/** The archive of a restaurant with a row in every table (made once per file). */
async function archiveFile(): Promise<string> {
  if (exported !== undefined) return exported;
  const source = await archiveRestaurant();
  try {
    const file = join(mkdtempSync(join(tmpdir(), 'archive-trust-source-')), 'restaurant.archive');
    await exportArchive(source.app.db, source.database.dialect, file);
    exported = file;
    return file;
  } finally {
    await source.close();
  }
}

/** A copy of the archive with `column` of every row of `table` set to `value`, its checksum made again. */
async function forged(table: string, column: string, value: unknown): Promise<string> {
  const lines = gunzipSync(readFileSync(await archiveFile()))
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
  let columns: string[] = [];
  let current = '';
  let changed = 0;
  const body = lines.slice(0, -1).map((line) => {
    if (!Array.isArray(line)) {
      const fields = line as { table?: string; columns?: string[] };
      current = fields.table ?? '';
      columns = fields.columns ?? [];
      return line;
    }
    if (current !== table) return line;
    changed += 1;
    return line.map((cell, index) => (columns[index] === column ? value : cell));
  });
  expect(changed, `rows of ${table}`).toBeGreaterThan(0);
  const text = body.map((line) => `${JSON.stringify(line)}\n`).join('');
  const end = {
    ...(lines.at(-1) as object),
    sha256: createHash('sha256').update(text).digest('hex'),
  };
  const file = join(dir, `${table}.${column}.archive`);
  writeFileSync(file, gzipSync(`${text}${JSON.stringify(end)}\n`));
  return file;
}

describe('import checks every value against its column, and changes nothing when one is wrong', () => {
  async function refused(file: string) {
    const target = await newDatabase();
    const before = await everyTable(target.db);
    const result = await importArchive(target, file);
    expect(await everyTable(target.db)).toEqual(before);
    return result;
  }

  it('a stored picture whose type is text/html', async () => {
    expect(await refused(await forged('image_files', 'type', 'text/html'))).toMatchObject({
      ok: false,
      reason: 'damaged',
      message: expect.stringContaining('image_files.type'),
    });
  });

  it('a text longer than its column takes, and a value of the wrong type', async () => {
    expect(await refused(await forged('photos', 'alt', 'x'.repeat(301)))).toMatchObject({
      ok: false,
      reason: 'damaged',
      message: expect.stringContaining('photos.alt holds a text longer'),
    });
    expect(await refused(await forged('reservations', 'party', 'two'))).toMatchObject({
      ok: false,
      reason: 'damaged',
      message: expect.stringContaining('reservations.party holds a value that is not a whole'),
    });
    expect(await refused(await forged('reservations', 'party', 2.5))).toMatchObject({
      ok: false,
      reason: 'damaged',
    });
    expect(await refused(await forged('image_files', 'bytes', 'aGVsbG8='))).toMatchObject({
      ok: false,
      reason: 'damaged',
      message: expect.stringContaining('image_files.bytes'),
    });
    expect(await refused(await forged('reservations', 'notes', null))).toMatchObject({
      ok: false,
      reason: 'damaged',
      message: expect.stringContaining('reservations.notes is null'),
    });
  });

  it("a value the schema's own rules refuse (a role that does not exist)", async () => {
    expect(await refused(await forged('staff_users', 'role', 'admin'))).toMatchObject({
      ok: false,
      reason: 'damaged',
      message: expect.stringContaining('staff_users'),
    });
  });
});
