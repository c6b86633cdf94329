import type { Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * Mails the outbox gave up on before docs/security.md item 42 kept their secret
 * link (an invitation's worked for 7 days) and, when personal, their bodies.
 * The outbox now clears both whenever a mail leaves `pending`
 * (mail/outbox.ts); this does the same for the rows already left behind.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ secret_link: null })
    .where('status', '!=', 'pending')
    .where('secret_link', 'is not', null)
    .execute();
  await db
    .updateTable('outbox')
    .set({ text_body: '', html_body: '', calendar_ics: null })
    .where('status', '!=', 'pending')
    .where('personal', '=', 1)
    .execute();
}

/** Nothing to undo: what was cleared is gone. */
export async function down(): Promise<void> {}
