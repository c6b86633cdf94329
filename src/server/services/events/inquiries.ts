import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MailedInquiry } from '../../mail/event-mails.ts';
import { inAnnexOrder } from '../../../shared/allergens.ts';
import { amountToCents } from '../../../shared/money.ts';
import { closureOn, type Schedule } from '../../../shared/opening-hours.ts';
import type { EventInquiryBody } from '../../../shared/schemas/events.ts';
import { nowIso } from '../tokens.ts';
import { attachGuest } from '../guests/guest-records.ts';

/** The refusal of a request's date or second choice: 400 on that field. */
export interface RefusedDate {
  ok: false;
  field: 'date' | 'altDate';
  message: string;
}

/**
 * Why `date` cannot hold an event, or null: it must be a future day (today
 * is too late to prepare one) outside the restaurant's closures. A weekly
 * rest day is allowed, because an event may open the restaurant.
 */
export function dateRefusal(schedule: Schedule, date: string, today: string): string | null {
  if (date <= today) return 'must be a future day';
  const closure = closureOn(schedule, date);
  return closure ? `the restaurant is closed from ${closure.from} to ${closure.to}` : null;
}

/** The request's date and second choice, checked: the first refusal, or null. */
export function checkDates(
  schedule: Schedule,
  body: Pick<EventInquiryBody, 'date' | 'altDate'>,
  today: string,
): RefusedDate | null {
  for (const field of ['date', 'altDate'] as const) {
    const date = body[field];
    const message = date === undefined ? null : dateRefusal(schedule, date, today);
    if (message) return { ok: false, field, message };
  }
  return null;
}

/** Stores a guest's request in `trx`; what its mails say of it. */
export async function insertInquiry(
  trx: Kysely<Database>,
  body: EventInquiryBody,
  context: { clientKey: string; nowMs: number },
): Promise<MailedInquiry> {
  const at = nowIso(context.nowMs);
  const allergens = inAnnexOrder(body.allergens);
  const budgetCents =
    body.budgetPerPerson === undefined ? null : amountToCents(body.budgetPerPerson);
  // The guest is last seen on the later of the two days they asked for (retention counts from it).
  const lastDay = body.altDate !== undefined && body.altDate > body.date ? body.altDate : body.date;
  const guestId = await attachGuest(
    trx,
    { name: body.name, email: body.email, phone: body.phone, lang: body.lang, date: lastDay },
    context.nowMs,
  );
  const row = await trx
    .insertInto('event_inquiries')
    .values({
      guest_id: guestId,
      kind: body.kind,
      date: body.date,
      alt_date: body.altDate ?? null,
      service: body.service,
      adults: body.adults,
      children: body.children,
      area: body.area,
      budget_cents: budgetCents,
      allergens: allergens.join(','),
      dietary_notes: body.dietaryNotes ?? '',
      notes: body.notes ?? '',
      name: body.name,
      email: body.email,
      phone: body.phone,
      lang: body.lang,
      privacy_accepted_at: at,
      client_key: context.clientKey,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    kind: body.kind,
    date: body.date,
    altDate: body.altDate ?? null,
    service: body.service,
    adults: body.adults,
    children: body.children,
    area: body.area,
    budgetCents,
    allergens,
    dietaryNotes: body.dietaryNotes ?? '',
    notes: body.notes ?? '',
    name: body.name,
    email: body.email,
    phone: body.phone,
    lang: body.lang,
  };
}
