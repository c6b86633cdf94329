import { afterEach, describe, expect, it } from 'vitest';
import {
  TAKEAWAY_CLOCK,
  TAKEAWAY_TODAY,
  takeawayApp,
  type TakeawayHarness,
} from '../../testing/takeaway.ts';

// Staff's "Rifiuta tutte" finds one guest as the cap on pending requests
// counts them (services/guests/guest-match.ts `isGuestsRow`): an e-mail
// without its +tag, a phone written with 00 for its +. What the cap
// counted, staff decline; what it does not count (staff's own phone
// orders), they do not.

const clock = { now: TAKEAWAY_CLOCK };
let harness: TakeawayHarness;
afterEach(async () => {
  await harness?.close();
});

describe('GET|POST /api/takeaway/decline-pending: one guest as the cap counts them', () => {
  it('finds the orders the cap counted under a +tag or a 00, and leaves staff phone orders alone', async () => {
    clock.now = TAKEAWAY_CLOCK;
    harness = await takeawayApp(clock);
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
