import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { GuestData } from '../../../shared/schemas/guest-data.ts';
import type { GuestKey } from '../../../shared/schemas/guest.ts';
import { guestIdentity } from '../../../shared/schemas/guest-records.ts';
import { guestsRows } from './guest-match.ts';

/**
 * Guest records in a guest's data (services/guest-data.ts, docs/security.md
 * on guest records): which records an export or an erasure by e-mail or
 * phone takes, and how they are exported.
 */

/**
 * The records of the guest a request names: those the rows it finds point at
 * (the same matching the export and erasure use for rows, `guestsRows`), and
 * the record whose identity the e-mail or phone folds to (a guest whose rows
 * are gone already, or were typed another way).
 */
export async function guestRecordIds(db: Kysely<Database>, guest: GuestKey): Promise<number[]> {
  const pointedAt = await Promise.all(
    (['reservations', 'takeaway_orders', 'event_inquiries'] as const).map((table) =>
      db
        .selectFrom(table)
        .select('guest_id')
        .distinct()
        .where(guestsRows(guest))
        .where('guest_id', 'is not', null)
        .execute(),
    ),
  );
  const identity = guestIdentity(
    'email' in guest ? { email: guest.email, phone: '' } : { email: '', phone: guest.phone },
  );
  const own =
    identity === null
      ? undefined
      : await db
          .selectFrom('guests')
          .select('id')
          .where('identity', '=', identity)
          .executeTakeFirst();
  return [
    ...new Set([
      ...pointedAt.flat().map((row) => row.guest_id!),
      ...(own === undefined ? [] : [own.id]),
    ]),
  ].sort((a, b) => a - b);
}

/** The records `ids` as a guest's data holds them. */
export async function exportGuestRecords(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<GuestData['guests']> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('guests')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    name: row.name,
    email: row.email,
    phone: row.phone,
    lang: row.lang,
    notes: row.notes,
    tags: JSON.parse(row.tags) as string[],
    lastSeenOn: row.last_seen_on,
    reviewAskedAt: row.review_asked_at,
    reviewsStoppedAt: row.reviews_stopped_at,
    createdAt: row.created_at,
  }));
}
