import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real process, as `npm run serve` starts it.
const MAIN = resolve(import.meta.dirname, 'main.ts');
const dir = mkdtempSync(join(tmpdir(), 'restaurant-main-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, DATABASE_URL: `file:${join(dir, 'db.sqlite')}`, ...env },
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
    const server = start({ PORT: 'abc', SMTP_URL: 'ftp://mail.example', HOST: '127.0.0.1' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('PORT:');
    expect(server.output()).toContain('SMTP_URL:');
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
});
