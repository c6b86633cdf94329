import { sql, type Kysely } from 'kysely';
import webPush from 'web-push';
import { autoIncrementId, type SqlDialect } from './columns.ts';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * Staff notifications by Web Push (src/server/push/):
 * - the server's VAPID key pair (RFC 8292), made once here like the cancel
 *   links' key, in `server_secrets`: every instance signs with the same key,
 *   and browsers' subscriptions, bound to its public half, outlive restarts;
 * - `push_subscriptions`: one staff member's device each (endpoint and keys
 *   as its browser gave them), with the topics chosen; a removed colleague's
 *   devices go with their account;
 * - `push_deliveries`: the queue, one row per device and message, claimed
 *   by one instance at a time like the outbox's mails, deleted once sent.
 */
export async function up(db: AnyDatabase, dialect: SqlDialect): Promise<void> {
  const keys = webPush.generateVAPIDKeys();
  await db
    .insertInto('server_secrets')
    .values([
      { name: 'push-vapid-public', value: keys.publicKey },
      { name: 'push-vapid-private', value: keys.privateKey },
    ])
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', autoIncrementId(dialect))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('staff_users.id').onDelete('cascade'),
    )
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    /** The topics chosen, joined by commas (src/shared/schemas/push.ts). */
    .addColumn('topics', 'text', (col) => col.notNull())
    .addColumn('browser', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user')
    .on('push_subscriptions')
    .columns(['user_id'])
    .execute();

  await db.schema
    .createTable('push_deliveries')
    .addColumn('id', 'integer', autoIncrementId(dialect))
    .addColumn('subscription_id', 'integer', (col) =>
      col.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`attempts >= 0`),
    )
    /** Null until the first attempt: a new message is due at once. */
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('push_deliveries_due')
    .on('push_deliveries')
    .columns(['next_attempt_at', 'id'])
    .execute();
  await db.schema
    .createIndex('push_deliveries_subscription')
    .on('push_deliveries')
    .columns(['subscription_id'])
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropTable('push_deliveries').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  await db
    .deleteFrom('server_secrets')
    .where('name', 'in', ['push-vapid-public', 'push-vapid-private'])
    .execute();
}
