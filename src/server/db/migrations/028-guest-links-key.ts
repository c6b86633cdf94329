import type { Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/**
 * The key migration 012 made for reservations' cancel links signs every
 * link a guest is mailed (a booking's cancel link, a takeaway order's status
 * page: services/guests/guest-links.ts), so it is named for guest links.
 * Renamed, not replaced: its value stays, and every link already sent keeps
 * working.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db
    .updateTable('server_secrets')
    .set({ name: 'guest-links' })
    .where('name', '=', 'cancel-links')
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db
    .updateTable('server_secrets')
    .set({ name: 'cancel-links' })
    .where('name', '=', 'guest-links')
    .execute();
}
