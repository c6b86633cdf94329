import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../testing/app.ts';
import { seedBooking, seedEvent, seedOrder } from '../testing/guests.ts';

// A guest's takeaway orders in their data (services/guest-data.ts): exported
// and erased with their lines by e-mail (any case) or phone (any spacing),
// other guests' orders left alone, and anonymised once their pickup is older
// than the retention period (guest-retention.test.ts: what that keeps). The
// orders are written straight into their tables: how they are taken is the
// takeaway API's tests' business.
let harness: Awaited<ReturnType<typeof testApp>>;
let owner: string;
/** Tuesday 13 January 2026, 10:00 in Rome. */
let now = Date.parse('2026-01-13T09:00:00Z');

beforeEach(async () => {
  now = Date.parse('2026-01-13T09:00:00Z');
  harness = await testApp({}, { pages: false, now: () => now });
  await harness.app.outbox.stop();
  await createStaff(harness.app, { role: 'owner' });
  owner = await login(harness.app);
});
afterEach(async () => {
  await harness.close();
});

const asOwner = (method: 'GET' | 'DELETE', url: string) =>
  harness.app.inject({ method, url, headers: { authorization: `Bearer ${owner}` } });

/** An order of two pizzas and a tiramisù, picked up at `date` `time`. */
async function order(guest: { email: string; phone: string; date?: string; time?: string }) {
  const { id } = await harness.app.db
    .insertInto('takeaway_orders')
    .values({
      name: 'Rosa Russo',
      phone: guest.phone,
      email: guest.email,
      lang: 'it',
      date: guest.date ?? '2026-01-14',
      time: guest.time ?? '19:30',
      status: 'collected',
      notes: 'Senza basilico',
      source: guest.email ? 'online' : 'phone',
      total_cents: 2350,
      privacy_accepted_at: '2026-01-13T09:00:00.000Z',
      client_key: null,
      created_at: '2026-01-13T09:00:00.000Z',
      updated_at: '2026-01-13T09:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await harness.app.db
    .insertInto('takeaway_order_lines')
    .values([
      {
        order_id: id,
        position: 0,
        item_id: 4,
        name: 'Margherita',
        label: 'Grande',
        quantity: 2,
        amount_cents: 900,
        kitchen: 'oven',
      },
      {
        order_id: id,
        position: 1,
        item_id: 9,
        name: 'Tiramisù',
        label: '',
        quantity: 1,
        amount_cents: 550,
        kitchen: 'none',
      },
    ])
    .execute();
  return id;
}

const orderIds = async () =>
  (await harness.app.db.selectFrom('takeaway_orders').select('id').orderBy('id').execute()).map(
    (row) => row.id,
  );
const lineOrderIds = async () =>
  (
    await harness.app.db
      .selectFrom('takeaway_order_lines')
      .select('order_id')
      .distinct()
      .orderBy('order_id')
      .execute()
  ).map((row) => row.order_id);

describe("a guest's takeaway orders in their data", () => {
  it('exported and erased by e-mail, whatever its case, with their lines; others left alone', async () => {
    const rosa = await order({ email: 'Rosa@Example.it', phone: '+39 333 1234567' });
    const again = await order({ email: 'rosa@example.it', phone: '+39 333 7654321' });
    const other = await order({ email: 'someone@else.example', phone: '+39 333 1234567' });

    const exported = await asOwner('GET', '/api/guest-data?email=ROSA%40example.it');
    expect(exported.statusCode, exported.body).toBe(200);
    const orders = exported.json().takeawayOrders;
    expect(orders.map((row: { id: number }) => row.id)).toEqual([rosa, again]);
    expect(orders[0]).toEqual({
      id: rosa,
      name: 'Rosa Russo',
      email: 'Rosa@Example.it',
      phone: '+39 333 1234567',
      lang: 'it',
      pickup: { date: '2026-01-14', time: '19:30' },
      status: 'collected',
      notes: 'Senza basilico',
      source: 'online',
      total: '23.50',
      createdAt: '2026-01-13T09:00:00.000Z',
      lines: [
        { id: 4, name: 'Margherita', label: 'Grande', quantity: 2, amount: '9.00' },
        { id: 9, name: 'Tiramisù', label: '', quantity: 1, amount: '5.50' },
      ],
    });

    const erased = await asOwner('DELETE', '/api/guest-data?email=rosa%40example.it');
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ takeawayOrders: 2, reservations: 0 });
    expect(await orderIds()).toEqual([other]);
    expect(await lineOrderIds()).toEqual([other]);
    const audit = await harness.app.db.selectFrom('audit_log').select('summary').execute();
    const summaries = audit.map((row) => row.summary);
    expect(summaries).toContain(
      'Esportati i dati di un cliente: 0 prenotazioni, 2 ordini da asporto, 0 richieste di evento, 0 messaggi, 0 schede cliente.',
    );
    expect(summaries).toContain(
      'Cancellati su richiesta i dati di un cliente: 0 prenotazioni, 2 ordini da asporto, 0 richieste di evento, 0 messaggi, 0 e-mail, 0 schede cliente.',
    );
    expect(JSON.stringify(audit)).not.toMatch(/rosa|333/i);
  });

  it('exported and erased by phone, however it was written; the same digits without the + are someone else', async () => {
    const spaced = await order({ email: '', phone: '+39 333 123-4567' });
    const bracketed = await order({ email: 'rosa@example.it', phone: '+39 (333) 1234567' });
    const noPlus = await order({ email: '', phone: '39 333 1234567' });

    const exported = await asOwner('GET', '/api/guest-data?phone=%2B39%20333%201234567');
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().takeawayOrders.map((row: { id: number }) => row.id)).toEqual([
      spaced,
      bracketed,
    ]);

    const erased = await asOwner('DELETE', '/api/guest-data?phone=%2B393331234567');
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ phone: '+393331234567', takeawayOrders: 2 });
    expect(await orderIds()).toEqual([noPlus]);
    expect(await lineOrderIds()).toEqual([noPlus]);
  });

  it('erased by phone with their mails, and gone from every kitchen board at once', async () => {
    const pizza = await harness.app.db
      .selectFrom('menu_items')
      .innerJoin('menu_sections', 'menu_sections.id', 'menu_items.section_id')
      .select('menu_items.id as id')
      .where('menu_sections.kitchen', '=', 'oven')
      .where('menu_items.takeaway', '=', 1)
      .executeTakeFirstOrThrow();
    const placed = await harness.app.inject({
      method: 'POST',
      url: '/api/takeaway/orders',
      remoteAddress: '10.4.0.1',
      payload: {
        name: 'Rosa Russo',
        email: 'rosa@example.it',
        phone: '+39 333 1234567',
        lang: 'it',
        pickup: { date: '2026-01-14', time: '19:30' },
        items: [{ id: pizza.id, quantity: 2 }],
        privacy: true,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const mailsTo = async (email: string) =>
      (await harness.app.db.selectFrom('outbox').select('recipient').execute()).filter(
        (row) => row.recipient === email,
      ).length;
    expect(await mailsTo('rosa@example.it')).toBe(1);
    const board = () =>
      harness.app.inject({
        url: '/api/takeaway/board?date=2026-01-14',
        headers: { authorization: `Bearer ${owner}`, 'if-none-match': tag },
      });
    let tag = '';
    const before = await board();
    tag = before.headers.etag as string;
    expect(before.json<{ unopened: unknown[] }>().unopened).toHaveLength(1);

    const erased = await asOwner('DELETE', '/api/guest-data?phone=%2B393331234567');
    expect(erased.json()).toMatchObject({ takeawayOrders: 1, mails: 1 });
    expect(await mailsTo('rosa@example.it')).toBe(0);
    const after = await board();
    expect(after.statusCode).toBe(200);
    expect(after.json<{ unopened: unknown[]; orders: unknown[] }>()).toMatchObject({
      unopened: [],
      orders: [],
    });
  });

  it('anonymised, their lines kept, once their pickup is older than the retention period, the rest untouched', async () => {
    // 24 months before 15 January 2028, 10:00 in Rome: 15 January 2026, 10:00.
    const first = await order({ email: 'rosa@example.it', phone: '+39 333 1234567' });
    const second = await order({
      email: 'rosa@example.it',
      phone: '+39 333 1234567',
      date: '2026-01-15',
      time: '09:45',
    });
    const thatEvening = await order({
      email: 'rosa@example.it',
      phone: '+39 333 1234567',
      date: '2026-01-15',
      time: '19:30',
    });
    now = Date.parse('2028-01-15T09:00:00Z');
    expect(await harness.app.guestData.purgeExpired(24)).toEqual({
      reservations: 0,
      takeawayOrders: 2,
      eventInquiries: 0,
      contactMessages: 0,
      guests: 0,
    });
    expect(await orderIds()).toEqual([first, second, thatEvening]);
    expect(await lineOrderIds()).toEqual([first, second, thatEvening]);
    const named = await harness.app.db
      .selectFrom('takeaway_orders')
      .select('id')
      .where('name', '<>', '')
      .execute();
    expect(named).toEqual([{ id: thatEvening }]);
    const audit = await harness.app.db.selectFrom('audit_log').select('summary').execute();
    expect(audit.map((row) => row.summary)).toContain(
      'Conservazione dei dati (24 mesi): anonimizzati 0 prenotazioni, 2 ordini da asporto e 0 richieste di evento più vecchi (restano nei resoconti, senza dati personali); eliminati 0 messaggi e 0 schede cliente più vecchi.',
    );
    expect(await harness.app.guestData.purgeExpired(24)).toEqual({
      reservations: 0,
      takeawayOrders: 0,
      eventInquiries: 0,
      contactMessages: 0,
      guests: 0,
    });
  });
});

describe("a guest's record in their data", () => {
  const anna = { name: 'Anna Bellini', email: 'Anna+tavoli@Example.com', phone: '+39 333 1234567' };
  const recordOf = (email: string) =>
    harness.app.db
      .selectFrom('guests')
      .select(['id', 'key'])
      .where('identity', '=', `e:${email}`)
      .executeTakeFirst();

  it('is exported with its notes and tags, and erased with them, by e-mail or by phone', async () => {
    const { db } = harness.app;
    await seedBooking(db, anna, { date: '2026-01-10' });
    await seedOrder(db, anna, { date: '2026-01-12' });
    const other = await seedBooking(db, { email: 'altro@example.com' }, { date: '2026-01-10' });
    await db
      .updateTable('guests')
      .set({ notes: 'Allergica ai crostacei', tags: '["VIP"]' })
      .where('identity', '=', 'e:anna@example.com')
      .execute();

    const exported = await asOwner('GET', '/api/guest-data?email=anna%2Btavoli%40example.com');
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().guests).toEqual([
      {
        name: 'Anna Bellini',
        email: 'Anna+tavoli@Example.com',
        phone: '+39 333 1234567',
        lang: 'it',
        notes: 'Allergica ai crostacei',
        tags: ['VIP'],
        lastSeenOn: '2026-01-12',
        reviewAskedAt: null,
        reviewsStoppedAt: null,
        createdAt: expect.any(String),
      },
    ]);
    // By phone: the rows with that phone point at the e-mail's record.
    const byPhone = await asOwner('GET', '/api/guest-data?phone=%2B39%20333%20123%204567');
    expect(byPhone.json().guests).toHaveLength(1);

    const erased = await asOwner('DELETE', '/api/guest-data?phone=%2B393331234567');
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ reservations: 1, takeawayOrders: 1, guests: 1 });
    expect(await recordOf('anna@example.com')).toBeUndefined();
    expect(await recordOf('altro@example.com')).toMatchObject({ id: other.guestId });
    const audit = await db.selectFrom('audit_log').select('summary').execute();
    expect(JSON.stringify(audit)).not.toMatch(/crostacei|VIP|Bellini|@example\.com/i);
  });

  it("is erased by its e-mail's folding even when no row is left, and a row another phone kept loses it", async () => {
    const { db } = harness.app;
    await seedBooking(db, anna, { date: '2026-01-10' });
    const otherPhone = await seedBooking(
      db,
      { ...anna, phone: '+39 320 0000000' },
      { date: '2026-01-11' },
    );
    // A row typed another way is not found by phone: it stays, without its record.
    const erased = await asOwner('DELETE', '/api/guest-data?phone=%2B393331234567');
    expect(erased.json()).toMatchObject({ reservations: 1, guests: 1 });
    const kept = await db
      .selectFrom('reservations')
      .select(['id', 'guest_id'])
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ id: otherPhone.id, guest_id: null });
    // Its record made anew by a later booking, then erased by e-mail with no rows found.
    await seedBooking(db, { email: 'ANNA@example.com' }, { date: '2026-01-20' });
    await db.deleteFrom('reservations').execute();
    const again = await asOwner('DELETE', '/api/guest-data?email=anna%40example.com');
    expect(again.json()).toMatchObject({ reservations: 0, guests: 1 });
    expect(await recordOf('anna@example.com')).toBeUndefined();
  });

  it('goes, and all its rows are anonymised, once the last visit or order is past the retention period', async () => {
    const { db } = harness.app;
    await seedBooking(db, anna, { date: '2025-01-10' });
    await seedEvent(db, anna, { date: '2025-02-10' });
    await seedOrder(db, anna, { date: '2026-01-12' });
    await seedBooking(db, { name: 'Senza contatti' }, { date: '2025-01-10' });
    // 24 months before 20 January 2027: the walk-in without contact goes by its own date;
    // Anna's order of January 2026 keeps her 2025 booking and request.
    now = Date.parse('2027-01-20T09:00:00Z');
    expect(await harness.app.guestData.purgeExpired(24)).toEqual({
      reservations: 1,
      takeawayOrders: 0,
      eventInquiries: 0,
      contactMessages: 0,
      guests: 0,
    });
    now = Date.parse('2028-01-13T09:00:00Z');
    expect(await harness.app.guestData.purgeExpired(24)).toEqual({
      reservations: 1,
      takeawayOrders: 1,
      eventInquiries: 1,
      contactMessages: 0,
      guests: 1,
    });
    expect(await db.selectFrom('guests').select('id').execute()).toEqual([]);
    for (const table of ['reservations', 'takeaway_orders', 'event_inquiries'] as const) {
      const rows = await db
        .selectFrom(table)
        .select(['name', 'guest_id', 'anonymised_at'])
        .execute();
      expect(
        rows.every((row) => row.name === '' && row.guest_id === null && row.anonymised_at),
      ).toBe(true);
    }
  });
});
