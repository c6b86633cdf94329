import { afterEach, describe, expect, it } from 'vitest';
import type { GuestDetail, GuestRecord } from '../../../shared/schemas/guest-records.ts';
import { createStaff, login, STAFF_PASSWORD, testApp } from '../../testing/app.ts';
import { insertGuests, seedBooking, seedEvent, seedOrder } from '../../testing/guests.ts';

// Guest records for staff (CONTRACT.md part four, "Guests"): the search, one
// guest's history, staff's notes and the owner's tags. Rows are written
// straight into the tables with their guest (testing/guests.ts), on SQLite
// and, in the postgres project, on PostgreSQL.
let harness: Awaited<ReturnType<typeof testApp>>;
let owner: string;
let colleague: string;
/** Wednesday 14 January 2026, 12:00 in Rome. */
let now = Date.parse('2026-01-14T11:00:00Z');

afterEach(async () => {
  await harness?.close();
  now = Date.parse('2026-01-14T11:00:00Z');
});

async function start() {
  harness = await testApp({}, { pages: false, now: () => now });
  await harness.app.outbox.stop();
  await createStaff(harness.app, { role: 'owner' });
  await createStaff(harness.app, {
    email: 'marco@trattoria.example',
    username: 'marco',
    firstName: 'Marco',
  });
  owner = await login(harness.app);
  colleague = await login(harness.app, 'marco@trattoria.example', STAFF_PASSWORD, '10.0.0.2');
}

