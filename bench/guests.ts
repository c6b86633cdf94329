/**
 * The `guests` measure of `npm run bench` (issue 39's proof): staff's guest
 * search (GET /api/guests?q=) over 20,000 guest records, each with a few
 * bookings, on SQLite, one request at a time (the server's share plus a
 * loopback round trip), against its budget at the median (bench/budgets.ts). The
 * searches mix names, e-mail fragments and phone digits, some finding the
 * cap of 50, some nothing.
 */
import { openDatabase } from '../src/server/db/database.ts';
import { newGuestKey, searchText } from '../src/server/services/guests/guest-records.ts';
import { staffToken, startSite } from './servers.ts';

const GUESTS = 20_000;
const SEARCHES = 600;
const CHUNK = 500;

const FIRST = [
  'Anna',
  'Marco',
  'Giulia',
  'Luca',
  'Sofia',
  'Jonas',
  'Emma',
  'Pietro',
  'Chiara',
  'Léa',
];
const LAST = [
  'Bellini',
  'Russo',
  'Ferrara',
  'Weber',
  'Clarke',
  'Greco',
  'Martin',
  'Costa',
  'Esposito',
];

/** Guest `i`: a name from the lists, an e-mail for most, a phone for all. */
function guest(i: number) {
  const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;
  const email = i % 4 === 3 ? '' : `ospite${i}@example${i % 7}.it`;
  const phone = `+39 3${String(i % 100).padStart(2, '0')} ${String(1_000_000 + i)}`;
  return { name, email, phone };
}

const day = (offset: number) =>
  new Date(Date.UTC(2025, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

/** 20,000 records and 2 or 3 bookings each, written straight into the tables in chunks. */
export async function seedForBench(databaseUrl: string) {
  const database = await openDatabase(databaseUrl);
  const now = new Date().toISOString();
  try {
    await database.db.transaction().execute(async (trx) => {
      for (let start = 0; start < GUESTS; start += CHUNK) {
        const rows = Array.from({ length: Math.min(CHUNK, GUESTS - start) }, (_, k) => {
          const i = start + k;
          const contact = guest(i);
          return {
            key: newGuestKey(),
            identity: contact.email
              ? `e:${contact.email}`
              : `p:${contact.phone.replace(/\D/g, '')}`,
            ...contact,
            lang: 'it',
            search_text: searchText(contact),
            last_seen_on: day(i % 700),
            created_at: now,
            updated_at: now,
          };
        });
        const ids = await trx.insertInto('guests').values(rows).returning('id').execute();
        const bookings = ids.flatMap(({ id }, k) => {
          const i = start + k;
          return Array.from({ length: 2 + (i % 2) }, (_, n) => {
            const date = day((i % 700) - n * 30);
            return {
              guest_id: id,
              ...guest(i),
              party: 2 + (i % 4),
              date,
              time: '20:00',
              starts_at: `${date}T19:00:00.000Z`,
              ends_at: `${date}T21:00:00.000Z`,
              status: (['finished', 'confirmed', 'no-show', 'cancelled'] as const)[(i + n) % 4]!,
              notes: '',
              lang: 'it',
              source: 'staff' as const,
              created_at: now,
              updated_at: now,
            };
          });
        });
        await trx.insertInto('reservations').values(bookings).execute();
      }
    });
  } finally {
    await database.close();
  }
}

export async function measureGuests() {
  const site = await startSite();
  try {
    const token = await staffToken(site);
    await seedForBench(site.databaseUrl);
    const queries = [
      'anna',
      'bellini 12',
      'russo',
      'ospite1234',
      'example3.it',
      '333 100',
      '1004567',
      'nessuno qui',
      'léa',
      'weber 99',
    ];
    const search = async (q: string) => {
      const response = await fetch(`${site.url}/api/guests?q=${encodeURIComponent(q)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`guest search ${q}: ${response.status}`);
      return (await response.json()) as unknown[];
    };
    const found = await Promise.all(queries.map(async (q) => [q, (await search(q)).length]));
    for (let warm = 0; warm < 50; warm += 1) await search(queries[warm % queries.length]!);
    const times: number[] = [];
    for (let index = 0; index < SEARCHES; index += 1) {
      const started = performance.now();
      await search(queries[index % queries.length]!);
      times.push(performance.now() - started);
    }
    const sorted = times.toSorted((a, b) => a - b);
    return {
      guests: GUESTS,
      searches: SEARCHES,
      found: Object.fromEntries(found),
      p50Ms: sorted[SEARCHES >> 1]!,
      p99Ms: sorted[Math.floor(SEARCHES * 0.99)]!,
    };
  } finally {
    await site.stop();
  }
}
