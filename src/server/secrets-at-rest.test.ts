import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaff, login, STAFF_PASSWORD, testApp } from './testing/app.ts';
import { startSmtpServer } from './testing/smtp.ts';

// docs/security.md item 34: no raw reset or invitation token is kept anywhere.
// No table row holds one once its mail is sent or its link has expired
// unsent, and no log line ever holds one: request URLs are logged with
// tokens masked, and without SMTP a mail is logged by its id and kind only.
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let harness: Awaited<ReturnType<typeof testApp>>;
let logged: string[];
let ip = 0;
const nextIp = () => `10.6.0.${++ip}`;
const logStream = { write: (line: string) => void logged.push(line) };

beforeEach(async () => {
  logged = [];
  smtp = await startSmtpServer();
});
afterEach(async () => {
  await harness?.close();
  await smtp.stop();
});

const OWNER = 'anna@trattoria.example';
const tokenIn = (text: string) => /[?&]token=([\w-]+)/.exec(text)?.[1];

const send = (method: 'GET' | 'POST', url: string, payload?: object, token?: string) =>
  harness.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: nextIp(),
  });

/** Every row of every table, as one text. */
async function everyRow(): Promise<string> {
  const tables = await harness.app.db.introspection.getTables();
  expect(tables.map((table) => table.name)).toEqual(
    expect.arrayContaining(['outbox', 'password_resets', 'staff_invitations', 'audit_log']),
  );
  const dumps = await Promise.all(
    tables.map(async ({ name }) =>
      JSON.stringify(
        await harness.app.db
          .selectFrom(name as 'outbox')
          .selectAll()
          .execute(),
      ),
    ),
  );
  return dumps.join('\n');
}

/** The reset mail, once send-email has written it (after its answer, by design). */
async function queuedResetMail() {
  const query = () =>
    harness.app.db
      .selectFrom('outbox')
      .select(['secret_link', 'text_body'])
      .where('kind', '=', 'password-reset')
      .executeTakeFirst();
  await expect.poll(query).toBeDefined();
  return (await query())!;
}

const outboxSettled = async () =>
  (await harness.app.db.selectFrom('outbox').select('status').execute()).every(
    (row) => row.status !== 'pending',
  );

describe('reset and invitation tokens', () => {
  it('are in no table row once their mails are sent, and in no log line, pages and API alike', async () => {
    harness = await testApp(
      { SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@trattoria.example' },
      { logStream },
    );
    await createStaff(harness.app, { role: 'owner' });
    const ownerToken = await login(harness.app, OWNER, STAFF_PASSWORD, nextIp());

    await send('POST', '/api/auth/send-email', { email: OWNER });
    const invited = await send(
      'POST',
      '/api/staff/invitations',
      { email: 'marco@trattoria.example', firstName: 'Marco', lastName: 'Bianchi', role: 'staff' },
      ownerToken,
    );
    expect(invited.statusCode).toBe(201);
    const mails = await smtp.waitFor(2);
    const [resetToken, inviteToken] = [
      mails.find((mail) => mail.text.includes('reset-password'))!,
      mails.find((mail) => mail.text.includes('accept-invite'))!,
    ].map((mail) => tokenIn(mail.text)!);
    expect(resetToken).toMatch(/^[\w-]{43}$/);
    expect(inviteToken).toMatch(/^[\w-]{43}$/);

    // The links are used as people use them: the page, a refused try, the real one.
    expect((await send('GET', `/reset-password?token=${resetToken}`)).statusCode).toBe(200);
    const recovery = `/api/auth/recovery-password/${resetToken}`;
    expect((await send('POST', recovery, { password: 'short' })).statusCode).toBe(400);
    expect((await send('POST', recovery, { password: 'vento-di-scirocco-1' })).statusCode).toBe(
      200,
    );
    await send('GET', `/accept-invite?token=${inviteToken}`);
    const accept = `/api/staff/invitations/${inviteToken}/accept`;
    expect((await send('POST', accept, { password: 'short' })).statusCode).toBe(400);
    expect((await send('POST', accept, { password: 'barche-in-rada-2' })).statusCode).toBe(200);
    await expect.poll(outboxSettled).toBe(true);

    const rows = await everyRow();
    const log = logged.join('');
    for (const token of [resetToken, inviteToken]) {
      expect(rows).not.toContain(token);
      expect(log).not.toContain(token);
    }
    // The requests were logged, their tokens masked.
    expect(log).toContain('/reset-password?token=***');
    expect(log).toContain('/api/auth/recovery-password/***');
    expect(log).toContain('/accept-invite?token=***');
    expect(log).toContain('/api/staff/invitations/***/accept');
  });

  it('are deleted, unsent, when their link expires before SMTP comes back', async () => {
    harness = await testApp({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'x@trattoria.example' });
    await harness.app.outbox.stop();
    await createStaff(harness.app);
    await send('POST', '/api/auth/send-email', { email: OWNER });
    const row = await queuedResetMail();
    const token = tokenIn(row.secret_link!)!;
    // The body never holds the link itself; only the send puts it in.
    expect(row.text_body).not.toContain(token);
    // An hour later the link no longer works: the mail is not worth sending.
    await harness.app.db
      .updateTable('outbox')
      .set({ secret_expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    harness.app.outbox.start();
    await expect
      .poll(() =>
        harness.app.db.selectFrom('outbox').select(['status', 'secret_link']).executeTakeFirst(),
      )
      .toEqual({ status: 'failed', secret_link: null });
    expect(await everyRow()).not.toContain(token);
  });

  it('without SMTP_URL: a warning at start-up, and a mail holding a link is logged without it (by id and kind)', async () => {
    harness = await testApp({}, { pages: false, logStream });
    expect(logged.join('')).toContain('SMTP_URL is not set');
    await createStaff(harness.app);
    await harness.app.outbox.stop();
    await send('POST', '/api/auth/send-email', { email: OWNER });
    const { secret_link } = await queuedResetMail();
    const token = tokenIn(secret_link!)!;
    harness.app.outbox.start();
    await expect.poll(outboxSettled).toBe(true);
    const log = logged.join('');
    expect(log).toContain('SMTP_URL unset: logged, not sent');
    expect(log).toContain('"kind":"password-reset"');
    expect(log).not.toContain(token);
    expect(await everyRow()).not.toContain(token);
  });
});
