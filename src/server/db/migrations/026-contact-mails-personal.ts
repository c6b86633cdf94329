import type { Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * A contact message's mail quotes the guest's words: personal, like a
 * booking's (docs/security.md item 42), since mail/staff-mails.ts says so.
 * Mails queued before are marked so too (a pending one is emptied once
 * sent), and those already sent or given up lose their bodies now.
 *
 * Every mail's last error, of any kind, was the SMTP server's own words,
 * which may quote the guest's address; the outbox now keeps only a code and
 * a fixed reason (sendFailure, mail/outbox.ts). The old words cannot be
 * sorted safely, so each becomes that form's plain one.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.updateTable('outbox').set({ personal: 1 }).where('kind', '=', 'contact').execute();
  await db
    .updateTable('outbox')
    .set({ text_body: '', html_body: '' })
    .where('kind', '=', 'contact')
    .where('status', '!=', 'pending')
    .execute();
  await db
    .updateTable('outbox')
    .set({ last_error: 'send failed' })
    .where('last_error', 'is not', null)
    .execute();
}

/** Nothing to undo: what was cleared is gone. */
export async function down(): Promise<void> {}
