import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createStaff, login, STAFF_PASSWORD } from '../../testing/app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { requireOwner, requireStaff } from '../../plugins/staff-auth.ts';
import { seedBooking } from '../../testing/guests.ts';

// docs/security.md item 51: every staff answer, guests' names, phones and notes
// among them, is `Cache-Control: no-store`, so that nothing stays in a shared
// tablet's HTTP cache after logout. Walks the app's own route table (every GET
// route as Fastify registers it), not a list: a staff route added later is
// called too, and a parametrised route without an example fails the test.
let database: TestDatabase;
let app: FastifyInstance;
let ownerToken: string;
const routes: RouteOptions[] = [];
let ip = 0;
const nextIp = () => `10.51.0.${++ip}`;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({ PUBLIC_URL: 'https://www.trattoria.example', DATABASE_URL: database.url }),
    logger: false,
    onRoute: (route) => void routes.push(route),
  });
  await app.ready();
  await createStaff(app, { role: 'owner' });
  ownerToken = await login(app, 'anna@trattoria.example', STAFF_PASSWORD, nextIp());
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

/** The preHandler-like hooks a route runs before its handler, whatever the stage. */
const hooksOf = (route: RouteOptions): unknown[] =>
  (['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const).flatMap((stage) => {
    const hooks = route[stage] as unknown;
    return Array.isArray(hooks) ? hooks : hooks ? [hooks] : [];
  });

/**
 * An address each parametrised or query-requiring GET route answers 200 to
 * (for staff). A staff route that needs one and has none here answers 400,
 * and fails the test.
 */
async function examples(): Promise<Record<string, string>> {
  const dish = (await app.db.selectFrom('menu_items').select('id').limit(1).executeTakeFirst())!;
  const { guestId } = await seedBooking(
    app.db,
    { email: 'guest@example.com' },
    { date: '2026-01-14' },
  );
  const guest = await app.db
    .selectFrom('guests')
    .select('key')
    .where('id', '=', guestId!)
    .executeTakeFirstOrThrow();
  return {
    '/api/guests/:key': `/api/guests/${guest.key}`,
    '/api/reports/:name': '/api/reports/bookings?from=2026-01-01&to=2026-01-31',
    '/api/reports/:name.csv': '/api/reports/takeaway.csv?from=2026-01-01&to=2026-01-31',
    '/api/daily-menu/:id': '/api/daily-menu/1',
    '/api/daily-menu/:id/translations': '/api/daily-menu/1/translations',
    '/api/menu/items/:id/translations': `/api/menu/items/${dish.id}/translations`,
    '/api/photos/:slot/translations': '/api/photos/hero/translations',
    '/photos/:name': '/photos/0123456789abcdef01234567.avif',
    '/api/reservations/calendar/:file': `/api/reservations/calendar/${'a'.repeat(43)}.ics`,
    '/api/reservations': '/api/reservations?date=2026-01-14',
    '/api/reservations/occupancy': '/api/reservations/occupancy?date=2026-01-14',
    '/api/reservations/plan': '/api/reservations/plan?date=2026-01-14',
    '/api/reservations/availability': '/api/reservations/availability?date=2026-01-14&party=2',
    '/api/guest-data': '/api/guest-data?email=guest%40example.com',
    '/api/reservations/decline-pending':
      '/api/reservations/decline-pending?email=guest%40example.com',
    '/api/takeaway/decline-pending': '/api/takeaway/decline-pending?email=guest%40example.com',
    '/api/events/decline-pending': '/api/events/decline-pending?email=guest%40example.com',
    '/api/takeaway/slots': '/api/takeaway/slots?date=2026-01-14&items=1*2',
    '/api/takeaway/phone-slots': '/api/takeaway/phone-slots?date=2026-01-14&items=1*2',
    '/api/takeaway/orders': '/api/takeaway/orders?date=2026-01-14',
    '/api/takeaway/board': '/api/takeaway/board?date=2026-01-14',
    '/api/takeaway/orders/status': '/api/takeaway/orders/status?token=1.x',
  };
}

/** The staff routes whose example names nothing stored: 404 is their answer (a slot with no upload). */
const NOT_FOUND_EXAMPLES = new Set(['/api/photos/:slot/translations']);

describe('every staff GET route of the route table', () => {
  it('answers a logged-in owner with Cache-Control: no-store', async () => {
    const known = await examples();
    const gets = routes.filter((route) => {
      const methods = [route.method].flat();
      return methods.includes('GET') && !route.url.includes('*');
    });
    expect(gets.length).toBeGreaterThan(30);
    const staffRoutes: { url: string; address: string }[] = [];
    for (const route of gets) {
      const address = known[route.url] ?? route.url;
      expect(address, `${route.url}: add an example address above`).not.toMatch(/\/:/);
      const anonymous = await app.inject({ method: 'GET', url: address, remoteAddress: nextIp() });
      // The session is checked before the schema (bearerFirst), so a visitor's 401 says
      // "staff only" whatever the address; whether the example is right, the owner's call says.
      const guarded = hooksOf(route).some((hook) => hook === requireStaff || hook === requireOwner);
      if (guarded || anonymous.statusCode === 401) staffRoutes.push({ url: route.url, address });
    }
    // Every route that refuses a visitor is one the hooks name, and the other way round.
    expect(staffRoutes.length).toBeGreaterThan(20);
    for (const { url, address } of staffRoutes) {
      const response = await app.inject({
        method: 'GET',
        url: address,
        headers: { authorization: `Bearer ${ownerToken}` },
        remoteAddress: nextIp(),
      });
      // Let in and answered: a 400 means the example is missing or wrong, and a 404 is
      // accepted only where listed above. Then stored by no cache.
      expect(response.statusCode, `${address}: ${response.body.slice(0, 200)}`).toBe(
        NOT_FOUND_EXAMPLES.has(url) ? 404 : 200,
      );
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('answers the kitchen board no-store, its 304 too (the tablet asks with the ETag it shows)', async () => {
    const auth = { authorization: `Bearer ${ownerToken}` };
    const url = '/api/takeaway/board?date=2026-01-14';
    const first = await app.inject({ method: 'GET', url, headers: auth, remoteAddress: nextIp() });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const again = await app.inject({
      method: 'GET',
      url,
      headers: { ...auth, 'if-none-match': String(first.headers.etag) },
      remoteAddress: nextIp(),
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-store');
  });
});
