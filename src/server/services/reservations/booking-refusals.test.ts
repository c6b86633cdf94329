import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createStaff, testApp } from '../../testing/app.ts';

// A refused booking commits nothing (docs/decisions/011, "A refusal costs no
// write"): whatever refuses it, the check from this instance's memory before
// the lock or the one under the lock, the database is left as it was. On
// SQLite that is the file itself, byte for byte; on PostgreSQL the settings
// row every booking locks keeps its row version (a committed update makes a
// new one, and a durable flush of the log, even when it sets the same values).
// The service is called directly: the API's per-address limit is a write of
// its own.
let harness: Awaited<ReturnType<typeof testApp>>;
let staffId: number;
/** Tuesday 13 January 2026, 10:00 in Rome. */
const now = Date.parse('2026-01-13T09:00:00Z');
const WEDNESDAY = '2026-01-14';
const MONDAY = '2026-01-19';

afterEach(() => harness?.close());

async function start() {
  harness = await testApp({}, { pages: false, now: () => now });
  await harness.app.outbox.stop();
  staffId = (await createStaff(harness.app)).id;
}

const guest = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jonas Weber',
  email: 'jonas@example.de',
  phone: '+49 170 1234567',
  party: 2,
  date: WEDNESDAY,
  time: '20:00',
  privacy: true as const,
  lang: 'de' as const,
  ...overrides,
});
const staff = () => ({ id: staffId, email: 'anna@trattoria.example' });

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

describe('a refused booking commits nothing', () => {
  it('refused before the lock (closed, too many people, full) or under it (full, too many pending)', async () => {
    await start();
    const { reservations } = harness.app;
    expect((await reservations.bookByStaff(guest({ party: 38 }), staff())).ok).toBe(true);
    for (const time of ['12:00', '12:30']) {
      expect(
        (await reservations.bookWithoutGuestLimits(guest({ party: 8, time }), '203.0.113.7')).ok,
      ).toBe(true);
    }
    // This instance now knows 38 covers seated at 20:00 ...
    expect((await reservations.availability(WEDNESDAY, 2)).ok).toBe(true);
    // ... while another instance's booking (written here without the version it bumps)
    // has taken the last two: the check before the lock lets a party of two through, the
    // one under it refuses.
    await harness.app.db
      .updateTable('reservations')
      .set({ party: 40 })
      .where('party', '=', 38)
      .execute();
    const before = await committed();

    const refusals = [
      [
        () => reservations.bookWithoutGuestLimits(guest({ date: MONDAY }), '203.0.113.7'),
        'not-a-slot',
      ],
      [
        () => reservations.bookWithoutGuestLimits(guest({ party: 9 }), '203.0.113.7'),
        'party-too-large',
      ],
      [() => reservations.bookWithoutGuestLimits(guest({ party: 3 }), '203.0.113.7'), 'slot-full'],
      [() => reservations.bookByStaff(guest({ party: 3 }), staff()), 'slot-full'],
      [() => reservations.bookWithoutGuestLimits(guest({ party: 2 }), '203.0.113.7'), 'slot-full'],
      [
        () =>
          reservations.bookWithoutGuestLimits(guest({ time: '13:00', party: 1 }), '203.0.113.7'),
        'too-many-pending',
      ],
    ] as const;
    for (const [book, reason] of refusals) {
      expect(await book()).toEqual({ ok: false, reason });
      expect(await committed(), reason).toBe(before);
    }
    expect(await harness.app.db.selectFrom('reservations').select('id').execute()).toHaveLength(3);
  });
});
