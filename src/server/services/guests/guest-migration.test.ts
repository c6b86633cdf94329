import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../db/database.ts';
import { currentSchema } from '../../db/dialect.ts';
import { migrations } from '../../db/migrations/index.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../testing/database.ts';
import { guestSummaries } from './guest-records.ts';

// Migration 030 builds the guest records from the rows already stored: one
// per guest whatever the spelling of their e-mail (case, +tag) or phone
// (spaces, 00 for +), each row pointing at its record, the counts right.
const dialect = testDialect();
let database: TestDatabase;
let opened: AppDatabase;

afterEach(async () => {
  await opened?.close();
  await database?.drop();
});

const AT = '2026-01-01T10:00:00.000Z';

describe('migration 030', () => {
  it('makes one record per guest from bookings, orders and event requests stored before it', async () => {
    database = await createTestDatabase();
    opened = await openDatabase(database.url);
    const { db } = opened;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations(dialect) },
      ...(dialect === 'postgres' ? { migrationTableSchema: await currentSchema(db, dialect) } : {}),
    });
    expect((await migrator.migrateTo('029-floor-plan')).error).toBeUndefined();

    const booking = (name: string, email: string, phone: string, date: string, status: string) =>
      sql`insert into reservations (name, email, phone, party, date, time, starts_at, ends_at, status, notes, lang, source, created_at, updated_at)
          values (${name}, ${email}, ${phone}, 2, ${date}, '20:00', ${`${date}T19:00:00.000Z`}, ${`${date}T21:00:00.000Z`}, ${status}, '', 'it', 'staff', ${`${date}T08:00:00.000Z`}, ${AT})`.execute(
        db,
      );
    await booking('Anna B.', 'Anna@Example.com', '+39 333 123 4567', '2025-11-02', 'finished');
    await booking('Anna Bellini', 'anna+x@example.com', '', '2025-12-05', 'no-show');
    await booking('Anna', 'anna@example.com', '0039 3331234567', '2025-10-01', 'confirmed');
    // Without e-mail: by phone, however it is written.
    await booking('Jonas', '', '0049 171 5550101', '2025-09-01', 'seated');
    await booking('Jonas Weber', '', '+49 (171) 555-0101', '2025-09-20', 'cancelled');
    // Neither: no record.
    await booking('Tavolo 4', '', '', '2025-09-20', 'finished');
    await sql`insert into takeaway_orders (name, phone, email, lang, date, time, status, notes, source, total_cents, created_at, updated_at)
        values ('Anna Bellini', '+39 333 123 4567', 'ANNA+pizza@example.com', 'de', '2026-01-05', '19:30', 'collected', '', 'online', 2400, ${'2026-01-05T10:00:00.000Z'}, ${AT})`.execute(
      db,
    );
    await sql`insert into event_inquiries (kind, date, service, adults, children, area, allergens, dietary_notes, notes, name, email, phone, lang, privacy_accepted_at, client_key, created_at, updated_at)
        values ('birthday', '2026-03-01', 'dinner', 20, 0, 'any', '', '', '', 'Anna Bellini', 'anna@example.com', '', 'it', ${AT}, '127.0.0.1', ${'2025-12-20T10:00:00.000Z'}, ${AT})`.execute(
      db,
    );

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const guests = await db
      .selectFrom('guests')
      .select(['id', 'key', 'identity', 'name', 'email', 'phone', 'lang', 'last_seen_on'])
      .select('search_text')
      .orderBy('identity')
      .execute();
    expect(guests.map(({ id: _id, key: _key, ...guest }) => guest)).toEqual([
      {
        identity: 'e:anna@example.com',
        // The newest row's (the order's) name, e-mail and language; its phone.
        name: 'Anna Bellini',
        email: 'ANNA+pizza@example.com',
        phone: '+39 333 123 4567',
        lang: 'de',
        last_seen_on: '2026-03-01',
        search_text: 'anna bellini\nanna+pizza@example.com\n393331234567',
      },
      {
        identity: 'p:491715550101',
        name: 'Jonas Weber',
        email: '',
        phone: '+49 (171) 555-0101',
        lang: 'it',
        last_seen_on: '2025-09-20',
        search_text: 'jonas weber\n\n491715550101',
      },
    ]);
    for (const guest of guests) expect(guest.key).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const [anna, jonas] = guests;
    const pointing = async (table: 'reservations' | 'takeaway_orders' | 'event_inquiries') =>
      (await db.selectFrom(table).select(['name', 'guest_id']).orderBy('id').execute()).map(
        (row) => [row.name, row.guest_id],
      );
    expect(await pointing('reservations')).toEqual([
      ['Anna B.', anna!.id],
      ['Anna Bellini', anna!.id],
      ['Anna', anna!.id],
      ['Jonas', jonas!.id],
      ['Jonas Weber', jonas!.id],
      ['Tavolo 4', null],
    ]);
    expect(await pointing('takeaway_orders')).toEqual([['Anna Bellini', anna!.id]]);
    expect(await pointing('event_inquiries')).toEqual([['Anna Bellini', anna!.id]]);

    // Covers mode: the finished booking and the confirmed one now past came.
    const summaries = await guestSummaries(
      db,
      [anna!.id, jonas!.id],
      Date.parse('2026-01-14T11:00:00Z'),
    );
    expect(summaries.get(anna!.id)).toMatchObject({
      visits: 2,
      noShows: 1,
      cancellations: 0,
      orders: 1,
    });
    expect(summaries.get(jonas!.id)).toMatchObject({
      visits: 1,
      noShows: 0,
      cancellations: 1,
      orders: 0,
    });
  });
});
