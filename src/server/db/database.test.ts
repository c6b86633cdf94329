import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import { integrityCheck, openDatabase, type AppDatabase } from './database.ts';
import { up } from './migrations/001-initial.ts';
import { migrations } from './migrations/index.ts';

const folder = mkdtempSync(join(tmpdir(), 'database-test-'));
// A relative path with folders that do not exist yet, as in the default `file:./data/restaurant.db`.
const file = join(folder, 'nested', 'data', 'restaurant.db');
const url = `file:${relative(process.cwd(), file)}`;
let app: AppDatabase;

beforeAll(async () => {
  app = await openDatabase(url);
});
afterAll(async () => {
  try {
    await app.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

const pragma = async (name: string) => {
  const { rows } = await sql<Record<string, unknown>>`PRAGMA ${sql.raw(name)}`.execute(app.db);
  return Object.values(rows[0] ?? {})[0];
};

const newUser = (email = 'chef@example.com') => ({
  email,
  username: email.split('@')[0] ?? email,
  first_name: 'Salvo',
  last_name: 'Russo',
  password_hash: 'hash',
  created_at: new Date().toISOString(),
  password_changed_at: new Date().toISOString(),
});

describe('openDatabase', () => {
  it('creates the file and its folders', () => {
    expect(app.dialect).toBe('sqlite');
    expect(existsSync(file)).toBe(true);
  });

  it('runs in WAL mode with synchronous=FULL and foreign keys (SECURITY.md item 29)', async () => {
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(2);
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
  });

  it('creates every table and the daily menu row 1', async () => {
    const tables = await app.db.introspection.getTables();
    expect(tables.map((table) => table.name).sort()).toEqual([
      'daily_menu',
      'daily_menu_history',
      'outbox',
      'password_resets',
      'rate_limits',
      'sessions',
      'staff_users',
    ]);
    const menu = await app.db.selectFrom('daily_menu').selectAll().execute();
    expect(menu).toHaveLength(1);
    expect(menu[0]).toMatchObject({ id: 1, version: 1, updated_by: null });
    expect(menu[0]?.titolo).not.toBe('');
    expect(menu[0]?.descrizione.split(',').length).toBeGreaterThanOrEqual(4);
    expect(new Date(menu[0]?.updated_at ?? '').toISOString()).toBe(menu[0]?.updated_at);
  });

  it('is idempotent: opening the same file again migrates nothing twice', async () => {
    const again = await openDatabase(url);
    try {
      expect(await again.db.selectFrom('daily_menu').select('id').execute()).toEqual([{ id: 1 }]);
      const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(
        again.db,
      );
      expect(rows).toEqual([{ name: '001-initial' }]);
    } finally {
      await again.close();
      await again.close();
    }
  });

  it('fails to open when a migration fails', async () => {
    const clash = join(folder, 'clash.db');
    const sqlite = new DatabaseSync(clash);
    sqlite.exec('CREATE TABLE staff_users (id INTEGER PRIMARY KEY)');
    sqlite.close();
    await expect(openDatabase(`file:${clash}`)).rejects.toThrow(
      'Database migration 001-initial failed',
    );
  });

  it('refuses PostgreSQL for now and anything that is not file:PATH', async () => {
    await expect(openDatabase('postgres://user@localhost/db')).rejects.toThrow(
      'PostgreSQL support is not available yet',
    );
    await expect(openDatabase('sqlite:x.db')).rejects.toThrow('DATABASE_URL');
  });
});

describe('schema', () => {
  it('rolls back a transaction that throws', async () => {
    await expect(
      app.db.transaction().execute(async (trx) => {
        await trx.insertInto('staff_users').values(newUser('rollback@example.com')).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const found = await app.db
      .selectFrom('staff_users')
      .select('id')
      .where('email', '=', 'rollback@example.com')
      .execute();
    expect(found).toEqual([]);
  });

  it('enforces foreign keys and cascades deletes', async () => {
    const now = new Date().toISOString();
    const session = (user_id: number, token_hash: string) => ({
      user_id,
      token_hash,
      created_at: now,
      last_seen_at: now,
    });
    await expect(
      app.db.insertInto('sessions').values(session(9999, 'orphan')).execute(),
    ).rejects.toThrow(/FOREIGN KEY/);

    const user = await app.db
      .insertInto('staff_users')
      .values(newUser('cascade@example.com'))
      .returning(['id', 'failed_logins', 'locked_until'])
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ failed_logins: 0, locked_until: null });
    await app.db
      .insertInto('sessions')
      .values(session(user.id, 'a'.repeat(64)))
      .execute();
    await app.db.updateTable('daily_menu').set({ updated_by: user.id }).execute();

    await app.db.deleteFrom('staff_users').where('id', '=', user.id).execute();
    expect(await app.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    const menu = await app.db.selectFrom('daily_menu').select('updated_by').executeTakeFirst();
    expect(menu).toEqual({ updated_by: null });
  });

  it('refuses upper-case e-mails, duplicates, a second menu row and unknown outbox statuses', async () => {
    await expect(
      app.db.insertInto('staff_users').values(newUser('Chef@Example.com')).execute(),
    ).rejects.toThrow(/CHECK/);
    await app.db.insertInto('staff_users').values(newUser('unique@example.com')).execute();
    await expect(
      app.db.insertInto('staff_users').values(newUser('unique@example.com')).execute(),
    ).rejects.toThrow(/UNIQUE/);
    await expect(
      app.db
        .insertInto('daily_menu')
        .values({
          id: 2,
          titolo: 't',
          descrizione: 'd',
          info_aggiuntive: 'i',
          version: 1,
          updated_at: new Date().toISOString(),
          updated_by: null,
        })
        .execute(),
    ).rejects.toThrow(/CHECK/);
    const now = new Date().toISOString();
    const message = {
      kind: 'contact',
      recipient: 'owner@example.com',
      subject: 's',
      text_body: 't',
      html_body: '<p>t</p>',
      next_attempt_at: now,
      created_at: now,
    };
    await expect(
      app.db
        .insertInto('outbox')
        .values({ ...message, status: 'queued' as 'pending' })
        .execute(),
    ).rejects.toThrow(/CHECK/);
    const stored = await app.db
      .insertInto('outbox')
      .values({ ...message, status: 'pending' })
      .returning(['attempts', 'reply_to', 'sent_at'])
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ attempts: 0, reply_to: null, sent_at: null });
  });

  it('migrates down to an empty database', async () => {
    const other = await openDatabase(`file:${join(folder, 'down.db')}`);
    try {
      const migrator = new Migrator({
        db: other.db,
        provider: { getMigrations: async () => migrations('sqlite') },
      });
      const { error } = await migrator.migrateDown();
      expect(error).toBeUndefined();
      expect(await other.db.introspection.getTables()).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('passes integrity_check', async () => {
    expect(await integrityCheck(app.db)).toBe('ok');
  });

  it('writes migrations PostgreSQL accepts (issue 8)', async () => {
    const statements: string[] = [];
    const postgres = new Kysely<unknown>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
      log: (event) => {
        statements.push(event.query.sql);
      },
    });
    await up(postgres, 'postgres');
    const ddl = statements.join(';\n');
    expect(ddl).not.toMatch(/auto_?increment/i);
    expect(ddl).toContain('"id" integer generated by default as identity primary key');
  });
});
