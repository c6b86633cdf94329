import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createMigrator, openDatabase, type Database } from '../../db/database.ts';
import { createDialect, parseDatabaseUrl } from '../../db/dialect.ts';
import { migrations } from '../../db/migrations/index.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../testing/database.ts';
import { databaseCheck, databaseFilesCheck } from './database-check.ts';
import { RUN_AS_SERVER_USER } from './check.ts';
import { contextFor } from './test-context.ts';

const dialect = testDialect();
const known = Object.keys(migrations(dialect));
const databases: TestDatabase[] = [];
afterEach(async () => {
  await Promise.all(databases.splice(0).map((database) => database.drop()));
});

async function database(migrated: boolean) {
  const made = await createTestDatabase(dialect, { migrated });
  databases.push(made);
  return made;
}

/** Runs `work` on the database through the app's own dialect (which migrates nothing by itself). */
async function onDatabase(url: string, work: (db: Kysely<Database>) => Promise<void>) {
  const db = new Kysely<Database>({ dialect: createDialect(parseDatabaseUrl(url)).dialect });
  try {
    await work(db);
  } finally {
    await db.destroy();
  }
}

/** The SQLite file and what lies beside it, to show that the doctor changed nothing. */
function sqliteSnapshot(url: string) {
  const path = parseDatabaseUrl(url);
  if (path.dialect !== 'sqlite') return null;
  return {
    files: readdirSync(dirname(path.path)).sort(),
    bytes: readFileSync(path.path).toString('base64'),
    mtime: statSync(path.path).mtimeMs,
  };
}

describe(`database check (${dialect})`, () => {
  it('is ok on a database with every migration, and changes nothing', async () => {
    const { url } = await database(true);
    const before = sqliteSnapshot(url);
    const result = await databaseCheck(contextFor({ DATABASE_URL: url }));
    expect(result).toMatchObject({
      name: 'database',
      status: 'ok',
      detail: expect.stringContaining(`reachable, all ${known.length} migrations applied`),
    });
    expect(sqliteSnapshot(url)).toEqual(before);
  });

  it('names the missing migrations of a database an older version migrated, without migrating it', async () => {
    const { url } = await database(false);
    await onDatabase(url, async (db) => {
      const { error } = await (await createMigrator(db, dialect)).migrateTo('030-guests');
      expect(error).toBeUndefined();
    });
    const missing = known.slice(known.indexOf('030-guests') + 1);
    const result = await databaseCheck(contextFor({ DATABASE_URL: url }));
    expect(result).toMatchObject({
      status: 'warn',
      detail: expect.stringContaining(
        `${known.length - missing.length} of ${known.length} migrations applied; missing ${missing.join(', ')}`,
      ),
      advice: expect.stringContaining('restart the server'),
    });
    // Still missing: the doctor migrated nothing.
    expect(await databaseCheck(contextFor({ DATABASE_URL: url }))).toEqual(result);
  });

  it('fails a database a newer version migrated, naming the unknown migration', async () => {
    const { url } = await database(true);
    await onDatabase(url, async (db) => {
      await db
        .insertInto('kysely_migration' as never)
        .values({ name: '999-from-a-newer-version', timestamp: new Date().toISOString() } as never)
        .execute();
    });
    const result = await databaseCheck(contextFor({ DATABASE_URL: url }));
    expect(result).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('does not know: 999-from-a-newer-version'),
      advice: expect.stringContaining('a newer version'),
    });
  });

  it('warns on an empty database: the server creates the tables', async () => {
    const { url } = await database(false);
    if (dialect === 'sqlite') await onDatabase(url, async () => {}); // makes the empty file
    const before = sqliteSnapshot(url);
    const result = await databaseCheck(contextFor({ DATABASE_URL: url }));
    expect(result).toMatchObject({
      status: 'warn',
      detail: expect.stringContaining('reachable, empty'),
    });
    expect(sqliteSnapshot(url)).toEqual(before);
  });
});

describe('database check: unreachable PostgreSQL', () => {
  it('fails a port nothing listens on, with the advice to start PostgreSQL or fix the port', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const url = `postgres://restaurant:secret-password@127.0.0.1:${port}/restaurant`;
    const result = await databaseCheck(contextFor({ DATABASE_URL: url }));
    expect(result).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining(`PostgreSQL 127.0.0.1:${port}/restaurant cannot be read`),
      advice: expect.stringContaining('start PostgreSQL, or fix host and port'),
    });
    expect(JSON.stringify(result)).not.toContain('secret-password');
  });

  it('fails within the timeout a host that never answers', async () => {
    // Accepts the TCP connection and says nothing, as a wrong host behind a firewall that drops packets.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const started = Date.now();
    const result = await databaseCheck(
      contextFor(
        { DATABASE_URL: `postgres://u:p@127.0.0.1:${port}/restaurant` },
        { timeoutMs: 300 },
      ),
    );
    silent.close();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result).toMatchObject({
      status: 'fail',
      advice: expect.stringContaining('no answer in time'),
    });
  });
});

