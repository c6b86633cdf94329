import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from './testing/database.ts';

// The real process, as `npm run serve` starts it, on SQLite or PostgreSQL.
const MAIN = resolve(import.meta.dirname, 'main.ts');
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, DATABASE_URL: database.url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', resolveExit));
  return { child, exited, output: () => output };
}

describe('server process', () => {
  it('refuses a bad configuration, naming each bad key', async () => {
    const server = start({
      PORT: 'abc',
      SMTP_URL: 'ftp://mail.example',
      CLOCK_START: '24/12/2026',
      HOST: '127.0.0.1',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('PORT:');
    expect(server.output()).toContain('SMTP_URL:');
    expect(server.output()).toContain('CLOCK_START:');
  });

  it('serves, then closes gracefully on SIGTERM', async () => {
    const server = start({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    const address = await new Promise<string>((resolveAddress, reject) => {
      const timer = setTimeout(() => reject(new Error(server.output())), 15_000);
      server.child.stdout.on('data', () => {
        const match = server.output().match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
        if (match?.[1]) {
          clearTimeout(timer);
          resolveAddress(match[1]);
        }
      });
    });
    const health = await fetch(`${address}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  });

  /** Waits until the output holds `text`, then stops the process gracefully. */
  async function outputUntil(server: ReturnType<typeof start>, text: string): Promise<string> {
    await new Promise<void>((resolveSeen, reject) => {
      const timer = setTimeout(() => reject(new Error(server.output())), 15_000);
      const look = () => {
        if (!server.output().includes(text)) return;
        clearTimeout(timer);
        resolveSeen();
      };
      server.child.stdout.on('data', look);
      look();
    });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    return server.output();
  }

  it('prints the start-up banner, JSON on a pipe, even with LOG_LEVEL=warn, no credential in it', async () => {
    const server = start({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_URL: 'smtp://mailUser:Smtp-S3cret@127.0.0.1:2525',
    });
    const output = await outputUntil(server, 'the restaurant site is running');
    const banner = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'the restaurant site is running');
    const databaseUrl = new URL(database.url);
    expect(banner).toMatchObject({
      level: 30,
      site: {
        publicUrl: expect.stringMatching(/^http:\/\/localhost:/),
        listening: [expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/)],
      },
      database:
        testDialect() === 'postgres'
          ? {
              kind: 'postgresql',
              location: `${databaseUrl.hostname}:${databaseUrl.port || '5432'}${databaseUrl.pathname}`,
            }
          : { kind: 'sqlite', location: database.url.replace(/^file:/, '') },
      mail: { configured: true, server: 'smtp://127.0.0.1:2525' },
      translation: { provider: 'none' },
    });
    expect(output).not.toContain('Smtp-S3cret');
    expect(output).not.toContain('mailUser');
    if (databaseUrl.password) expect(output).not.toContain(`:${databaseUrl.password}@`);
  });

  it('prints pino-pretty lines and the banner as text with LOG_FORMAT=pretty', async () => {
    const server = start({ PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'pretty' });
    const output = await outputUntil(server, 'translation:');
    expect(output).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] INFO: Server listening at/m);
    expect(output).toContain('INFO: The restaurant site is running');
    expect(output).toContain(
      `  database:    ${testDialect() === 'postgres' ? 'PostgreSQL' : 'SQLite'}, `,
    );
    expect(output).not.toMatch(/^\{"level"/m);
  });

  // Three server processes started one after another: past vitest's 20 s on a loaded machine.
  it('prints a new setup link at each start while no account exists; the older one stops working', async () => {
    const fresh = await createTestDatabase();
    try {
      /** Starts the server on `fresh`; with `printsLink`, waits for the link it prints. */
      const startFresh = async (printsLink: boolean) => {
        const server = start({
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          DATABASE_URL: fresh.url,
          PUBLIC_URL: 'https://www.trattoria.example',
        });
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;
        // The hint for scripts is the line logged after the link.
        // The link, when there is one, is the banner's last line; without one, the banner is.
        const ready = printsLink ? /First owner: open/ : /the restaurant site is running/;
        await expect.poll(() => ready.test(server.output()), { timeout: 15_000 }).toBe(true);
        const address = listening.exec(server.output())![1]!;
        const link =
          /"setupLink":\{"url":"(https:\/\/www\.trattoria\.example\/setup\?token=[\w-]{43})"/.exec(
            server.output(),
          )?.[1];
        return { server, address, link };
      };
      const stop = async (server: ReturnType<typeof start>) => {
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      };
      const owner = (token: string) => ({
        token,
        firstName: 'Anna',
        lastName: 'Rossi',
        email: 'anna@trattoria.example',
        password: 'barche-in-rada-al-tramonto',
      });
      const post = (address: string, body: object) =>
        fetch(`${address}/api/setup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });

      const first = await startFresh(true);
      expect(first.link).toBeDefined();
      expect(first.server.output()).toContain(`First owner: open ${first.link} (valid until `);
      await stop(first.server);

      const second = await startFresh(true);
      expect(second.link).toBeDefined();
      expect(second.link).not.toBe(first.link);
      const token = (link: string) => new URL(link).searchParams.get('token')!;
      expect((await post(second.address, owner(token(first.link!)))).status).toBe(401);
      expect((await post(second.address, owner(token(second.link!)))).status).toBe(201);
      await stop(second.server);

      // An owner exists: no link any more.
      const third = await startFresh(false);
      expect((await post(third.address, owner(token(second.link!)))).status).toBe(404);
      await stop(third.server);
      expect(third.server.output()).not.toContain('/setup?token=');
    } finally {
      await fresh.drop();
    }
  }, 60_000);

  it.runIf(testDialect() === 'postgres')(
    'refuses to start on a PostgreSQL that would lose acknowledged writes',
    async () => {
      const url = new URL(database.url);
      const options = url.searchParams.get('options');
      url.searchParams.set('options', `${options ? `${options} ` : ''}-c synchronous_commit=off`);
      const server = start({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: url.toString() });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('synchronous_commit is off');
    },
  );
});
