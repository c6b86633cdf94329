import { sql, type Kysely } from 'kysely';
import { autoIncrementId, type SqlDialect } from './columns.ts';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * The owner's photos (docs/decisions/014), in the database so that every
 * instance and every backup has them:
 * - `photos`: one row per slot that holds an upload (a slot without one shows
 *   the picture shipped with the site): its Italian alt text (translated by
 *   the engine under this row's id), the focal point, the size after the EXIF
 *   orientation;
 * - `image_files`: the encoded files themselves (AVIF, WebP, JPEG at each
 *   width), by their content-hashed name, per slot they belong to (`owner`),
 *   so a replace drops the old ones.
 */
export async function up(db: AnyDatabase, dialect: SqlDialect): Promise<void> {
  const bytes = dialect === 'postgres' ? ('bytea' as const) : ('blob' as const);
  await db.schema
    .createTable('photos')
    .addColumn('id', 'integer', autoIncrementId(dialect))
    .addColumn('slot', 'text', (col) => col.notNull().unique())
    .addColumn('alt', 'text', (col) => col.notNull())
    .addColumn('focus_x', 'double precision', (col) =>
      col.notNull().check(sql`focus_x between 0 and 1`),
    )
    .addColumn('focus_y', 'double precision', (col) =>
      col.notNull().check(sql`focus_y between 0 and 1`),
    )
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('image_files')
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('bytes', bytes, (col) => col.notNull())
    // The same bytes may serve two slots (one picture uploaded twice): each has its row.
    .addPrimaryKeyConstraint('image_files_pk', ['owner', 'name'])
    .execute();
  await db.schema.createIndex('image_files_name').on('image_files').column('name').execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropTable('image_files').execute();
  await db.schema.dropTable('photos').execute();
}
