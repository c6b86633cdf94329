import type { Kysely, Selectable } from 'kysely';
import type { Database, EventInquiriesTable } from '../../db/database.ts';
import type { Allergen } from '../../../shared/allergens.ts';
import type { Lang } from '../../../shared/languages.ts';
import { centsToAmount } from '../../../shared/money.ts';
import type { EventInquiry } from '../../../shared/schemas/events.ts';
import type { GuestKey } from '../../../shared/schemas/guest.ts';
import { guestsRows } from '../guests/guest-match.ts';
import { HOLD_ALL } from '../reservations/index.ts';

type Row = Selectable<EventInquiriesTable>;

/**
 * Requests as the staff's routes and a guest's data answer them: `rows`
 * in their order, each with its thread, oldest message first (one query
 * for every thread).
 */
export async function withThreads(
  db: Kysely<Database>,
  rows: readonly Row[],
): Promise<EventInquiry[]> {
  const messages = rows.length
    ? await db
        .selectFrom('event_messages')
        .selectAll()
        .where(
          'inquiry_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    date: row.date,
    altDate: row.alt_date,
    service: row.service,
    adults: row.adults,
    children: row.children,
    area: row.area,
    budgetPerPerson: row.budget_cents === null ? null : centsToAmount(row.budget_cents),
    allergens: row.allergens === '' ? [] : (row.allergens.split(',') as Allergen[]),
    dietaryNotes: row.dietary_notes,
    notes: row.notes,
    name: row.name,
    email: row.email,
    phone: row.phone,
    lang: row.lang as Lang,
    status: row.status,
    holdArea: row.hold_area,
    holdCovers: holdAnswer(row),
    createdAt: row.created_at,
    messages: messages
      .filter((message) => message.inquiry_id === row.id)
      .map(({ at, from, text, translation }) => ({ at, from, text, translation })),
  }));
}

/** What a request holds, as the API says it: covers, "all", or null (none). */
function holdAnswer(row: Row): EventInquiry['holdCovers'] {
  if (row.status !== 'confirmed' || row.hold_covers === null) return null;
  return row.hold_covers === HOLD_ALL ? 'all' : row.hold_covers;
}

/** The event requests of `guest` with their threads, as their data answers them: oldest first. */
export async function guestsInquiries(
  db: Kysely<Database>,
  guest: GuestKey,
): Promise<EventInquiry[]> {
  const rows = await db
    .selectFrom('event_inquiries')
    .selectAll()
    .where(guestsRows(guest))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return withThreads(db, rows);
}
