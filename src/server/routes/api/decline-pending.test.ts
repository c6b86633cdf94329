import { afterEach, describe, expect, it } from 'vitest';
import {
  TAKEAWAY_CLOCK,
  TAKEAWAY_TODAY,
  takeawayApp,
  type TakeawayHarness,
} from '../../testing/takeaway.ts';
import { createStaff, login, testApp } from '../../testing/app.ts';

// Staff's "Rifiuta tutte" (takeaway's and reservations'; events' shares
// the same services/guests/pending-guests.ts) finds one guest as the cap on
// pending requests counts them (services/guests/guest-match.ts `isGuestsRow`): an e-mail
// without its +tag, a phone written with 00 for its +. What the cap
// counted, staff decline; what it does not count (staff's own phone
// orders), they do not.

const clock = { now: TAKEAWAY_CLOCK };
/** The apps a test opened, closed after it. */
let opened: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const app of opened) await app.close();
  opened = [];
});

describe('GET|POST /api/takeaway/decline-pending: one guest as the cap counts them', () => {
  it('finds the orders the cap counted under a +tag or a 00, and leaves staff phone orders alone', async () => {
    clock.now = TAKEAWAY_CLOCK;
    const harness: TakeawayHarness = await takeawayApp(clock);
    opened.push(harness);
    const pizza = (await harness.dish('pizza')).id;
    const order = (time: string, guest: { email: string; phone: string }) =>
      harness.postGuest(
        harness.guestOrder({
          ...guest,
          name: 'Anna Rossi',
          items: [{ id: pizza, quantity: 1 }],
          pickup: { date: TAKEAWAY_TODAY, time },
        }),
      );
    // Anna's two orders waiting for the kitchen, each spelled another way.
    const first = await order('19:00', {
      email: 'Anna+pizza@Example.com',
      phone: '0039 333 4444444',
    });
    const second = await order('19:15', {
      email: 'anna+due@example.com',
      phone: '+39 333 444 4444',
    });
    expect([first.statusCode, second.statusCode], second.body).toEqual([201, 201]);
    // The cap counts both as one guest's: a third from her plain address is refused.
    const third = await order('19:30', { email: 'anna@example.com', phone: '+39 333 5555555' });
    expect(third.statusCode, third.body).toBe(409);
    expect(third.json<{ errors: { code: string }[] }>().errors[0]!.code).toBe('too-many-pending');
    // Staff took one by phone for her too: still `received`, never the cap's.
    const byPhone = await harness.staff('POST', '/api/takeaway/orders/staff', {
      name: 'Anna Rossi',
      phone: '+39 333 4444444',
      email: 'anna@example.com',
      lang: 'it',
      pickup: { date: TAKEAWAY_TODAY, time: '20:00' },
      items: [{ id: pizza, quantity: 1 }],
    });
    expect(byPhone.statusCode, byPhone.body).toBe(201);
    const staffOrder = byPhone.json<{ id: number }>().id;

    const count = async (query: string) =>
      (await harness.staff('GET', `/api/takeaway/decline-pending?${query}`)).json();
    expect(await count('email=anna%40example.com')).toEqual({ pending: 2 });
    expect(await count('phone=%2B39%20333%204444444')).toEqual({ pending: 2 });
    expect(await count('phone=0039333444%204444')).toEqual({ pending: 2 });
    expect(await count('phone=0%20039%20333%204444444')).toEqual({ pending: 2 });

    const declined = await harness.staff('POST', '/api/takeaway/decline-pending', {
      email: 'ANNA@example.com',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toEqual({ declined: 2 });
    const statuses = await harness.app.db
      .selectFrom('takeaway_orders')
      .select(['id', 'status'])
      .orderBy('id')
      .execute();
    expect(statuses).toEqual([
      { id: first.json<{ id: number }>().id, status: 'declined' },
      { id: second.json<{ id: number }>().id, status: 'declined' },
      { id: staffOrder, status: 'received' },
    ]);
    // Declined, they no longer count: Anna may order again.
    const again = await harness.postGuest(
      harness.guestOrder({
        email: 'anna@example.com',
        phone: '+39 333 4444444',
        items: [{ id: pizza, quantity: 1 }],
        pickup: { date: TAKEAWAY_TODAY, time: '19:45' },
      }),
    );
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('GET|POST /api/reservations/decline-pending: one guest as the cap counts them', () => {
  it('finds the pending bookings whose covers the cap counted under a +tag or a 00', async () => {
    // Tuesday 13 January 2026, 10:00 in Rome; Wednesday's dinner is bookable.
    const bookings = await testApp(
      {},
      { pages: false, now: () => Date.parse('2026-01-13T09:00:00Z') },
    );
    opened.push(bookings);
    await bookings.app.outbox.stop();
    await createStaff(bookings.app);
    const token = await login(bookings.app);
    const { app } = bookings;
    let address = 0;
    const book = (time: string, party: number, guest: { email: string; phone: string }) =>
      app.inject({
        method: 'POST',
        url: '/api/reservations',
        payload: {
          ...guest,
          name: 'Anna Rossi',
          party,
          date: '2026-01-14',
          time,
          privacy: true,
          lang: 'it',
        },
        remoteAddress: `10.7.0.${++address}`,
      });
    // Anna holds the 16 pending covers one guest may: 8 and 8, each spelled another way.
    const first = await book('19:30', 8, {
      email: 'Anna+1@Example.com',
      phone: '0039 333 4444444',
    });
    const second = await book('21:00', 8, {
      email: 'anna+2@example.com',
      phone: '+39 333 4444444',
    });
    expect([first.statusCode, second.statusCode], second.body).toEqual([201, 201]);
    const third = await book('20:00', 1, { email: 'anna@example.com', phone: '+39 333 5555555' });
    expect(third.statusCode, third.body).toBe(409);
    expect(third.json<{ errors: { code: string }[] }>().errors[0]!.code).toBe('too-many-pending');

    const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
    expect(
      (
        await staff('GET', '/api/reservations/decline-pending?phone=0%20039%20333%20444%204444')
      ).json(),
    ).toEqual({ pending: 2 });
    const declined = await staff('POST', '/api/reservations/decline-pending', {
      email: 'anna@example.com',
    });
    expect(declined.json()).toEqual({ declined: 2 });
    expect(
      await app.db.selectFrom('reservations').select('status').orderBy('id').execute(),
    ).toEqual([{ status: 'declined' }, { status: 'declined' }]);
  });
});
