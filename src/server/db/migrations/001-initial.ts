import { sql, type Kysely } from 'kysely';
import { autoIncrementId, type SqlDialect } from './columns.ts';

// A migration must not depend on today's `Database` type, which later
// migrations change (Kysely's migration guide): it sees an untyped database.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * The first schema. Dialect-neutral (the same Kysely code runs on SQLite and
 * PostgreSQL): timestamps are ISO-8601 strings in text columns,
 * booleans would be integers 0/1.
 */
export async function up(db: AnyDatabase, dialect: SqlDialect): Promise<void> {
  const id = autoIncrementId(dialect);

  await db.schema
    .createTable('staff_users')
    .addColumn('id', 'integer', id)
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('failed_logins', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('password_changed_at', 'text', (col) => col.notNull())
    // E-mails are unique case-insensitively: the services store them lower-cased.
    .addCheckConstraint('staff_users_email_lower_case', sql`email = lower(email)`)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('staff_users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id_index').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('staff_users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('password_resets_user_id_index')
    .on('password_resets')
    .column('user_id')
    .execute();

  // The daily menu is a single record, id 1.
  await db.schema
    .createTable('daily_menu')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('titolo', 'text', (col) => col.notNull())
    .addColumn('descrizione', 'text', (col) => col.notNull())
    .addColumn('info_aggiuntive', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) =>
      col.references('staff_users.id').onDelete('set null'),
    )
    .addCheckConstraint('daily_menu_single_row', sql`id = 1`)
    .execute();
  await db
    .insertInto('daily_menu')
    .values({
      id: 1,
      titolo: 'Menu del giorno',
      descrizione:
        'Antipasto di mare con polpo e patate, Spaghetti ai ricci di mare, Busiate al pesto trapanese con gamberi, Pesce spada alla ghiotta, Insalata di arance e finocchi',
      info_aggiuntive: 'Pane fatto in casa, Acqua inclusa, Cannolo della casa',
      version: 1,
      updated_at: new Date().toISOString(),
      updated_by: null,
    })
    .execute();

  await db.schema
    .createTable('daily_menu_history')
    .addColumn('id', 'integer', id)
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('titolo', 'text', (col) => col.notNull())
    .addColumn('descrizione', 'text', (col) => col.notNull())
    .addColumn('info_aggiuntive', 'text', (col) => col.notNull())
    .addColumn('saved_at', 'text', (col) => col.notNull())
    .addColumn('saved_by', 'integer', (col) =>
      col.references('staff_users.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .createIndex('daily_menu_history_version_index')
    .on('daily_menu_history')
    .column('version')
    .execute();

  // Every outgoing e-mail is stored here before any send, so none is lost.
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', id)
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .addCheckConstraint('outbox_status', sql`status in ('pending', 'sent', 'failed')`)
    .execute();
  // The worker's query: pending messages whose next attempt is due.
  await db.schema
    .createIndex('outbox_status_next_attempt_at_index')
    .on('outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();

  // Shared lockouts and per-IP limits, one row per key.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('window_ends_at', 'text', (col) => col.notNull())
    .execute();
  // Purging expired windows.
  await db.schema
    .createIndex('rate_limits_window_ends_at_index')
    .on('rate_limits')
    .column('window_ends_at')
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  // Children before the table they reference; indexes go with their tables.
  for (const table of [
    'rate_limits',
    'outbox',
    'daily_menu_history',
    'daily_menu',
    'password_resets',
    'sessions',
    'staff_users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
