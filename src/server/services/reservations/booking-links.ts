import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { readBookingToken, type BookingLinkKind } from '../guests/guest-links.ts';
import type { Row } from './rows.ts';

/**
 * The booking a guest's link of `kind` names (guests/guest-links.ts), while
 * the link works: signed for that purpose, the same start (staff have not
 * moved it), not yet begun. Null otherwise.
 */
export async function linkedBooking(
  db: Kysely<Database>,
  key: string,
  kind: BookingLinkKind,
  token: string,
  now: number,
): Promise<Row | null> {
  const claim = readBookingToken(key, kind, token);
  if (!claim || claim.startsAt <= now) return null;
  const row = await db
    .selectFrom('reservations')
    .selectAll()
    .where('id', '=', claim.id)
    .executeTakeFirst();
  if (!row || Date.parse(row.starts_at) !== claim.startsAt) return null;
  return row;
}
