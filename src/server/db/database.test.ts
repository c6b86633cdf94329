// Over 400 lines: the database layer's tests in one file (the URL, durability, opening and every migration's schema), on SQLite and PostgreSQL alike.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
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
import { createTestDatabase, testDialect, type TestDatabase } from '../testing/database.ts';
import { ContentChanges, ContentVersion } from '../services/content-version.ts';
import { DailyMenuService } from '../services/daily-menu.ts';
import { StaffAccounts } from '../services/staff-accounts.ts';
import { TextTranslations } from '../services/translation/text-translations.ts';
import { integrityCheck, openDatabase, type AppDatabase, type Database } from './database.ts';
import { currentSchema, parseDatabaseUrl, postgresDurabilityProblems } from './dialect.ts';
import { up } from './migrations/001-initial.ts';
import { migrations } from './migrations/index.ts';

// Runs on SQLite, and on PostgreSQL in the `postgres` test project.
const dialect = testDialect();
const onSqlite = dialect === 'sqlite';
const onPostgres = dialect === 'postgres';

const run = promisify(execFile);
const STAFF_CLI = resolve(import.meta.dirname, '../cli/staff.ts');

const folder = mkdtempSync(join(tmpdir(), 'database-test-'));
// SQLite: a relative path with folders that do not exist yet, as in the default `file:./data/restaurant.db`.
const file = join(folder, 'nested', 'data', 'restaurant.db');
let database: TestDatabase | undefined;
let url: string;
let app: AppDatabase;
const others: TestDatabase[] = [];

/** Another empty database of the dialect under test. */
async function otherDatabase(): Promise<string> {
  if (onSqlite) return `file:${join(mkdtempSync(join(folder, 'other-')), 'db.sqlite')}`;
  const other = await createTestDatabase();
  others.push(other);
  return other.url;
}