const call = (token: string, method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  harness.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${token}` },
  });
const search = async (q?: string) => {
  const response = await call(
    colleague,
    'GET',
    q === undefined ? '/api/guests' : `/api/guests?q=${encodeURIComponent(q)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<GuestRecord[]>();
};
const keyOf = async (guestId: number | null) =>
  (
    await harness.app.db
      .selectFrom('guests')
      .select('key')
      .where('id', '=', guestId!)
      .executeTakeFirstOrThrow()
  ).key;
const detail = async (key: string) => {
  const response = await call(colleague, 'GET', `/api/guests/${key}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<GuestDetail>();
};
const setTags = (tags: string[], token = owner) => call(token, 'PUT', '/api/guests/tags', { tags });

describe('GET /api/guests', () => {
  it('finds guests by name, e-mail or phone digits, case-folded; 3 characters at least', async () => {
    await start();
    const { db } = harness.app;
    await seedBooking(
      db,
      { name: 'Anna Bellini', email: 'Anna.B@Example.com', phone: '+39 333 123 4567' },
      { date: '2026-01-10' },
    );
    await seedBooking(
      db,
      { name: 'Jonas Weber', email: '', phone: '0049 171 555 0101' },
      { date: '2026-01-12' },
    );
    const names = async (q: string) => (await search(q)).map((guest) => guest.name);
    expect(await names('bellini')).toEqual(['Anna Bellini']);
    expect(await names('ANNA.b@exa')).toEqual(['Anna Bellini']);
    expect(await names('333 1234')).toEqual(['Anna Bellini']);
    expect(await names('333-123-4567')).toEqual(['Anna Bellini']);
    expect(await names('5550101')).toEqual(['Jonas Weber']);
    expect(await names('nobody')).toEqual([]);
    const first = (await search('ann'))[0]!;
    expect(first).toMatchObject({
      name: 'Anna Bellini',
      email: 'Anna.B@Example.com',
      phone: '+39 333 123 4567',
      visits: 1,
      noShows: 0,
      cancellations: 0,
      orders: 0,
      notes: '',
      tags: [],
      lastVisit: '2026-01-10',
    });
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{16}$/);
    for (const q of ['ab', '  ab  ', 'x'.repeat(101), 'due\nrighe']) {
      const refused = await call(colleague, 'GET', `/api/guests?q=${encodeURIComponent(q)}`);
      expect(refused.statusCode, q).toBe(400);
      expect(refused.json()).toHaveProperty(['errors', 'q']);
    }
    const unknown = await call(colleague, 'GET', '/api/guests?q=anna&limit=5');
    expect(unknown.statusCode).toBe(400);
    const anonymous = await harness.app.inject({ method: 'GET', url: '/api/guests?q=anna' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers at most 50, the most recently seen first, with or without q', async () => {
    await start();
    await insertGuests(harness.app.db, 60, (i) => `Ospite ${String(i).padStart(2, '0')}`);
    const all = await search();
    expect(all).toHaveLength(50);
    expect(all[0]!.name).toBe('Ospite 59');
    expect(all[49]!.name).toBe('Ospite 10');
    const found = await search('ospite');
    expect(found.map((guest) => guest.name)).toEqual(all.map((guest) => guest.name));
  });

  it('reads %, _ and \\ in q as themselves', async () => {
    await start();
    const { db } = harness.app;
    await seedBooking(
      db,
      { name: 'Sconto 100% Bar', email: 'a_b@example.com' },
      { date: '2026-01-10' },
    );
    await seedBooking(
      db,
      { name: 'Sconto 1000 Bar', email: 'axb@example.com' },
      { date: '2026-01-11' },
    );
    await seedBooking(
      db,
      { name: 'Back\\slash Rossi', email: 'c@example.com' },
      { date: '2026-01-09' },
    );
    const names = async (q: string) => (await search(q)).map((guest) => guest.name);
    expect(await names('100%')).toEqual(['Sconto 100% Bar']);
    expect(await names('%%%')).toEqual([]);
    expect(await names('a_b@')).toEqual(['Sconto 100% Bar']);
    expect(await names('___')).toEqual([]);
    expect(await names('k\\s')).toEqual(['Back\\slash Rossi']);
  });
});

describe('GET /api/guests/{key}', () => {
  it('answers the record with its bookings, orders and requests, newest first', async () => {
    await start();
    const { db } = harness.app;
    const anna = { name: 'Anna Bellini', email: 'anna@example.com', phone: '+39 333 1234567' };
    const booking = await seedBooking(db, anna, { date: '2026-01-10', time: '20:00', party: 4 });
    const lunch = await seedBooking(db, anna, { date: '2026-01-10', time: '13:00', party: 1 });
    const order = await seedOrder(db, anna, {
      date: '2026-01-12',
      time: '19:30',
      totalCents: 2400,
    });
    const event = await seedEvent(db, anna, { date: '2026-05-02', adults: 25, children: 5 });
    await seedBooking(db, { name: 'Altro', email: 'altro@example.com' }, { date: '2026-01-11' });
    expect(new Set([booking.guestId, lunch.guestId, order.guestId, event.guestId]).size).toBe(1);
    const key = await keyOf(booking.guestId);
    const answer = await detail(key);
    expect(answer).toMatchObject({
      key,
      name: 'Anna Bellini',
      lang: 'it',
      visits: 2,
      orders: 1,
      lastVisit: '2026-01-10',
      reviewAskedAt: null,
      reviewsStopped: false,
    });
    expect(answer.history).toEqual([
      {
        kind: 'event',
        id: event.id,
        date: '2026-05-02',
        time: null,
        status: 'new',
        detail: '30 ospiti',
      },
      {
        kind: 'order',
        id: order.id,
        date: '2026-01-12',
        time: '19:30',
        status: 'collected',
        detail: '24,00\u00a0€',
      },
      {
        kind: 'booking',
        id: booking.id,
        date: '2026-01-10',
        time: '20:00',
        status: 'confirmed',
        detail: '4 persone',
      },
      {
        kind: 'booking',
        id: lunch.id,
        date: '2026-01-10',
        time: '13:00',
        status: 'confirmed',
        detail: '1 persona',
      },
    ]);
  });

  it('is 404 {message} for a key no record has, 400 for one that is not a key', async () => {
    await start();
    const missing = await call(colleague, 'GET', '/api/guests/AAAAAAAAAAAAAAAA');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Ospite non trovato.' });
    const bad = await call(colleague, 'GET', '/api/guests/short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty(['errors', 'key']);
  });
});

describe('visits, no-shows and cancellations ("came", CONTRACT.md)', () => {
  it('in covers mode count confirmed bookings whose time has passed, seated and finished ones', async () => {
    await start();
    const { db } = harness.app;
    const guest = { email: 'ugo@example.com' };
    const { guestId } = await seedBooking(db, guest, { date: '2026-01-05' });
    await seedBooking(db, guest, { date: '2026-01-06', status: 'finished' });
    await seedBooking(db, guest, { date: '2026-01-07', status: 'no-show' });
    await seedBooking(db, guest, { date: '2026-01-08', status: 'cancelled' });
    await seedBooking(db, guest, { date: '2026-01-08', status: 'declined' });
    // Today at 20:00: confirmed, not yet past at noon.
    await seedBooking(db, guest, { date: '2026-01-14', time: '20:00' });
    await seedOrder(db, guest, { date: '2026-01-09', status: 'no-show' });
    await seedOrder(db, guest, { date: '2026-01-09', status: 'collected' });
    const key = await keyOf(guestId);
    expect(await detail(key)).toMatchObject({
      visits: 2,
      noShows: 2,
      cancellations: 1,
      orders: 1,
      lastVisit: '2026-01-06',
    });
    now = Date.parse('2026-01-14T20:00:00Z');
    expect(await detail(key)).toMatchObject({ visits: 3, lastVisit: '2026-01-14' });
  });

  it('in table mode count only seated and finished bookings', async () => {
    await start();
    const { db } = harness.app;
    const { insertPlan } = await import('../../testing/floor.ts');
    await insertPlan(db, {
      areas: [{ name: 'Sala' }],
      tables: [{ name: 'T1', area: 'Sala', maxSeats: 4 }],
    });
    const guest = { phone: '+39 320 7654321' };
    const { guestId } = await seedBooking(db, guest, { date: '2026-01-05' });
    await seedBooking(db, guest, { date: '2026-01-06', status: 'seated' });
    await seedBooking(db, guest, { date: '2026-01-07', status: 'finished' });
    await seedBooking(db, guest, { date: '2026-01-08', status: 'arrived' });
    expect(await detail(await keyOf(guestId))).toMatchObject({
      visits: 2,
      noShows: 0,
      lastVisit: '2026-01-07',
    });
  });
});

describe('PATCH /api/guests/{key}', () => {
  it("stores staff's notes and tags from the owner's list, audited without them", async () => {
    await start();
    const { db } = harness.app;
    const { guestId } = await seedBooking(
      db,
      { email: 'anna@example.com' },
      { date: '2026-01-10' },
    );
    const key = await keyOf(guestId);
    expect((await setTags(['Abituale', 'Allergie', 'VIP'])).statusCode).toBe(200);
    const notes = 'Allergica ai crostacei MARKER-NOTE';
    const saved = await call(colleague, 'PATCH', `/api/guests/${key}`, {
      notes: `  ${notes}  `,
      tags: ['vip', 'Allergie'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<GuestDetail>()).toMatchObject({ notes, tags: ['VIP', 'Allergie'] });
    expect(await detail(key)).toMatchObject({ notes, tags: ['VIP', 'Allergie'] });
    const onlyNotes = await call(colleague, 'PATCH', `/api/guests/${key}`, { notes: '' });
    expect(onlyNotes.json<GuestDetail>()).toMatchObject({ notes: '', tags: ['VIP', 'Allergie'] });
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'guest.update')
      .execute();
    expect(audit).toHaveLength(2);
    for (const entry of audit) {
      expect(entry.summary).not.toContain('MARKER');
      expect(entry.summary).not.toContain('Allergie');
      expect(entry.target).toBe(`guest:${key}`);
    }
  });

  it('refuses a tag not in the list, notes over 1,000 characters, an empty body (400 by field), an unknown key (404), and changes nothing', async () => {
    await start();
    const { db } = harness.app;
    const { guestId } = await seedBooking(
      db,
      { email: 'anna@example.com' },
      { date: '2026-01-10' },
    );
    const key = await keyOf(guestId);
    await setTags(['VIP']);
    const stored = () => db.selectFrom('guests').select(['notes', 'tags', 'updated_at']).execute();
    const before = await stored();
    const unknownTag = await call(colleague, 'PATCH', `/api/guests/${key}`, {
      notes: 'x',
      tags: ['VIP', 'Nuovo'],
    });
    expect(unknownTag.statusCode).toBe(400);
    expect(unknownTag.json()).toEqual({
      errors: { tags: ["Etichetta «Nuovo»: non è nell'elenco delle etichette del titolare."] },
    });
    for (const body of [
      { notes: 'x'.repeat(1001) },
      {},
      { notes: 'a\u0000b' },
      { tags: ['VIP', 'vip'] },
      { tags: 'VIP' },
      { notes: 'x', colour: 'red' },
    ]) {
      const refused = await call(colleague, 'PATCH', `/api/guests/${key}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      // A NUL is refused by the body's parser, in the contract's {message} shape.
      expect(Object.keys(refused.json()), refused.body).toEqual([
        JSON.stringify(body).includes('\\u0000') ? 'message' : 'errors',
      ]);
    }
    const missing = await call(colleague, 'PATCH', '/api/guests/AAAAAAAAAAAAAAAA', { notes: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Ospite non trovato.' });
    expect(await stored()).toEqual(before);
  });
});

