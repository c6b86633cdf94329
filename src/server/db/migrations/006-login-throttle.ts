import type { Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * Failed logins counted per (e-mail, client address) instead of per account:
 * a lock binds only the address that earned it, so nobody elsewhere can keep
 * the account holder out, and an unknown e-mail is counted exactly like a
 * known one. The key is a hash: no e-mail or address is stored in clear.
 * The account-wide counters this replaces are dropped.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('locked_until', 'text')
    // Locks so far: each next lock lasts twice as long, until a success.
    .addColumn('locks', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('login_throttle_updated_at_index')
    .on('login_throttle')
    .column('updated_at')
    .execute();
  await db.schema.alterTable('staff_users').dropColumn('failed_logins').execute();
  await db.schema.alterTable('staff_users').dropColumn('locked_until').execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema
    .alterTable('staff_users')
    .addColumn('failed_logins', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('staff_users').addColumn('locked_until', 'text').execute();
  await db.schema.dropTable('login_throttle').execute();
}
