import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createStaff, login } from '../../testing/app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { startSmtpServer } from '../../testing/smtp.ts';

// POST /api/contact (validation, header injection, rate limit, honeypot,
// delivery through the outbox) and the staff inbox.
let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const open: FastifyInstance[] = [];
beforeEach(async () => {
  database = await createTestDatabase(undefined, { migrated: true });
  smtp = await startSmtpServer();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((app) => app.close()));
  await smtp.stop().catch(() => {});
  await database.drop();
});

async function server({
  contactEmail = 'staff@trattoria.example',
}: { contactEmail?: string | null } = {}): Promise<FastifyInstance> {
  const config = loadConfig({
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'no-reply@trattoria.example',
    ...(contactEmail === null ? {} : { CONTACT_EMAIL: contactEmail }),
  });
  const app = await buildApp({ config, logger: false, outboxPollMs: 100 });
  await app.ready();
  open.push(app);
  return app;
}

const message = {
  firstName: 'Giulia',
  lastName: 'Verdi',
  email: 'giulia@example.com',
  message: 'Vorrei prenotare per 6 persone sabato sera.\nGrazie!',
  privacy: true,
  lang: 'en',
};
let ip = 0;
const post = (app: FastifyInstance, payload: unknown, remoteAddress = `10.3.0.${++ip}`) =>
  app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });
const count = async (app: FastifyInstance) =>
  (await app.db.selectFrom('contact_messages').selectAll().execute()).length;

describe('POST /api/contact', () => {
  it('stores the message with its consent, answers 202, delivers it to CONTACT_EMAIL', async () => {
    const app = await server();
    const response = await post(app, message);
    expect(response.statusCode).toBe(202);
    const { id } = response.json();
    const row = await app.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ first_name: 'Giulia', lang: 'en', spam: 0 });
    expect(row.privacy_accepted_at).toMatch(/^\d{4}-/);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['staff@trattoria.example']);
    expect(mail!.header('from')).toContain('no-reply@trattoria.example');
    expect(mail!.header('reply-to')).toContain('giulia@example.com');
    expect(mail!.header('subject')).toBe('Nuovo messaggio dal sito da Giulia Verdi');
    expect(mail!.text).toContain('Vorrei prenotare per 6 persone sabato sera.');
    expect(mail!.raw).toContain('text/html');
  });

  it('refuses bad input in the API error shapes and stores nothing', async () => {
    const app = await server();
    const cases: unknown[] = [
      { ...message, privacy: false },
      { ...message, privacy: undefined },
      { ...message, email: 'not-an-email' },
      { ...message, message: 'x'.repeat(5001) },
      { ...message, firstName: '' },
      { ...message, unknown: 1 },
      { ...message, lang: 'pt' },
      { ...message, message: 42 },
    ];
    for (const payload of cases) {
      const response = await post(app, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toHaveProperty('errors');
    }
    const text = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: 'just a string',
      remoteAddress: '10.3.1.2',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toHaveProperty('message');
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName":',
      remoteAddress: '10.3.1.1',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await count(app)).toBe(0);
  });

  it('header injection is impossible: no line break reaches a header', async () => {
    const app = await server();
    const hostile = { ...message, firstName: 'Eve\r\nBcc: victim@example.com', lastName: 'X' };
    expect((await post(app, hostile)).statusCode).toBe(400);
    const hostileEmail = { ...message, email: 'eve@example.com\r\nBcc: victim@example.com' };
    expect((await post(app, hostileEmail)).statusCode).toBe(400);
    expect(await count(app)).toBe(0);
    // The message body may hold anything; it stays in the body.
    await post(app, {
      ...message,
      message: 'Hi\r\nBcc: victim@example.com\r\n\r\n<script>alert(1)</script>',
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.header('bcc')).toBeUndefined();
    // In the HTML part the visitor's markup is text.
    expect(mail!.raw).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('limits a client address to 5 posts per 10 minutes', async () => {
    const app = await server();
    const statuses = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await post(app, message, '192.0.2.55')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const refused = await post(app, message, '192.0.2.55');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().errors[0].code).toBe('rate-limited');
    expect((await post(app, message, '192.0.2.56')).statusCode).toBe(202);
  });

  it('a filled honeypot looks accepted but is never delivered nor listed', async () => {
    const app = await server();
    expect((await post(app, { ...message, website: 'http://spam.example' })).statusCode).toBe(202);
    await app.outbox.drain();
    expect(smtp.received).toHaveLength(0);
    expect(await app.contactMessages.inbox()).toEqual([]);
  });

  it('SMTP down: the visitor still succeeds; delivered once SMTP is back, after a restart too', async () => {
    await smtp.stop();
    const first = await server();
    expect((await post(first, message)).statusCode).toBe(202);
    await first.outbox.drain();
    await first.close();
    open.splice(open.indexOf(first), 1);

    await smtp.start();
    const second = await server();
    await second.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date().toISOString() })
      .execute();
    second.outbox.kick();
    await smtp.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(1);
  });
});

