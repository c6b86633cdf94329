import { afterEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../../testing/app.ts';
import { startPushService, type PushServiceDouble } from '../../testing/push-service.ts';
import { PUSH_DEVICES_MAX, type PushDevice } from '../../../shared/schemas/push.ts';

// /api/push (docs/api.md, "Staff notifications"): the VAPID key, and each
// staff member's own devices. Endpoints must be https on public addresses,
// or an origin PUSH_ALLOWED_ORIGINS lists (docs/security.md item 47).
let harness: Awaited<ReturnType<typeof testApp>>;
let double: PushServiceDouble;
let owner: string;
let colleague: string;
let colleagueId: number;

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

async function start(env: Record<string, string> = {}) {
  double = await startPushService();
  harness = await testApp({ PUSH_ALLOWED_ORIGINS: double.origin, ...env }, { pages: false });
  await createStaff(harness.app);
  colleagueId = (
    await createStaff(harness.app, {
      email: 'luca@trattoria.example',
      username: 'luca',
      role: 'staff',
    })
  ).id;
  owner = await login(harness.app);
  colleague = await login(harness.app, 'luca@trattoria.example');
}
afterEach(async () => {
  await harness?.close();
  await double?.stop();
});

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { bearer?: string; payload?: object; userAgent?: string } = {},
) =>
  harness.app.inject({
    method,
    url,
    headers: {
      ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
      ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
    },
    ...(options.payload ? { payload: options.payload } : {}),
  });

const KEYS = () => double.subscription().keys;
const subscribe = (endpoint: string, topics: string[] = ['reservations'], bearer = owner) =>
  call('POST', '/api/push/subscriptions', {
    bearer,
    payload: { endpoint, keys: KEYS(), topics },
    userAgent: ANDROID_CHROME,
  });
const devices = async (bearer = owner) => {
  const response = await call('GET', '/api/push/subscriptions', { bearer });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PushDevice[]>();
};

