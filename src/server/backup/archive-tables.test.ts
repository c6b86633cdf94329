import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase, type Database } from '../db/database.ts';
import { currentSchema } from '../db/dialect.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { ARCHIVE_TABLES } from './archive-tables.ts';

// The archive's list of tables against the live schema the migrations make:
// a new table, a new foreign key or a changed primary key fails here until
// ARCHIVE_TABLES follows it.
let database: TestDatabase;
let opened: AppDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  opened = await openDatabase(database.url);
});
afterAll(async () => {
  await opened?.close();
  await database?.drop();
});

async function liveTableNames(db: Kysely<Database>, schema: string | undefined) {
  const tables = await db.introspection.getTables();
  return tables.filter((table) => table.schema === schema).map((table) => table.name);
}

/** Each foreign key as [child table, parent table]. */
async function foreignKeys(db: Kysely<Database>, schema: string | undefined) {
  if (opened.dialect === 'postgres') {
    const { rows } = await sql<{ child: string; parent: string }>`
      select child.relname as child, parent.relname as parent
      from pg_constraint
      join pg_class child on child.oid = pg_constraint.conrelid
      join pg_class parent on parent.oid = pg_constraint.confrelid
      join pg_namespace on pg_namespace.oid = pg_constraint.connamespace
      where pg_constraint.contype = 'f' and pg_namespace.nspname = ${schema!}`.execute(db);
    return rows.map((row) => [row.child, row.parent]);
  }
  const { rows } = await sql<{ child: string; parent: string }>`
    select tables.name as child, keys."table" as parent
    from sqlite_master as tables, pragma_foreign_key_list(tables.name) as keys
    where tables.type = 'table'`.execute(db);
  return rows.map((row) => [row.child, row.parent]);
}

/** The table's primary key columns, in the key's order. */
async function primaryKey(db: Kysely<Database>, table: string, schema: string | undefined) {
  if (opened.dialect === 'postgres') {
    const { rows } = await sql<{ column: string }>`
      select attribute.attname as column
      from pg_index
      join pg_class on pg_class.oid = pg_index.indrelid
      join pg_namespace on pg_namespace.oid = pg_class.relnamespace
      join unnest(pg_index.indkey) with ordinality as key(number, position) on true
      join pg_attribute attribute
        on attribute.attrelid = pg_class.oid and attribute.attnum = key.number
      where pg_index.indisprimary and pg_class.relname = ${table} and pg_namespace.nspname = ${schema!}
      order by key.position`.execute(db);
    return rows.map((row) => row.column);
  }
  const { rows } = await sql<{ name: string }>`
    select name from pragma_table_info(${table}) where pk > 0 order by pk`.execute(db);
  return rows.map((row) => row.name);
}

describe('the archive covers the schema', () => {
  it('lists every table the migrations create, and no other', async () => {
    const schema = await currentSchema(opened.db, opened.dialect);
    expect(ARCHIVE_TABLES.map((table) => table.name).sort()).toEqual(
      (await liveTableNames(opened.db, schema)).sort(),
    );
  });

  it('puts every parent before its children', async () => {
    const schema = await currentSchema(opened.db, opened.dialect);
    const position = (name: string) => ARCHIVE_TABLES.findIndex((table) => table.name === name);
    const keys = await foreignKeys(opened.db, schema);
    expect(keys.length).toBeGreaterThan(10);
    for (const [child, parent] of keys) {
      expect(position(parent!), `${parent} before ${child}`).toBeLessThan(position(child!));
    }
  });

  it('orders each table by its primary key', async () => {
    const schema = await currentSchema(opened.db, opened.dialect);
    for (const { name, key } of ARCHIVE_TABLES) {
      expect(await primaryKey(opened.db, name, schema), name).toEqual(key);
    }
  });
});
