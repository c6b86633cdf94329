// Over 400 lines: one file per API, as every route test here; its describe blocks (login, sessions, register) share the app and staff set-up.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaff, login, STAFF_PASSWORD, testApp } from '../../testing/app.ts';
import { hashToken } from '../../services/tokens.ts';
import { passwordWork } from '../../services/passwords.ts';

// The auth calls and what guards them (password rules, lockout, rate limits,
// hashed and expiring tokens), against a real database file of its own.
let harness: Awaited<ReturnType<typeof testApp>>;
let ip = 0;
/** A fresh client address per test, so the per-IP limit only bites where tested. */
const nextIp = () => `10.1.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

beforeEach(async () => {
  harness = await testApp({}, { pages: false });
});
afterEach(() => harness.close());

const post = (
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = nextIp(),
) =>
  harness.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('login', () => {
  it('answers e-mail, names and tokens[0].token, no-store, a new token each time', async () => {
    await createStaff(harness.app);
    const first = await post('/api/auth/login', {
      email: 'ANNA@trattoria.example',
      password: STAFF_PASSWORD,
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json();
    expect(body).toEqual({
      email: 'anna@trattoria.example',
      firstName: 'Anna',
      lastName: 'Rossi',
      role: 'owner',
      tokens: [{ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) }],
    });
    const second = await post('/api/auth/login', {
      email: 'anna@trattoria.example',
      password: STAFF_PASSWORD,
    });
    expect(second.json().tokens[0].token).not.toBe(body.tokens[0].token);
    // The database keeps only the token's SHA-256.
    const stored = await harness.app.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).toContain(hashToken(body.tokens[0].token));
    expect(JSON.stringify(stored)).not.toContain(body.tokens[0].token);
  });

  it('unknown e-mail and wrong password get the same status and body, for the same work', async () => {
    await createStaff(harness.app);
    const verified = async (send: () => Promise<Awaited<ReturnType<typeof post>>>) => {
      const before = passwordWork().verifications;
      const response = await send();
      return { response, verifications: passwordWork().verifications - before };
    };
    const { response: wrong, verifications: forWrong } = await verified(() =>
      post('/api/auth/login', { email: 'anna@trattoria.example', password: 'wrong-password-123' }),
    );
    const { response: unknown, verifications: forUnknown } = await verified(() =>
      post('/api/auth/login', {
        email: 'nobody@trattoria.example',
        password: 'wrong-password-123',
      }),
    );
    // One argon2 verification each: the unknown e-mail's against a dummy hash.
    expect([forWrong, forUnknown]).toEqual([1, 1]);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({
      errors: [{ code: 'invalid-credentials', description: 'Email o password non validi.' }],
    });
  });

  it('locks the address that failed 5 times, even for the right password, and no other', async () => {
    const staff = await createStaff(harness.app);
    const attacker = '192.0.2.50';
    for (let i = 0; i < 5; i += 1) {
      const response = await post(
        '/api/auth/login',
        { email: staff.email, password: `wrong-${i}-password` },
        {},
        attacker,
      );
      expect(response.statusCode).toBe(401);
    }
    const locked = await post(
      '/api/auth/login',
      { email: staff.email, password: STAFF_PASSWORD },
      {},
      attacker,
    );
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(290);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(300);
    expect(locked.json().errors[0].code).toBe('account-locked');
    // The holder, elsewhere, is not kept out.
    const holder = await post('/api/auth/login', { email: staff.email, password: STAFF_PASSWORD });
    expect(holder.statusCode).toBe(200);
    // Five minutes later the attacker's address may try again; the next lock
    // lasts twice as long (through the service: the address has spent its
    // per-minute request budget).
    await harness.app.db
      .updateTable('login_throttle')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .execute();
    for (let i = 0; i < 5; i += 1) {
      expect(await harness.app.auth.login(staff.email, `again-${i}-wrong`, attacker)).toEqual({
        ok: false,
        reason: 'invalid-credentials',
      });
    }
    const relocked = await harness.app.auth.login(staff.email, STAFF_PASSWORD, attacker);
    expect(relocked).toMatchObject({ ok: false, reason: 'account-locked' });
    const seconds = (relocked as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(seconds).toBeGreaterThan(590);
    expect(seconds).toBeLessThanOrEqual(600);
  });

  it('verifies at most 5 of 50 guesses fired together from one address, and refuses the right one after them', async () => {
    const staff = await createStaff(harness.app);
    const address = '192.0.2.51';
    const before = passwordWork().verifications;
    const guesses = Array.from({ length: 50 }, (_, i) =>
      harness.app.auth.login(staff.email, `guess-${i}-wrong`, address),
    );
    const right = harness.app.auth.login(staff.email, STAFF_PASSWORD, address);
    const results = await Promise.all([...guesses, right]);
    expect(passwordWork().verifications - before).toBeLessThanOrEqual(5);
    expect(results.at(-1)).toMatchObject({ ok: false, reason: 'account-locked' });
    expect(results.filter((result) => result.ok)).toEqual([]);
  });

  it('treats addresses of one IPv6 /56 as one client', async () => {
    const staff = await createStaff(harness.app);
    for (let i = 0; i < 5; i += 1) {
      await post(
        '/api/auth/login',
        { email: staff.email, password: `wrong-${i}-password` },
        {},
        `2001:db8:7:${i + 1}::1`,
      );
    }
    const sameNetwork = await post(
      '/api/auth/login',
      { email: staff.email, password: STAFF_PASSWORD },
      {},
      '2001:db8:7:8:ffff:ffff:ffff:ffff',
    );
    expect(sameNetwork.statusCode).toBe(429);
    const otherNetwork = await post(
      '/api/auth/login',
      { email: staff.email, password: STAFF_PASSWORD },
      {},
      '2001:db8:7:100::1',
    );
    expect(otherNetwork.statusCode).toBe(200);
  });

  it('answers unknown and known e-mails alike after repeated failures, with the same writes', async () => {
    await createStaff(harness.app);
    const run = async (email: string, address: string) => {
      const answers = [];
      for (let i = 0; i < 7; i += 1) {
        const response = await post(
          '/api/auth/login',
          { email, password: `wrong-${i}-password` },
          {},
          address,
        );
        answers.push(`${response.statusCode} ${response.body}`);
      }
      return answers;
    };
    const known = await run('anna@trattoria.example', '192.0.2.60');
    const unknown = await run('ghost@trattoria.example', '192.0.2.61');
    expect(unknown.map((a) => a.replace(/\d+ minut\w/, 'N'))).toEqual(
      known.map((a) => a.replace(/\d+ minut\w/, 'N')),
    );
    expect(known.at(-1)).toMatch(/^429 /);
    const rows = async (table: 'login_throttle' | 'rate_limits') =>
      (await harness.app.db.selectFrom(table).selectAll().execute()).length;
    // One throttle row per (e-mail, address), one campaign counter per e-mail, one limit per address.
    expect(await rows('login_throttle')).toBe(2);
    expect(await rows('rate_limits')).toBe(4);
  });

  it('counts failures that arrive together, on two instances, towards one lock', async () => {
    const staff = await createStaff(harness.app);
    const other = await testApp({}, { pages: false, sharedDatabase: harness.database });
    try {
      const address = '192.0.2.70';
      const attempt = (app: typeof harness.app, password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: staff.email, password },
          remoteAddress: address,
        });
      const failures = await Promise.all(
        [0, 1, 2, 3, 4].map((i) => attempt(i % 2 ? other.app : harness.app, `wrong-${i}-pw`)),
      );
      expect(failures.map((response) => response.statusCode)).toEqual(Array(5).fill(401));
      // Shared through the database: the other instance refuses too.
      for (const app of [harness.app, other.app]) {
        expect((await attempt(app, STAFF_PASSWORD)).statusCode).toBe(429);
      }
    } finally {
      await other.close();
    }
  });

  it('tells the holder and the owners when more than 50 failures on one account come from many addresses within an hour', async () => {
    const owner = await createStaff(harness.app);
    await createStaff(harness.app, { email: 'marco@trattoria.example', username: 'marco' });
    const alerts = () =>
      harness.app.db
        .selectFrom('outbox')
        .select('recipient')
        .where('kind', '=', 'login-alert')
        .orderBy('recipient')
        .execute();
    for (let i = 0; i < 50; i += 1) {
      await post('/api/auth/login', {
        email: 'marco@trattoria.example',
        password: `wrong-${i}-pw`,
      });
    }
    expect(await alerts()).toEqual([]);
    // The 51st failure goes past the threshold.
    await post('/api/auth/login', { email: 'marco@trattoria.example', password: 'wrong-50-pw' });
    expect((await alerts()).map((row) => row.recipient)).toEqual([
      owner.email,
      'marco@trattoria.example',
    ]);
    // Once per hour, not at every further failure.
    await post('/api/auth/login', { email: 'marco@trattoria.example', password: 'one-more-try' });
    expect(
      await harness.app.db
        .selectFrom('outbox')
        .select('id')
        .where('kind', '=', 'login-alert')
        .execute(),
    ).toHaveLength(2);
  });

  it('shares the per-address limit between two instances, counting requests that arrive together', async () => {
    const other = await testApp({}, { pages: false, sharedDatabase: harness.database });
    try {
      const address = '192.0.2.99';
      const attempt = (app: typeof harness.app, i: number) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `y${i}@trattoria.example`, password: 'whatever-it-is' },
          remoteAddress: address,
        });
      const statuses = (
        await Promise.all(
          Array.from({ length: 14 }, (_, i) => attempt(i % 2 ? other.app : harness.app, i)),
        )
      ).map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    } finally {
      await other.close();
    }
  });

  it('a success resets the count of consecutive failures', async () => {
    const staff = await createStaff(harness.app);
    const address = '192.0.2.80';
    const attempt = (password: string) =>
      post('/api/auth/login', { email: staff.email, password }, {}, address);
    for (let i = 0; i < 4; i += 1) await attempt('not-the-password');
    expect((await attempt(STAFF_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) await attempt('not-the-password');
    expect((await attempt(STAFF_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a flood from one address in memory: the database counts only the allowed 10', async () => {
    const address = '192.0.2.90';
    const before = passwordWork().verifications;
    const statuses = [];
    for (let i = 0; i < 40; i += 1) {
      statuses.push(
        (
          await post(
            '/api/auth/login',
            { email: `flood${i}@trattoria.example`, password: 'whatever-it-is' },
            {},
            address,
          )
        ).statusCode,
      );
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    const counter = await harness.app.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', 'like', 'auth-ip:%')
      .executeTakeFirstOrThrow();
    expect(counter.count).toBe(10);
    expect(await harness.app.db.selectFrom('login_throttle').selectAll().execute()).toHaveLength(
      10,
    );
    expect(passwordWork().verifications - before).toBe(10);
  });

  it('limits auth calls to 10 a minute per client address', async () => {
    const address = '192.0.2.7';
    const statuses = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (
          await post(
            '/api/auth/login',
            { email: `x${i}@trattoria.example`, password: 'whatever-it-is' },
            {},
            address,
          )
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another client is not affected.
    expect(
      (await post('/api/auth/login', { email: 'x@trattoria.example', password: 'whatever-it-is' }))
        .statusCode,
    ).toBe(401);
  });

  it('uses X-Forwarded-For only from a trusted proxy (TRUST_PROXY)', async () => {
    const spoofed = { 'x-forwarded-for': '203.0.113.9' };
    for (let i = 0; i < 10; i += 1)
      await post(
        '/api/auth/login',
        { email: 'a@b.example', password: 'whatever-it-is' },
        spoofed,
        '198.51.100.1',
      );
    // Without TRUST_PROXY the header is ignored: the socket address is limited.
    const response = await post(
      '/api/auth/login',
      { email: 'a@b.example', password: 'whatever-it-is' },
      { 'x-forwarded-for': '203.0.113.10' },
      '198.51.100.1',
    );
    expect(response.statusCode).toBe(429);
  });

  it('refuses malformed input with field errors, and nothing is written', async () => {
    const bad = await post('/api/auth/login', { email: 'not-an-email', password: 'x', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['email']));
    const malformed = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('message');
    expect(await harness.app.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });
});

describe('sessions', () => {
  it('/auth/me needs a valid bearer token', async () => {
    await createStaff(harness.app);
    const token = await login(harness.app);
    const me = await harness.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(token),
    });
    expect(me.json()).toEqual({
      email: 'anna@trattoria.example',
      username: 'anna',
      firstName: 'Anna',
      lastName: 'Rossi',
      role: 'owner',
    });
    for (const headers of [{}, bearer('nope'), { authorization: token }]) {
      const response = await harness.app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toHaveProperty('message');
    }
  });

  it('the scheme is case-insensitive (RFC 9110)', async () => {
    await createStaff(harness.app);
    const token = await login(harness.app);
    const me = await harness.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('logout revokes the token at once and clears site storage', async () => {
    await createStaff(harness.app);
    const token = await login(harness.app);
    const logout = await harness.app.inject({
      method: 'DELETE',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.headers['clear-site-data']).toBe('"storage"');
    const after = await harness.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('expires after 30 minutes idle and after 12 hours in all', async () => {
    await createStaff(harness.app);
    const idle = await login(harness.app);
    const old = await login(harness.app);
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    await harness.app.db
      .updateTable('sessions')
      .set({ last_seen_at: ago(31 * 60_000) })
      .where('token_hash', '=', hashToken(idle))
      .execute();
    await harness.app.db
      .updateTable('sessions')
      .set({ created_at: ago(12 * 3600_000 + 1000), last_seen_at: ago(1000) })
      .where('token_hash', '=', hashToken(old))
      .execute();
    for (const token of [idle, old]) {
      const response = await harness.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(401);
    }
    const fresh = await login(harness.app);
    await harness.app.db
      .updateTable('sessions')
      .set({ last_seen_at: ago(29 * 60_000) })
      .where('token_hash', '=', hashToken(fresh))
      .execute();
    expect(
      (await harness.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(fresh) }))
        .statusCode,
    ).toBe(200);
  });
});

describe('register (a staff bearer token is required)', () => {
  const colleague = {
    email: 'marco@trattoria.example',
    username: 'marco',
    password: 'pane-olio-e-sale',
    firstName: 'Marco',
    lastName: 'Bianchi',
  };

  it('refuses without a token; no default account exists', async () => {
    const response = await post('/api/auth/register', colleague);
    expect(response.statusCode).toBe(401);
    expect(await harness.app.db.selectFrom('staff_users').selectAll().execute()).toEqual([]);
  });

  it('creates the colleague (201, login shape) and keeps the caller logged in as themself', async () => {
    await createStaff(harness.app);
    const token = await login(harness.app);
    const response = await post('/api/auth/register', colleague, bearer(token));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      email: 'marco@trattoria.example',
      username: 'marco',
      firstName: 'Marco',
      lastName: 'Bianchi',
      role: 'staff',
      tokens: [],
    });
    await login(harness.app, colleague.email, colleague.password);
    const staff = await harness.app.inject({
      method: 'GET',
      url: '/api/staff',
      headers: bearer(token),
    });
    expect(staff.json().staff.map((s: { email: string }) => s.email)).toEqual([
      'anna@trattoria.example',
      'marco@trattoria.example',
    ]);
    const again = await post('/api/auth/register', colleague, bearer(token));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('email-taken');
  });

  it('password rules: 12 to 128 characters, any Unicode, no truncation, common ones refused', async () => {
    await createStaff(harness.app);
    const token = await login(harness.app);
    const register = (username: string, password: string) =>
      post(
        '/api/auth/register',
        { email: `${username}@trattoria.example`, username, password },
        bearer(token),
      );
    expect((await register('short', 'a'.repeat(11))).statusCode).toBe(400);
    expect((await register('long', 'a'.repeat(129))).json().errors.password).toHaveLength(1);
    expect((await register('common', 'password1234')).json()).toEqual({
      errors: {
        password: [
          'Questa password è tra le più comuni: scegline una più difficile da indovinare.',
        ],
      },
    });
    expect((await register('twelve', 'abcdefghijkl')).statusCode).toBe(201);
    const sixtyFour = 'ü'.repeat(32) + '🐟'.repeat(32); // 64 characters, 160 bytes of UTF-8
    expect((await register('unicode', sixtyFour)).statusCode).toBe(201);
    const hundred = 'x'.repeat(99);
    expect((await register('hundred', `${hundred}A`)).statusCode).toBe(201);
    await login(harness.app, 'unicode@trattoria.example', sixtyFour);
    // Changing character 100 changes the result: no truncation.
    await expect(login(harness.app, 'hundred@trattoria.example', `${hundred}B`)).rejects.toThrow(
      '401',
    );
    await login(harness.app, 'hundred@trattoria.example', `${hundred}A`);
  });

  it('stores argon2id with m=19456, t=2, p=1', async () => {
    await createStaff(harness.app);
    const row = await harness.app.db
      .selectFrom('staff_users')
      .select('password_hash')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