beforeAll(async () => {
  if (onSqlite) {
    url = `file:${relative(process.cwd(), file)}`;
  } else {
    database = await createTestDatabase();
    url = database.url;
  }
  app = await openDatabase(url);
});
afterAll(async () => {
  try {
    await app.close();
    await database?.drop();
    await Promise.all(others.map((other) => other.drop()));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

/** The tables in the schema under test (a PostgreSQL database holds other tests' schemas too). */
async function tableNames(db: Kysely<Database>): Promise<string[]> {
  const schema = await currentSchema(db, dialect);
  const tables = await db.introspection.getTables();
  return tables
    .filter((table) => schema === undefined || table.schema === schema)
    .map((table) => table.name)
    .sort();
}

const newUser = (email = 'chef@example.com') => ({
  email,
  username: email.split('@')[0] ?? email,
  first_name: 'Salvo',
  last_name: 'Russo',
  password_hash: 'hash',
  created_at: new Date().toISOString(),
  password_changed_at: new Date().toISOString(),
  role: 'owner' as const,
});

const ALL_MIGRATIONS = [
  '001-initial',
  '002-translations',
  '003-contact-messages',
  '004-content-version',
  '005-roles-invitations-audit',
  '006-login-throttle',
  '007-outbox-secret-links',
  '008-menu',
  '009-daily-menu-text-translations',
  '010-opening-hours',
  '011-restaurant-facts',
  '012-reservations',
  '013-reservation-guests',
  '014-outbox-failed-rows-keep-nothing',
  '015-site-texts',
  '016-restaurant-founding',
  '017-photos',
  '018-menu-kitchen-takeaway',
  '019-takeaway-settings',
  '020-takeaway-orders',
  '021-takeaway-board',
  '022-event-inquiries',
  '023-event-replies',
  '024-backup-runs',
  '025-push',
  '026-contact-mails-personal',
  '027-menu-notes-and-map',
  '028-guest-links-key',
  '029-floor-plan',
  '030-guests',
  '031-guest-search',
  '032-anonymised-history',
  '033-report-indexes',
  '034-setup-token',
  '035-guest-phone-indexes',
  '036-email-pattern-indexes',
];

describe('DATABASE_URL', () => {
  it('names SQLite with file:PATH and PostgreSQL with postgres:// or postgresql://', () => {
    expect(parseDatabaseUrl('file:./data/x.db')).toMatchObject({ dialect: 'sqlite' });
    expect(parseDatabaseUrl('postgres://u@localhost/db')).toEqual({
      dialect: 'postgres',
      connectionString: 'postgres://u@localhost/db',
    });
    expect(parseDatabaseUrl('postgresql://u@localhost/db')).toMatchObject({
      dialect: 'postgres',
    });
    expect(() => parseDatabaseUrl('sqlite:x.db')).toThrow('DATABASE_URL');
  });

  it('refuses anything else', async () => {
    await expect(openDatabase('sqlite:x.db')).rejects.toThrow('DATABASE_URL');
    await expect(openDatabase('mysql://localhost/db')).rejects.toThrow('DATABASE_URL');
  });
});

describe('PostgreSQL durability settings: an acknowledged write survives a crash', () => {
  const good = { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' };

  it('accepts fsync on, full_page_writes on and a synchronous_commit that flushes locally', () => {
    for (const level of ['on', 'local', 'remote_write', 'remote_apply']) {
      expect(postgresDurabilityProblems({ ...good, synchronous_commit: level })).toEqual([]);
    }
  });

  it('names every setting that would lose or corrupt acknowledged writes', () => {
    expect(
      postgresDurabilityProblems({
        fsync: 'off',
        synchronous_commit: 'off',
        full_page_writes: 'off',
      }),
    ).toEqual([
      'fsync is off (must be on)',
      'synchronous_commit is off (must be on, local, remote_write or remote_apply)',
      'full_page_writes is off (must be on)',
    ]);
    expect(postgresDurabilityProblems({})).toHaveLength(3);
  });

  it.runIf(onPostgres)('refuses to start with synchronous_commit off', async () => {
    const other = new URL(await otherDatabase());
    other.searchParams.set(
      'options',
      `${other.searchParams.get('options') ?? ''} -c synchronous_commit=off`,
    );
    await expect(openDatabase(other.toString())).rejects.toThrow(
      /would not keep acknowledged writes.*synchronous_commit is off/,
    );
  });

  it.runIf(onPostgres)('reads the server settings at start-up', async () => {
    const { rows } = await sql<{ fsync: string }>`SHOW fsync`.execute(app.db);
    expect(rows[0]?.fsync).toBe('on');
  });
});

describe('openDatabase', () => {
  it('reports its dialect', () => {
    expect(app.dialect).toBe(dialect);
  });

  it.runIf(onSqlite)('creates the file and its folders', () => {
    expect(existsSync(file)).toBe(true);
  });

  it.runIf(onSqlite)('runs in WAL mode with synchronous=FULL and foreign keys', async () => {
    const pragma = async (name: string) => {
      const { rows } = await sql<Record<string, unknown>>`PRAGMA ${sql.raw(name)}`.execute(app.db);
      return Object.values(rows[0] ?? {})[0];
    };
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(2);
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
  });

  it('creates every table, the daily menu row 1 and the content version', async () => {
    expect(await tableNames(app.db)).toEqual([
      'audit_log',
      'backup_runs',
      'contact_messages',
      'content_version',
      'daily_menu',
      'daily_menu_history',
      'event_inquiries',
      'event_messages',
      'floor_areas',
      'floor_combination_tables',
      'floor_combinations',
      'floor_tables',
      'guest_tags',
      'guests',
      'image_files',
      'login_throttle',
      'menu_item_prices',
      'menu_items',
      'menu_sections',
      'opening_closures',
      'opening_exception_ranges',
      'opening_weekly_ranges',
      'outbox',
      'password_resets',
      'photos',
      'push_deliveries',
      'push_subscriptions',
      'rate_limits',
      'reservation_settings',
      'reservation_tables',
      'reservations',
      'restaurant_facts',
      'server_secrets',
      'sessions',
      'setup_token',
      'site_texts',
      'staff_invitations',
      'staff_users',
      'takeaway_order_lines',
      'takeaway_orders',
      'takeaway_settings',
      'text_translations',
    ]);
    const menu = await app.db.selectFrom('daily_menu').selectAll().execute();
    expect(menu).toHaveLength(1);
    expect(menu[0]).toMatchObject({ id: 1, version: 1, updated_by: null });
    expect(menu[0]?.titolo).not.toBe('');
    expect(menu[0]?.descrizione.split(',').length).toBeGreaterThanOrEqual(4);
    expect(new Date(menu[0]?.updated_at ?? '').toISOString()).toBe(menu[0]?.updated_at);
    expect(await app.db.selectFrom('content_version').selectAll().execute()).toEqual([
      { id: 1, version: 1 },
    ]);
  });

  it('is idempotent: opening the same database again migrates nothing twice', async () => {
    const again = await openDatabase(url);
    try {
      expect(await again.db.selectFrom('daily_menu').select('id').execute()).toEqual([{ id: 1 }]);
      const { rows } = await sql<{
        name: string;
      }>`SELECT name FROM kysely_migration ORDER BY name`.execute(again.db);
      expect(rows.map((row) => row.name)).toEqual(ALL_MIGRATIONS);
    } finally {
      await again.close();
      await again.close();
    }
  });

  it('migrates once when several processes start together', async () => {
    const shared = await otherDatabase();
    const list = () =>
      run(process.execPath, [STAFF_CLI, 'list'], {
        env: { PATH: process.env.PATH, DATABASE_URL: shared },
      });
    const outputs = await Promise.all([list(), list(), list()]);
    expect(outputs.map((output) => output.stdout.trim())).toEqual(
      Array(3).fill('No staff accounts yet.'),
    );
    const opened = await openDatabase(shared);
    try {
      expect(await opened.db.selectFrom('daily_menu').select('id').execute()).toEqual([{ id: 1 }]);
    } finally {
      await opened.close();
    }
  });

  it('fails to open when a migration fails', async () => {
    const clash = await otherDatabase();
    if (onSqlite) {
      const sqlite = new DatabaseSync(clash.replace(/^file:/, ''));
      sqlite.exec('CREATE TABLE staff_users (id INTEGER PRIMARY KEY)');
      sqlite.close();
    } else {
      const raw = await openDatabase(clash);
      await sql`DROP TABLE contact_messages`.execute(raw.db);
      await sql`DELETE FROM kysely_migration`.execute(raw.db);
      await raw.close();
    }
    await expect(openDatabase(clash)).rejects.toThrow('Database migration 001-initial failed');
  });

  it('reads counts as numbers (PostgreSQL returns bigint counts as strings)', async () => {
    expect(await new StaffAccounts(app).count()).toBe(0);
    const { rows } = await sql<{ n: unknown }>`select count(*) as n from daily_menu`.execute(
      app.db,
    );
    expect(rows[0]?.n).toBe(1);
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
    ).rejects.toThrow(/foreign key/i);

    const user = await app.db
      .insertInto('staff_users')
      .values(newUser('cascade@example.com'))
      .returning(['id', 'role'])
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'owner' });
    expect(typeof user.id).toBe('number');
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
    const check = /CHECK|check constraint/;
    await expect(
      app.db.insertInto('staff_users').values(newUser('Chef@Example.com')).execute(),
    ).rejects.toThrow(check);
    await app.db.insertInto('staff_users').values(newUser('unique@example.com')).execute();
    await expect(
      app.db.insertInto('staff_users').values(newUser('unique@example.com')).execute(),
    ).rejects.toThrow(/UNIQUE|unique constraint/);
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
    ).rejects.toThrow(check);
    await expect(
      app.db.insertInto('content_version').values({ id: 2, version: 1 }).execute(),
    ).rejects.toThrow(check);
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
    ).rejects.toThrow(check);
    const stored = await app.db
      .insertInto('outbox')
      .values({ ...message, status: 'pending' })
      .returning(['attempts', 'reply_to', 'sent_at'])
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ attempts: 0, reply_to: null, sent_at: null });
  });

  it('seeds lunch and dinner from Tuesday to Sunday, and refuses ranges and closures that cannot be', async () => {
    const weekly = await app.db
      .selectFrom('opening_weekly_ranges')
      .select(['day', 'open_time', 'close_time'])
      .orderBy('day')
      .orderBy('position')
      .execute();
    expect(weekly).toEqual(
      [2, 3, 4, 5, 6, 7].flatMap((day) => [
        { day, open_time: '12:00', close_time: '15:00' },
        { day, open_time: '19:00', close_time: '23:30' },
      ]),
    );
    const check = /CHECK|check constraint/;
    const range = { position: 9, open_time: '12:00', close_time: '15:00' };
    for (const values of [
      { ...range, day: 8 },
      { ...range, day: 0 },
      { ...range, day: 1, close_time: '12:00' },
      { ...range, day: 1, open_time: '24:00' },
      { ...range, day: 1, open_time: '9:00' },
    ]) {
      await expect(
        app.db.insertInto('opening_weekly_ranges').values(values).execute(),
        JSON.stringify(values),
      ).rejects.toThrow(check);
    }
    await expect(
      app.db
        .insertInto('opening_closures')
        .values({ from_date: '2027-01-06', to_date: '2026-12-24', note: null })
        .execute(),
    ).rejects.toThrow(check);
  });

  it("seeds the restaurant's facts as content/restaurant.ts had them, in one row, on the globe", async () => {
    expect(await app.db.selectFrom('restaurant_facts').selectAll().execute()).toEqual([
      {
        id: 1,
        name: 'Trattoria La Tonnara',
        mobile_phone: '+39 333 555 0187',
        landline_phone: '+39 0924 555 0142',
        email: 'info@latonnara.example',
        street: 'Via Lungomare 12',
        postal_code: '91014',
        locality: 'Scopello',
        region: 'TP',
        country: 'IT',
        latitude: 38.0712,
        longitude: 12.8203,
        map_url: 'https://maps.example/?q=38.0712,12.8203',
        map_embed_url: 'https://maps.example/embed?q=38.0712,12.8203&z=15',
        instagram_url: 'https://www.instagram.example/latonnara',
        facebook_url: 'https://www.facebook.example/latonnara',
        privacy_policy_url: 'https://privacy.example/policies/latonnara',
        founded_year: 1998,
        price_range: '€€',
      },
    ]);
    const check = /CHECK|check constraint/;
    const seeded = await app.db
      .selectFrom('restaurant_facts')
      .selectAll()
      .executeTakeFirstOrThrow();
    await expect(
      app.db
        .insertInto('restaurant_facts')
        .values({ ...seeded, id: 2 })
        .execute(),
    ).rejects.toThrow(check);
    for (const values of [{ latitude: 90.5 }, { latitude: -91 }, { longitude: 180.01 }]) {
      await expect(
        app.db.updateTable('restaurant_facts').set(values).execute(),
        JSON.stringify(values),
      ).rejects.toThrow(check);
    }
    // A coordinate comes back exactly as written (PostgreSQL's `real` would round it).
    await app.db.updateTable('restaurant_facts').set({ latitude: 38.07123456789 }).execute();
    const { latitude } = await app.db
      .selectFrom('restaurant_facts')
      .select('latitude')
      .executeTakeFirstOrThrow();
    expect(latitude).toBe(38.07123456789);
    await app.db.updateTable('restaurant_facts').set({ latitude: seeded.latitude }).execute();
  });

  it('migrates down to an empty database', async () => {
    const other = await openDatabase(await otherDatabase());
    try {
      const migrator = new Migrator({
        db: other.db,
        provider: { getMigrations: async () => migrations(dialect) },
        ...(onPostgres ? { migrationTableSchema: await currentSchema(other.db, dialect) } : {}),
      });
      for (let step = 0; step < ALL_MIGRATIONS.length; step += 1) {
        const { error } = await migrator.migrateDown();
        expect(error).toBeUndefined();
      }
      expect(await tableNames(other.db)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('makes the accounts that exist when roles arrive owners', async () => {
    const other = await openDatabase(await otherDatabase());
    try {
      const migrator = new Migrator({
        db: other.db,
        provider: { getMigrations: async () => migrations(dialect) },
        ...(onPostgres ? { migrationTableSchema: await currentSchema(other.db, dialect) } : {}),
      });
      expect((await migrator.migrateTo('004-content-version')).error).toBeUndefined();
      // Written as migration 004 left the table: no role column yet.
      const before = newUser('early@example.com');
      await sql`insert into staff_users (email, username, first_name, last_name, password_hash, created_at, password_changed_at) values (${before.email}, ${before.username}, ${before.first_name}, ${before.last_name}, ${before.password_hash}, ${before.created_at}, ${before.password_changed_at})`.execute(
        other.db,
      );
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await other.db.selectFrom('staff_users').select(['email', 'role']).execute()).toEqual([
        { email: 'early@example.com', role: 'owner' },
      ]);
      await expect(
        other.db
          .updateTable('staff_users')
          .set({ role: 'chef' as 'staff' })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await other.close();
    }
  });

  it('moves reset links out of mails already queued, and deletes those of mails already sent', async () => {
    const other = await openDatabase(await otherDatabase());
    try {
      const migrator = new Migrator({
        db: other.db,
        provider: { getMigrations: async () => migrations(dialect) },
        ...(onPostgres ? { migrationTableSchema: await currentSchema(other.db, dialect) } : {}),
      });
      expect((await migrator.migrateTo('006-login-throttle')).error).toBeUndefined();
      // Two reset mails as the outbox kept them before: the link in clear in both bodies.
      const link = (token: string) => `https://www.trattoria.example/reset-password?token=${token}`;
      for (const [token, status] of [
        ['queuedTokenAAAA', 'pending'],
        ['sentTokenBBBB', 'sent'],
      ] as const) {
        const created = '2026-11-20T10:00:00.000Z';
        await sql`insert into outbox (kind, recipient, subject, text_body, html_body, status, next_attempt_at, created_at) values ('password-reset', 'anna@trattoria.example', 'Reimposta', ${`Apri:\n${link(token)}`}, ${`<a href="${link(token)}">Scegli</a>`}, ${status}, ${created}, ${created})`.execute(
          other.db,
        );
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await other.db
        .selectFrom('outbox')
        .select(['status', 'text_body', 'html_body', 'secret_link', 'secret_expires_at'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        {
          status: 'pending',
          text_body: 'Apri:\n{{secret-link}}',
          html_body: '<a href="{{secret-link}}">Scegli</a>',
          secret_link: link('queuedTokenAAAA'),
          secret_expires_at: '2026-11-20T11:00:00.000Z',
        },
        {
          status: 'sent',
          text_body: 'Apri:\n{{secret-link}}',
          html_body: '<a href="{{secret-link}}">Scegli</a>',
          secret_link: null,
          secret_expires_at: '2026-11-20T11:00:00.000Z',
        },
      ]);
    } finally {
      await other.close();
    }
  });

  it('empties the links and personal bodies of mails that left the outbox before item 42', async () => {
    const other = await openDatabase(await otherDatabase());
    try {
      const migrator = new Migrator({
        db: other.db,
        provider: { getMigrations: async () => migrations(dialect) },
        ...(onPostgres ? { migrationTableSchema: await currentSchema(other.db, dialect) } : {}),
      });
      expect((await migrator.migrateTo('013-reservation-guests')).error).toBeUndefined();
      const created = '2026-11-20T10:00:00.000Z';
      const link = 'https://www.trattoria.example/accept-invite?token=abcABC123';
      for (const [kind, status, personal, secret] of [
        ['staff-invitation', 'failed', 0, link],
        ['reservation-received', 'failed', 1, null],
        ['staff-invitation', 'pending', 0, link],
        ['reservation-received', 'pending', 1, null],
      ] as const) {
        await sql`insert into outbox (kind, recipient, subject, text_body, html_body, status, next_attempt_at, created_at, secret_link, secret_expires_at, personal, calendar_ics) values (${kind}, 'guest@example.com', 'Oggetto', 'Testo di Maria', '<p>Testo di Maria</p>', ${status}, ${created}, ${created}, ${secret}, ${'2026-11-27T10:00:00.000Z'}, ${personal}, ${personal ? 'BEGIN:VCALENDAR' : null})`.execute(
          other.db,
        );
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await other.db
        .selectFrom('outbox')
        .select(['status', 'text_body', 'html_body', 'secret_link', 'calendar_ics'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        // Failed: no link; the restaurant's own mail keeps its text.
        {
          status: 'failed',
          text_body: 'Testo di Maria',
          html_body: '<p>Testo di Maria</p>',
          secret_link: null,
          calendar_ics: null,
        },
        // Failed and personal: nothing of the guest's is left.
        { status: 'failed', text_body: '', html_body: '', secret_link: null, calendar_ics: null },
        // Still pending: untouched, the outbox will send them.
        {
          status: 'pending',
          text_body: 'Testo di Maria',
          html_body: '<p>Testo di Maria</p>',
          secret_link: link,
          calendar_ics: null,
        },
        {
          status: 'pending',
          text_body: 'Testo di Maria',
          html_body: '<p>Testo di Maria</p>',
          secret_link: null,
          calendar_ics: 'BEGIN:VCALENDAR',
        },
      ]);
    } finally {
      await other.close();
    }
  });

  it("makes contact mails personal: those sent or given up lose their bodies, pending ones keep them to be sent; no mail's last error quotes an address", async () => {
    const other = await openDatabase(await otherDatabase());
    try {
      const migrator = new Migrator({
        db: other.db,
        provider: { getMigrations: async () => migrations(dialect) },
        ...(onPostgres ? { migrationTableSchema: await currentSchema(other.db, dialect) } : {}),
      });
      expect((await migrator.migrateTo('025-push')).error).toBeUndefined();
      const created = '2026-11-20T10:00:00.000Z';
      // As the old outbox kept a failure: the SMTP server's words, which may quote the guest.
      const quoted = '550 5.1.1 <maria.rossi@example.com>: Recipient address rejected';
      for (const [kind, status, lastError] of [
        ['contact', 'sent', null],
        ['contact', 'failed', quoted],
        ['contact', 'pending', quoted],
        ['staff-new-account', 'sent', null],
        ['booking-confirmation', 'pending', quoted],
      ] as const) {
        await sql`insert into outbox (kind, recipient, subject, text_body, html_body, status, next_attempt_at, created_at, last_error) values (${kind}, 'staff@trattoria.example', 'Oggetto', 'Testo di Maria', '<p>Testo di Maria</p>', ${status}, ${created}, ${created}, ${lastError})`.execute(
          other.db,
        );
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await other.db
        .selectFrom('outbox')
        .select(['personal', 'text_body', 'last_error'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { personal: 1, text_body: '', last_error: null },
        { personal: 1, text_body: '', last_error: 'send failed' },
        { personal: 1, text_body: 'Testo di Maria', last_error: 'send failed' },
        { personal: 0, text_body: 'Testo di Maria', last_error: null },
        { personal: 0, text_body: 'Testo di Maria', last_error: 'send failed' },
      ]);
    } finally {
      await other.close();
    }
  });

  it("moves the menu's notes into the page texts, Italian in every language, and frames the map the owner's coordinates showed", async () => {
    const other = await openDatabase(await otherDatabase());
    try {
      const migrator = new Migrator({
        db: other.db,
        provider: { getMigrations: async () => migrations(dialect) },
        ...(onPostgres ? { migrationTableSchema: await currentSchema(other.db, dialect) } : {}),
      });
      expect((await migrator.migrateTo('026-contact-mails-personal')).error).toBeUndefined();
      // An owner who had moved the restaurant: the map showed their coordinates.
      await sql`update restaurant_facts set latitude = ${38.0198}, longitude = ${-0.5}`.execute(
        other.db,
      );
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(
        await other.db.selectFrom('restaurant_facts').select('map_embed_url').execute(),
      ).toEqual([{ map_embed_url: 'https://maps.example/embed?q=38.0198,-0.5&z=15' }]);
      const notes = {
        'menu.notes.coverCharge': 'Coperto 2 €',
        'menu.notes.allergyNotice':
          'In presenza di allergie e intolleranze alimentari rivolgersi al personale.',
      };
      const keys = Object.keys(notes);
      expect(
        await other.db
          .selectFrom('site_texts')
          .select(['key', 'text'])
          .where('key', 'in', keys)
          .orderBy('key')
          .execute(),
      ).toEqual([
        { key: 'menu.notes.allergyNotice', text: notes['menu.notes.allergyNotice'] },
        { key: 'menu.notes.coverCharge', text: notes['menu.notes.coverCharge'] },
      ]);
      const translations = await other.db
        .selectFrom('text_translations')
        .select(['field', 'lang', 'kind', 'text'])
        .where('entity', '=', 'site_texts')
        .where('field', 'in', keys)
        .execute();
      expect(translations).toHaveLength(8);
      for (const row of translations) {
        expect(row).toMatchObject({ kind: 'staff', text: notes[row.field as keyof typeof notes] });
      }
    } finally {
      await other.close();
    }
  });

  it("moves the daily menu's translations into the engine's table, current ones current and stale ones stale", async () => {
    const other = await openDatabase(await otherDatabase());
    try {
      const migrator = new Migrator({
        db: other.db,
        provider: { getMigrations: async () => migrations(dialect) },
        ...(onPostgres ? { migrationTableSchema: await currentSchema(other.db, dialect) } : {}),
      });
      expect((await migrator.migrateTo('008-menu')).error).toBeUndefined();
      const staff = await other.db
        .insertInto('staff_users')
        .values(newUser('translator@example.com'))
        .returning('id')
        .executeTakeFirstOrThrow();
      const menu = await other.db.selectFrom('daily_menu').selectAll().executeTakeFirstOrThrow();
      // As the old service hashed the menu it translated.
      const hash = (fields: string[]) =>
        createHash('sha256').update(JSON.stringify(fields)).digest('hex');
      const current = hash([menu.titolo, menu.descrizione, menu.info_aggiuntive]);
      const earlier = hash(['Menu di ieri', 'Caponata', '']);
      const at = '2026-11-20T10:00:00.000Z';
      const old = [
        ...['en', 'fr', 'es', 'de'].map((lang) => ({
          lang,
          kind: 'machine',
          source_hash: current,
          titolo: `[${lang}] ${menu.titolo}`,
          descrizione: `[${lang}] ${menu.descrizione}`,
          info_aggiuntive: `[${lang}] ${menu.info_aggiuntive}`,
          updated_by: null,
        })),
        {
          lang: 'de',
          kind: 'staff',
          source_hash: current,
          titolo: 'Tagesmenü',
          descrizione: 'Pasta mit Sardinen, Cassata',
          info_aggiuntive: 'Kaffee',
          updated_by: staff.id,
        },
        {
          lang: 'fr',
          kind: 'staff',
          source_hash: earlier,
          titolo: "Menu d'hier",
          descrizione: 'Caponata',
          info_aggiuntive: '',
          updated_by: staff.id,
        },
      ];
      for (const row of old) {
        await sql`insert into daily_menu_translations (lang, kind, source_hash, titolo, descrizione, info_aggiuntive, updated_at, updated_by) values (${row.lang}, ${row.kind}, ${row.source_hash}, ${row.titolo}, ${row.descrizione}, ${row.info_aggiuntive}, ${at}, ${row.updated_by})`.execute(
          other.db,
        );
      }

      // Up to this migration only: the way down below then undoes it alone.
      expect((await migrator.migrateTo('009-daily-menu-text-translations')).error).toBeUndefined();
      expect(await tableNames(other.db)).not.toContain('daily_menu_translations');
      const moved = await other.db
        .selectFrom('text_translations')
        .selectAll()
        .where('entity', '=', 'daily_menu')
        .orderBy('lang')
        .orderBy('kind')
        .orderBy('field')
        .execute();
      expect(moved).toHaveLength(old.length * 3);
      expect(moved.filter((row) => row.lang === 'fr' && row.kind === 'staff')).toEqual([
        {
          entity: 'daily_menu',
          entity_id: 1,
          field: 'descrizione',
          lang: 'fr',
          kind: 'staff',
          source_hash: earlier,
          text: 'Caponata',
          updated_at: at,
          updated_by: staff.id,
        },
        expect.objectContaining({ field: 'infoAggiuntive', text: '', source_hash: earlier }),
        expect.objectContaining({ field: 'titolo', text: "Menu d'hier", source_hash: earlier }),
      ]);

      // The engine reads them as the old service did, and has nothing to translate again.
      const calls: string[][] = [];
      const content = new ContentChanges(other.db, new ContentVersion({ db: other.db }));
      const translations = new TextTranslations({
        db: other.db,
        provider: {
          name: 'counting',
          probe: async () => ({ ok: true, detail: 'counting' }),
          translate: async (texts) => {
            calls.push(texts);
            return texts;
          },
        },
        log: { error: () => {}, warn: () => {} } as never,
        content,
      });
      const dailyMenu = new DailyMenuService({
        db: other.db,
        content,
        translations,
        contentVersion: async () => undefined,
      });
      await translations.refresh();
      expect(calls).toEqual([]);
      expect(await dailyMenu.view('de')).toMatchObject({
        titolo: 'Tagesmenü',
        infoAggiuntive: 'Kaffee',
        translation: 'staff',
      });
      expect(await dailyMenu.view('fr')).toMatchObject({
        titolo: `[fr] ${menu.titolo}`,
        descrizione: `[fr] ${menu.descrizione}`,
        translation: 'machine',
      });
      const review = await dailyMenu.translations();
      expect(review.find((entry) => entry.lang === 'fr')).toEqual({
        lang: 'fr',
        machine: {
          titolo: `[fr] ${menu.titolo}`,
          descrizione: `[fr] ${menu.descrizione}`,
          infoAggiuntive: `[fr] ${menu.info_aggiuntive}`,
        },
        staff: null,
        staffStale: true,
      });
      expect(review.find((entry) => entry.lang === 'de')).toMatchObject({
        staff: { titolo: 'Tagesmenü' },
        staffStale: false,
      });

      // And back, for a migration down.
      expect((await migrator.migrateDown()).error).toBeUndefined();
      const { rows } = await sql<
        (typeof old)[number]
      >`select lang, kind, source_hash, titolo, descrizione, info_aggiuntive, updated_by from daily_menu_translations order by lang, kind`.execute(
        other.db,
      );
      const byKey = (a: { lang: string; kind: string }, b: { lang: string; kind: string }) =>
        `${a.lang} ${a.kind}`.localeCompare(`${b.lang} ${b.kind}`);
      expect(rows).toEqual(old.toSorted(byKey));
      expect(
        await other.db
          .selectFrom('text_translations')
          .select('entity')
          .where('entity', '=', 'daily_menu')
          .execute(),
      ).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('gives each section its kitchen and each dish its takeaway mark, as the contract seeds them', async () => {
    const other = await openDatabase(await otherDatabase());
    try {
      const migrator = new Migrator({
        db: other.db,
        provider: { getMigrations: async () => migrations(dialect) },
        ...(onPostgres ? { migrationTableSchema: await currentSchema(other.db, dialect) } : {}),
      });
      expect((await migrator.migrateTo('017-photos')).error).toBeUndefined();
      // A section and a dish staff added before takeaway, and a seeded carafe staff renamed.
      // Written as migration 017 left the tables: no kitchen or takeaway column yet.
      const added = await sql<{
        id: number;
      }>`insert into menu_sections (key, placement, position, name, updated_at) values (null, 'carousel', 11, 'Crudi', 'x') returning id`.execute(
        other.db,
      );
      await sql`insert into menu_items (section_id, position, name, description, ingredients, allergens, available, frozen, updated_at) values (${added.rows[0]!.id}, 0, 'Ostriche', '', '', null, 1, 0, 'x')`.execute(
        other.db,
      );
      await other.db
        .updateTable('menu_items')
        .set({ name: 'Vino rosso in caraffa 1 l' })
        .where('name', '=', 'Vino rosso della casa 1 l')
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const sections = await other.db
        .selectFrom('menu_sections')
        .select(['key', 'kitchen'])
        .orderBy('position')
        .execute();
      expect(sections.map((section) => [section.key, section.kitchen])).toEqual([
        ['starters', 'kitchen'],
        ['startersExtras', 'kitchen'],
        ['firstCourses', 'kitchen'],
        ['meatDishes', 'kitchen'],
        ['fishDishes', 'kitchen'],
        ['salads', 'none'],
        ['pizza', 'oven'],
        ['dessert', 'none'],
        ['beerAndWines', 'none'],
        ['aperitifs', 'none'],
        ['beverages', 'none'],
        [null, 'kitchen'],
      ]);
      const items = await other.db
        .selectFrom('menu_items')
        .select(['name', 'takeaway'])
        .orderBy('id')
        .execute();
      expect(items.filter((item) => item.takeaway === 0).map((item) => item.name)).toEqual([
        'Birra alla spina 0,30 l',
        'Birra alla spina 0,40 l',
        'Vino bianco della casa 0,50 l',
        'Vino bianco frizzante 0,50 l',
        'Vino rosso della casa 0,50 l',
        'Vino bianco della casa 1 l',
        'Prosecco',
        'Prosecco Aperol',
        'Martini Bianco',
        'Campari Soda',
        'Spritz',
      ]);
      // Every dish, bottled beers and drinks included, and what staff added or renamed: orderable.
      expect(items.filter((item) => item.takeaway === 1).map((item) => item.name)).toEqual(
        expect.arrayContaining([
          'Arancine miste',
          'Margherita',
          'Cannolo siciliano',
          'Birra in bottiglia 0,33 l',
          'Lattina (Coca-Cola, Fanta, Sprite)',
          'Ostriche',
          'Vino rosso in caraffa 1 l',
        ]),
      );
      await expect(
        other.db
          .updateTable('menu_sections')
          .set({ kitchen: 'grill' as 'oven' })
          .execute(),
      ).rejects.toThrow();
      await expect(
        other.db.updateTable('menu_items').set({ takeaway: 2 }).execute(),
      ).rejects.toThrow();
    } finally {
      await other.close();
    }
  });

  it.runIf(onSqlite)('passes integrity_check', async () => {
    expect(await integrityCheck(app.db)).toBe('ok');
  });

  it('writes migrations PostgreSQL accepts', async () => {
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
