import type { Kysely } from 'kysely';
import { autoIncrementId, type SqlDialect } from './columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/** Contact messages: kept for good, with the consent and the outbox mail that delivers each. */
export async function up(db: AnyDatabase, dialect: SqlDialect): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'integer', autoIncrementId(dialect))
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('privacy_accepted_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('read_at', 'text')
    .addColumn('spam', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('outbox_id', 'integer', (col) => col.references('outbox.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('contact_messages_created_at')
    .on('contact_messages')
    .column('created_at')
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropTable('contact_messages').execute();
}
