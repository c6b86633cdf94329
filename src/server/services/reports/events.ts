import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { EVENT_STATUSES } from '../../../shared/schemas/events.ts';
import type { EventsRow } from '../../../shared/schemas/reports.ts';

/**
 * The `events` report of one range: the requests whose event date is in
 * it, per status (all four, zeros too), and their guests, adults and
 * children. One grouped query.
 */
export async function eventRows(
  db: Kysely<Database>,
  range: { from: string; to: string },
): Promise<EventsRow[]> {
  const rows = await db
    .selectFrom('event_inquiries')
    .select((eb) => [
      'status',
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>(eb('adults', '+', eb.ref('children'))).as('guests'),
    ])
    .where('date', '>=', range.from)
    .where('date', '<=', range.to)
    .groupBy('status')
    .execute();
  const byStatus = new Map(rows.map((row) => [row.status, row]));
  return EVENT_STATUSES.map((status) => ({
    status,
    count: Number(byStatus.get(status)?.count ?? 0),
    guests: Number(byStatus.get(status)?.guests ?? 0),
  }));
}
