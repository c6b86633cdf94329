import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { centsToAmount } from '../../../shared/money.ts';
import type { GuestData, GuestKey } from '../../../shared/schemas/reservations.ts';
import { guestsRows } from '../reservations/guest-match.ts';

type InquiryAnswer = GuestData['eventInquiries'][number];

/**
 * The event requests of `guest` with their threads, as their data answers
 * them: oldest request first, each thread oldest message first.
 */
export async function guestsInquiries(
  db: Kysely<Database>,
  guest: GuestKey,
): Promise<InquiryAnswer[]> {
  const rows = await db
    .selectFrom('event_inquiries')
    .selectAll()
    .where(guestsRows(guest))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
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
    allergens: row.allergens === '' ? [] : row.allergens.split(','),
    dietaryNotes: row.dietary_notes,
    notes: row.notes,
    name: row.name,
    email: row.email,
    phone: row.phone,
    lang: row.lang,
    status: row.status,
    createdAt: row.created_at,
    messages: messages
      .filter((message) => message.inquiry_id === row.id)
      .map(({ at, from, text }) => ({ at, from, text })),
  }));
}
