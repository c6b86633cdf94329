import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../db/database.ts';
import { archiveRestaurant, everyTable } from '../testing/archive-restaurant.ts';
import { createTestDatabase } from '../testing/database.ts';
import { exportArchive, importArchive } from './archive.ts';
import { readArchiveLines } from './archive-file.ts';

// docs/security.md item 50: an export with a passphrase is encrypted
// (encryption.ts); an import reads it with the same passphrase and refuses,
// changing nothing, a wrong one, none, a changed byte and a cut file.
// Without a passphrase the file is today's: gzip of JSON lines.
let dir: string;
let cleanup: (() => Promise<void>)[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'encrypted-archive-'));
});
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
  rmSync(dir, { recursive: true, force: true });
});

const PASSPHRASE = 'le saline al tramonto, 1927';

async function newDatabase(): Promise<AppDatabase> {
  const database = await createTestDatabase();
  const opened = await openDatabase(database.url);
  cleanup.push(
    () => database.drop(),
    () => opened.close(),
  );
  return opened;
}

it('an archive exported with a passphrase imports only with it, whole and unchanged', async () => {
  const source = await archiveRestaurant();
  cleanup.push(() => source.close());
  const sealed = join(dir, 'sealed.archive');
  const plain = join(dir, 'plain.archive');
  await exportArchive(source.app.db, source.database.dialect, sealed, PASSPHRASE);
  await exportArchive(source.app.db, source.database.dialect, plain);

  // Without a passphrase: today's file, gzip whose first line is the header.
  const header = JSON.parse(gunzipSync(readFileSync(plain)).toString('utf8').split('\n')[0]!);
  expect(header).toMatchObject({ format: 'trattoria-archive', formatVersion: 1 });
  // With one: not gzip, and no guest's name readable.
  const bytes = readFileSync(sealed);
  expect(bytes.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(false);
  expect(() => gunzipSync(bytes)).toThrow();
  expect(bytes.toString('latin1')).not.toContain('Jonas');

  const target = await newDatabase();
  const before = await everyTable(target.db);
  const refused = async (file: string, passphrase?: string) => {
    const result = await importArchive(target, file, passphrase);
    expect(await everyTable(target.db)).toEqual(before);
    return result;
  };
  expect(await refused(sealed, 'le saline al tramonto, 1928')).toMatchObject({
    ok: false,
    reason: 'wrong-passphrase',
    message: expect.stringContaining('passphrase does not open'),
  });
  expect(await refused(sealed)).toMatchObject({
    ok: false,
    reason: 'passphrase-needed',
    message: expect.stringContaining('is encrypted: give its passphrase'),
  });
  const flipped = Buffer.from(bytes);
  flipped[flipped.length - 100]! ^= 0x01;
  writeFileSync(join(dir, 'flipped'), flipped);
  expect(await refused(join(dir, 'flipped'), PASSPHRASE)).toMatchObject({
    ok: false,
    reason: 'damaged',
  });
  writeFileSync(join(dir, 'cut'), bytes.subarray(0, bytes.length - 40));
  expect(await refused(join(dir, 'cut'), PASSPHRASE)).toMatchObject({
    ok: false,
    reason: 'damaged',
    message: expect.stringContaining('truncated'),
  });

  // The same lines as the plain archive's, but for its instant.
  const lines = async (file: string, passphrase?: string) => {
    const all = [];
    for await (const line of readArchiveLines(file, passphrase)) all.push(line);
    return all.slice(1, -1);
  };
  expect(await lines(sealed, PASSPHRASE)).toEqual(await lines(plain));

  const result = await importArchive(target, sealed, PASSPHRASE);
  expect(result).toMatchObject({ ok: true });
  expect(await everyTable(target.db)).toEqual(
    await everyTable(source.app.db, { asArchived: true }),
  );
  // Six scrypt derivations of 128 MiB each: seconds on a busy machine.
}, 90_000);
