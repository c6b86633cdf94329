import type { Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/** Must match SECRET_LINK in mail/message.ts (a migration imports no service code). */
const PLACEHOLDER = '{{secret-link}}';
/** How long each kind's link worked when these mails were written. */
const LINK_LIFETIME_MS: Record<string, number> = {
  'password-reset': 60 * 60 * 1000,
  'staff-invitation': 7 * 24 * 60 * 60 * 1000,
};
const LINK = /https?:\/\/[^\s"<>]*[?&]token=[A-Za-z0-9_-]+/;

/**
 * A mail's secret link (password reset, invitation) moves out of its body
 * into a column of its own, which is emptied once the mail is sent or the
 * link has expired: no row keeps a usable token (docs/security.md item 34). Mails
 * already in the outbox are converted: a pending one keeps its link in the
 * new column, a sent or failed one loses it.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('secret_link', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('secret_expires_at', 'text').execute();
  const rows = (await db
    .selectFrom('outbox')
    .select(['id', 'kind', 'status', 'text_body', 'html_body', 'created_at'])
    .where('kind', 'in', Object.keys(LINK_LIFETIME_MS))
    .execute()) as {
    id: number;
    kind: string;
    status: string;
    text_body: string;
    html_body: string;
    created_at: string;
  }[];
  for (const row of rows) {
    const link = LINK.exec(row.text_body)?.[0];
    if (!link) continue;
    const pending = row.status === 'pending';
    await db
      .updateTable('outbox')
      .set({
        text_body: row.text_body.replaceAll(link, PLACEHOLDER),
        html_body: row.html_body.replaceAll(link, PLACEHOLDER),
        secret_link: pending ? link : null,
        secret_expires_at: new Date(
          Date.parse(row.created_at) + LINK_LIFETIME_MS[row.kind]!,
        ).toISOString(),
      })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('secret_expires_at').execute();
  await db.schema.alterTable('outbox').dropColumn('secret_link').execute();
}
