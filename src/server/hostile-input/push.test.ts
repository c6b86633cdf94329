import fc from 'fast-check';
import { type HTTPMethods } from 'fastify';
import { expect } from 'vitest';
import { PUSH_DEVICES_MAX, PUSH_ENDPOINT_MAX, PUSH_TOPICS } from '../../shared/schemas/push.ts';
import { app, expectAudited, staffId } from '../testing/hostile-input/app-under-test.ts';
import { authCases } from '../testing/hostile-input/authorization.ts';
import { bodies, junk, text } from '../testing/hostile-input/bodies.ts';
import { noWrites } from '../testing/hostile-input/expected.ts';
import { hasQueryKeys, junkQuery } from '../testing/hostile-input/queries.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import { anyText, tooLongText } from '../testing/hostile-input/texts.ts';
import { nowIso } from '../services/tokens.ts';

// Web Push: the VAPID key (public), and a staff member's own devices. The
// app under test allows no origin (PUSH_ALLOWED_ORIGINS unset): an endpoint
// is taken only if it is https on port 443 of a public address
// (docs/security.md item 47), which the generated ones are when they use a
// public IP literal, so that no name is resolved; and only while its owner
// has fewer than PUSH_DEVICES_MAX other devices. Every accepted change is
// audited (item 36). Nothing is queued here, so nothing is sent.

const PUBLIC_HOSTS = ['93.184.216.34', '142.250.180.10', '[2a00:1450:4002:402::200a]'];
const pathPart = fc.stringMatching(/^[A-Za-z0-9_-]{1,80}$/);
/** Endpoints the server takes. */
const publicEndpoint = fc
  .tuple(fc.constantFrom(...PUBLIC_HOSTS), pathPart)
  .map(([host, path]) => `https://${host}/push/${path}`);
/** Endpoints the server refuses (400 on `endpoint`): none is https on a public address. */
const refusedEndpoint = fc.oneof(
  fc.constantFrom(
    'http://93.184.216.34/push/1',
    'https://127.0.0.1/push/1',
    'https://localhost/push/1',
    'https://[::1]/push/1',
    'https://[::ffff:127.0.0.1]/push/1',
    'https://[::ffff:a9fe:a9fe]/push/1',
    'https://10.0.0.1/push/1',
    'https://172.16.5.4/push/1',
    'https://192.168.0.1/push/1',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.64.0.1/push/1',
    'https://0.0.0.0/push/1',
    'https://[fe80::1]/push/1',
    'https://[fc00::1]/push/1',
    'https://[64:ff9b:1::a00:1]/push/1',
    'https://[::ffff:0:7f00:1]/push/1',
    'https://93.184.216.34:8443/push/1',
    'https://93.184.216.34:80/push/1',
    'https://user:pass@93.184.216.34/push/1',
    'https://push.invalid/push/1',
    'file:///etc/passwd',
    'javascript:alert(1)',
    '',
  ),
  anyText(100).filter((value) => !value.startsWith('https://')),
);
const isTaken = (endpoint: string) =>
  PUBLIC_HOSTS.some((host) => endpoint.startsWith(`https://${host}/push/`));

const base64url = (length: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9_-]{${length}}$`));

const subscriptionBodies = bodies({
  endpoint: text(fc.oneof(publicEndpoint, refusedEndpoint), tooLongText(PUSH_ENDPOINT_MAX)),
  keys: {
    valid: fc.record({ p256dh: base64url(87), auth: base64url(22) }),
    invalid: fc.constantFrom(
      {},
      { p256dh: 'BCd' },
      { p256dh: '', auth: 'abc' },
      { p256dh: 'not base64!', auth: 'abc' },
      { p256dh: 'a'.repeat(201), auth: 'abc' },
      { p256dh: 'abc', auth: 'a'.repeat(101) },
      { p256dh: 'abc', auth: 'abc', extra: 'x' },
      { p256dh: 1, auth: 'abc' },
    ),
    wrongType: fc.oneof(junk.number, junk.boolean, junk.null, junk.string, junk.array),
  },
  topics: {
    valid: fc.shuffledSubarray([...PUSH_TOPICS], { minLength: 1 }),
    invalid: fc.constantFrom(
      [],
      ['reservations', 'reservations'],
      ['sms'],
      ['Reservations'],
      [1],
      [null],
      [...PUSH_TOPICS, 'calls'],
    ),
    wrongType: fc.oneof(junk.number, junk.boolean, junk.null, junk.string, junk.object),
  },
});

const ownDevices = () => app.push.devices(staffId);

const getKey = family({
  name: 'GET /api/push/key',
  runs: 200,
  cases: fc.record({ method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'), query: junkQuery }),
  route: ({ method, query }) => ({
    method,
    url: `/api/push/key${query}`,
    unknownQuery: hasQueryKeys(query),
    handler: () =>
      noWrites(async (response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        expect(response.json()).toEqual({ publicKey: await app.push.publicKey() });
      }),
  }),
});

let fillers = 0;
/**
 * The requests' account made full (PUSH_DEVICES_MAX devices) or given room
 * (none), by writing the table straight; its devices' endpoints after that.
 */
async function ownDevicesMade(full: boolean): Promise<Set<string>> {
  if (!full) {
    await app.db.deleteFrom('push_subscriptions').where('user_id', '=', staffId).execute();
    return new Set();
  }
  for (let count = (await ownDevices()).length; count < PUSH_DEVICES_MAX; count += 1) {
    fillers += 1;
    await app.db
      .insertInto('push_subscriptions')
      .values({
        user_id: staffId,
        endpoint: `https://93.184.216.34/push/filler-${fillers}`,
        p256dh: 'BCd',
        auth: 'abc',
        topics: 'reservations',
        browser: 'Chrome su Android',
        created_at: nowIso(),
      })
      .execute();
  }
  return new Set((await ownDevices()).map(({ endpoint }) => endpoint));
}

