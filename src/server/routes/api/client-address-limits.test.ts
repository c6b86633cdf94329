import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaff, STAFF_PASSWORD, testApp } from '../../testing/app.ts';

// docs/security.md item 4: one rule for who is one client, in every limiter
// (plugins/staff-auth.ts `clientKey`): an IPv6 client by its /56, an
// IPv4-mapped IPv6 address as the IPv4 address it is, however written. Each
// limiter kind is driven through its route: the login lock-out (login-throttle.ts),
// the per-address budgets counted in memory then in the database
// (memory-limiter.ts, rate-limiter.ts through address-limits.ts `hitLimit`).
// Other limiters on the same rule: reservations.test.ts, takeaway-orders.test.ts.
let harness: Awaited<ReturnType<typeof testApp>>;
beforeEach(async () => {
  harness = await testApp({ CONTACT_EMAIL: 'staff@trattoria.example' }, { pages: false });
});
afterEach(() => harness.close());

const post = (url: string, payload: object, remoteAddress: string) =>
  harness.app.inject({ method: 'POST', url, payload, remoteAddress });
/** The i-th /64 network of one /56: 2001:db8:ab:1200::/56 holds 2001:db8:ab:1200:: to 2001:db8:ab:12ff::. */
const inOne56 = (i: number) => `2001:db8:ab:12${i.toString(16).padStart(2, '0')}::${i + 1}`;
const OTHER_56 = '2001:db8:ab:1300::1';

describe('one client, however many addresses of one /56 or spellings of one IPv4 address', () => {
  it('the login lock-out: 5 failures from 5 spellings of one IPv4 address lock all of them', async () => {
    const staff = await createStaff(harness.app);
    const spellings = [
      '203.0.113.9',
      '::ffff:203.0.113.9',
      '::ffff:cb00:7109',
      '0:0:0:0:0:ffff:203.0.113.9',
      '::FFFF:CB00:7109',
    ];
    for (const [i, address] of spellings.entries()) {
      const failed = await post(
        '/api/auth/login',
        { email: staff.email, password: `wrong-${i}-password` },
        address,
      );
      expect(failed.statusCode, address).toBe(401);
    }
    for (const address of spellings) {
      const right = await post(
        '/api/auth/login',
        { email: staff.email, password: STAFF_PASSWORD },
        address,
      );
      expect(right.statusCode, address).toBe(429);
    }
    const elsewhere = await post(
      '/api/auth/login',
      { email: staff.email, password: STAFF_PASSWORD },
      '203.0.113.10',
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('the auth calls’ budget (10 a minute): shared by the /64 networks of one /56, in memory and in the database', async () => {
    for (let i = 0; i < 10; i += 1) {
      const answer = await post(
        '/api/auth/login',
        { email: `nobody${i}@example.com`, password: 'wrong-password-x' },
        inOne56(i),
      );
      expect(answer.statusCode, inOne56(i)).toBe(401);
    }
    const eleventh = await post(
      '/api/auth/login',
      { email: 'nobody@example.com', password: 'wrong-password-x' },
      inOne56(200),
    );
    expect(eleventh.statusCode).toBe(429);
    const other = await post(
      '/api/auth/login',
      { email: 'nobody@example.com', password: 'wrong-password-x' },
      OTHER_56,
    );
    expect(other.statusCode).toBe(401);
  });

  it('the contact form’s budget (5 in 10 minutes): shared by the /64 networks of one /56', async () => {
    const message = (i: number) => ({
      firstName: 'Ada',
      lastName: 'Neri',
      email: `ada${i}@example.com`,
      message: `Messaggio ${i}`,
      privacy: true,
    });
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/contact', message(i), inOne56(i * 40))).statusCode).toBe(202);
    }
    expect((await post('/api/contact', message(5), inOne56(255))).statusCode).toBe(429);
    expect((await post('/api/contact', message(6), OTHER_56)).statusCode).toBe(202);
    // The database counted one key for the /56, never an address of its own per /64.
    const keys = await harness.app.db.selectFrom('rate_limits').select('key').execute();
    const contactKeys = keys.map((row) => row.key).filter((key) => key.includes(':2001:'));
    expect(contactKeys.filter((key) => key.includes('2001:0db8:00ab:12'))).toHaveLength(1);
  });
});
