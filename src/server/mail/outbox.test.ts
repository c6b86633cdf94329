import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { startSmtpServer } from '../testing/smtp.ts';
import type { KyselyPlugin } from 'kysely';
import { enqueueMail, OutboxWorker, retryDelayMs } from './outbox.ts';
import { smtpTransport } from './transports.ts';

// Every mail is stored before any send, retried with backoff, delivered
// after an outage or a restart, never twice for one success.
let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeEach(async () => {
  database = await createTestDatabase(undefined, { migrated: true });
  smtp = await startSmtpServer();
});
afterEach(async () => {
  await smtp.stop().catch(() => {});
  await database.drop();
});

/** `outboxPollMs`: how often the worker looks by itself (a test that drains by hand keeps it from racing). */
async function app(env: Record<string, string> = {}, outboxPollMs = 100) {
  const config = loadConfig({
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'no-reply@trattoria.example',
    ...env,
  });
  const instance = await buildApp({ config, logger: false, outboxPollMs });
  await instance.ready();
  return instance;
}

const mail = (n: number) => ({
  kind: 'test',
  to: `guest${n}@example.com`,
  subject: `Messaggio ${n}`,
  text: `Testo ${n}`,
  html: `<p>Testo ${n}</p>`,
});

const rows = (instance: Awaited<ReturnType<typeof app>>) =>
  instance.db.selectFrom('outbox').selectAll().orderBy('id').execute();

