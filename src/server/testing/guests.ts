import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { romeInstant } from '../../shared/opening-hours.ts';
import { attachGuest, newGuestKey, searchText } from '../services/guests/guest-records.ts';

/**
 * A guest's bookings, takeaway orders and event requests written straight
 * into their tables, each attached to its guest record as the services do
 * (guest-records.ts `attachGuest`), for the guest records' tests: any date
 * and status, past ones too, without the booking rules.
 */

const AT = '2026-01-01T10:00:00.000Z';

export interface TestContact {
  name?: string;
  email?: string;
  phone?: string;
  lang?: string;
}

const contactOf = (contact: TestContact, date: string) => ({
  name: contact.name ?? 'Marta Greco',
  email: contact.email ?? '',
  phone: contact.phone ?? '',
  lang: contact.lang ?? 'it',
  date,
});

/** A booking on `date` at `time` (Rome), two hours long. */
export async function seedBooking(
  db: Kysely<Database>,
  contact: TestContact,
  booking: {
    date: string;
    time?: string;
    party?: number;
    status?: Database['reservations']['status'];
  },
): Promise<{ id: number; guestId: number | null }> {
  const time = booking.time ?? '20:00';
  const start = romeInstant(booking.date, time).getTime();
  const guest = contactOf(contact, booking.date);
  const guestId = await attachGuest(db, guest, Date.parse(AT));
  const { id } = await db
    .insertInto('reservations')
    .values({
      guest_id: guestId,
      name: guest.name,
      email: guest.email,
      phone: guest.phone,
      party: booking.party ?? 2,
      date: booking.date,
      time,
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(start + 2 * 3600_000).toISOString(),
      status: booking.status ?? 'confirmed',
      notes: '',
      lang: guest.lang,
      source: 'staff',
      created_at: AT,
      updated_at: AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, guestId };
}

/** A takeaway order (no lines: its total alone) picked up on `date` at `time`. */
export async function seedOrder(
  db: Kysely<Database>,
  contact: TestContact,
  order: {
    date: string;
    time?: string;
    totalCents?: number;
    status?: Database['takeaway_orders']['status'];
  },
): Promise<{ id: number; guestId: number | null }> {
  const guest = contactOf(contact, order.date);
  const guestId = await attachGuest(db, guest, Date.parse(AT));
  const { id } = await db
    .insertInto('takeaway_orders')
    .values({
      guest_id: guestId,
      name: guest.name,
      phone: guest.phone,
      email: guest.email,
      lang: guest.lang,
      date: order.date,
      time: order.time ?? '19:30',
      status: order.status ?? 'collected',
      notes: '',
      source: 'phone',
      total_cents: order.totalCents ?? 2400,
      privacy_accepted_at: null,
      client_key: null,
      opened_at: AT,
      created_at: AT,
      updated_at: AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, guestId };
}

/** An event request for `date`. */
export async function seedEvent(
  db: Kysely<Database>,
  contact: TestContact,
  event: { date: string; adults?: number; children?: number },
): Promise<{ id: number; guestId: number | null }> {
  const guest = contactOf(contact, event.date);
  const guestId = await attachGuest(db, guest, Date.parse(AT));
  const { id } = await db
    .insertInto('event_inquiries')
    .values({
      guest_id: guestId,
      kind: 'birthday',
      date: event.date,
      alt_date: null,
      service: 'dinner',
      adults: event.adults ?? 30,
      children: event.children ?? 0,
      area: 'any',
      budget_cents: null,
      allergens: '',
      dietary_notes: '',
      notes: '',
      name: guest.name,
      email: guest.email,
      phone: guest.phone,
      lang: guest.lang,
      hold_covers: null,
      privacy_accepted_at: AT,
      client_key: '127.0.0.1',
      created_at: AT,
      updated_at: AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, guestId };
}

/** `count` records straight in their table, without rows: the i-th last seen on day i of 2025. */
export async function insertGuests(
  db: Kysely<Database>,
  count: number,
  name: (i: number) => string,
): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const guest = { name: name(i), email: `g${i}@example.com`, phone: '' };
    await db
      .insertInto('guests')
      .values({
        key: newGuestKey(),
        identity: `e:g${i}@example.com`,
        ...guest,
        lang: 'it',
        search_text: searchText(guest),
        last_seen_on: new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10),
        created_at: '2025-01-01T00:00:00.000Z',
        updated_at: '2025-01-01T00:00:00.000Z',
      })
      .execute();
  }
}
