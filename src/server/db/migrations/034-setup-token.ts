import { sql, type Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * The first owner's setup link (src/server/services/setup.ts): while no
 * staff account exists, each start of the server writes one row, replacing
 * the last, so that only the newest link works. Only the token's SHA-256 is
 * kept (like invitations' and resets'); using the link deletes the row.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable('setup_token')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('made_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addCheckConstraint('setup_token_single_row', sql`id = 1`)
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropTable('setup_token').execute();
}
