import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../testing/app.ts';
import { seedBooking, seedEvent, seedOrder } from '../testing/guests.ts';

// What retention keeps of a guest's bookings, takeaway orders and event
// requests (services/guest-retention.ts, migration 032): every
// count the owner's reports read, and nothing that names or describes the
// guest; an anonymised row is never anonymised nor counted again, and no
// guest's export or erasure ever finds it. Rows are written straight into
// their tables (testing/guests.ts), then given what the services would add.
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

const anna = {
  name: 'Anna Bellini',
  email: 'anna@example.com',
  phone: '+39 333 1234567',
  lang: 'de',
};

/**
 * Anna's booking (seated at table T1, with notes, staff's message and her
 * address), her order of two lines with notes and staff's message, and her
 * event request with allergies, dietary notes and a thread: all of January 2026.
 */
async function annasHistory() {
  const { db } = harness.app;
  const booking = await seedBooking(db, anna, { date: '2026-01-10', party: 4, status: 'seated' });
  const { id: areaId } = await db
    .insertInto('floor_areas')
    .values({ name: 'Sala', online_bookable: 1, position: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: tableId } = await db
    .insertInto('floor_tables')
    .values({
      area_id: areaId,
      name: 'T1',
      min_seats: 2,
      max_seats: 4,
      online_bookable: 1,
      priority: 0,
      shape: 'square',
      x: 0,
      y: 0,
      w: 10,
      h: 10,
      position: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('reservation_tables')
    .values({ reservation_id: booking.id, table_id: tableId })
    .execute();
  await db
    .updateTable('reservations')
    .set({
      notes: 'Compleanno di Anna, celiaca',
      staff_message: 'Vi aspettiamo, Anna!',
      client_key: '203.0.113.7',
      source: 'online',
      area_id: areaId,
    })
    .where('id', '=', booking.id)
    .execute();
  const order = await seedOrder(db, anna, { date: '2026-01-12', totalCents: 2350 });
  await db
    .updateTable('takeaway_orders')
    .set({
      notes: 'Citofono Bellini',
      message: 'Pronta alle 19:30, Anna',
      client_key: '203.0.113.7',
    })
    .where('id', '=', order.id)
    .execute();
  await db
    .insertInto('takeaway_order_lines')
    .values([
      {
        order_id: order.id,
        position: 0,
        item_id: 4,
        name: 'Margherita',
        label: 'Grande',
        quantity: 2,
        amount_cents: 900,
        kitchen: 'oven',
      },
      {
        order_id: order.id,
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
  const event = await seedEvent(db, anna, { date: '2026-01-20', adults: 25, children: 5 });
  await db
    .updateTable('event_inquiries')
    .set({
      allergens: 'gluten,milk',
      dietary_notes: 'Due vegani',
      notes: 'Battesimo di Luca Bellini',
      status: 'confirmed',
      budget_cents: 4500,
    })
    .where('id', '=', event.id)
    .execute();
  await db
    .insertInto('event_messages')
    .values([
      {
        inquiry_id: event.id,
        at: '2026-01-02T10:00:00.000Z',
        from: 'guest',
        text: 'Siamo la famiglia Bellini',
        translation: null,
      },
      {
        inquiry_id: event.id,
        at: '2026-01-03T10:00:00.000Z',
        from: 'staff',
        text: 'Confermato',
        translation: 'Bestätigt',
      },
    ])
    .execute();
  return { booking: booking.id, order: order.id, event: event.id, tableId, areaId };
}

/** Every row of the three tables, their lines, assignments and threads: what a second purge must not change. */
const snapshot = async () => {
  const { db } = harness.app;
  return {
    reservations: await db.selectFrom('reservations').selectAll().orderBy('id').execute(),
    orders: await db.selectFrom('takeaway_orders').selectAll().orderBy('id').execute(),
    lines: await db
      .selectFrom('takeaway_order_lines')
      .selectAll()
      .orderBy('order_id')
      .orderBy('position')
      .execute(),
    inquiries: await db.selectFrom('event_inquiries').selectAll().orderBy('id').execute(),
    threads: await db.selectFrom('event_messages').selectAll().orderBy('id').execute(),
    tables: await db.selectFrom('reservation_tables').selectAll().execute(),
  };
};

/** 24 months and more after 20 January 2026. */
const twoYearsLater = () => {
  now = Date.parse('2028-02-01T09:00:00Z');
};

describe('retention anonymises', () => {
  it('keeping what the reports count, and nothing that names or describes the guest', async () => {
    const ids = await annasHistory();
    twoYearsLater();
    expect(await harness.app.guestData.purgeExpired(24)).toEqual({
      reservations: 1,
      takeawayOrders: 1,
      eventInquiries: 1,
      contactMessages: 0,
      guests: 1,
    });
    const { reservations, orders, lines, inquiries, threads, tables } = await snapshot();
    const anonymisedAt = '2028-02-01T09:00:00.000Z';
    expect(reservations).toEqual([
      expect.objectContaining({
        id: ids.booking,
        date: '2026-01-10',
        time: '20:00',
        party: 4,
        status: 'seated',
        source: 'online',
        lang: 'de',
        area_id: ids.areaId,
        name: '',
        email: '',
        phone: '',
        notes: '',
        staff_message: null,
        client_key: null,
        guest_id: null,
        anonymised_at: anonymisedAt,
      }),
    ]);
    expect(tables).toEqual([{ reservation_id: ids.booking, table_id: ids.tableId }]);
    expect(orders).toEqual([
      expect.objectContaining({
        id: ids.order,
        date: '2026-01-12',
        time: '19:30',
        status: 'collected',
        source: 'phone',
        lang: 'de',
        total_cents: 2350,
        name: '',
        email: '',
        phone: '',
        notes: '',
        message: '',
        client_key: null,
        guest_id: null,
        anonymised_at: anonymisedAt,
      }),
    ]);
    expect(
      lines.map((line) => [line.item_id, line.name, line.label, line.quantity, line.amount_cents]),
    ).toEqual([
      [4, 'Margherita', 'Grande', 2, 900],
      [9, 'Tiramisù', '', 1, 550],
    ]);
    expect(inquiries).toEqual([
      expect.objectContaining({
        id: ids.event,
        kind: 'birthday',
        date: '2026-01-20',
        service: 'dinner',
        adults: 25,
        children: 5,
        status: 'confirmed',
        budget_cents: 4500,
        lang: 'de',
        name: '',
        email: '',
        phone: '',
        notes: '',
        dietary_notes: '',
        allergens: '',
        client_key: '',
        guest_id: null,
        anonymised_at: anonymisedAt,
      }),
    ]);
    expect(threads).toEqual([]);
    expect(await harness.app.db.selectFrom('guests').select('id').execute()).toEqual([]);
    // Nothing of Anna anywhere in the three tables, nor in what the audit log says happened.
    const everything = JSON.stringify([reservations, orders, lines, inquiries]);
    expect(everything).not.toMatch(/Anna|Bellini|example\.com|333|celiaca|Citofono|vegani|203\.0/);
    const audit = await harness.app.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'guest_data.retention')
      .execute();
    expect(audit.map((row) => row.summary)).toEqual([
      'Conservazione dei dati (24 mesi): anonimizzati 1 prenotazioni, 1 ordini da asporto e 1 richieste di evento più vecchi (restano nei resoconti, senza dati personali); eliminati 0 messaggi e 1 schede cliente più vecchi.',
    ]);
  });

  it('once: a second purge, even much later, changes nothing and counts nothing', async () => {
    await annasHistory();
    await seedBooking(harness.app.db, { name: 'Senza contatti' }, { date: '2026-01-11' });
    twoYearsLater();
    expect(await harness.app.guestData.purgeExpired(24)).toMatchObject({
      reservations: 2,
      takeawayOrders: 1,
      eventInquiries: 1,
    });
    const before = await snapshot();
    const audits = await harness.app.db.selectFrom('audit_log').select('id').execute();
    now = Date.parse('2031-06-01T09:00:00Z');
    expect(await harness.app.guestData.purgeExpired(24)).toEqual({
      reservations: 0,
      takeawayOrders: 0,
      eventInquiries: 0,
      contactMessages: 0,
      guests: 0,
    });
    expect(await snapshot()).toEqual(before);
    expect(await harness.app.db.selectFrom('audit_log').select('id').execute()).toEqual(audits);
  });

  it("so that no guest's export or erasure ever finds an anonymised row, even when the guest comes back", async () => {
    await annasHistory();
    twoYearsLater();
    await harness.app.guestData.purgeExpired(24);
    // Anna comes back: her new booking has a new record, her old rows stay nobody's.
    const back = await seedBooking(harness.app.db, anna, { date: '2028-02-05' });
    const before = await snapshot();
    for (const key of ['email=anna%40example.com', 'phone=%2B393331234567']) {
      const exported = await asOwner('GET', `/api/guest-data?${key}`);
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.json()).toMatchObject({
        reservations: [{ id: back.id, date: '2028-02-05' }],
        takeawayOrders: [],
        eventInquiries: [],
        guests: [{ lastSeenOn: '2028-02-05' }],
      });
    }
    const erased = await asOwner('DELETE', '/api/guest-data?email=anna%40example.com');
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({
      reservations: 1,
      takeawayOrders: 0,
      eventInquiries: 0,
      guests: 1,
    });
    const after = await snapshot();
    expect(after.reservations).toEqual(before.reservations.filter((row) => row.id !== back.id));
    expect(after.orders).toEqual(before.orders);
    expect(after.lines).toEqual(before.lines);
    expect(after.inquiries).toEqual(before.inquiries);
  });

  it("so that the order's status link the guest was mailed leads nowhere", async () => {
    const { order } = await annasHistory();
    const token = await harness.app.takeaway.statusToken(order);
    expect(await harness.app.takeaway.status(token)).toMatchObject({ total: '23.50' });
    twoYearsLater();
    await harness.app.guestData.purgeExpired(24);
    expect(await harness.app.takeaway.status(token)).toBeNull();
  });
});
