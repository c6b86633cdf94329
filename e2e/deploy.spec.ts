import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, test, expect } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium.ts';
import { startCaddy, type RunningCaddy } from './support/caddy.ts';
import { e2eProject } from './support/project.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import type { TestDatabase } from '../src/server/testing/database.ts';
import { createE2eDatabase } from './support/database.ts';
import { freePort } from '../src/server/testing/ports.ts';

// The deployment recipe of deploy/ run, not only written (issue 41): the
// real deploy/Caddyfile in Debian's Caddy, with `tls internal` on loopback
// ports, in front of two instances of the built app behind one PostgreSQL
// database (one instance on SQLite when PostgreSQL is not configured), each
// with TRUST_PROXY as deploy/restaurant.env.example sets it.

const ROOT = resolve(import.meta.dirname, '..');
const DOMAIN = 'trattoria.test';
/** TRUST_PROXY as the deployment's environment file sets it. */
const DEPLOYED_TRUST_PROXY = /^TRUST_PROXY=(.+)$/m.exec(
  readFileSync(join(ROOT, 'deploy/restaurant.env.example'), 'utf8'),
)![1]!;

// One run is enough: with PostgreSQL configured it runs in the `postgres`
// project (playwright.config.ts), in front of two instances.
test.skip(
  () => e2eProject().database === 'sqlite' && Boolean(process.env.TEST_POSTGRES_URL),
  'runs in the postgres project, in front of two instances',
);
test.describe.configure({ mode: 'serial' });

let database: TestDatabase | undefined;
const instances: TestServer[] = [];
let caddy: RunningCaddy;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const env = {
    PUBLIC_URL: `https://${DOMAIN}:${httpsPort}`,
    TRUST_PROXY: DEPLOYED_TRUST_PROXY,
    LOG_LEVEL: 'info',
  };
  if (e2eProject().database === 'postgres') {
    database = await createE2eDatabase();
    // One after the other: the first migrates, the second finds it done.
    instances.push(await startTestServer({ ...env, DATABASE_URL: database.url }));
    instances.push(await startTestServer({ ...env, DATABASE_URL: database.url }));
  } else {
    instances.push(await startTestServer(env));
  }
  caddy = await startCaddy({
    domain: DOMAIN,
    httpsPort,
    httpPort,
    upstreams: instances.map((instance) => new URL(instance.url).host),
  });
});

test.afterAll(async () => {
  await caddy?.stop();
  await Promise.all(instances.map((instance) => instance.stop()));
  await database?.drop();
});

test('pages are served over HTTPS, with the certificate of the domain', async () => {
  for (const path of ['/', '/menu', '/contact', '/dashboard']) {
    const answer = await caddy.request(path);
    expect(answer.status, path).toBe(200);
    expect(answer.header('content-type'), path).toMatch(/^text\/html/);
    expect(answer.body, path).toContain('<html lang="it"');
  }
});

test('plain HTTP is redirected to the same address over HTTPS', async () => {
  const answer = await caddy.request('/menu?lng=en', { plain: true });
  expect([301, 308]).toContain(answer.status);
  // On a server the HTTPS port is 443, which an address leaves out; Debian's
  // Caddy 2.6 leaves this test's port out too.
  const { port } = new URL(caddy.origin);
  expect(answer.header('location')).toMatch(
    new RegExp(`^https://${DOMAIN.replaceAll('.', '\\.')}(:${port})?/menu\\?lng=en$`),
  );
});

test('HSTS is sent once, on pages, the API and a missing file alike', async () => {
  for (const path of ['/', '/api/health', '/assets/no-such-file.js']) {
    const answer = await caddy.request(path);
    const hsts = answer.rawHeaders.filter(([name]) => name === 'strict-transport-security');
    expect(hsts, path).toEqual([
      ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
    ]);
  }
});

test('the rate limits count the real client: a made-up X-Forwarded-For changes nothing', async () => {
  // The contact form allows 5 posts per 10 minutes per address
  // (src/server/routes/api/contact.ts). Client 127.0.0.2 names another
  // address in X-Forwarded-For at each post: Caddy replaces the header with
  // the address the connection came from, so the sixth is refused, while
  // client 127.0.0.3 (another real address, through the same Caddy) is not.
  const post = (from: string, i: number) =>
    caddy.request('/api/contact', {
      method: 'POST',
      from,
      headers: { 'X-Forwarded-For': `203.0.113.${i + 1}` },
      body: JSON.stringify({
        firstName: 'Ospite',
        lastName: `Numero ${i}`,
        email: `ospite${i}@example.com`,
        message: `Messaggio numero ${i}: un tavolo per due, grazie.`,
        privacy: true,
      }),
    });
  const statuses: number[] = [];
  for (let i = 0; i < 6; i += 1) statuses.push((await post('127.0.0.2', i)).status);
  expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  expect((await post('127.0.0.3', 6)).status).toBe(202);
});

test('the back office’s service worker registers: Chromium sees a secure context', async () => {
  // This test's browser alone takes Caddy's certificate, by the hashes of
  // its public keys (Caddy's local CA is trusted nowhere), and resolves the
  // domain to loopback.
  const browser = await chromium.launch({
    ...CHROMIUM_LAUNCH,
    args: [
      ...CHROMIUM_LAUNCH.args,
      `--host-resolver-rules=${caddy.resolverRule}`,
      `--ignore-certificate-errors-spki-list=${caddy.spkiHashes.join(',')}`,
    ],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${caddy.origin}/dashboard`);
    const state = await page.evaluate(async () => {
      await navigator.serviceWorker.register('/dashboard/sw.js', { scope: '/dashboard' });
      const registration = await navigator.serviceWorker.ready;
      return {
        secure: window.isSecureContext,
        scope: registration.scope,
        active: registration.active?.state,
      };
    });
    expect(state).toEqual({
      secure: true,
      scope: `${caddy.origin}/dashboard`,
      active: expect.stringMatching(/^activat(ing|ed)$/),
    });
  } finally {
    await browser.close();
  }
});

test('with one instance stopped, the site keeps answering through the other', async () => {
  test.skip(instances.length < 2, 'needs PostgreSQL for two instances: the postgres project');
  const [stopped] = instances;
  await stopped!.stop();
  // Half of these would go to the stopped one, were it not skipped.
  for (let i = 0; i < 10; i += 1) {
    const answer = await caddy.request(i % 2 ? '/api/health' : '/menu');
    expect(answer.status, `request ${i}`).toBe(200);
  }
});

test('the systemd unit passes systemd-analyze verify', () => {
  const analyze = spawnSync('systemd-analyze', ['--version']);
  test.skip(
    analyze.status !== 0,
    'no working systemd-analyze on this machine: the unit is not verified',
  );
  // As installed, with its paths in /srv/restaurant pointing at this
  // checkout (verify checks that ExecStart's program exists).
  const dir = mkdtempSync(join(tmpdir(), 'restaurant-units-'));
  try {
    const unit = readFileSync(join(ROOT, 'deploy/restaurant@.service'), 'utf8').replaceAll(
      '/srv/restaurant',
      ROOT,
    );
    const instance = join(dir, 'restaurant@3001.service');
    writeFileSync(instance, unit);
    const verified = spawnSync('systemd-analyze', ['verify', instance], { encoding: 'utf8' });
    // Its complaints name the unit; others (about the machine's own units) do not.
    const complaints = `${verified.stdout}${verified.stderr}`
      .split('\n')
      .filter((line) => line.includes('restaurant@'));
    expect(complaints).toEqual([]);
    expect(verified.status).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
