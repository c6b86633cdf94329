import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * The lock every booking takes first (`decideUnderLock`, capacity.ts): a
 * write to the settings row that changes nothing, which bookings, moves,
 * walk-ins and the floor plan's assignment on every connection and every
 * instance wait for in turn until the holder commits or rolls back.
 */
export async function lockBookings(trx: Kysely<Database>): Promise<void> {
  await trx
    .updateTable('reservation_settings')
    .set((eb) => ({ covers_per_slot: eb.ref('covers_per_slot') }))
    .where('id', '=', 1)
    .execute();
}
