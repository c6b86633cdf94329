import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { SqlDialect } from '../db/dialect.ts';

/**
 * The database the server tests run on: SQLite, unless the test
 * process runs in vitest.config.ts's `postgres` project (TEST_DATABASE=
 * postgres, only when TEST_POSTGRES_URL names a PostgreSQL database).
 */
export function testDialect(): SqlDialect {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
}

export interface TestDatabase {
  /** A DATABASE_URL for the server. */
  url: string;
  dialect: SqlDialect;
  /** Removes the database; close every app on it first. */
  drop(): Promise<void>;
}

/**
 * The environment variable naming Vitest's migrated SQLite file
 * (testing/test-templates.ts, the run's globalSetup).
 */
export const SQLITE_TEMPLATE_ENV = 'TEST_SQLITE_TEMPLATE';

/**
 * A fresh database of its own, empty unless asked `migrated`, so test
 * files stay independent and can run in parallel: a new SQLite file in a
 * temporary folder, or on TEST_POSTGRES_URL's server a new database under
 * Vitest (`POSTGRES_RUN_ENV`), elsewhere (Playwright) a new schema of its
 * database, which the URL's `search_path` makes the only one the server sees.
 */
export async function createTestDatabase(
  dialect = testDialect(),
  options: {
    /**
     * PostgreSQL outside Vitest: the new schema's name starts with this, and
     * `drop()` leaves it for `dropPostgresSchemasStartingWith` to remove
     * after the run (a schema dropped while another server migrates breaks
     * that migration, which reads every schema's tables).
     */
    dropLaterAs?: string;
    /**
     * Under Vitest: a copy of the run's migrated database (the
     * globalSetup's, testing/test-templates.ts) instead of an empty one,
     * for tests about what the app does rather than how it migrates.
     * Opening it finds nothing left to migrate. Elsewhere (Playwright) the
     * database stays empty and the app migrates it.
     */
    migrated?: boolean;
  } = {},
): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'restaurant-test-'));
    const template = process.env[SQLITE_TEMPLATE_ENV];
    if (options.migrated && template) copyFileSync(template, join(dir, 'restaurant.db'));
    return {
      url: `file:${join(dir, 'restaurant.db')}`,
      dialect,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const base = process.env.TEST_POSTGRES_URL;
  if (!base) throw new Error('TEST_POSTGRES_URL is not set: no PostgreSQL to test on');
  const runPrefix = process.env[POSTGRES_RUN_ENV];
  if (runPrefix) {
    // Under Vitest: a database of its own, a copy of the run's migrated one when asked.
    const template = options.migrated ? `${runPrefix}template` : undefined;
    const name = `${runPrefix}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    await createPostgresDatabase(base, name, template);
    return {
      url: postgresDatabaseUrl(base, name),
      dialect,
      drop: () => dropInBackground(base, name),
    };
  }
  const schema = `${options.dropLaterAs ?? 'test_'}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await createPostgresSchema(base, schema);
  return {
    url: postgresSchemaUrl(base, schema),
    dialect,
    drop: options.dropLaterAs ? async () => {} : () => dropPostgresSchema(base, schema),
  };
}

/**
 * The environment variable holding the prefix of this Vitest run's
 * PostgreSQL databases (testing/test-templates.ts, the run's globalSetup):
 * `<prefix>template` is migrated once, and every test database is a new
 * database, copied from it when migrated. A copy costs a fraction of
 * migrating (about 0.5 s against 2.5 s), and separate databases let test
 * files run in parallel, which schemas of one database could not: a
 * migration reads every schema's tables, and fails on one dropped meanwhile.
 * Needs a role with CREATEDB (`bash .ci/postgres` grants it).
 */
export const POSTGRES_RUN_ENV = 'TEST_POSTGRES_RUN';

/** `base` (a PostgreSQL URL) naming the database `name` instead. */
export function postgresDatabaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createPostgresDatabase(
  base: string,
  name: string,
  template?: string,
): Promise<void> {
  for (const each of [name, template ?? name]) {
    if (!SCHEMA_NAME.test(each)) throw new Error(`not a plain database name: ${each}`);
  }
  try {
    await adminQuery(base, `create database ${name}${template ? ` template ${template}` : ''}`);
  } catch (error) {
    if ((error as { code?: string }).code === '42501') {
      throw new Error(
        'TEST_POSTGRES_URL names a role that may not create databases: grant it CREATEDB (`bash .ci/postgres` does)',
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * Dropping a database waits for a checkpoint (a good part of a second):
 * the tests go on meanwhile, one drop at a time per worker, and the run's
 * teardown drops whatever a worker left (`dropPostgresDatabasesStartingWith`).
 */
let drops: Promise<void> = Promise.resolve();
function dropInBackground(base: string, name: string): Promise<void> {
  drops = drops.then(() => dropDatabase(base, name)).catch(() => {});
  return Promise.resolve();
}

/** How often, and how far apart, a drop refused for a backend we may not end is tried. */
const DROP_ATTEMPTS = 10;
const DROP_RETRY_MS = 500;

/**
 * Drops a test database, ending its sessions. A role that is neither
 * superuser nor in `pg_signal_backend` (which `bash .ci/postgres` grants)
 * may end only its own role's sessions, so the drop is refused (42501)
 * while a backend of another role is in the database, such as an
 * autovacuum worker busy on a database copied a moment ago. That worker
 * ends on its own, so the drop is tried again, for about five seconds;
 * a session that stays (a superuser's psql left open) still fails it.
 */
async function dropDatabase(base: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await adminQuery(base, `drop database if exists ${name} with (force)`);
    } catch (error) {
      if ((error as { code?: string }).code !== '42501' || attempt === DROP_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, DROP_RETRY_MS));
    }
  }
}

/**
 * Drops every database whose name starts with `prefix` (a Vitest run's),
 * several at once: each drop waits for a checkpoint, which drops at the
 * same moment share.
 */
export async function dropPostgresDatabasesStartingWith(
  base: string,
  prefix: string,
): Promise<void> {
  if (!SCHEMA_NAME.test(prefix)) throw new Error(`not a plain database name: ${prefix}`);
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  let names: string[];
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    names = rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
  for (let start = 0; start < names.length; start += 8) {
    await Promise.all(names.slice(start, start + 8).map((name) => dropDatabase(base, name)));
  }
}

/** `base` (a PostgreSQL URL) with `schema` as the only one its sessions see. */
export function postgresSchemaUrl(base: string, schema: string): string {
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

export async function createPostgresSchema(base: string, schema: string): Promise<void> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`not a plain schema name: ${schema}`);
  await adminQuery(base, `create schema if not exists ${schema}`);
}

export async function dropPostgresSchema(base: string, schema: string): Promise<void> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`not a plain schema name: ${schema}`);
  await adminQuery(base, `drop schema if exists ${schema} cascade`);
}

/** Drops every schema whose name starts with `prefix` (`createTestDatabase`'s `dropLaterAs`). */
export async function dropPostgresSchemasStartingWith(base: string, prefix: string): Promise<void> {
  if (!SCHEMA_NAME.test(prefix)) throw new Error(`not a plain schema name: ${prefix}`);
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      'select nspname from pg_namespace where starts_with(nspname, $1)',
      [prefix],
    );
    for (const { nspname } of rows) await client.query(`drop schema if exists ${nspname} cascade`);
  } finally {
    await client.end();
  }
}

/** One statement on TEST_POSTGRES_URL's database, on a connection of its own. */
async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
