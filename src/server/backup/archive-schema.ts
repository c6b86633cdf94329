import { sql, type Kysely, type TableMetadata } from 'kysely';
import type { Database, SqlDialect } from '../db/database.ts';
import { currentSchema } from '../db/dialect.ts';

// What the archive reads of a live schema: its tables and their auto-increments.

/** Tables by name, for queries on a table known only at run time. */
type AnyTables = Record<string, Record<string, unknown>>;
export const anyTables = (db: Kysely<Database>) => db as unknown as Kysely<AnyTables>;

/** The database's own tables (on PostgreSQL, those of the schema it works in), by name. */
export async function liveTables(
  db: Kysely<Database>,
  dialect: SqlDialect,
): Promise<Map<string, TableMetadata>> {
  const schema = await currentSchema(db, dialect);
  const tables = await db.introspection.getTables();
  return new Map(
    tables
      .filter((table) => !table.isView && table.schema === schema)
      .map((table) => [table.name, table]),
  );
}

const autoIncrementColumn = (table: TableMetadata) =>
  table.columns.find((column) => column.isAutoIncrementing)?.name;

/** The largest id the table's auto-increment has given, or null (none given, or no auto-increment). */
export async function lastIssuedId(
  db: Kysely<Database>,
  dialect: SqlDialect,
  table: TableMetadata,
): Promise<number | null> {
  const column = autoIncrementColumn(table);
  if (column === undefined) return null;
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ last: number | null }>`
          select pg_sequence_last_value(pg_get_serial_sequence(${table.name}, ${column})::regclass) as last`.execute(
          db,
        )
      : await sql<{ last: number | null }>`
          select seq as last from sqlite_sequence where name = ${table.name}`.execute(db);
  return rows[0]?.last ?? null;
}

/**
 * Sets the table's auto-increment past both the archive's last id and the
 * largest id now in the table, so that a new row never takes an id a row had
 * in the archived database. SQLite keeps it in `sqlite_sequence` (tables
 * declared AUTOINCREMENT only), PostgreSQL in the identity's sequence.
 */
export async function setSequence(
  db: Kysely<Database>,
  dialect: SqlDialect,
  table: TableMetadata,
  lastId: number | null,
) {
  const column = autoIncrementColumn(table);
  if (column === undefined) return;
  const top = await anyTables(db)
    .selectFrom(table.name)
    .select(sql<number | null>`max(${sql.ref(column)})`.as('top'))
    .executeTakeFirst();
  const last = Math.max(lastId ?? 0, Number(top?.top ?? 0));
  if (dialect === 'postgres') {
    // setval(…, 1, false): the next id is 1, as in a table that never had a row.
    await sql`
      select setval(sequence, ${Math.max(last, 1)}, ${last > 0})
      from (select pg_get_serial_sequence(${table.name}, ${column}) as sequence) as identity
      where sequence is not null`.execute(db);
    return;
  }
  await sql`delete from sqlite_sequence where name = ${table.name}`.execute(db);
  if (last > 0) {
    await sql`
      insert into sqlite_sequence (name, seq)
      select ${table.name}, ${last}
      where exists (select 1 from sqlite_master
                    where type = 'table' and name = ${table.name} and sql like '%autoincrement%')`.execute(
      db,
    );
  }
}
