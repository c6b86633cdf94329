/**
 * The `reports` measure of `npm run bench` (issue 40's proof): each of the
 * owner's reports over a year of a busy restaurant (40,000 bookings, 20,000
 * takeaway orders with 60,000 lines, 500 event requests), asked one at a
 * time (the server's share plus a loopback round trip), against its budget
 * (bench/budgets.ts), on SQLite and, when TEST_POSTGRES_URL names a PostgreSQL server
 * (as for the tests), on PostgreSQL too, in a schema of its own there.
 */
import { openDatabase } from '../src/server/db/database.ts';
import { sql } from 'kysely';
import { createTestDatabase } from '../src/server/testing/database.ts';
import {
  insertBookings,
  insertEvents,
  insertOrders,
  twoDishes,
  type TestBooking,
  type TestEvent,
  type TestOrder,
} from '../src/server/testing/reports.ts';
import { staffToken, startSite } from './servers.ts';

const BOOKINGS = 40_000;
const ORDERS = 20_000;
const EVENTS = 500;
const YEAR = { from: '2026-01-01', to: '2026-12-31' };
const TIMES_ASKED = 15;

const day = (i: number) =>
  new Date(Date.UTC(2026, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10);
const LANGS = ['it', 'it', 'it', 'en', 'de', 'fr', 'es'];
const BOOKING_STATUSES = [
  'finished',
  'finished',
  'finished',
  'seated',
  'confirmed',
  'no-show',
  'cancelled',
  'declined',
  'pending',
] as const;
const ORDER_STATUSES = [
  'collected',
  'collected',
  'collected',
  'collected',
  'no-show',
  'cancelled',
  'declined',
  'ready',
] as const;
const EVENT_STATUSES = ['new', 'talking', 'confirmed', 'lost'] as const;
const PICKUPS = ['18:30', '18:45', '19:00', '19:15', '19:30', '19:45', '20:00', '20:30', '21:00'];

/** The year's rows, written many to a statement (testing/reports.ts) in one transaction. */
export async function seedYear(databaseUrl: string) {
  const database = await openDatabase(databaseUrl);
  try {
    await database.db.transaction().execute(async (trx) => {
      const [m1, m2] = await twoDishes(trx);
      const dishes = [m1, m2, m1 + 2, m1 + 3, m1 + 4, m1 + 5];
      const bookings: TestBooking[] = Array.from({ length: BOOKINGS }, (_, i) => ({
        date: day(i),
        time: `${12 + (i % 11)}:${i % 2 ? '30' : '00'}`,
        party: 1 + (i % 8),
        status: BOOKING_STATUSES[i % BOOKING_STATUSES.length],
        source: (['online', 'online', 'staff', 'walk-in'] as const)[i % 4],
        lang: LANGS[i % LANGS.length],
      }));
      await insertBookings(trx, bookings);
      const orders: TestOrder[] = Array.from({ length: ORDERS }, (_, i) => ({
        date: day(i * 7),
        time: PICKUPS[i % PICKUPS.length],
        status: ORDER_STATUSES[i % ORDER_STATUSES.length],
        lang: LANGS[(i * 3) % LANGS.length],
        lines: [0, 1, 2].map((k) => ({
          itemId: dishes[(i + k * 2) % dishes.length]!,
          name: `Piatto ${(i + k * 2) % dishes.length}`,
          quantity: 1 + ((i + k) % 3),
          cents: 650 + ((i * 37 + k) % 900),
          kitchen: (['oven', 'kitchen', 'none'] as const)[k],
        })),
      }));
      await insertOrders(trx, orders);
      const events: TestEvent[] = Array.from({ length: EVENTS }, (_, i) => ({
        date: day(i * 11),
        status: EVENT_STATUSES[i % EVENT_STATUSES.length],
        adults: 20 + (i % 60),
        children: i % 9,
        lang: LANGS[i % LANGS.length],
      }));
      await insertEvents(trx, events);
    });
    // What autovacuum does soon after such a load on a live server: the
    // planner's statistics, and the visibility map an index-only scan needs.
    if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
  } finally {
    await database.close();
  }
}

/** What each report is asked: a year, by day, week and month, and the slots. */
export const REPORT_REQUESTS = [
  'bookings?group=day',
  'bookings?group=week',
  'bookings?group=month',
  'takeaway?group=day',
  'takeaway?group=month',
  'takeaway?group=slot',
  'dishes?group=month',
  'events?group=month',
  'languages?group=month',
].map((ask) => `/api/reports/${ask.replace('?', `?from=${YEAR.from}&to=${YEAR.to}&`)}`);

async function timeReports(siteUrl: string, token: string) {
  const ask = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${siteUrl}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    return performance.now() - started;
  };
  const times: Record<string, { p50Ms: number; maxMs: number }> = {};
  for (const path of REPORT_REQUESTS) {
    for (let warm = 0; warm < 3; warm += 1) await ask(path);
    const runs: number[] = [];
    for (let run = 0; run < TIMES_ASKED; run += 1) runs.push(await ask(path));
    const sorted = runs.toSorted((a, b) => a - b);
    const name = path.replace(/^\/api\/reports\/|from=[^&]*&to=[^&]*&/g, '');
    times[name] = { p50Ms: sorted[TIMES_ASKED >> 1]!, maxMs: sorted.at(-1)! };
  }
  return times;
}

async function measureOn(env: Record<string, string>) {
  const site = await startSite(env);
  try {
    const token = await staffToken(site);
    const seeding = performance.now();
    await seedYear(site.databaseUrl);
    const seedMs = performance.now() - seeding;
    return { seedMs, times: await timeReports(site.url, token) };
  } finally {
    await site.stop();
  }
}

type Measured = Awaited<ReturnType<typeof measureOn>>;

export async function measureReports(): Promise<{
  bookings: number;
  orders: number;
  events: number;
  sqlite: Measured;
  postgres?: Measured;
}> {
  const counts = { bookings: BOOKINGS, orders: ORDERS, events: EVENTS };
  const sqlite = await measureOn({});
  if (!process.env.TEST_POSTGRES_URL) return { ...counts, sqlite };
  const database = await createTestDatabase('postgres');
  try {
    return { ...counts, sqlite, postgres: await measureOn({ DATABASE_URL: database.url }) };
  } finally {
    await database.drop();
  }
}
