import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, login, STAFF_PASSWORD, testApp } from '../testing/app.ts';
import { registeredRoutes } from '../testing/routes.ts';

// The rules every API route follows (plugins/api-conventions.ts), checked on
// every route the app serves, so that a route added later is held to them too.
let harness: Awaited<ReturnType<typeof testApp>>;
let ownerToken: string;
let staffToken: string;
let ip = 0;
const nextIp = () => `10.9.0.${++ip}`;

beforeAll(async () => {
  harness = await testApp({}, { pages: false });
  await createStaff(harness.app, { role: 'owner' });
  await createStaff(harness.app, {
    email: 'marco@trattoria.example',
    username: 'marco',
    role: 'staff',
  });
  ownerToken = await login(harness.app, 'anna@trattoria.example', STAFF_PASSWORD, nextIp());
  staffToken = await login(harness.app, 'marco@trattoria.example', STAFF_PASSWORD, nextIp());
});
afterAll(() => harness.close());

/** Every API route, with its parameters filled in. */
const apiRoutes = () =>
  registeredRoutes(harness.app)
    .filter(
      (route) => route.includes(' /api/') && !route.endsWith('*') && !route.startsWith('HEAD'),
    )
    .map((route) => {
      const [method, path] = route.split(' ') as [string, string];
      // A value each parameter's schema accepts, so that only the query is wrong.
      const filled = path.replace(/:lang\b/, 'en').replace(/:[a-z|:]+/gi, '1');
      return { method, path: filled };
    });

describe('every API route', () => {
  // Fastify validates the body before the query: routes that take a body get
  // their junk queries, with valid bodies, in src/server/hostile-input/.
  it('without a body, refuses a query key it does not read: 400, field "querystring"', async () => {
    // DELETE /api/push/subscriptions takes a body (the endpoint, too long for a path).
    const routes = apiRoutes().filter(
      ({ method, path }) =>
        method === 'GET' || (method === 'DELETE' && path !== '/api/push/subscriptions'),
    );
    expect(routes.length).toBeGreaterThan(8);
    // The keys a route requires, with valid values: only the unexpected one is wrong.
    const required: Record<string, string> = {
      '/api/reservations': 'date=2026-01-14&',
      '/api/reservations/occupancy': 'date=2026-01-14&',
      '/api/reservations/plan': 'date=2026-01-14&',
      '/api/reservations/availability': 'date=2026-01-14&party=2&',
      '/api/guest-data': 'email=guest%40example.com&',
      '/api/reservations/decline-pending': 'email=guest%40example.com&',
      '/api/takeaway/decline-pending': 'email=guest%40example.com&',
      '/api/events/decline-pending': 'email=guest%40example.com&',
      '/api/takeaway/slots': 'date=2026-01-14&items=1*2&',
      '/api/takeaway/phone-slots': 'date=2026-01-14&items=1*2&',
      '/api/takeaway/orders': 'date=2026-01-14&',
      '/api/takeaway/board': 'date=2026-01-14&',
      '/api/takeaway/orders/status': 'token=1.x&',
      '/api/reports/1': 'from=2026-11-01&to=2026-11-30&',
      '/api/reports/1.csv': 'from=2026-11-01&to=2026-11-30&',
    };
    // Paths whose parameter has a form of its own ("1" is no calendar feed's address).
    const paths: Record<string, string> = {
      '/api/reservations/calendar/1': `/api/reservations/calendar/${'a'.repeat(43)}.ics`,
      '/api/guests/1': `/api/guests/${'a'.repeat(16)}`,
      '/api/reports/1': '/api/reports/bookings',
      '/api/reports/1.csv': '/api/reports/bookings.csv',
    };
    for (const { method, path } of routes) {
      const response = await harness.app.inject({
        method: method as 'GET',
        url: `${paths[path] ?? path}?${required[path] ?? ''}unexpected=1`,
        headers: { authorization: `Bearer ${ownerToken}` },
        remoteAddress: nextIp(),
      });
      const label = `${method} ${path}`;
      expect(response.statusCode, label).toBe(400);
      expect(Object.keys(response.json<{ errors: object }>().errors), label).toEqual([
        'querystring',
      ]);
    }
  });

  it('answers authenticated requests with Cache-Control: no-store, refusals included', async () => {
    const cases = [
      { url: '/api/staff', token: ownerToken, status: 200 },
      { url: '/api/contact-messages', token: staffToken, status: 200 },
      { url: '/api/auth/me', token: staffToken, status: 200 },
      { url: '/api/audit', token: ownerToken, status: 200 },
      { url: '/api/audit', token: staffToken, status: 403 },
      { url: '/api/staff', token: 'no-such-session', status: 401 },
      { url: '/api/staff', token: undefined, status: 401 },
    ];
    for (const { url, token, status } of cases) {
      const response = await harness.app.inject({
        method: 'GET',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        remoteAddress: nextIp(),
      });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['cache-control'], `${url} ${status}`).toBe('no-store');
    }
  });
});

describe('a JSON body holding U+0000', () => {
  it('is refused with 400 before any route reads it, on both databases (PostgreSQL cannot store it)', async () => {
    const before = await harness.app.db.selectFrom('contact_messages').select('id').execute();
    for (const payload of [
      '{"firstName":"Ada","lastName":"Neri","email":"ada@example.com","message":"a\\u0000b","privacy":true}',
      '{"firstName":"Ada","lastName":"Neri","email":"ada@example.com","message":"ok","privacy":true,"\\u0000":1}',
    ]) {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress: nextIp(),
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toEqual({ message: 'Text must not contain the character U+0000' });
    }
    expect(await harness.app.db.selectFrom('contact_messages').select('id').execute()).toEqual(
      before,
    );
    // A backslash before "u0000" is text, not the character: accepted.
    const text = await harness.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload:
        '{"firstName":"Ada","lastName":"Neri","email":"ada@example.com","message":"C:\\\\u0000","privacy":true}',
      remoteAddress: nextIp(),
    });
    expect(text.statusCode, text.body).toBe(202);
  });
});

describe('a JSON body nested deeper than the call stack, holding U+0000', () => {
  it('is refused with 400, not a stack overflow', async () => {
    const depth = 45_000; // within the 100 KB body limit, far past a recursive walk's reach
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`,
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Text must not contain the character U+0000' });
  });
});
