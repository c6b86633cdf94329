import { afterEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../../testing/app.ts';
import { startPushService, type PushServiceDouble } from '../../testing/push-service.ts';
import type { PushDevice } from '../../../shared/schemas/push.ts';

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
    // A public address is fine (nothing is sent to it here).
    expect((await subscribe('https://93.184.216.34/push/1')).statusCode).toBe(201);
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
