import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { bumpBookingsVersion } from './rows.ts';

/**
 * "Non inviare" (PATCH /api/reservations/{id} `{noReview}`): staff hold back,
 * or let go, a booking's review request while it is not decided — the
 * morning after, services/guests/review-requests.ts decides it once (a held
 * one without a mail). The audit's words, or the refusal.
 */
export async function holdReview(
  trx: Kysely<Database>,
  id: number,
  hold: boolean,
): Promise<string | { ok: false; reason: 'not-found' | 'review-decided' }> {
  const marked = await trx
    .updateTable('reservations')
    .set({ review_held: hold ? 1 : 0 })
    .where('id', '=', id)
    .where('review_decided_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!marked) {
    const exists = await trx
      .selectFrom('reservations')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return { ok: false, reason: exists ? 'review-decided' : 'not-found' };
  }
  // The day view and the evening view show the hold: their versions move on.
  await bumpBookingsVersion(trx);
  return hold
    ? 'richiesta di recensione trattenuta (non inviare)'
    : 'richiesta di recensione di nuovo da inviare';
}
