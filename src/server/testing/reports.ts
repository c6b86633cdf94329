import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { romeInstant } from '../../shared/opening-hours.ts';
import type { EventStatus } from '../../shared/schemas/events.ts';

/**
 * Bookings, takeaway orders with their lines, and event requests written
 * straight into their tables, many rows to a statement, for the reports'
 * tests and `npm run bench` (bench/reports.ts): any date, status, source
 * and language, without the booking rules and without guest records (the
 * reports never read who).
 */

const AT = '2026-01-01T10:00:00.000Z';
const CHUNK = 400;

export interface TestBooking {
  date: string;
  time?: string;
  party?: number;
  status?: Database['reservations']['status'];
  source?: Database['reservations']['source'];
  lang?: string;
}

export interface TestLine {
  itemId: number;
  name: string;
  quantity: number;
  cents: number;
  kitchen?: 'oven' | 'kitchen' | 'none';
}

export interface TestOrder {
  date: string;
  time?: string;
  status?: Database['takeaway_orders']['status'];
  lang?: string;
  lines: TestLine[];
}

export interface TestEvent {
  date: string;
  status?: EventStatus;
  adults?: number;
  children?: number;
  lang?: string;
}

const chunks = <T>(rows: readonly T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) =>
    rows.slice(i * CHUNK, (i + 1) * CHUNK),
  );

export async function insertBookings(db: Kysely<Database>, bookings: readonly TestBooking[]) {
  for (const chunk of chunks(bookings)) {
    await db
      .insertInto('reservations')
      .values(
        chunk.map((booking) => {
          const time = booking.time ?? '20:00';
          const start = romeInstant(booking.date, time).getTime();
          return {
            name: 'Ospite',
            email: '',
            phone: '',
            party: booking.party ?? 2,
            date: booking.date,
            time,
            starts_at: new Date(start).toISOString(),
            ends_at: new Date(start + 2 * 3600_000).toISOString(),
            status: booking.status ?? 'confirmed',
            notes: '',
            lang: booking.lang ?? 'it',
            source: booking.source ?? 'online',
            created_at: AT,
            updated_at: AT,
          };
        }),
      )
      .execute();
  }
}

export async function insertOrders(db: Kysely<Database>, orders: readonly TestOrder[]) {
  for (const chunk of chunks(orders)) {
    // Many rows to a statement answer their ids in the order of their values.
    const ids = await db
      .insertInto('takeaway_orders')
      .values(
        chunk.map((order) => ({
          name: 'Ospite',
          phone: '',
          email: '',
          lang: order.lang ?? 'it',
          date: order.date,
          time: order.time ?? '19:30',
          status: order.status ?? 'collected',
          notes: '',
          source: 'phone' as const,
          total_cents: order.lines.reduce((sum, line) => sum + line.quantity * line.cents, 0),
          privacy_accepted_at: null,
          client_key: null,
          opened_at: AT,
          created_at: AT,
          updated_at: AT,
        })),
      )
      .returning('id')
      .execute();
    const lines = chunk.flatMap((order, index) =>
      order.lines.map((line, position) => ({
        order_id: ids[index]!.id,
        position,
        item_id: line.itemId,
        name: line.name,
        label: '',
        quantity: line.quantity,
        amount_cents: line.cents,
        kitchen: line.kitchen ?? 'oven',
      })),
    );
    for (const part of chunks(lines)) {
      await db.insertInto('takeaway_order_lines').values(part).execute();
    }
  }
}

export async function insertEvents(db: Kysely<Database>, events: readonly TestEvent[]) {
  for (const chunk of chunks(events)) {
    await db
      .insertInto('event_inquiries')
      .values(
        chunk.map((event) => ({
          kind: 'birthday' as const,
          date: event.date,
          alt_date: null,
          service: 'dinner' as const,
          adults: event.adults ?? 30,
          children: event.children ?? 0,
          area: 'any' as const,
          budget_cents: null,
          allergens: '',
          dietary_notes: '',
          notes: '',
          name: 'Ospite',
          email: 'ospite@example.com',
          phone: '',
          lang: event.lang ?? 'it',
          status: event.status ?? 'new',
          hold_covers: null,
          privacy_accepted_at: AT,
          client_key: '127.0.0.1',
          created_at: AT,
          updated_at: AT,
        })),
      )
      .execute();
  }
}