const postSubscription = family({
  name: 'POST /api/push/subscriptions (staff)',
  runs: 700,
  cases: fc.record({
    query: junkQuery,
    auth: authCases,
    body: subscriptionBodies,
    full: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, fc.constant(true)),
  }),
  route: async ({ query, auth, body, full }) => {
    const own = await ownDevicesMade(full);
    return {
      method: 'POST',
      url: `/api/push/subscriptions${query}`,
      unknownQuery: hasQueryKeys(query),
      auth,
      body,
      bodySchema: true,
      handler: () => {
        const sent = (body as { json: { endpoint: string; topics: string[] } }).json;
        if (!isTaken(sent.endpoint)) {
          return { refused: { status: 400, shape: 'fields', field: 'endpoint' } } as const;
        }
        const again = own.has(sent.endpoint);
        if (!again && own.size >= PUSH_DEVICES_MAX) {
          return {
            refused: { status: 409, shape: 'refusal', code: 'too-many-devices' },
          } as const;
        }
        return {
          accepted: {
            status: 201,
            mayWrite: ['push_subscriptions', 'audit_log'],
            async verify(response) {
              expect(response.body).toBe('');
              const device = (await ownDevices()).find(
                ({ endpoint }) => endpoint === sent.endpoint,
              );
              expect(device?.topics).toEqual(PUSH_TOPICS.filter((t) => sent.topics.includes(t)));
              expect((await ownDevices()).length).toBeLessThanOrEqual(PUSH_DEVICES_MAX);
              await expectAudited(again ? 'push.update' : 'push.subscribe');
            },
          },
        };
      },
    };
  },
});

const getSubscriptions = family({
  name: 'GET /api/push/subscriptions (staff)',
  runs: 200,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: junkQuery,
    auth: authCases,
  }),
  route: ({ method, query, auth }) => ({
    method,
    url: `/api/push/subscriptions${query}`,
    unknownQuery: hasQueryKeys(query),
    auth,
    handler: () =>
      noWrites(async (response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        expect(response.json()).toEqual(await ownDevices());
      }),
  }),
});

/** A colleague's device, which the requests' staff account never removes. */
const COLLEAGUE_ENDPOINT = 'https://93.184.216.34/push/colleague-device';
let ownMade = 0;

const deleteSubscription = family({
  name: 'DELETE /api/push/subscriptions (staff)',
  runs: 400,
  before: async () => {
    const colleague = await app.db
      .selectFrom('staff_users')
      .select('id')
      .where('email', '=', 'marco@trattoria.example')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('push_subscriptions')
      .values({
        user_id: colleague.id,
        endpoint: COLLEAGUE_ENDPOINT,
        p256dh: 'BCd',
        auth: 'abc',
        topics: 'events',
        browser: 'Firefox su Linux',
        created_at: nowIso(),
      })
      .execute();
  },
  cases: fc.record({
    query: junkQuery,
    auth: authCases,
    whose: fc.constantFrom('own', 'colleague', 'unknown'),
    body: bodies({
      endpoint: text(fc.constant('placeholder'), tooLongText(PUSH_ENDPOINT_MAX)),
    }),
  }),
  route: async ({ query, auth, whose, body }) => {
    let endpoint = COLLEAGUE_ENDPOINT;
    if (whose === 'own') {
      ownMade += 1;
      endpoint = `https://93.184.216.34/push/own-${ownMade}`;
      await app.db
        .insertInto('push_subscriptions')
        .values({
          user_id: staffId,
          endpoint,
          p256dh: 'BCd',
          auth: 'abc',
          topics: 'reservations',
          browser: 'Chrome su Android',
          created_at: nowIso(),
        })
        .execute();
    } else if (whose === 'unknown') endpoint = 'https://93.184.216.34/push/nobody';
    // A valid body names the device the case is about; the others are refused as they are.
    const sent = body.kind === 'valid' ? { ...body, json: { ...body.json, endpoint } } : body;
    return {
      method: 'DELETE',
      url: `/api/push/subscriptions${query}`,
      unknownQuery: hasQueryKeys(query),
      auth,
      body: sent,
      bodySchema: true,
      handler: () => ({
        accepted: {
          status: 204,
          mayWrite: whose === 'own' ? ['push_subscriptions', 'audit_log'] : [],
          async verify() {
            if (whose === 'own') await expectAudited('push.unsubscribe');
            const rows = await app.db
              .selectFrom('push_subscriptions')
              .select('endpoint')
              .where('endpoint', 'in', [endpoint, COLLEAGUE_ENDPOINT])
              .execute();
            expect(rows.map((row) => row.endpoint)).toEqual([COLLEAGUE_ENDPOINT]);
          },
        },
      }),
    };
  },
});

hostileFamilies('push', [getKey, postSubscription, getSubscriptions, deleteSubscription]);
