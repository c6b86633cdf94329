import type { Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * `event_messages.translation`: what the guest received of a staff reply in
 * their language (the machine's translation or staff's correction of it),
 * beside the Italian staff wrote in `text`; null when the guest reads
 * Italian, and for the guest's own messages.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema.alterTable('event_messages').addColumn('translation', 'text').execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.alterTable('event_messages').dropColumn('translation').execute();
}
