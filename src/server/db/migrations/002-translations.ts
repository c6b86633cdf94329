import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * Translations of the daily menu: per language, the machine one and
 * the one staff typed, each tied to the hash of the Italian text it
 * translates, so a change of the Italian makes both stale at once.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable('daily_menu_translations')
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('machine', 'staff')`))
    .addColumn('source_hash', 'text', (col) => col.notNull())
    .addColumn('titolo', 'text', (col) => col.notNull())
    .addColumn('descrizione', 'text', (col) => col.notNull())
    .addColumn('info_aggiuntive', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) =>
      col.references('staff_users.id').onDelete('set null'),
    )
    .addPrimaryKeyConstraint('daily_menu_translations_pk', ['lang', 'kind'])
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropTable('daily_menu_translations').execute();
}
