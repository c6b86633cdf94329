import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMigrator, openDatabase, type AppDatabase } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import { testApp } from '../testing/app.ts';
import { archiveRestaurant, ARCHIVE_CLOCK, everyTable } from '../testing/archive-restaurant.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../testing/database.ts';
import { exportArchive, importArchive } from './archive.ts';

// Export, then import into a new database of the same kind (SQLite here,
// PostgreSQL in CI's `postgres` project).
let dir: string;
let cleanup: (() => Promise<void>)[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'archive-'));
});
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
  rmSync(dir, { recursive: true, force: true });
});

/** A new database, migrated as the server leaves it: only the migrations' seed. */
async function newDatabase(): Promise<{ database: TestDatabase; opened: AppDatabase }> {
  const database = await createTestDatabase();
  const opened = await openDatabase(database.url);
  cleanup.push(
    () => database.drop(),
    () => opened.close(),
  );
  return { database, opened };
}

async function exportedRestaurant() {
  const source = await archiveRestaurant();
  cleanup.push(() => source.close());
  const file = join(dir, 'restaurant.archive');
  const summary = await exportArchive(source.app.db, source.database.dialect, file);
  return { source, file, summary };
}

describe('export then import', () => {
  it('reproduces every table, keeps cancel links working and never gives an old id again', async () => {
    const { source, file, summary } = await exportedRestaurant();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(summary.tables.image_files).toBe(1);
    expect(summary.tables.reservations).toBe(1);
    expect(summary.bytes).toBe(statSync(file).size);

    const target = await newDatabase();
    const result = await importArchive(target.opened, file);
    expect(result).toEqual({ ok: true, summary });
    expect(await everyTable(target.opened.db)).toEqual(
      await everyTable(source.app.db, { asArchived: true }),
    );
    await target.opened.close();

    const moved = await testApp(
      {},
      { pages: false, now: () => ARCHIVE_CLOCK, sharedDatabase: target.database },
    );
    cleanup.push(() => moved.close());
    await moved.app.outbox.stop();
    const cancel = await moved.app.inject({
      method: 'POST',
      url: '/api/reservations/cancel',
      payload: { token: source.cancelToken },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const { status } = await moved.app.db
      .selectFrom('reservations')
      .select('status')
      .where('id', '=', source.bookingId)
      .executeTakeFirstOrThrow();
    expect(status).toBe('cancelled');

    const next = await moved.app.inject({
      method: 'POST',
      url: '/api/reservations',
      remoteAddress: '10.9.1.1',
      payload: {
        name: 'Nuovo Ospite',
        email: 'nuovo@example.it',
        phone: '+39 333 2222222',
        party: 2,
        date: '2026-01-14',
        time: '13:00',
        notes: '',
        privacy: true,
        lang: 'it',
      },
    });
    expect(next.statusCode, next.body).toBeLessThan(300);
    expect(next.json<{ id: number }>().id).toBe(source.deletedBookingId + 1);
  });

  it('loads an archive from an older schema, then brings it to the latest', async () => {
    const older = await newDatabase();
    const { db, dialect } = older.opened;
    const migrated = await (await createMigrator(db, dialect)).migrateTo('022-event-inquiries');
    expect(migrated.error).toBeUndefined();
    const at = new Date(ARCHIVE_CLOCK).toISOString();
    await db
      .insertInto('photos')
      .values({
        slot: 'about',
        alt: 'Il porto',
        focus_x: 0.5,
        focus_y: 0.5,
        width: 800,
        height: 600,
        updated_at: at,
      })
      .execute();
    const file = join(dir, 'older.archive');
    expect((await exportArchive(db, dialect, file)).schemaVersion).toBe('022-event-inquiries');

    const target = await newDatabase();
    expect(await importArchive(target.opened, file)).toMatchObject({ ok: true });
    const applied = await (await createMigrator(target.opened.db, dialect)).getMigrations();
    expect(applied.filter((m) => m.executedAt !== undefined).map((m) => m.name)).toEqual(
      Object.keys(migrations(dialect)),
    );
    expect(await target.opened.db.selectFrom('photos').select('alt').execute()).toEqual([
      { alt: 'Il porto' },
    ]);
  });

  it('writes nothing under the archive name when the export fails halfway', async () => {
    const source = await archiveRestaurant();
    cleanup.push(() => source.close());
    // The database goes away after a few tables were written.
    let queries = 0;
    const failing = source.app.db.withPlugin({
      transformQuery: ({ node }) => {
        if (++queries > 25) throw new Error('connection lost');
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const file = join(dir, 'restaurant.archive');
    await expect(exportArchive(failing, source.database.dialect, file)).rejects.toThrow(
      'connection lost',
    );
    expect(queries).toBeGreaterThan(25);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('import refuses, and changes nothing', () => {
  async function refusedInto(file: string, target: Pick<AppDatabase, 'db' | 'dialect'>) {
    const before = await everyTable(target.db);
    const result = await importArchive(target, file);
    expect(await everyTable(target.db)).toEqual(before);
    return result;
  }

  it('a database with a staff account or guest data', async () => {
    const { source, file } = await exportedRestaurant();
    const result = await refusedInto(file, {
      db: source.app.db,
      dialect: source.database.dialect,
    });
    expect(result).toMatchObject({ ok: false, reason: 'not-empty' });
    const target = await newDatabase();
    await target.opened.db
      .insertInto('contact_messages')
      .values({
        first_name: 'Ada',
        last_name: 'L',
        email: 'ada@example.com',
        message: 'Ciao',
        lang: 'it',
        privacy_accepted_at: new Date(ARCHIVE_CLOCK).toISOString(),
        created_at: new Date(ARCHIVE_CLOCK).toISOString(),
        read_at: null,
        outbox_id: null,
      })
      .execute();
    expect(await refusedInto(file, target.opened)).toMatchObject({
      ok: false,
      reason: 'not-empty',
      message: expect.stringContaining('contact_messages'),
    });
  });

  it('an archive from a newer schema', async () => {
    const { file } = await exportedRestaurant();
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    const header = JSON.parse(lines[0]!) as { schemaVersion: string };
    lines[0] = JSON.stringify({ ...header, schemaVersion: '999-from-the-future' });
    writeFileSync(file, gzipSync(lines.join('\n')));
    const target = await newDatabase();
    expect(await refusedInto(file, target.opened)).toMatchObject({
      ok: false,
      reason: 'newer-schema',
      message: expect.stringContaining('999-from-the-future'),
    });
  });

  it('a damaged file (one byte flipped), a truncated one, and one that is not an archive', async () => {
    const { file } = await exportedRestaurant();
    const bytes = readFileSync(file);
    const target = await newDatabase();

    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    writeFileSync(join(dir, 'flipped'), flipped);
    expect(await refusedInto(join(dir, 'flipped'), target.opened)).toMatchObject({
      ok: false,
      reason: 'damaged',
    });

    writeFileSync(join(dir, 'half'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(await refusedInto(join(dir, 'half'), target.opened)).toMatchObject({
      ok: false,
      reason: 'damaged',
    });

    // Whole gzip members cut at a line: it decompresses, but its end line is gone.
    const lines = gunzipSync(bytes).toString('utf8').trimEnd().split('\n');
    writeFileSync(join(dir, 'no-end'), gzipSync(`${lines.slice(0, -1).join('\n')}\n`));
    expect(await refusedInto(join(dir, 'no-end'), target.opened)).toMatchObject({
      ok: false,
      reason: 'damaged',
      message: expect.stringContaining('truncated'),
    });

    // A row changed in a valid gzip: only the checksum tells.
    const forged = lines.map((line) => line.replace('Jonas Weber', 'Jonas Webex')).join('\n');
    writeFileSync(join(dir, 'forged'), gzipSync(`${forged}\n`));
    expect(await refusedInto(join(dir, 'forged'), target.opened)).toMatchObject({
      ok: false,
      reason: 'damaged',
      message: expect.stringContaining('checksum'),
    });

    writeFileSync(join(dir, 'notes.txt'), 'nothing to see\n');
    expect(await refusedInto(join(dir, 'notes.txt'), target.opened)).toMatchObject({
      ok: false,
      reason: 'damaged',
      message: expect.stringContaining('not an archive'),
    });
    writeFileSync(join(dir, 'other.gz'), gzipSync('{"hello":"world"}\n'));
    expect(await refusedInto(join(dir, 'other.gz'), target.opened)).toMatchObject({
      ok: false,
      reason: 'damaged',
      message: expect.stringContaining('not an archive'),
    });
  });
});

// In the `postgres` project only (CI, with TEST_POSTGRES_URL): run from the
// SQLite project, its PostgreSQL schemas would race that project's drops.
describe.runIf(testDialect() === 'postgres')('moving between SQLite and PostgreSQL', () => {
  it('SQLite → PostgreSQL → SQLite leaves every table equal', async () => {
    const sqliteSource = await createTestDatabase('sqlite');
    cleanup.push(() => sqliteSource.drop());
    const source = await archiveRestaurant({ sharedDatabase: sqliteSource });
    cleanup.push(() => source.close());
    const there = join(dir, 'to-postgres.archive');
    await exportArchive(source.app.db, 'sqlite', there);

    const postgres = await createTestDatabase('postgres');
    const onPostgres = await openDatabase(postgres.url);
    cleanup.push(
      () => postgres.drop(),
      () => onPostgres.close(),
    );
    expect(await importArchive(onPostgres, there)).toMatchObject({ ok: true });
    const back = join(dir, 'from-postgres.archive');
    await exportArchive(onPostgres.db, 'postgres', back);

    const sqliteTarget = await createTestDatabase('sqlite');
    const onSqlite = await openDatabase(sqliteTarget.url);
    cleanup.push(
      () => sqliteTarget.drop(),
      () => onSqlite.close(),
    );
    expect(await importArchive(onSqlite, back)).toMatchObject({ ok: true });
    expect(await everyTable(onSqlite.db)).toEqual(
      await everyTable(source.app.db, { asArchived: true }),
    );
    const lastIds = await sql<{ name: string; seq: number }>`
      select name, seq from sqlite_sequence order by name`.execute(onSqlite.db);
    const sourceIds = await sql<{ name: string; seq: number }>`
      select name, seq from sqlite_sequence order by name`.execute(source.app.db);
    expect(lastIds.rows).toEqual(sourceIds.rows);
  });
});
