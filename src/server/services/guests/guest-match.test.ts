import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../db/database.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../testing/database.ts';
import { isGuestsRow, isGuestsRowSql, isSameGuestSql } from './guest-match.ts';

let database: TestDatabase;
let opened: AppDatabase;

/** The e-mails and phones stored, as guests and staff typed them. */
const STORED = [
  { email: 'anna@example.com', phone: '+39 333 123 4567' },
  { email: 'ANNA+pizza@Example.COM', phone: '0039 333 1234567' },
  { email: 'anna.b@example.com', phone: '+39 (333) 123-45.67' },
  { email: 'annab@example.com', phone: '+39/333/1234567' },
  { email: 'anna@example.org', phone: '339 333 1234567' },
  { email: 'an_na@example.com', phone: '+39 333 1234568' },
  { email: 'anxna+1@example.com', phone: '00 39 333 123 4567' },
  { email: 'o_neil@example.it', phone: '06 1234 5678' },
  { email: '', phone: '+44 20 7946 0958' },
  { email: 'bob+a+b@example.com', phone: '0044 20 7946 0958' },
  { email: 'Carla@Example.COM', phone: '333 111 2222' },
  { email: '', phone: '06 9999 9999' },
  { email: 'no-at-sign', phone: '+39 02 1111 2222' },
  // The neighbours of "+" in byte order ("*", ","), which neither form may take, and an empty tag.
  { email: 'anna*x@example.com', phone: '+39 333 000 0001' },
  { email: 'anna,x@example.com', phone: '+39 333 000 0002' },
  { email: 'anna+@example.com', phone: '+39 333 000 0003' },
];

/** Whom the caps and "Rifiuta tutte" are asked about. */
const ASKED = [
  { email: 'Anna@Example.com', phone: '+393331234567' },
  { email: 'anna+other@example.com', phone: '0039 333 123 4567' },
  { email: 'an_na@example.com', phone: '+39 333 1234568' },
  { email: 'o_neil@example.it', phone: '06-1234-5678' },
  { email: 'bob@example.com', phone: '+44 20 7946 0958' },
  { email: '', phone: '+442079460958' },
  { email: 'nobody@example.com', phone: '+1 555 0100' },
  { email: 'carla@example.com', phone: '+1 555 0101' },
  { email: 'No-At-Sign', phone: '+1 555 0102' },
];

beforeAll(async () => {
  database = await createTestDatabase(undefined, { migrated: true });
  opened = await openDatabase(database.url);
  for (const [index, row] of STORED.entries()) {
    await sql`insert into takeaway_orders (name, phone, email, lang, date, time, status, notes, source, total_cents, created_at, updated_at)
        values (${`Guest ${index}`}, ${row.phone}, ${row.email}, 'it', '2026-01-05', '19:30', 'received', '', 'online', 900, '2026-01-05T10:00:00.000Z', '2026-01-05T10:00:00.000Z')`.execute(
      opened.db,
    );
  }
});
afterAll(async () => {
  await opened.close();
  await database.drop();
});

/**
 * The stored rows `where` takes: as the caps ask, naming the database's
 * engine (`lookUp`, looked up in its indexes), or as staff's "Rifiuta tutte"
 * asks, naming none.
 */
const read = (
  where: Parameters<typeof isSameGuestSql>[0] | null,
  key?: 'email' | 'phone',
  lookUp: 'caps' | 'staff' = 'caps',
) => {
  const dialect = lookUp === 'caps' ? database.dialect : undefined;
  return opened.db
    .selectFrom('takeaway_orders')
    .select(['email', 'phone'])
    .$if(where !== null && key === undefined, (query) =>
      query.where(isSameGuestSql(where!, database.dialect)),
    )
    .$if(key === 'email', (query) => query.where(isGuestsRowSql({ email: where!.email }, dialect)))
    .$if(key === 'phone', (query) => query.where(isGuestsRowSql({ phone: where!.phone }, dialect)))
    .orderBy('id')
    .execute();
};

