import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaff, testApp } from '../../testing/app.ts';
import { startSmtpServer } from '../../testing/smtp.ts';
import { SETUP_LINK_TTL_MS } from '../../services/setup.ts';
import { hashToken } from '../../services/tokens.ts';

// The first owner through the setup link (CONTRACT.md "Going live"), on
// SQLite and PostgreSQL, with a real SMTP server behind the outbox.
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let harness: Awaited<ReturnType<typeof testApp>>;
let clock = Date.parse('2026-12-03T08:00:00Z');
let ip = 0;
const nextIp = () => `10.41.0.${++ip}`;

beforeEach(async () => {
  clock = Date.parse('2026-12-03T08:00:00Z');
  smtp = await startSmtpServer();
  harness = await testApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@trattoria.example' },
    { pages: false, now: () => clock },
  );
});
afterEach(async () => {
  await harness.close();
  await smtp.stop();
});

const OWNER = {
  firstName: 'Anna',
  lastName: 'Rossi',
  email: 'Anna@Trattoria.example',
  password: 'barche-in-rada-al-tramonto',
};
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const issuedToken = async (app = harness.app) => tokenOf((await app.firstOwnerSetup.issue())!.url);
const post = (payload: object, remoteAddress = nextIp(), app = harness.app) =>
  app.inject({ method: 'POST', url: '/api/setup', payload, remoteAddress });
const staffCount = async () =>
  (await harness.app.db.selectFrom('staff_users').select('id').execute()).length;
const storedLink = () => harness.app.db.selectFrom('setup_token').selectAll().execute();
const INVALID_LINK = { errors: [{ code: 'invalid-setup-link', description: expect.any(String) }] };