describe('/api/push', () => {
  it('gives the VAPID public key to anyone, the same on every call', async () => {
    await start();
    const first = await call('GET', '/api/push/key');
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json<{ publicKey: string }>();
    // An uncompressed P-256 point, base64url.
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await call('GET', '/api/push/key')).json()).toEqual({ publicKey });
  });

  it('subscribes a device (201), replaces it when posted again, lists and removes one’s own', async () => {
    await start();
    const device = double.subscription();
    const first = await call('POST', '/api/push/subscriptions', {
      bearer: owner,
      payload: { ...device, topics: ['takeaway', 'reservations'] },
      userAgent: ANDROID_CHROME,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.body).toBe('');
    const again = await call('POST', '/api/push/subscriptions', {
      bearer: owner,
      payload: { ...device, topics: ['messages'] },
      userAgent: ANDROID_CHROME,
    });
    expect(again.statusCode).toBe(201);
    const phone = double.subscription();
    await call('POST', '/api/push/subscriptions', {
      bearer: owner,
      payload: { ...phone, topics: ['events', 'reservations'] },
      userAgent: IPHONE_SAFARI,
    });
    expect(await devices()).toEqual([
      {
        endpoint: phone.endpoint,
        browser: 'Safari su iPhone',
        topics: ['reservations', 'events'],
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
      {
        endpoint: device.endpoint,
        browser: 'Chrome su Android',
        topics: ['messages'],
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    expect(await devices(colleague)).toEqual([]);

    // A colleague cannot remove the owner's device: 204, and it stays.
    const theirs = await call('DELETE', '/api/push/subscriptions', {
      bearer: colleague,
      payload: { endpoint: device.endpoint },
    });
    expect(theirs.statusCode).toBe(204);
    expect(await devices()).toHaveLength(2);
    const own = await call('DELETE', '/api/push/subscriptions', {
      bearer: owner,
      payload: { endpoint: device.endpoint },
    });
    expect(own.statusCode).toBe(204);
    expect((await devices()).map(({ endpoint }) => endpoint)).toEqual([phone.endpoint]);
  });

  it('answers 401 without a valid bearer', async () => {
    await start();
    const device = double.subscription();
    for (const response of [
      await call('POST', '/api/push/subscriptions', { payload: { ...device, topics: ['events'] } }),
      await call('GET', '/api/push/subscriptions'),
      await call('DELETE', '/api/push/subscriptions', { payload: { endpoint: device.endpoint } }),
      await call('GET', '/api/push/subscriptions', { bearer: 'not-a-session' }),
    ]) {
      expect(response.statusCode).toBe(401);
    }
    expect(await harness.app.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
  });

  it('refuses endpoints that are not https on a public address (400 on endpoint)', async () => {
    await start();
    for (const endpoint of [
      'http://93.184.216.34/push/1',
      'https://127.0.0.1/push/1',
      'https://localhost/push/1',
      'https://[::1]/push/1',
      'https://[::ffff:127.0.0.1]/push/1',
      'https://10.0.0.8/push/1',
      'https://172.20.1.1/push/1',
      'https://192.168.1.20/push/1',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fe80::1]/push/1',
      'https://[fd00::1]/push/1',
      'https://100.64.0.1/push/1',
      'https://0.0.0.0/push/1',
      'https://push.invalid/push/1',
      // RFC 8215's local-use NAT64, SIIT's IPv4-translated form, and any port but 443.
      'https://[64:ff9b:1::a00:1]/push/1',
      'https://[::ffff:0:7f00:1]/push/1',
      'https://[::ffff:0:5db8:d822]/push/1',
      'https://93.184.216.34:8443/push/1',
      'https://93.184.216.34:80/push/1',
      // The double's host on another port, and its own port over https: not the allowed origin.
      `${double.origin.replace(/:\d+$/, ':1')}/push/1`,
      `${double.origin.replace('http:', 'https:')}/push/1`,
      'not a url',
    ]) {
      const response = await subscribe(endpoint);
      expect(response.statusCode, endpoint).toBe(400);
      expect(Object.keys(response.json<{ errors: object }>().errors), endpoint).toEqual([
        'endpoint',
      ]);
    }
    // A public address is fine (nothing is sent to it here), on 443 said or not.
    expect((await subscribe('https://93.184.216.34/push/1')).statusCode).toBe(201);
    expect((await subscribe('https://93.184.216.34:443/push/2')).statusCode).toBe(201);
    expect((await subscribe(double.subscription().endpoint)).statusCode).toBe(201);
  });

  it('refuses the loopback double when its origin is not in PUSH_ALLOWED_ORIGINS', async () => {
    await start({ PUSH_ALLOWED_ORIGINS: '' });
    expect((await subscribe(double.subscription().endpoint)).statusCode).toBe(400);
  });

  it('removes a colleague’s devices with their account', async () => {
    await start();
    expect(
      (await subscribe(double.subscription().endpoint, ['events'], colleague)).statusCode,
    ).toBe(201);
    expect((await subscribe(double.subscription().endpoint, ['events'], owner)).statusCode).toBe(
      201,
    );
    const removed = await call('DELETE', `/api/staff/${colleagueId}`, { bearer: owner });
    expect(removed.statusCode, removed.body).toBe(204);
    const rows = await harness.app.db.selectFrom('push_subscriptions').select('user_id').execute();
    expect(rows.map(({ user_id }) => user_id)).not.toContain(colleagueId);
    expect(rows).toHaveLength(1);
  });
});

const stored = () =>
  harness.app.db.selectFrom('push_subscriptions').select(['user_id', 'endpoint']).execute();
const publicEndpoint = (n: number) => `https://93.184.216.34/push/device-${n}`;

describe('/api/push devices per person', () => {
  it(`keeps at most ${PUSH_DEVICES_MAX}: another is 409 too-many-devices, one of them posted again is fine`, async () => {
    await start();
    for (let n = 1; n <= PUSH_DEVICES_MAX; n += 1) {
      expect((await subscribe(publicEndpoint(n))).statusCode).toBe(201);
    }
    const refused = await subscribe(publicEndpoint(11));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      errors: [
        {
          code: 'too-many-devices',
          description: expect.stringContaining(`${PUSH_DEVICES_MAX} dispositivi`),
        },
      ],
    });
    // A colleague's device taken over counts as a new one too.
    expect(
      (await subscribe(double.subscription().endpoint, ['events'], colleague)).statusCode,
    ).toBe(201);
    const [theirs] = await devices(colleague);
    expect((await subscribe(theirs!.endpoint)).statusCode).toBe(409);
    expect(await devices(colleague)).toHaveLength(1);
    // One of the ten, posted again (topics changed, keys renewed), is no new device.
    expect((await subscribe(publicEndpoint(1), ['messages'])).statusCode).toBe(201);
    expect(await devices()).toHaveLength(PUSH_DEVICES_MAX);
    // One removed, another fits.
    await call('DELETE', '/api/push/subscriptions', {
      bearer: owner,
      payload: { endpoint: publicEndpoint(2) },
    });
    expect((await subscribe(publicEndpoint(11))).statusCode).toBe(201);
    expect((await subscribe(publicEndpoint(12))).statusCode).toBe(409);
  });

  it('stay at most ten when subscribes race on two instances', async () => {
    await start();
    const second = await testApp(
      { PUSH_ALLOWED_ORIGINS: double.origin },
      { pages: false, sharedDatabase: harness.database },
    );
    try {
      const answers = await Promise.all(
        Array.from({ length: PUSH_DEVICES_MAX + 4 }, (_, n) =>
          (n % 2 === 0 ? harness : second).app.inject({
            method: 'POST',
            url: '/api/push/subscriptions',
            headers: { authorization: `Bearer ${owner}` },
            payload: { endpoint: publicEndpoint(n), keys: KEYS(), topics: ['reservations'] },
          }),
        ),
      );
      const statuses = answers.map(({ statusCode }) => statusCode).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(PUSH_DEVICES_MAX);
      expect(statuses.filter((status) => status === 409)).toHaveLength(4);
      expect(await stored()).toHaveLength(PUSH_DEVICES_MAX);
    } finally {
      await second.close();
    }
  });
});

/** The audit log's push entries, oldest first, as the owner's GET /api/audit gives them. */
async function pushAudit() {
  const response = await call('GET', '/api/audit?limit=500', { bearer: owner });
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<{ actor: { email: string } | null; action: string; target: string; summary: string }[]>()
    .filter(({ action }) => action.startsWith('push.'))
    .map(({ actor, action, target, summary }) => ({ actor, action, target, summary }))
    .reverse();
}

describe('/api/push audit', () => {
  it('records every device change by id and browser, never its endpoint or keys', async () => {
    await start();
    const phone = double.subscription();
    const post = (topics: string[], bearer: string, userAgent = ANDROID_CHROME) =>
      call('POST', '/api/push/subscriptions', {
        bearer,
        payload: { ...phone, topics },
        userAgent,
      });
    expect((await post(['takeaway', 'reservations'], owner)).statusCode).toBe(201);
    const { id: device } = await harness.app.db
      .selectFrom('push_subscriptions')
      .select('id')
      .executeTakeFirstOrThrow();
    expect((await post(['messages'], owner)).statusCode).toBe(201);
    // The colleague logs in on that phone: it is theirs now.
    expect((await post(['events'], colleague)).statusCode).toBe(201);
    const remove = (endpoint: string, bearer: string) =>
      call('DELETE', '/api/push/subscriptions', { bearer, payload: { endpoint } });
    // The owner's removal of a device no longer theirs changes nothing, and is not recorded.
    expect((await remove(phone.endpoint, owner)).statusCode).toBe(204);
    expect((await remove(phone.endpoint, colleague)).statusCode).toBe(204);
    // Two more of the colleague's, removed with their account.
    for (const userAgent of [IPHONE_SAFARI, ANDROID_CHROME]) {
      expect(
        (
          await call('POST', '/api/push/subscriptions', {
            bearer: colleague,
            payload: { ...double.subscription(), topics: ['events'] },
            userAgent,
          })
        ).statusCode,
      ).toBe(201);
    }
    const [iphone, android] = (
      await harness.app.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', colleagueId)
        .orderBy('id')
        .execute()
    ).map(({ id }) => id);
    expect((await call('DELETE', `/api/staff/${colleagueId}`, { bearer: owner })).statusCode).toBe(
      204,
    );

    const ANNA = { email: 'anna@trattoria.example' };
    const LUCA = { email: 'luca@trattoria.example' };
    expect(await pushAudit()).toEqual([
      {
        actor: ANNA,
        action: 'push.subscribe',
        target: `push_subscription:${device}`,
        summary: `Notifiche attivate su Chrome su Android (dispositivo n. ${device}): Prenotazioni, Asporto.`,
      },
      {
        actor: ANNA,
        action: 'push.update',
        target: `push_subscription:${device}`,
        summary: `Notifiche su Chrome su Android (dispositivo n. ${device}) aggiornate: Messaggi.`,
      },
      {
        actor: LUCA,
        action: 'push.subscribe',
        target: `push_subscription:${device}`,
        summary: `Notifiche attivate su Chrome su Android (dispositivo n. ${device}), prima di anna@trattoria.example: Eventi.`,
      },
      {
        actor: LUCA,
        action: 'push.unsubscribe',
        target: `push_subscription:${device}`,
        summary: `Notifiche disattivate su Chrome su Android (dispositivo n. ${device}).`,
      },
      {
        actor: LUCA,
        action: 'push.subscribe',
        target: `push_subscription:${iphone}`,
        summary: `Notifiche attivate su Safari su iPhone (dispositivo n. ${iphone}): Eventi.`,
      },
      {
        actor: LUCA,
        action: 'push.subscribe',
        target: `push_subscription:${android}`,
        summary: `Notifiche attivate su Chrome su Android (dispositivo n. ${android}): Eventi.`,
      },
      {
        actor: ANNA,
        action: 'push.unsubscribe',
        target: `push_subscription:${iphone}`,
        summary: `Dispositivo Safari su iPhone (dispositivo n. ${iphone}) di luca@trattoria.example rimosso con il suo account.`,
      },
      {
        actor: ANNA,
        action: 'push.unsubscribe',
        target: `push_subscription:${android}`,
        summary: `Dispositivo Chrome su Android (dispositivo n. ${android}) di luca@trattoria.example rimosso con il suo account.`,
      },
    ]);
    // No entry holds an endpoint, the push service's address or a key.
    const everything = JSON.stringify(
      await harness.app.db.selectFrom('audit_log').selectAll().execute(),
    );
    for (const secret of [
      phone.endpoint,
      double.origin,
      '/push/',
      phone.keys.p256dh,
      phone.keys.auth,
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});
