import type { Kysely, Selectable } from 'kysely';
import type { ContactMessagesTable, Database } from '../db/database.ts';
import type { ContactBody, ContactMessage } from '../../shared/schemas/contact.ts';
import { insertMails } from '../mail/outbox.ts';
import { contactMessageMail } from '../mail/staff-mails.ts';
import { recordAudit, type AuditActor } from './audit-log.ts';
import { readRestaurantFacts } from './restaurant-facts.ts';
import { nowIso } from './tokens.ts';
import { notifyNewMessage } from './push/notify.ts';

/** A message as the staff inbox lists it (the shape is the API's). */
export type InboxMessage = ContactMessage;

/**
 * Contact messages that are never lost: the message, its consent
 * and the mail that delivers it are written in one transaction before the
 * visitor is answered; the outbox delivers it, after an outage or a restart too.
 */
type MessageRow = Pick<
  Selectable<ContactMessagesTable>,
  'id' | 'first_name' | 'last_name' | 'email' | 'message' | 'lang' | 'created_at'
>;

/** A message as the visitor sent it (the inbox adds its state; a guest's data export takes it as is). */
export const sentMessage = (row: MessageRow) => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  message: row.message,
  lang: row.lang,
  createdAt: row.created_at,
});

export class ContactMessages {
  readonly #db: Kysely<Database>;
  readonly #deliverTo: string | undefined;
  readonly #onMail: () => void;

  constructor(options: {
    db: Kysely<Database>;
    /** CONTACT_EMAIL: where messages go; unset, the restaurant's e-mail as the owner set it. */
    deliverTo: string | undefined;
    onMail: () => void;
  }) {
    this.#db = options.db;
    this.#deliverTo = options.deliverTo;
    this.#onMail = options.onMail;
  }

  async accept(body: ContactBody, lang: string): Promise<number> {
    const now = nowIso();
    const spam = (body.website ?? '').trim() !== '';
    const id = await this.#db.transaction().execute(async (trx) => {
      const outboxId = spam
        ? null
        : (
            await insertMails(trx, [
              contactMessageMail(body, lang, now, await this.#recipient(trx)),
            ])
          )[0]!;
      const row = await trx
        .insertInto('contact_messages')
        .values({
          first_name: body.firstName,
          last_name: body.lastName,
          email: body.email,
          message: body.message,
          lang,
          privacy_accepted_at: now,
          created_at: now,
          spam: spam ? 1 : 0,
          outbox_id: outboxId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!spam) await notifyNewMessage(trx);
      return row.id;
    });
    if (!spam) this.#onMail();
    return id;
  }

  async #recipient(trx: Kysely<Database>): Promise<string> {
    return this.#deliverTo ?? (await readRestaurantFacts(trx)).email;
  }

  /** The staff inbox, newest first, with each message's delivery state. */
  async inbox(): Promise<InboxMessage[]> {
    const rows = await this.#db
      .selectFrom('contact_messages')
      .leftJoin('outbox', 'outbox.id', 'contact_messages.outbox_id')
      .select([
        'contact_messages.id',
        'contact_messages.first_name',
        'contact_messages.last_name',
        'contact_messages.email',
        'contact_messages.message',
        'contact_messages.lang',
        'contact_messages.created_at',
        'contact_messages.read_at',
        'outbox.status',
        'outbox.attempts',
        'outbox.last_error',
      ])
      .where('contact_messages.spam', '=', 0)
      .orderBy('contact_messages.id', 'desc')
      .limit(500)
      .execute();
    return rows.map((row) => ({
      ...sentMessage(row),
      read: row.read_at !== null,
      delivery: row.status
        ? { status: row.status, attempts: row.attempts ?? 0, lastError: row.last_error ?? null }
        : null,
    }));
  }

  /** Marks a message read or unread; false when there is no such message. */
  async setRead(id: number, read: boolean, actor: NonNullable<AuditActor>): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('contact_messages')
        .set({ read_at: read ? nowIso() : null })
        .where('id', '=', id)
        .where('spam', '=', 0)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await recordAudit(trx, actor, {
        action: read ? 'contact.read' : 'contact.unread',
        target: `contact_message:${id}`,
        summary: `Messaggio n. ${id} segnato come ${read ? 'letto' : 'da leggere'}.`,
      });
      return true;
    });
  }
}