describe('outbox', () => {
  it('sends a queued mail once, with From, the stored subject and a stable Message-ID', async () => {
    const server = await app();
    await enqueueMail(server.db, mail(1));
    server.outbox.kick();
    const [received] = await smtp.waitFor(1);
    expect(received!.to).toEqual(['guest1@example.com']);
    expect(received!.header('subject')).toBe('Messaggio 1');
    expect(received!.header('message-id')).toMatch(/^<outbox-1\.\d+@trattoria\.example>$/);
    await expect.poll(async () => (await rows(server))[0]?.status).toBe('sent');
    await server.close();
    expect(smtp.received).toHaveLength(1);
  });

  it('retries after SMTP failures with backoff, then delivers exactly once', async () => {
    // Drained by hand: the worker's own poll would claim the mail under the test's feet.
    const server = await app({}, 60 * 60 * 1000);
    smtp.failNext(2);
    await enqueueMail(server.db, mail(2));
    await server.outbox.drain();
    let [row] = await rows(server);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.last_error).toContain('451');
    // The first retry comes within 10 seconds.
    expect(Date.parse(row!.next_attempt_at) - Date.now()).toBeLessThanOrEqual(10_000);
    const due = () =>
      server.db.updateTable('outbox').set({ next_attempt_at: new Date().toISOString() }).execute();
    await due();
    await server.outbox.drain();
    await due();
    await server.outbox.drain();
    [row] = await rows(server);
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    await server.close();
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps mail through an SMTP outage and a restart, and delivers it afterwards', async () => {
    await smtp.stop();
    const first = await app();
    await enqueueMail(first.db, mail(3));
    await first.outbox.drain();
    expect((await rows(first))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    await first.close();

    await smtp.start();
    const second = await app();
    await second.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date().toISOString() })
      .execute();
    second.outbox.kick();
    await smtp.waitFor(1);
    await expect.poll(async () => (await rows(second))[0]?.status).toBe('sent');
    await second.close();
    expect(smtp.received.map((m) => m.header('subject'))).toEqual(['Messaggio 3']);
  });

  it('two workers on one database never send the same mail twice', async () => {
    const a = await app();
    const b = await app();
    for (let n = 0; n < 20; n += 1) await enqueueMail(a.db, mail(100 + n));
    await Promise.all([a.outbox.drain(), b.outbox.drain(), a.outbox.drain(), b.outbox.drain()]);
    await smtp.waitFor(20);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await a.close();
    await b.close();
    const subjects = smtp.received.map((m) => m.header('subject'));
    expect(subjects).toHaveLength(20);
    expect(new Set(subjects).size).toBe(20);
  });

  it('records a sent mail as sent even when that write fails at first: never a second send', async () => {
    const server = await app();
    await server.outbox.stop();
    let failures = 2;
    // The real database, with the first two "sent" records failing as a lost connection would.
    const flaky: KyselyPlugin = {
      transformQuery({ node }) {
        if (node.kind === 'UpdateQueryNode' && JSON.stringify(node).includes('"sent"')) {
          if (failures > 0) {
            failures -= 1;
            throw new Error('connection lost');
          }
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const worker = new OutboxWorker({
      db: server.db.withPlugin(flaky),
      dialect: server.dialect,
      transport: smtpTransport(smtp.url),
      from: 'no-reply@trattoria.example',
      log: server.log,
    });
    await enqueueMail(server.db, mail(5));
    worker.start();
    await smtp.waitFor(1);
    await expect.poll(async () => (await rows(server))[0]?.status).toBe('sent');
    expect(failures).toBe(0);
    // Even once due again, nothing is left to send.
    await server.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date().toISOString() })
      .execute();
    expect(await worker.drain()).toBe(0);
    await worker.stop();
    await server.close();
    expect(smtp.received).toHaveLength(1);
  });

  describe('what a mail keeps once it leaves pending (docs/security.md items 34 and 42)', () => {
    const HOUR = 60 * 60 * 1000;
    // An invitation's link works for 7 days; its mail is personal here (a guest's words).
    const invitation = (expiresInMs: number) => ({
      ...mail(6),
      kind: 'staff-invitation',
      text: 'Entra: {{secret-link}}',
      html: '<a href="{{secret-link}}">Entra</a>',
      secretLink: { url: 'https://www.trattoria.example/invito?token=secret', expiresAt: '' },
      calendar: { method: 'REQUEST' as const, ics: 'BEGIN:VCALENDAR' },
      personal: true,
      expiresInMs,
    });

    /** A worker on the real SMTP server, on a clock the test moves; `during` runs inside each send. */
    async function worker(during: () => void = () => {}) {
      const server = await app();
      await server.outbox.stop();
      let now = 0;
      const smtpSend = smtpTransport(smtp.url);
      const outbox = new OutboxWorker({
        db: server.db,
        dialect: server.dialect,
        transport: {
          send: async (sent) => {
            during();
            await smtpSend.send(sent);
          },
          close: () => smtpSend.close?.(),
        },
        from: 'no-reply@trattoria.example',
        log: server.log,
        now: () => now,
      });
      // Mails are queued at the wall clock's instant, which the test clock then starts from.
      const enqueue = async ({ expiresInMs, ...queued }: ReturnType<typeof invitation>) => {
        now = Date.now();
        await enqueueMail(server.db, {
          ...queued,
          secretLink: {
            ...queued.secretLink,
            expiresAt: new Date(now + expiresInMs).toISOString(),
          },
        });
        now = Date.now();
      };
      const later = (ms: number) => {
        now += ms;
        return server.db
          .updateTable('outbox')
          .set({ next_attempt_at: new Date(now).toISOString() })
          .where('status', '=', 'pending')
          .execute();
      };
      return {
        server,
        outbox,
        enqueue,
        later,
        advance: (ms: number) => (now += ms),
        async close() {
          await outbox.stop();
          await server.close();
        },
      };
    }

    const forgotten = { secret_link: null, text_body: '', html_body: '', calendar_ics: null };

    it('a mail given up after 48 hours keeps neither its link nor its personal bodies', async () => {
      const w = await worker();
      await w.enqueue(invitation(7 * 24 * HOUR));
      smtp.failNext(1_000);
      await w.outbox.drain();
      await w.later(47 * HOUR);
      await w.outbox.drain();
      expect((await rows(w.server))[0]).toMatchObject({ status: 'pending' });
      await w.later(2 * HOUR);
      await w.outbox.drain();
      expect((await rows(w.server))[0]).toMatchObject({ status: 'failed', ...forgotten });
      await w.close();
    });

    it('gives up at the link’s expiry when it comes before 48 hours, keeping nothing', async () => {
      let clockMoves = 0;
      // The send outlasts the link (a server answering slowly), then fails.
      const w = await worker(() => w.advance(clockMoves));
      await w.enqueue(invitation(HOUR));
      smtp.failNext(1);
      clockMoves = 2 * HOUR;
      await w.outbox.drain();
      expect((await rows(w.server))[0]).toMatchObject({ status: 'failed', ...forgotten });
      await w.close();
      expect(smtp.received).toHaveLength(0);
    });

    it('a pending mail whose link expired fails, keeping neither link nor personal bodies', async () => {
      const w = await worker();
      await w.enqueue(invitation(HOUR));
      smtp.failNext(1);
      await w.outbox.drain();
      await w.later(HOUR);
      await w.outbox.drain();
      expect((await rows(w.server))[0]).toMatchObject({ status: 'failed', ...forgotten });
      await w.close();
    });

    it('a sent personal mail keeps neither its link nor its bodies', async () => {
      const w = await worker();
      await w.enqueue(invitation(HOUR));
      await w.outbox.drain();
      expect((await rows(w.server))[0]).toMatchObject({ status: 'sent', ...forgotten });
      await w.close();
      expect(smtp.received[0]!.text).toContain('token=secret');
    });
  });

  it('keeps no e-mail address in last_error when the server quotes the refused recipient (item 42)', async () => {
    smtp.refuseRecipient('guest1@example.com');
    const server = await app();
    await enqueueMail(server.db, mail(1));
    server.outbox.kick();
    await expect.poll(async () => (await rows(server))[0]!.last_error).not.toBeNull();
    const [row] = await rows(server);
    await server.close();
    expect(row).toMatchObject({ status: 'pending' });
    expect(row!.last_error).toMatch(/^550\b/);
    expect(row!.last_error).not.toContain('guest1');
    expect(row!.last_error).not.toContain('@');
  });

  it('a contact message’s mail is personal: once sent it keeps no body (item 42)', async () => {
    const server = await app({ CONTACT_EMAIL: 'staff@trattoria.example' });
    const posted = await server.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        firstName: 'Giulia',
        lastName: 'Verdiana',
        email: 'giulia.verdiana@example.com',
        message: 'Festeggio il compleanno di mia figlia Marta sabato sera',
        privacy: true,
        lang: 'it',
      },
    });
    expect(posted.statusCode).toBe(202);
    await smtp.waitFor(1);
    await expect.poll(async () => (await rows(server))[0]!.status).toBe('sent');
    const [row] = await rows(server);
    await server.close();
    expect(smtp.received[0]!.text).toContain('Marta');
    expect(row).toMatchObject({ kind: 'contact', status: 'sent', text_body: '', html_body: '' });
  });

  it('without SMTP_URL, mail is logged and recorded as sent', async () => {
    const server = await app({ SMTP_URL: '' });
    await enqueueMail(server.db, mail(4));
    await server.outbox.drain();
    expect((await rows(server))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    await server.close();
    expect(smtp.received).toHaveLength(0);
  });

  it('backs off from 5 s, doubling, capped at 10 minutes, with jitter', () => {
    const high = () => 1 - Number.EPSILON;
    const low = () => 0;
    expect(retryDelayMs(1, high)).toBeLessThanOrEqual(5_000);
    expect(retryDelayMs(1, low)).toBe(2_500);
    expect(retryDelayMs(2, high)).toBeLessThanOrEqual(10_000);
    expect(retryDelayMs(30, high)).toBeLessThanOrEqual(600_000);
    expect(retryDelayMs(30, low)).toBe(300_000);
  });
});