describe('GET|PUT /api/guests/tags', () => {
  it("keeps the owner's list in order; staff read it and may not change it", async () => {
    await start();
    expect((await call(colleague, 'GET', '/api/guests/tags')).json()).toEqual({ tags: [] });
    const put = await setTags([' VIP ', 'Abituale']);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ tags: ['VIP', 'Abituale'] });
    const refused = await setTags(['Altro'], colleague);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errors: [{ code: 'owner-only' }] });
    const twice = await setTags(['VIP', 'vip']);
    expect(twice.statusCode).toBe(400);
    expect((await call(colleague, 'GET', '/api/guests/tags')).json()).toEqual({
      tags: ['VIP', 'Abituale'],
    });
  });

  it('takes a tag off the list off every guest, in the same change', async () => {
    await start();
    const { db } = harness.app;
    const a = await seedBooking(db, { email: 'a@example.com' }, { date: '2026-01-10' });
    const b = await seedBooking(db, { email: 'b@example.com' }, { date: '2026-01-11' });
    await setTags(['VIP', 'Abituale', 'Allergie']);
    await call(colleague, 'PATCH', `/api/guests/${await keyOf(a.guestId)}`, {
      tags: ['VIP', 'Allergie'],
    });
    await call(colleague, 'PATCH', `/api/guests/${await keyOf(b.guestId)}`, { tags: ['Abituale'] });
    expect((await setTags(['abituale', 'Allergie'])).statusCode).toBe(200);
    expect((await detail(await keyOf(a.guestId))).tags).toEqual(['Allergie']);
    expect((await detail(await keyOf(b.guestId))).tags).toEqual(['abituale']);
    expect(
      await db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'guest_tags.update')
        .execute(),
    ).toHaveLength(2);
  });
});
