import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { attachGuest, attachGuests, type GuestContact } from './guest-records.ts';

const databases: TestDatabase[] = [];
const opened: AppDatabase[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((one) => one.close()));
  await Promise.all(databases.splice(0).map((one) => one.drop()));
});

async function open() {
  const database = await createTestDatabase(undefined, { migrated: true });
  databases.push(database);
  const one = await openDatabase(database.url);
  opened.push(one);
  return one.db;
}

const contact = (overrides: Partial<GuestContact>): GuestContact => ({
  name: 'Anna Rossi',
  email: 'anna@example.it',
  phone: '+39 333 1234567',
  lang: 'it',
  date: '2026-12-10',
  ...overrides,
});

/** A guest named in five rows: twice with a phone, once without, once by phone alone; and nobody. */
const ROWS = [
  { contact: contact({}), nowMs: 1_000 },
  { contact: contact({ email: 'bruno@example.it', phone: '+39 347 7654321' }), nowMs: 2_000 },
  // The same guest (her e-mail without its +tag), with a new name and language, an earlier date.
  {
    contact: contact({
      name: 'Anna Bianchi',
      email: 'Anna+pizza@Example.IT',
      lang: 'en',
      date: '2026-12-01',
    }),
    nowMs: 3_000,
  },
  { contact: contact({ email: '', phone: '06 1234 5678', date: '2026-12-20' }), nowMs: 4_000 },
  { contact: contact({ email: '', phone: '' }), nowMs: 5_000 },
  { contact: contact({ email: 'carla@example.it', phone: '' }), nowMs: 6_000 },
];

const records = async (db: Awaited<ReturnType<typeof open>>) =>
  (
    await db
      .selectFrom('guests')
      .select(['id', 'identity', 'name', 'email', 'phone', 'lang', 'last_seen_on', 'updated_at'])
      .orderBy('id')
      .execute()
  ).map(({ id: _id, ...record }) => record);

describe('attaching many rows to their guests at once', () => {
  it('leaves the records as attaching them one after the other does, each row with its guest', async () => {
    const oneByOne = await open();
    const expected: (number | null)[] = [];
    for (const { contact: one, nowMs } of ROWS)
      expected.push(await attachGuest(oneByOne, one, nowMs));
    const atOnce = await open();
    const ids = await attachGuests(atOnce, ROWS);

    expect(await records(atOnce)).toEqual(await records(oneByOne));
    // The same guest for the same rows, in the order given; none for the row naming nobody.
    expect(ids[0]).toBe(ids[2]);
    expect(new Set(ids.filter((id) => id !== null)).size).toBe(4);
    expect(ids.map((id) => id === null)).toEqual(expected.map((id) => id === null));
    const anna = await atOnce
      .selectFrom('guests')
      .select(['id', 'name', 'lang', 'last_seen_on'])
      .where('identity', '=', 'e:anna@example.it')
      .executeTakeFirstOrThrow();
    // The later contact, the later of the dates.
    expect(anna).toEqual({
      id: ids[0],
      name: 'Anna Bianchi',
      lang: 'en',
      last_seen_on: '2026-12-10',
    });
  });
});
