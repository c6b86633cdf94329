import { sql, type Kysely } from 'kysely';
import { autoIncrementId, type SqlDialect } from './columns.ts';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * Roles, invitations and the audit log. The accounts that exist when roles
 * arrive were made by whoever ran the site until now: they become owners
 * (the column's default); the services name the role of every new account.
 */
export async function up(db: AnyDatabase, dialect: SqlDialect): Promise<void> {
  const id = autoIncrementId(dialect);

  await db.schema
    .alterTable('staff_users')
    .addColumn('role', 'text', (col) =>
      col
        .notNull()
        .defaultTo('owner')
        .check(sql`role in ('owner', 'staff')`),
    )
    .execute();

  // An invitation keeps only its token's SHA-256, like a reset link.
  await db.schema
    .createTable('staff_invitations')
    .addColumn('id', 'integer', id)
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('owner', 'staff')`))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('invited_by', 'integer', (col) =>
      col.references('staff_users.id').onDelete('set null'),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('staff_invitations_email_index')
    .on('staff_invitations')
    .column('email')
    .execute();

  // Who changed what and when. The actor's e-mail is copied so that an entry
  // still names its author after the account is removed.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', id)
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) =>
      col.references('staff_users.id').onDelete('set null'),
    )
    .addColumn('actor_email', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at_index').on('audit_log').column('at').execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('staff_invitations').execute();
  await db.schema.alterTable('staff_users').dropColumn('role').execute();
}
