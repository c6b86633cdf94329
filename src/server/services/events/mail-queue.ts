import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inquiryNotice, inquiryReceivedMail, type MailedInquiry } from '../../mail/event-mails.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { readRestaurantFacts } from '../restaurant-facts.ts';

/**
 * Queues a request's mails (src/server/mail/event-mails.ts writes them) in
 * the caller's transaction, so that they go out exactly when the request is
 * stored: the guest's acknowledgement and the restaurant's notice.
 */
export class EventMailQueue {
  readonly #deliverTo: string | undefined;

  constructor(options: {
    /** CONTACT_EMAIL: where the restaurant's notices go; the restaurant's e-mail when unset. */
    deliverTo: string | undefined;
  }) {
    this.#deliverTo = options.deliverTo;
  }

  async received(trx: Kysely<Database>, inquiry: MailedInquiry): Promise<void> {
    const restaurant = await readRestaurantFacts(trx);
    await enqueueMail(trx, inquiryReceivedMail(inquiry, { restaurant }));
    await enqueueMail(trx, inquiryNotice(inquiry, { to: this.#deliverTo ?? restaurant.email }));
  }
}