describe('one guest’s rows, read in SQL as the caps read them', () => {
  it('are the rows the caps count as the guest’s, by e-mail or by phone', async () => {
    const all = await read(null);
    expect(all).toHaveLength(STORED.length);
    for (const guest of ASKED) {
      const theirs = all.filter(
        (row) =>
          (guest.email !== '' && isGuestsRow({ email: guest.email })(row)) ||
          isGuestsRow({ phone: guest.phone })(row),
      );
      expect(await read(guest), JSON.stringify(guest)).toEqual(theirs);
    }
  });

  it('are exactly the guest’s, by e-mail and by phone, as the caps and as staff ask', async () => {
    const all = await read(null);
    for (const guest of ASKED) {
      for (const lookUp of ['caps', 'staff'] as const) {
        expect(await read(guest, 'phone', lookUp), guest.phone).toEqual(
          all.filter(isGuestsRow({ phone: guest.phone })),
        );
        if (guest.email === '') continue;
        expect(await read(guest, 'email', lookUp), `${guest.email} (${lookUp})`).toEqual(
          all.filter(isGuestsRow({ email: guest.email })),
        );
      }
    }
    // Spot checks of what the two agree on.
    expect((await read(ASKED[0]!, 'email')).map((row) => row.email)).toEqual([
      'anna@example.com',
      'ANNA+pizza@Example.COM',
      'anna+@example.com',
    ]);
    expect((await read(ASKED[0]!, 'phone')).map((row) => row.phone)).toEqual([
      '+39 333 123 4567',
      '0039 333 1234567',
      '+39 (333) 123-45.67',
      '+39/333/1234567',
      '00 39 333 123 4567',
    ]);
    expect((await read(ASKED[4]!, 'email')).map((row) => row.email)).toEqual([
      'bob+a+b@example.com',
    ]);
    // An untagged address in capitals, read in lower case on PostgreSQL as on SQLite.
    expect((await read(ASKED[7]!, 'email')).map((row) => row.email)).toEqual(['Carla@Example.COM']);
    expect((await read(ASKED[8]!, 'email')).map((row) => row.email)).toEqual(['no-at-sign']);
  });

  it('take no row for an empty e-mail: a booking without one is nobody’s by e-mail', async () => {
    expect((await read(ASKED[5]!)).map((row) => row.phone)).toEqual([
      '+44 20 7946 0958',
      '0044 20 7946 0958',
    ]);
  });
});

describe('the caps’ look-up', () => {
  // SQLite's plan names each index it searches; a pending row read one by one
  // would be a SCAN, or a search of the date's index (every waiting order).
  it.runIf(testDialect() === 'sqlite')(
    'searches the e-mail’s and the phone’s indexes, not every waiting order',
    async () => {
      const query = opened.db
        .selectFrom('takeaway_orders')
        .select(['email', 'phone'])
        .where('status', '=', 'received')
        .where('source', '=', 'online')
        .where('date', '>=', '2026-01-05')
        .where(isSameGuestSql(ASKED[1]!, 'sqlite'))
        .compile();
      const plan = await opened.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      const details = plan.rows.map((row) => row.detail);
      expect(details).toContain('MULTI-INDEX OR');
      expect(details.filter((detail) => detail.startsWith('SEARCH'))).toEqual([
        'SEARCH takeaway_orders USING INDEX takeaway_orders_email (<expr>=?)',
        'SEARCH takeaway_orders USING INDEX takeaway_orders_email (<expr>>? AND <expr><?)',
        'SEARCH takeaway_orders USING INDEX takeaway_orders_phone (<expr>=?)',
      ]);
    },
  );

  // With sequential scans priced out, PostgreSQL's plan still reads every
  // row when an arm of the OR is answered by no index: the tagged
  // addresses' LIKE was, until its index compared bytes (migration 036).
  // Which index a cap's plan picks then depends on the rows and their
  // statistics; here, that each arm has one.
  it.runIf(testDialect() === 'postgres')(
    'searches the e-mail’s index for the address and its tags, and the phone’s',
    async () => {
      const query = opened.db
        .selectFrom('takeaway_orders')
        .select(['email', 'phone'])
        .where(isSameGuestSql(ASKED[1]!, 'postgres'))
        .compile();
      const plan = await opened.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
        );
      });
      const lines = plan.rows.map((row) => row['QUERY PLAN'].trim());
      expect(lines.some((line) => line.includes('BitmapOr'))).toBe(true);
      const searched = lines.filter((line) => line.startsWith('->  Bitmap Index Scan'));
      expect(searched.map((line) => line.split(' ')[6])).toEqual([
        'takeaway_orders_email',
        'takeaway_orders_email',
        'takeaway_orders_phone',
      ]);
      expect(lines).toContain(
        "Index Cond: ((lower(email) ~>=~ 'anna+'::text) AND (lower(email) ~<~ 'anna,'::text))",
      );
    },
  );
});
