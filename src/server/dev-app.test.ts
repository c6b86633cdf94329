import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { buildDevApp } from './dev-app.ts';
import { createTestDatabase, type TestDatabase } from './testing/database.ts';
import { freePort } from './testing/ports.ts';

// `npm run dev`'s app in-process, listening on a port of its own, on a
// database of its own: Vite compiles the pages from source, no build needed.
let database: TestDatabase;
let app: FastifyInstance;
let origin: string;
let closed = false;

beforeAll(async () => {
  database = await createTestDatabase();
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
  });
  app = await buildDevApp({ config, logger: false });
  await app.listen({ port: config.PORT, host: config.HOST });
  origin = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(async () => {
  if (app && !closed) await app.close();
  await database?.drop();
});

const directive = (policy: string | null, name: string) =>
  policy?.split('; ').find((entry) => entry.startsWith(`${name} `));

describe('npm run dev', () => {
  it('renders pages on the server, in the language asked for, uncached', async () => {
    const response = await fetch(`${origin}/?lng=en`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(html).toContain('Follow us on social media');
    // The modules come from source, not from a build, with Vite's HMR runtime.
    expect(html).toContain('import("/src/app/entry.client.tsx")');
    expect(html).toContain('virtual:react-router/inject-hmr-runtime');
    // The page cache would add an ETag: an edit must show on the next request.
    expect(response.headers.get('etag')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  }, 60_000);

  it("relaxes the page's CSP for Vite only: inline styles and the HMR websocket", async () => {
    const policy = (await fetch(`${origin}/menu?lng=en`)).headers.get('content-security-policy');
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' ws: wss:");
    expect(directive(policy, 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
    // Scripts stay allowed by hash only: the inline ones React Router writes.
    expect(directive(policy, 'script-src')).toMatch(/^script-src 'self'( '[^']+')+$/);
    expect(directive(policy, 'script-src')).not.toContain('unsafe');
    expect(policy).toContain("frame-ancestors 'none'");
  }, 30_000);

  it("serves Vite's client and the app's modules", async () => {
    const client = await fetch(`${origin}/@vite/client`);
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await client.text()).toContain('vite-hmr');
    const root = await fetch(`${origin}/src/app/root.tsx`);
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('$RefreshReg$');
  });

  it('answers the API itself, with the production headers and never through Vite', async () => {
    const health = await fetch(`${origin}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(health.headers.get('content-security-policy')).toBe(
      "default-src 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    const unknown = await fetch(`${origin}/api/@vite/client`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
    // Vite refuses a Host it does not know (DNS rebinding); the API never sees that check.
    const host = { host: 'rebinding.example' };
    expect((await app.inject({ url: '/?lng=en', headers: host })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/health', headers: host })).json()).toEqual({
      status: 'ok',
    });
  });

  it('sends no CORS header, from the API or from Vite', async () => {
    const headers = { origin: 'http://localhost:5173' };
    for (const path of ['/api/health', '/@vite/client']) {
      const response = await fetch(`${origin}${path}`, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('takes the HMR websocket on its own port, and closes promptly with one open', async () => {
    const client = await (await fetch(`${origin}/@vite/client`)).text();
    const token = client.match(/const wsToken = "([^"]+)"/)?.[1];
    expect(token).toBeDefined();
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/?token=${token}`, 'vite-hmr');
    const firstMessage = await new Promise<string>((resolve, reject) => {
      socket.addEventListener('message', (event) => resolve(String(event.data)), { once: true });
      socket.addEventListener('error', () => reject(new Error('websocket refused')), {
        once: true,
      });
    });
    expect(JSON.parse(firstMessage)).toEqual({ type: 'connected' });
    const socketClosed = new Promise((resolve) => socket.addEventListener('close', resolve));

    const started = Date.now();
    closed = true;
    await app.close();
    await socketClosed;
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(fetch(`${origin}/api/health`)).rejects.toThrow();
  });
});
