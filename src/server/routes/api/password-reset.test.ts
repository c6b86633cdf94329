import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaff, login, STAFF_PASSWORD, testApp } from '../../testing/app.ts';
import { startSmtpServer } from '../../testing/smtp.ts';
import { SEND_EMAIL_ANSWER } from './auth.ts';
import { passwordWork } from '../../services/passwords.ts';

// Password recovery by e-mail through a real SMTP server.
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let harness: Awaited<ReturnType<typeof testApp>>;
let ip = 0;
const MINUTE = 60 * 1000;
/** The app's clock: a test moves it instead of waiting. */
let now = Date.now();
const nextIp = () => `10.2.0.${++ip}`;

beforeEach(async () => {
  now = Date.now();
  smtp = await startSmtpServer();
  harness = await testApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@trattoria.example' },
    { pages: false, now: () => now },
  );
});
afterEach(async () => {
  await harness.close();
  await smtp.stop();
});

const post = (url: string, payload: object, remoteAddress = nextIp()) =>
  harness.app.inject({ method: 'POST', url, payload, remoteAddress });
const linkIn = (text: string) => /https?:\/\/\S+reset-password\?token=[\w-]+/.exec(text)?.[0];
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('send-email', () => {
  it('answers the same for known and unknown e-mails; only the known one gets a link', async () => {
    await createStaff(harness.app);
    const known = await post('/api/auth/send-email', {
      email: 'anna@trattoria.example',
      url: 'https://www.trattoria.example/reset-password',
    });
    const unknown = await post('/api/auth/send-email', {
      email: 'ghost@trattoria.example',
      url: 'https://www.trattoria.example/reset-password',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: SEND_EMAIL_ANSWER });
    const [mail] = await smtp.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(1);
    expect(mail!.to).toEqual(['anna@trattoria.example']);
    expect(mail!.header('from')).toContain('no-reply@trattoria.example');
    expect(linkIn(mail!.text)).toMatch(
      /^https:\/\/www\.trattoria\.example\/reset-password\?token=[\w-]{43}$/,
    );
  });

  it('never puts a foreign origin in the link', async () => {
    await createStaff(harness.app);
    await post('/api/auth/send-email', {
      email: 'anna@trattoria.example',
      url: 'https://evil.example/reset-password',
    });
    const [mail] = await smtp.waitFor(1);
    expect(linkIn(mail!.text)).toMatch(
      /^https:\/\/www\.trattoria\.example\/reset-password\?token=/,
    );
    expect(mail!.raw).not.toContain('evil.example');
  });

  it('sends at most 5 links an hour per account and address; other addresses keep theirs', async () => {
    await createStaff(harness.app);
    for (let i = 0; i < 7; i += 1) {
      const response = await post(
        '/api/auth/send-email',
        { email: 'anna@trattoria.example' },
        '192.0.2.30',
      );
      expect(response.statusCode).toBe(200);
    }
    await smtp.waitFor(5);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received).toHaveLength(5);
    // A stranger spending one address's budget does not spend the holder's.
    await post('/api/auth/send-email', { email: 'anna@trattoria.example' }, '192.0.2.31');
    await smtp.waitFor(6);
  });
});

describe('recovery-password', () => {
  async function requestLink(): Promise<string> {
    const before = smtp.received.length;
    await post('/api/auth/send-email', { email: 'anna@trattoria.example' });
    const mails = await smtp.waitFor(before + 1);
    return linkIn(mails[before]!.text)!;
  }

  it('sets the new password, single use, revokes every session, mails the owner', async () => {
    await createStaff(harness.app);
    const session = await login(harness.app);
    const token = tokenOf(await requestLink());
    const reset = await post(`/api/auth/recovery-password/${token}`, {
      password: 'nuova-password-del-mare',
    });
    expect(reset.statusCode).toBe(200);
    // No automatic login after a reset: no token in the answer.
    expect(reset.json()).toEqual({ message: 'La password è stata reimpostata con successo.' });
    const me = await harness.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(me.statusCode).toBe(401);
    await expect(login(harness.app, 'anna@trattoria.example', STAFF_PASSWORD)).rejects.toThrow(
      '401',
    );
    await login(harness.app, 'anna@trattoria.example', 'nuova-password-del-mare');
    const again = await post(`/api/auth/recovery-password/${token}`, {
      password: 'ancora-un-altra-password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].code).toBe('invalid-token');
    const mails = await smtp.waitFor(2);
    expect(mails[1]!.header('subject')).toContain('password');
    expect(mails[1]!.text).toContain('la password del tuo account è stata appena reimpostata');
  });

  it('a new link voids links older than 10 minutes, never a younger one', async () => {
    await createStaff(harness.app);
    const first = tokenOf(await requestLink());
    const second = tokenOf(await requestLink());
    const reset = (token: string) =>
      post(`/api/auth/recovery-password/${token}`, { password: 'nuova-password-del-mare' });
    await harness.app.db
      .updateTable('password_resets')
      .set({ created_at: new Date(Date.now() - 11 * 60 * 1000).toISOString() })
      .execute();
    const third = tokenOf(await requestLink());
    // Older than 10 minutes when the third was asked for: void.
    expect((await reset(first)).statusCode).toBe(400);
    expect((await reset(second)).statusCode).toBe(400);
    // A request right after the third does not void it.
    await requestLink();
    expect((await reset(third)).statusCode).toBe(200);
  });

  it('a link works for an hour on the app’s clock: still at 59 minutes, no longer at 61', async () => {
    await createStaff(harness.app);
    const reset = (token: string) =>
      post(`/api/auth/recovery-password/${token}`, { password: 'nuova-password-del-mare' });
    // Two links asked for together (a new link voids none younger than 10 minutes).
    const kept = tokenOf(await requestLink());
    const late = tokenOf(await requestLink());
    now += 59 * MINUTE;
    expect((await reset(kept)).statusCode).toBe(200);
    now += 2 * MINUTE;
    expect((await reset(late)).statusCode).toBe(400);
  });

  it('checks the token before hashing the new password', async () => {
    await createStaff(harness.app);
    const before = passwordWork().hashes;
    const answer = await post('/api/auth/recovery-password/not-a-real-token-at-all', {
      password: 'nuova-password-del-mare',
    });
    expect(answer.statusCode).toBe(400);
    expect(passwordWork().hashes).toBe(before);
  });

  it('refuses weak passwords with field errors and unknown tokens as refused operations', async () => {
    await createStaff(harness.app);
    const token = tokenOf(await requestLink());
    const short = await post(`/api/auth/recovery-password/${token}`, { password: 'corta' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password[0]).toContain('almeno 12 caratteri');
    const common = await post(`/api/auth/recovery-password/${token}`, {
      password: 'qwertyuiop123',
    });
    expect(common.json().errors).toHaveProperty('password');
    const unknown = await post('/api/auth/recovery-password/not-a-token', {
      password: 'nuova-password-del-mare',
    });
    expect(unknown.json().errors[0].code).toBe('invalid-token');
  });
});