/** The reports' tests' clock: 20 November 2026, midday. */
export const REPORTS_NOW = Date.parse('2026-11-20T12:00:00Z');
export const NOVEMBER = 'from=2026-11-01&to=2026-11-30';
/** A menu item id no dish has (any more). */
export const DELETED_ITEM = 999_999;

/** The two first dishes of the seeded menu. */
export async function twoDishes(db: Kysely<Database>): Promise<[number, number]> {
  const items = await db.selectFrom('menu_items').select('id').orderBy('id').limit(2).execute();
  return [items[0]!.id, items[1]!.id];
}

/**
 * November 2026 as the reports' tests count it (routes/api/reports*.test.ts
 * spell out what each report must answer), with a few rows just outside.
 */
export async function seedNovember(db: Kysely<Database>) {
  const [m1, m2] = await twoDishes(db);
  await insertBookings(db, [
    { date: '2026-09-30', party: 9, status: 'finished' },
    { date: '2026-10-31', party: 2, status: 'finished' },
    { date: '2026-11-02', party: 4, status: 'finished', source: 'online', lang: 'it' },
    { date: '2026-11-02', party: 2, status: 'confirmed', source: 'staff', lang: 'en' },
    { date: '2026-11-02', party: 3, status: 'no-show', source: 'online', lang: 'de' },
    { date: '2026-11-02', party: 5, status: 'declined', source: 'online', lang: 'fr' },
    { date: '2026-11-03', party: 6, status: 'cancelled', source: 'staff', lang: 'it' },
    { date: '2026-11-25', party: 2, status: 'confirmed', source: 'online', lang: 'es' },
    { date: '2026-11-30', party: 8, status: 'seated', source: 'walk-in', lang: 'it' },
    { date: '2026-12-01', party: 7, status: 'finished' },
  ]);
  const orders: TestOrder[] = [
    {
      date: '2026-11-02',
      status: 'collected',
      lang: 'it',
      lines: [
        { itemId: m1, name: 'Margherita', quantity: 2, cents: 650 },
        { itemId: m2, name: 'Frittura', quantity: 1, cents: 1234, kitchen: 'kitchen' },
      ],
    },
    {
      date: '2026-11-02',
      status: 'no-show',
      lang: 'en',
      lines: [{ itemId: m1, name: 'Margherita', quantity: 1, cents: 650 }],
    },
    {
      date: '2026-11-02',
      time: '20:00',
      status: 'declined',
      lang: 'es',
      lines: [{ itemId: m1, name: 'Margherita', quantity: 5, cents: 650 }],
    },
    {
      date: '2026-11-03',
      status: 'cancelled',
      lang: 'fr',
      lines: [{ itemId: m2, name: 'Frittura', quantity: 3, cents: 1234, kitchen: 'kitchen' }],
    },
    {
      date: '2026-11-09',
      time: '20:00',
      status: 'collected',
      lang: 'de',
      lines: [
        { itemId: m1, name: 'Pizza Margherita', quantity: 1, cents: 700 },
        { itemId: DELETED_ITEM, name: 'Piatto tolto', quantity: 4, cents: 1, kitchen: 'none' },
      ],
    },
  ];
  await insertOrders(db, orders);
  await insertEvents(db, [
    { date: '2026-11-05', status: 'new', adults: 30, children: 5, lang: 'it' },
    { date: '2026-11-20', status: 'confirmed', adults: 40, children: 0, lang: 'en' },
    { date: '2026-11-21', status: 'confirmed', adults: 20, children: 2, lang: 'en' },
    { date: '2026-10-15', status: 'lost', adults: 10, children: 0, lang: 'fr' },
  ]);
  return [m1, m2] as const;
}