describe('the setup link', () => {
  it('is PUBLIC_URL/setup?token=…, valid 24 hours by the clock, stored only as a hash', async () => {
    const link = await harness.app.firstOwnerSetup.issue();
    expect(link!.url).toMatch(/^https:\/\/www\.trattoria\.example\/setup\?token=[\w-]{43}$/);
    expect(link!.expiresAt).toBe(new Date(clock + SETUP_LINK_TTL_MS).toISOString());
    const rows = await storedLink();
    expect(rows).toEqual([
      {
        id: 1,
        token_hash: hashToken(tokenOf(link!.url)),
        made_at: new Date(clock).toISOString(),
        expires_at: link!.expiresAt,
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(tokenOf(link!.url));
  });

  it('is replaced by the next start: the old link is refused, the new one works', async () => {
    const old = await issuedToken();
    const fresh = await issuedToken();
    expect(fresh).not.toBe(old);
    expect(await storedLink()).toHaveLength(1);
    const refused = await post({ ...OWNER, token: old });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(INVALID_LINK);
    expect((await post({ ...OWNER, token: fresh })).statusCode).toBe(201);
  });

  it('expires after 24 hours by the injectable clock', async () => {
    const token = await issuedToken();
    clock += SETUP_LINK_TTL_MS;
    const refused = await post({ ...OWNER, token });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(INVALID_LINK);
    expect(await staffCount()).toBe(0);
    clock -= 1;
    expect((await post({ ...OWNER, token })).statusCode).toBe(201);
  });

  it('is not issued once a staff account exists, and a leftover one is deleted', async () => {
    await issuedToken();
    await createStaff(harness.app);
    expect(await harness.app.firstOwnerSetup.issue()).toBeNull();
    expect(await storedLink()).toEqual([]);
  });
});

describe('POST /api/setup', () => {
  it('creates the owner, signed in, in the login shape; audited; then closed with 404', async () => {
    const token = await issuedToken();
    const answer = await post({ ...OWNER, token });
    expect(answer.statusCode).toBe(201);
    expect(answer.headers['cache-control']).toBe('no-store');
    const body = answer.json<{ tokens: { token: string }[] }>();
    expect(body).toEqual({
      email: 'anna@trattoria.example',
      firstName: 'Anna',
      lastName: 'Rossi',
      role: 'owner',
      tokens: [{ token: expect.any(String) }],
    });
    const session = body.tokens[0]!.token;
    const me = await harness.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(me.json()).toMatchObject({ email: 'anna@trattoria.example', role: 'owner' });
    // The owner signs in with the chosen password too.
    const login = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'anna@trattoria.example', password: OWNER.password },
      remoteAddress: nextIp(),
    });
    expect(login.statusCode).toBe(200);
    const audit = await harness.app.db.selectFrom('audit_log').selectAll().execute();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'staff.create',
        target: 'staff:anna@trattoria.example',
        actor_email: 'anna@trattoria.example',
        summary: expect.stringContaining('con il link di primo avvio'),
      }),
    ]);
    expect(await storedLink()).toEqual([]);
    // Closed for good: whatever the body, even the same one again.
    for (const payload of [{ ...OWNER, token }, {}, { token: 'x' }]) {
      const closed = await post(payload);
      expect(closed.statusCode).toBe(404);
      expect(closed.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('refuses a wrong token with 401 and changes nothing', async () => {
    const token = await issuedToken();
    const before = await storedLink();
    for (const wrong of ['A'.repeat(43), `${token}x`, token.slice(1)]) {
      const answer = await post({ ...OWNER, token: wrong });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual(INVALID_LINK);
    }
    expect(await staffCount()).toBe(0);
    expect(await storedLink()).toEqual(before);
  });

  it('answers 401 while no link was ever issued', async () => {
    const answer = await post({ ...OWNER, token: 'A'.repeat(43) });
    expect(answer.statusCode).toBe(401);
  });

  it('a refused form (400) leaves the link unspent', async () => {
    const token = await issuedToken();
    const refusals = [
      [{ ...OWNER, token, password: 'corta' }, 'password'],
      [{ ...OWNER, token, password: 'password1234' }, 'password'],
      [{ ...OWNER, token, email: 'not-an-address' }, 'email'],
      [{ ...OWNER, token, firstName: '' }, 'firstName'],
      [{ ...OWNER, token, lastName: 'Rossi\nBianchi' }, 'lastName'],
      [{ ...OWNER, token, role: 'staff' }, null],
    ] as const;
    for (const [payload, field] of refusals) {
      const answer = await post(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      if (field) expect(Object.keys(answer.json<{ errors: object }>().errors)).toContain(field);
    }
    expect(await staffCount()).toBe(0);
    expect(await storedLink()).toHaveLength(1);
    expect((await post({ ...OWNER, token })).statusCode).toBe(201);
  });

  it('any form the schema refuses is 400 naming a field, and leaves the link unspent', async () => {
    const token = await issuedToken();
    const wrong = {
      firstName: fc.constantFrom('', '   ', 'a\u0007b', 'x'.repeat(101), 7, null),
      lastName: fc.constantFrom('', 'Rossi\r\nBcc: x', 'x'.repeat(101), [], false),
      email: fc.constantFrom('', 'anna', 'anna@', '@x.it', `${'a'.repeat(250)}@x.it`, 1),
      password: fc.oneof(
        fc.string({ maxLength: 11 }),
        fc.constant('x'.repeat(129)),
        fc.constantFrom(12, null, {}),
      ),
      token: fc.constantFrom('', 'x'.repeat(201), 42, null),
    };
    const cases = fc.oneof(
      ...Object.entries(wrong).map(([field, value]) =>
        fc.record({ field: fc.constant(field), value, missing: fc.boolean() }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ({ field, value, missing }) => {
        const body: Record<string, unknown> = { ...OWNER, token };
        if (missing) delete body[field];
        else body[field] = value;
        const answer = await post(body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(answer.json<{ errors: object }>().errors)).toEqual([field]);
      }),
      { numRuns: 60 },
    );
    expect(await staffCount()).toBe(0);
    expect(await storedLink()).toHaveLength(1);
    expect((await post({ ...OWNER, token })).statusCode).toBe(201);
  });

  it('two uses of one link at once make exactly one owner', async () => {
    const token = await issuedToken();
    const answers = await Promise.all([
      post({ ...OWNER, token }),
      post({ ...OWNER, token, email: 'marco@trattoria.example' }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(201);
    // The loser found the link spent (401) or, after the winner's commit, setup closed (404).
    expect([401, 404]).toContain(statuses[1]);
    expect(await staffCount()).toBe(1);
  });

  it('works with two instances behind one database: a link from one, used on both at once', async () => {
    const other = await testApp(
      { SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@trattoria.example' },
      { pages: false, now: () => clock, sharedDatabase: harness.database },
    );
    try {
      const token = await issuedToken(other.app);
      const answers = await Promise.all([
        post({ ...OWNER, token }),
        post({ ...OWNER, token, email: 'marco@trattoria.example' }, nextIp(), other.app),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses[0]).toBe(201);
      expect([401, 404]).toContain(statuses[1]);
      expect(await staffCount()).toBe(1);
      expect(await other.app.firstOwnerSetup.isOpen()).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('answers 404 once an account exists another way (npm run staff)', async () => {
    const token = await issuedToken();
    await createStaff(harness.app);
    const answer = await post({ ...OWNER, token, email: 'marco@trattoria.example' });
    expect(answer.statusCode).toBe(404);
    expect(await staffCount()).toBe(1);
  });

  it('once closed, answers 404 to every try from one address, counting and writing nothing', async () => {
    await createStaff(harness.app);
    const address = '10.41.9.8';
    for (let n = 0; n < 12; n += 1) {
      expect((await post({ ...OWNER, token: 'A'.repeat(43) }, address)).statusCode).toBe(404);
    }
    const counters = await harness.app.db.selectFrom('rate_limits').select('key').execute();
    expect(counters.filter(({ key }) => key.includes(address))).toEqual([]);
  });

  it('limits each client address to 10 tries a minute (429), before the link is checked', async () => {
    await issuedToken();
    const address = '10.41.9.9';
    for (let n = 0; n < 10; n += 1) {
      expect((await post({ ...OWNER, token: 'A'.repeat(43) }, address)).statusCode).toBe(401);
    }
    const limited = await post({ ...OWNER, token: 'A'.repeat(43) }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toEqual({
      errors: [{ code: 'rate-limited', description: expect.any(String) }],
    });
    // Another address is not limited.
    expect((await post({ ...OWNER, token: 'A'.repeat(43) })).statusCode).toBe(401);
  });
});
