import type { Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * The daily backups (src/server/backup/daily-backup.ts), one row per day in
 * Rome: the instance whose insert of the day's row succeeds takes that day's
 * backup, so it is taken once however many instances run. `finished_at` is
 * null while it runs (or when its instance died); `error` is the failure's
 * code, null on success, when `file` and `bytes` say what was written.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable('backup_runs')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('file', 'text')
    .addColumn('bytes', 'bigint')
    .addColumn('error', 'text')
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropTable('backup_runs').execute();
}