describe('where contact messages go', () => {
  /** The owner changes the restaurant's e-mail through the API. */
  async function changeRestaurantEmail(app: FastifyInstance, email: string) {
    await createStaff(app);
    const token = await login(app);
    const facts = (await app.inject({ method: 'GET', url: '/api/restaurant' })).json();
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/restaurant',
      payload: { ...facts, email },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  it("without CONTACT_EMAIL: to the restaurant's e-mail, the owner's new one once changed", async () => {
    const app = await server({ contactEmail: null });
    expect((await post(app, message)).statusCode).toBe(202);
    expect((await smtp.waitFor(1))[0]!.to).toEqual(['info@latonnara.example']);
    await changeRestaurantEmail(app, 'prenotazioni@ilfaro.example');
    expect((await post(app, message)).statusCode).toBe(202);
    expect((await smtp.waitFor(2))[1]!.to).toEqual(['prenotazioni@ilfaro.example']);
  });

  it("CONTACT_EMAIL, when set, wins over the restaurant's e-mail, changed or not", async () => {
    const app = await server({ contactEmail: 'staff@trattoria.example' });
    await changeRestaurantEmail(app, 'prenotazioni@ilfaro.example');
    expect((await post(app, message)).statusCode).toBe(202);
    expect((await smtp.waitFor(1))[0]!.to).toEqual(['staff@trattoria.example']);
  });
});

describe('staff inbox', () => {
  it('lists newest first with delivery state; read/unread; bearer only', async () => {
    const app = await server();
    await createStaff(app);
    const token = await login(app);
    const auth = { authorization: `Bearer ${token}` };
    await post(app, message);
    await post(app, { ...message, firstName: 'Luca' });
    await smtp.waitFor(2);
    await expect
      .poll(async () => (await app.contactMessages.inbox()).map((m) => m.delivery?.status))
      .toEqual(['sent', 'sent']);
    expect((await app.inject({ method: 'GET', url: '/api/contact-messages' })).statusCode).toBe(
      401,
    );
    const list = (
      await app.inject({ method: 'GET', url: '/api/contact-messages', headers: auth })
    ).json().messages;
    expect(list.map((m: { firstName: string }) => m.firstName)).toEqual(['Luca', 'Giulia']);
    expect(list[0]).toMatchObject({
      read: false,
      email: 'giulia@example.com',
      delivery: { status: 'sent', attempts: 1 },
    });
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/contact-messages/${list[1].id}`,
      payload: { read: true },
      headers: auth,
    });
    expect(patch.json()).toEqual({ id: list[1].id, read: true });
    const after = (
      await app.inject({ method: 'GET', url: '/api/contact-messages', headers: auth })
    ).json().messages;
    expect(after[1].read).toBe(true);
    const missing = await app.inject({
      method: 'PATCH',
      url: '/api/contact-messages/9999',
      payload: { read: true },
      headers: auth,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'PATCH',
      url: '/api/contact-messages/abc',
      payload: { read: true },
      headers: auth,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('an id past 32 bits is 400 on either database (PostgreSQL answered 500), the largest one 404', async () => {
    const app = await server();
    await createStaff(app);
    const headers = { authorization: `Bearer ${await login(app)}` };
    const patch = (id: string) =>
      app.inject({
        method: 'PATCH',
        url: `/api/contact-messages/${id}`,
        payload: { read: true },
        headers,
      });
    for (const id of ['2147483648', '999999999999999']) {
      const response = await patch(id);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['id']);
    }
    expect((await patch('2147483647')).statusCode).toBe(404);
  });
});
