import { sql, type Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/** Must match the daily menu's entity in services/daily-menu.ts (a migration imports no service code). */
const ENTITY = 'daily_menu';
const MENU_ID = 1;
/** The engine's fields, in the daily menu's order, and the old table's column for each. */
const FIELDS = [
  ['titolo', 'titolo'],
  ['descrizione', 'descrizione'],
  ['infoAggiuntive', 'info_aggiuntive'],
] as const;

interface OldRow {
  lang: string;
  kind: string;
  source_hash: string;
  titolo: string;
  descrizione: string;
  info_aggiuntive: string;
  updated_at: string;
  updated_by: number | null;
}

/**
 * The daily menu's translations move into the translation engine's table
 * (entity daily_menu, id 1, a row per field), the machine's and staff's,
 * and the daily menu's own table goes. The engine hashes a record translated
 * whole as that table did (the three fields' Italian, well-formed, as a JSON
 * list in this order), so every row keeps its source hash: what was current
 * stays current, what was stale stays stale, and nothing is translated again.
 */
export async function up(db: AnyDatabase): Promise<void> {
  const rows = (await db.selectFrom('daily_menu_translations').selectAll().execute()) as OldRow[];
  const moved = rows.flatMap((row) =>
    FIELDS.map(([field, column]) => ({
      entity: ENTITY,
      entity_id: MENU_ID,
      field,
      lang: row.lang,
      kind: row.kind,
      source_hash: row.source_hash,
      text: row[column],
      updated_at: row.updated_at,
      updated_by: row.updated_by,
    })),
  );
  // At most 4 languages × 2 kinds × 3 fields: one statement.
  if (moved.length > 0) await db.insertInto('text_translations').values(moved).execute();
  await db.schema.dropTable('daily_menu_translations').execute();
}

/** The table of migration 002 again, with the rows that have all three fields. */
export async function down(db: AnyDatabase): Promise<void> {
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
  const rows = (await db
    .selectFrom('text_translations')
    .selectAll()
    .where('entity', '=', ENTITY)
    .where('entity_id', '=', MENU_ID)
    .execute()) as (Omit<OldRow, (typeof FIELDS)[number][1]> & { field: string; text: string })[];
  const old = [...Map.groupBy(rows, (row) => `${row.lang}\u0000${row.kind}`).values()].flatMap(
    (group) => {
      const [titolo, descrizione, infoAggiuntive] = FIELDS.map(
        ([field]) => group.find((row) => row.field === field)?.text,
      );
      if (titolo === undefined || descrizione === undefined || infoAggiuntive === undefined) {
        return [];
      }
      const { lang, kind, source_hash, updated_at, updated_by } = group[0]!;
      const texts = { titolo, descrizione, info_aggiuntive: infoAggiuntive };
      return [{ lang, kind, source_hash, ...texts, updated_at, updated_by }];
    },
  );
  if (old.length > 0) await db.insertInto('daily_menu_translations').values(old).execute();
  await db.deleteFrom('text_translations').where('entity', '=', ENTITY).execute();
}
