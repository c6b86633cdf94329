import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../testing/smtp.ts';
import { smtpCheck } from './smtp-check.ts';
import { contextFor } from './test-context.ts';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

async function serverWithLogin() {
  const server = await startSmtpServer(0, {
    login: { user: 'sala@example.it', pass: 'p@ss:word' },
  });
  stops.push(() => server.stop());
  return server;
}

/** A port nothing listens on: one just freed. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('smtp check (a real SMTP server, nodemailer verify)', () => {
  it('is ok when the server takes the login, and sends no mail', async () => {
    const server = await serverWithLogin();
    const url = `smtp://sala%40example.it:p%40ss%3Aword@127.0.0.1:${server.port}`;
    const result = await smtpCheck(contextFor({ SMTP_URL: url }));
    expect(result).toEqual({
      name: 'smtp',
      status: 'ok',
      detail: `127.0.0.1:${server.port} answers, login accepted`,
    });
    expect(server.received).toHaveLength(0);
  });

  it('fails a wrong password, naming the login and not the password', async () => {
    const server = await serverWithLogin();
    const url = `smtp://sala%40example.it:wrong-secret@127.0.0.1:${server.port}`;
    const result = await smtpCheck(contextFor({ SMTP_URL: url }));
    expect(result).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('login refused'),
    });
    expect(result?.status === 'fail' && result.advice).toContain('user and password in SMTP_URL');
    expect(JSON.stringify(result)).not.toContain('wrong-secret');
  });

  it('fails when nothing listens, with the port to check', async () => {
    const port = await freePort();
    const result = await smtpCheck(contextFor({ SMTP_URL: `smtp://127.0.0.1:${port}` }));
    expect(result).toMatchObject({
      status: 'fail',
      detail: `127.0.0.1:${port}: nothing listens on port ${port}`,
      advice: expect.stringContaining('465 with smtps://'),
    });
  });

  it('fails TLS when smtps:// meets a server that speaks plain SMTP', async () => {
    const server = await serverWithLogin();
    const result = await smtpCheck(contextFor({ SMTP_URL: `smtps://127.0.0.1:${server.port}` }));
    expect(result).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('TLS failed'),
      advice: expect.stringContaining('port 465 takes smtps://'),
    });
  });

  it('fails in the timeout when the server never greets', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    stops.push(
      () =>
        new Promise((resolve) => {
          silent.close(() => resolve());
        }),
    );
    const { port } = silent.address() as AddressInfo;
    const started = Date.now();
    const result = await smtpCheck(
      contextFor({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { timeoutMs: 300 }),
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result).toMatchObject({ status: 'fail', detail: expect.stringContaining('no answer') });
  });

  it('warns when SMTP_URL is unset: mails are not sent', async () => {
    const result = await smtpCheck(contextFor({}));
    expect(result).toMatchObject({
      status: 'warn',
      detail: expect.stringContaining('no mail is sent'),
      advice: expect.stringContaining('SMTP_URL='),
    });
  });
});
