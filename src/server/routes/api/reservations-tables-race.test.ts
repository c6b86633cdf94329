import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createStaff, testApp } from '../../testing/app.ts';
import { insertPlan } from '../../testing/floor.ts';

// Never two bookings on one table at overlapping times, however many race
// (CONTRACT.md part four, "Assignment"; docs/decisions/011): 200 online
// bookings for the last free table, on one SQLite instance and across two
// instances on one PostgreSQL database; and a refusal by tables, before
// the lock or under it, commits nothing.
let harness: Awaited<ReturnType<typeof testApp>>;
let others: Awaited<ReturnType<typeof testApp>>[] = [];
/** Tuesday 13 January 2026, 10:00 in Rome. */
const now = Date.parse('2026-01-13T09:00:00Z');
const WEDNESDAY = '2026-01-14';

afterEach(async () => {
  for (const other of others) await other.close();
  others = [];
  await harness?.close();
});

async function start() {
  harness = await testApp({}, { pages: false, now: () => now });
  await harness.app.outbox.stop();
  return (await createStaff(harness.app)).id;
}

const guest = (index: number, overrides: Record<string, unknown> = {}) => ({
  name: `Gast ${index}`,
  email: `gast${index}@example.de`,
  phone: `+49 170 ${1_000_000 + index}`,
  party: 2,
  date: WEDNESDAY,
  time: '20:00',
  privacy: true as const,
  lang: 'de' as const,
  ...overrides,
});

/** What any committed write would change: the file (SQLite) or the locked row's version (PostgreSQL). */
async function committed(): Promise<string> {
  const { db } = harness.app;
  const { bookings_version } = await db
    .selectFrom('reservation_settings')
    .select('bookings_version')
    .executeTakeFirstOrThrow();
  if (harness.database.dialect === 'sqlite') {
    const file = harness.database.url.slice('file:'.length);
    const hash = createHash('sha256').update(readFileSync(file));
    if (existsSync(`${file}-wal`)) hash.update(readFileSync(`${file}-wal`));
    return `version ${bookings_version}, file ${hash.digest('hex')}`;
  }
  const { rows } = await sql<{ xmin: string; ctid: string }>`
    select xmin::text as xmin, ctid::text as ctid from reservation_settings where id = 1
  `.execute(db);
  return `version ${bookings_version}, row ${rows[0]!.xmin} ${rows[0]!.ctid}`;
}

describe('the last free table (docs/security.md item 40, by tables)', () => {
  it('200 online bookings race for it: exactly one is seated, the rest get 409 and leave no row', async () => {
    await start();
    const second = await testApp(
      {},
      { pages: false, sharedDatabase: harness.database, now: () => now },
    );
    others.push(second);
    await second.app.outbox.stop();
    // On PostgreSQL, two instances; on SQLite the one process owns the file.
    const apps =
      harness.database.dialect === 'postgres' ? [harness.app, second.app] : [harness.app];
    const ids = await insertPlan(harness.app.db, {
      areas: [{ name: 'Sala' }],
      tables: [
        { name: 'T1', area: 'Sala', maxSeats: 2 },
        { name: 'T2', area: 'Sala', maxSeats: 2 },
      ],
    });
    for (const app of apps) app.bookingsVersion.expire();
    // T1 is taken: T2 is the last table at 20:00.
    const first = await harness.app.reservations.bookWithoutGuestLimits(guest(999), '203.0.113.9');
    expect(first.ok && first.reservation.tableIds).toEqual([ids.T1]);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        apps[index % apps.length]!.inject({
          method: 'POST',
          url: '/api/reservations',
          payload: guest(index),
          remoteAddress: `10.2.${Math.floor(index / 250)}.${(index % 250) + 1}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(199);
    const won = answers.find((answer) => answer.statusCode === 201)!.json<{ id: number }>().id;
    const seated = await harness.app.db
      .selectFrom('reservation_tables')
      .select(['reservation_id', 'table_id'])
      .orderBy('table_id')
      .execute();
    expect(seated).toEqual([
      { reservation_id: first.ok ? first.reservation.id : 0, table_id: ids.T1 },
      { reservation_id: won, table_id: ids.T2 },
    ]);
    expect(await harness.app.db.selectFrom('reservations').select('id').execute()).toHaveLength(2);
  });
});

describe('a booking refused by tables commits nothing', () => {
  it('refused before the lock (no table seats three) or under it (another instance took the last table)', async () => {
    const staffId = await start();
    const { reservations } = harness.app;
    const ids = await insertPlan(harness.app.db, {
      areas: [{ name: 'Sala' }],
      tables: [
        { name: 'T1', area: 'Sala', maxSeats: 2 },
        { name: 'T2', area: 'Sala', maxSeats: 2 },
      ],
    });
    harness.app.bookingsVersion.expire();
    expect((await reservations.bookWithoutGuestLimits(guest(1), '203.0.113.7')).ok).toBe(true);
    // This instance now knows T1 taken and T2 free at 20:00 ...
    expect((await reservations.availability(WEDNESDAY, 2)).ok).toBe(true);
    // ... while another instance's booking (written here without the version it bumps)
    // has taken T2: the check before the lock lets a couple through, the one under it refuses.
    const other = await harness.app.db
      .insertInto('reservations')
      .values({
        name: 'Altra istanza',
        email: '',
        phone: '',
        party: 2,
        date: WEDNESDAY,
        time: '20:00',
        starts_at: '2026-01-14T19:00:00.000Z',
        ends_at: '2026-01-14T20:30:00.000Z',
        status: 'confirmed',
        notes: '',
        lang: 'it',
        source: 'staff',
        privacy_accepted_at: null,
        created_by: staffId,
        client_key: null,
        created_at: '2026-01-13T09:00:00.000Z',
        updated_at: '2026-01-13T09:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await harness.app.db
      .insertInto('reservation_tables')
      .values({ reservation_id: other.id, table_id: ids.T2! })
      .execute();
    const before = await committed();
    const staff = { id: staffId, email: 'anna@trattoria.example' };
    const refusals = [
      [() => reservations.bookWithoutGuestLimits(guest(2), '203.0.113.7'), 'slot-full'],
      [() => reservations.bookByStaff(guest(3), staff), 'slot-full'],
      [
        () => reservations.bookWithoutGuestLimits(guest(4, { party: 3 }), '203.0.113.7'),
        'slot-full',
      ],
      [
        () => reservations.bookWithoutGuestLimits(guest(5, { time: '20:45' }), '203.0.113.7'),
        'slot-full',
      ],
    ] as const;
    for (const [book, reason] of refusals) {
      expect(await book()).toEqual({ ok: false, reason });
      expect(await committed(), reason).toBe(before);
    }
  });
});
