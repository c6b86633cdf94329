import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * Each guest write of the stream comes from a guest of its own: an e-mail and
 * a phone no other write uses, so that the per-e-mail and per-phone limits
 * (the hourly ones, and at most two pending orders or open requests each)
 * never refuse it, and its stored row and mails are found by them.
 */
export class Guests {
  #count = 0;

  next(key: string): { email: string; phone: string } {
    this.#count += 1;
    return {
      email: `${key}@guests.example`,
      phone: `+39 333 ${String(this.#count).padStart(7, '0')}`,
    };
  }
}

/**
 * How many outbox mails name each e-mail, as recipient or as Reply-To (a
 * notice to the restaurant answers the guest).
 */
export async function mailsByAddress(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('outbox').select(['recipient', 'reply_to']).execute();
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const address of new Set([row.recipient, row.reply_to])) {
      if (address) counts.set(address, (counts.get(address) ?? 0) + 1);
    }
  }
  return counts;
}
