import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaff, login, STAFF_PASSWORD, testApp } from '../../testing/app.ts';
import { startSmtpServer } from '../../testing/smtp.ts';
import { nowIso } from '../../services/tokens.ts';

// Roles, invitations, colleagues, one's own password and the audit log,
// through the API, with a real SMTP server as the mail's peer.
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let harness: Awaited<ReturnType<typeof testApp>>;
let ip = 0;
const nextIp = () => `10.3.0.${++ip}`;

const OWNER = 'anna@trattoria.example';
const COLLEAGUE = 'marco@trattoria.example';
const NEW_PASSWORD = 'sale-e-pepe-sul-molo';

beforeEach(async () => {
  smtp = await startSmtpServer();
  harness = await testApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@trattoria.example' },
    { pages: false },
  );
});
afterEach(async () => {
  await harness.close();
  await smtp.stop();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  harness.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload ? { payload } : {}),
  });

const ownerToken = async () => {
  await createStaff(harness.app);
  return login(harness.app, OWNER, STAFF_PASSWORD, nextIp());
};
const staffToken = async () => {
  await createStaff(harness.app, { email: COLLEAGUE, username: 'marco', role: 'staff' });
  return login(harness.app, COLLEAGUE, STAFF_PASSWORD, nextIp());
};
const invite = (token: string, email = 'giulia@trattoria.example', role = 'staff') =>
  call('POST', '/api/staff/invitations', token, {
    email,
    firstName: 'Giulia',
    lastName: 'Lo Presti',
    role,
  });
const inviteLinkIn = (text: string) => /https?:\/\/\S+accept-invite\?token=[\w-]+/.exec(text)?.[0];
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const audit = async (token: string) =>
  (await call('GET', '/api/audit?limit=500', token)).json<{ action: string; summary: string }[]>();