describe.runIf(dialect === 'sqlite')('database check: SQLite files', () => {
  it('warns when the file does not exist, and does not create it', async () => {
    const { url } = await database(false);
    const path = parseDatabaseUrl(url);
    const folder = dirname(path.dialect === 'sqlite' ? path.path : '');
    const result = await databaseCheck(contextFor({ DATABASE_URL: url }));
    expect(result).toMatchObject({
      status: 'warn',
      detail: expect.stringContaining('no database yet'),
    });
    expect(readdirSync(folder)).toEqual([]);
    expect(await databaseFilesCheck(contextFor({ DATABASE_URL: url }))).toBeNull();
  });

  it('fails, rather than calling it missing, a file it cannot reach, and says to run as the server’s user', async () => {
    // Root reads any folder, so the unreachable path is one below a plain file (ENOTDIR);
    // another user's 0700 data folder (EACCES) takes the same branch.
    const { url } = await database(false);
    const target = parseDatabaseUrl(url);
    const file = target.dialect === 'sqlite' ? target.path : '';
    writeFileSync(file, '');
    const below = `file:${file}/restaurant.db`;
    expect(await databaseCheck(contextFor({ DATABASE_URL: below }))).toMatchObject({
      status: 'fail',
      detail: `SQLite ${file}/restaurant.db cannot be reached (ENOTDIR)`,
      advice: RUN_AS_SERVER_USER,
    });
    expect(await databaseFilesCheck(contextFor({ DATABASE_URL: below }))).toBeNull();
  });

  it('reads through the WAL while a server has the database open, and sees its latest migration', async () => {
    const { url } = await database(false);
    const server = await openDatabase(url);
    try {
      const target = parseDatabaseUrl(url);
      expect(existsSync(`${target.dialect === 'sqlite' ? target.path : ''}-wal`)).toBe(true);
      expect(await databaseCheck(contextFor({ DATABASE_URL: url }))).toMatchObject({
        status: 'ok',
      });
    } finally {
      await server.close();
    }
  });

  it('fails a database file others can read, and a folder others can write into, with the chmod', async () => {
    const { url } = await database(true);
    const target = parseDatabaseUrl(url);
    if (target.dialect !== 'sqlite') throw new Error('sqlite only');
    const folder = dirname(target.path);
    expect(await databaseFilesCheck(contextFor({ DATABASE_URL: url }))).toMatchObject({
      status: 'ok',
    });

    chmodSync(target.path, 0o644);
    expect(await databaseFilesCheck(contextFor({ DATABASE_URL: url }))).toEqual({
      name: 'database files',
      status: 'fail',
      detail: `${target.path} is 0644 (other users can read it)`,
      advice: `chmod 600 ${target.path}`,
    });
    // Nothing tightened it behind the doctor's back: it reads only.
    expect(statSync(target.path).mode & 0o777).toBe(0o644);

    chmodSync(target.path, 0o600);
    chmodSync(folder, 0o777);
    expect(await databaseFilesCheck(contextFor({ DATABASE_URL: url }))).toMatchObject({
      status: 'fail',
      detail: `${folder} is 0777 (other users can write into it)`,
      advice: `chmod go-w ${folder}`,
    });
    chmodSync(folder, 0o755);
    expect(await databaseFilesCheck(contextFor({ DATABASE_URL: url }))).toMatchObject({
      status: 'ok',
    });
    expect(existsSync(`${target.path}-wal`)).toBe(false);
  });
});

describe.runIf(dialect === 'postgres')('database check: PostgreSQL refusing', () => {
  it('fails a wrong password, and a database that does not exist, each with its advice', async () => {
    const base = new URL(process.env.TEST_POSTGRES_URL!);
    const wrongPassword = new URL(base);
    wrongPassword.password = 'not-the-password';
    expect(
      await databaseCheck(contextFor({ DATABASE_URL: wrongPassword.toString() })),
    ).toMatchObject({
      status: 'fail',
      advice: 'check the user and password in DATABASE_URL',
    });
    const noDatabase = new URL(base);
    noDatabase.pathname = '/no_such_database_here';
    expect(await databaseCheck(contextFor({ DATABASE_URL: noDatabase.toString() }))).toMatchObject({
      status: 'fail',
      advice: expect.stringContaining('create the database'),
    });
  });
});
