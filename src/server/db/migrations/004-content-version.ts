import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * The version of what public pages show: bumped with every change of
 * the daily menu or its translations, read by each instance to tell whether
 * its in-memory page cache is still current (docs/decisions/002).
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable('content_version')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addCheckConstraint('content_version_single_row', sql`id = 1`)
    .execute();
  await db.insertInto('content_version').values({ id: 1, version: 1 }).execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropTable('content_version').execute();
}