describe('roles', () => {
  it('makes the first account an owner and later ones staff; login and /me say which', async () => {
    const owner = await createStaff(harness.app);
    const colleague = await createStaff(harness.app, { email: COLLEAGUE, username: 'marco' });
    const answer = await call('POST', '/api/auth/login', undefined, {
      email: owner.email,
      password: STAFF_PASSWORD,
    });
    expect(answer.json()).toMatchObject({ email: OWNER, role: 'owner' });
    const token = await login(harness.app, colleague.email, STAFF_PASSWORD, nextIp());
    expect((await call('GET', '/api/auth/me', token)).json()).toMatchObject({ role: 'staff' });
  });

  it("answers 403 to staff asking for an owner's action, and changes nothing", async () => {
    await createStaff(harness.app);
    const token = await staffToken();
    const ownerId = 1;
    const attempts = await Promise.all([
      invite(token),
      call('GET', '/api/staff/invitations', token),
      call('DELETE', '/api/staff/invitations/1', token),
      call('PATCH', `/api/staff/${ownerId}`, token, { role: 'staff' }),
      call('DELETE', `/api/staff/${ownerId}`, token),
      call('GET', '/api/audit', token),
      call('POST', '/api/auth/register', token, {
        email: 'x@trattoria.example',
        username: 'xavier',
        password: NEW_PASSWORD,
      }),
    ]);
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({
        errors: [{ code: 'owner-only', description: 'Solo il titolare può farlo.' }],
      });
    }
    const staff = await call('GET', '/api/staff', token);
    expect(staff.json<{ staff: { role: string }[] }>().staff.map((m) => m.role)).toEqual([
      'owner',
      'staff',
    ]);
    expect(await harness.app.db.selectFrom('staff_invitations').selectAll().execute()).toEqual([]);
  });

  it('keeps at least one owner, and two owners demoting each other at once leave one', async () => {
    const token = await ownerToken();
    expect((await call('PATCH', '/api/staff/1', token, { role: 'staff' })).json()).toEqual({
      errors: [
        {
          code: 'last-owner',
          description: 'Serve almeno un titolare: nomina prima un altro titolare.',
        },
      ],
    });
    const second = await createStaff(harness.app, {
      email: COLLEAGUE,
      username: 'marco',
      role: 'owner',
    });
    const secondToken = await login(harness.app, COLLEAGUE, STAFF_PASSWORD, nextIp());
    const [one, two] = await Promise.all([
      call('PATCH', `/api/staff/${second.id}`, token, { role: 'staff' }),
      call('PATCH', '/api/staff/1', secondToken, { role: 'staff' }),
    ]);
    // The loser is refused as the last owner (409), or, when the winner
    // committed before its permission check, as no longer an owner (403).
    const statuses = [one.statusCode, two.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const owners = await harness.app.db
      .selectFrom('staff_users')
      .select('email')
      .where('role', '=', 'owner')
      .execute();
    expect(owners).toHaveLength(1);
  });

  it('lets an owner remove a colleague, whose sessions end, but not themself', async () => {
    const token = await ownerToken();
    const colleague = await createStaff(harness.app, { email: COLLEAGUE, username: 'marco' });
    const colleagueToken = await login(harness.app, COLLEAGUE, STAFF_PASSWORD, nextIp());
    expect((await call('DELETE', '/api/staff/1', token)).json()).toMatchObject({
      errors: [{ code: 'cannot-remove-self' }],
    });
    expect((await call('DELETE', `/api/staff/${colleague.id}`, token)).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/me', colleagueToken)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/staff/${colleague.id}`, token)).statusCode).toBe(404);
    expect((await audit(token)).map((entry) => entry.action)).toContain('staff.remove');
  });
});

describe('invitations', () => {
  it('invites by e-mail; the colleague sets a password and is logged in as staff; owners are told', async () => {
    const token = await ownerToken();
    const created = await invite(token);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      email: 'giulia@trattoria.example',
      role: 'staff',
      status: 'pending',
      invitedBy: { email: OWNER },
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['giulia@trattoria.example']);
    const link = inviteLinkIn(mail!.text)!;
    expect(link).toMatch(/^https:\/\/www\.trattoria\.example\/accept-invite\?token=[\w-]{43}$/);

    const accepted = await call(
      'POST',
      `/api/staff/invitations/${tokenOf(link)}/accept`,
      undefined,
      {
        password: NEW_PASSWORD,
      },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      email: 'giulia@trattoria.example',
      firstName: 'Giulia',
      lastName: 'Lo Presti',
      role: 'staff',
    });
    const session = accepted.json<{ tokens: { token: string }[] }>().tokens[0]!.token;
    expect((await call('GET', '/api/auth/me', session)).json()).toMatchObject({ role: 'staff' });
    expect(
      await login(harness.app, 'giulia@trattoria.example', NEW_PASSWORD, nextIp()),
    ).toBeTruthy();

    // The owner hears of the new account.
    const [, notice] = await smtp.waitFor(2);
    expect(notice!.to).toEqual([OWNER]);
    expect(notice!.text).toContain('giulia@trattoria.example');
    expect(notice!.text).toContain('accettando un invito');

    // The link works once.
    const again = await call('POST', `/api/staff/invitations/${tokenOf(link)}/accept`, undefined, {
      password: NEW_PASSWORD,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ errors: [{ code: 'invalid-invitation' }] });
    const list = await call('GET', '/api/staff/invitations', token);
    expect(list.json()).toMatchObject({ invitations: [{ status: 'accepted' }] });
    expect((await audit(token)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['staff.invite', 'staff.create']),
    );
  });

  it('refuses expired, revoked and replaced links, and says which state each is in', async () => {
    const token = await ownerToken();
    await invite(token, 'old@trattoria.example');
    await invite(token, 'revoked@trattoria.example');
    await invite(token, 'resent@trattoria.example');
    await invite(token, 'resent@trattoria.example');
    const mails = await smtp.waitFor(4);
    const linkFor = (email: string, nth = 0) =>
      tokenOf(inviteLinkIn(mails.filter((mail) => mail.to[0] === email)[nth]!.text)!);

    await harness.app.db
      .updateTable('staff_invitations')
      .set({ expires_at: nowIso(Date.now() - 1000) })
      .where('email', '=', 'old@trattoria.example')
      .execute();
    const listed = (await call('GET', '/api/staff/invitations', token)).json<{
      invitations: { id: number; email: string; status: string }[];
    }>().invitations;
    const revokedId = listed.find((i) => i.email === 'revoked@trattoria.example')!.id;
    expect((await call('DELETE', `/api/staff/invitations/${revokedId}`, token)).statusCode).toBe(
      204,
    );
    expect(
      (await call('DELETE', `/api/staff/invitations/${revokedId}`, token)).json(),
    ).toMatchObject({
      errors: [{ code: 'not-pending' }],
    });

    for (const refused of [
      linkFor('old@trattoria.example'),
      linkFor('revoked@trattoria.example'),
      linkFor('resent@trattoria.example', 0),
    ]) {
      const answer = await call('POST', `/api/staff/invitations/${refused}/accept`, undefined, {
        password: NEW_PASSWORD,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ errors: [{ code: 'invalid-invitation' }] });
    }
    const states = (await call('GET', '/api/staff/invitations', token)).json<{
      invitations: { email: string; status: string }[];
    }>().invitations;
    expect(states.map((i) => `${i.email} ${i.status}`)).toEqual([
      'resent@trattoria.example pending',
      'resent@trattoria.example revoked',
      'revoked@trattoria.example revoked',
      'old@trattoria.example expired',
    ]);
    const resent = await call(
      'POST',
      `/api/staff/invitations/${linkFor('resent@trattoria.example', 1)}/accept`,
      undefined,
      { password: NEW_PASSWORD },
    );
    expect(resent.statusCode).toBe(200);
  });

  it('refuses inviting an existing account and a common password, changing nothing', async () => {
    const token = await ownerToken();
    const taken = await invite(token, OWNER);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ errors: [{ code: 'email-taken' }] });
    await invite(token);
    const [mail] = await smtp.waitFor(1);
    const common = await call(
      'POST',
      `/api/staff/invitations/${tokenOf(inviteLinkIn(mail!.text)!)}/accept`,
      undefined,
      { password: 'qwerty123456' },
    );
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ errors: { password: [expect.any(String)] } });
    expect(await harness.app.db.selectFrom('staff_users').select('email').execute()).toHaveLength(
      1,
    );
  });
});

describe('registration', () => {
  it('gives 201 and 409 to two registrations of one e-mail at once, never a 500', async () => {
    const token = await ownerToken();
    const body = (username: string) => ({
      email: 'twin@trattoria.example',
      username,
      password: NEW_PASSWORD,
    });
    const answers = await Promise.all([
      call('POST', '/api/auth/register', token, body('twin-one')),
      call('POST', '/api/auth/register', token, body('twin-two')),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ errors: [{ code: 'email-taken' }] });
  });
});

describe('PUT /api/auth/password', () => {
  it('changes the password knowing the current one and ends every other session', async () => {
    const token = await ownerToken();
    const other = await login(harness.app, OWNER, STAFF_PASSWORD, nextIp());
    const wrong = await call('PUT', '/api/auth/password', token, {
      currentPassword: 'not-my-password-at-all',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      errors: { currentPassword: ['La password attuale non è corretta.'] },
    });
    const changed = await call('PUT', '/api/auth/password', token, {
      currentPassword: STAFF_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', other)).statusCode).toBe(401);
    const oldLogin = await call('POST', '/api/auth/login', undefined, {
      email: OWNER,
      password: STAFF_PASSWORD,
    });
    expect(oldLogin.statusCode).toBe(401);
    expect(await login(harness.app, OWNER, NEW_PASSWORD, nextIp())).toBeTruthy();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([OWNER]);
    expect((await audit(token)).map((entry) => entry.action)).toContain('auth.password.change');
  });
});

describe('GET /api/audit', () => {
  it('records every staff write, newest first, with who did it', async () => {
    const token = await ownerToken();
    const staff = await staffToken();
    const menu = { titolo: 'Menu di oggi', descrizione: 'Pasta', infoAggiuntive: 'Acqua' };
    expect((await call('PUT', '/api/daily-menu/1', staff, menu)).statusCode).toBe(200);
    const translated = await call('PUT', '/api/daily-menu/1/translations/en', staff, {
      titolo: 'Today',
      descrizione: 'Pasta',
      infoAggiuntive: 'Water',
      italian: menu,
    });
    expect(translated.statusCode, translated.body).toBe(200);
    expect((await call('DELETE', '/api/daily-menu/1/translations/en', staff)).statusCode).toBe(200);
    await call('POST', '/api/contact', undefined, {
      firstName: 'Ospite',
      lastName: 'Curioso',
      email: 'ospite@example.com',
      message: 'Avete posto stasera?',
      privacy: true,
    });
    expect((await call('PATCH', '/api/contact-messages/1', staff, { read: true })).statusCode).toBe(
      200,
    );
    await invite(token);

    const entries = (await call('GET', '/api/audit?limit=500', token)).json<
      { at: string; actor: { email: string } | null; action: string; summary: string }[]
    >();
    expect(entries.map((entry) => entry.action)).toEqual([
      'staff.invite',
      'contact.read',
      'daily_menu.translation.reset',
      'daily_menu.translation.update',
      'daily_menu.update',
      'staff.create',
      'staff.create',
    ]);
    expect(entries[0]!.actor).toEqual({ email: OWNER });
    expect(entries[4]).toMatchObject({
      actor: { email: COLLEAGUE },
      summary: 'Menu del giorno aggiornato: «Menu di oggi».',
    });
    const sorted = entries
      .map((entry) => entry.at)
      .toSorted()
      .reverse();
    expect(entries.map((entry) => entry.at)).toEqual(sorted);

    const two = await call('GET', '/api/audit?limit=2', token);
    expect(two.json()).toHaveLength(2);
    for (const bad of ['limit=0', 'limit=501', 'limit=abc', 'other=1']) {
      const answer = await call('GET', `/api/audit?${bad}`, token);
      expect(answer.statusCode, bad).toBe(400);
    }
  });
});
