import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/chromium.ts';
import { DATABASE_INDEPENDENT, type E2eProjectMetadata } from './e2e/support/project.ts';
import { postgresSchemaUrl } from './src/server/testing/database.ts';

/**
 * End-to-end tests in Debian's Chromium against the built server (npm run
 * build) on a free loopback port, with a database of its own: the `sqlite`
 * project always, and the `postgres` project too when TEST_POSTGRES_URL names
 * a PostgreSQL database, each with its own server.
 */
function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})',
  ])
    .toString()
    .trim();
}

const postgresBase = process.env.TEST_POSTGRES_URL;

// Workers load this file again: they inherit the ports the runner chose, and
// the runner alone makes the PostgreSQL schema (web servers start before any
// globalSetup, so it is made here).
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = freePort();
  if (postgresBase) {
    process.env.E2E_POSTGRES_PORT = freePort();
    execFileSync(process.execPath, [
      'e2e/support/create-postgres-schema.ts',
      `e2e_${process.env.E2E_POSTGRES_PORT}`,
    ]);
  }
}

interface E2eServer {
  name: E2eProjectMetadata['database'];
  port: string;
  metadata: E2eProjectMetadata;
}

const sqliteDir = join(tmpdir(), `restaurant-e2e-${process.env.E2E_PORT}`);
const servers: E2eServer[] = [
  {
    name: 'sqlite',
    port: process.env.E2E_PORT,
    metadata: {
      database: 'sqlite',
      databaseUrl: `file:${join(sqliteDir, 'restaurant.db')}`,
      scratchDir: sqliteDir,
    },
  },
];
if (postgresBase && process.env.E2E_POSTGRES_PORT) {
  const schema = `e2e_${process.env.E2E_POSTGRES_PORT}`;
  servers.push({
    name: 'postgres',
    port: process.env.E2E_POSTGRES_PORT,
    metadata: {
      database: 'postgres',
      databaseUrl: postgresSchemaUrl(postgresBase, schema),
      postgresSchema: schema,
    },
  });
}

/**
 * The specs whose outcome depends on what the database does: staff accounts,
 * sessions and lockouts, the daily menu and its translations, the contact
 * messages and their outbox, the pages rebuilt when the content changes, the
 * opening hours and their notices, reservations, takeaway orders and their
 * kitchen board, event requests and the covers they hold, the floor plan, the printed menu,
 * the uploaded photos and page texts, staff devices' push subscriptions and
 * their messages, the owner's reports, the evening view followed from a second instance, the
 * first owner's setup link, two instances behind one database, and the deployment recipe in
 * front of two.
 * The PostgreSQL project runs these; the specs of static pages, layout and
 * keyboard use read nothing the two databases could answer differently, and
 * run once, on SQLite, like the tests marked DATABASE_INDEPENDENT inside the
 * specs listed here, which keeps `npm test` within ten minutes on a
 * two-core machine.
 */
const DATABASE_SPECS = [
  'contact',
  'daily-menu-translation',
  'dashboard-translations',
  'deploy',
  'evening',
  'events',
  'floor-editor',
  'guests',
  'home',
  'hours-editor',
  'inbox',
  'menu-editor',
  'multi-instance',
  'opening-hours',
  'overview',
  'printable-menu',
  'recovery',
  'reports',
  'reservations-guest',
  'reservations-journey',
  'reservations-office',
  'review-settings',
  'reservations-reminder',
  'setup',
  'site-photos',
  'ssr',
  'staff',
  'staff-notifications',
  'takeaway-guest',
  'takeaway-kitchen',
].map((name) => `${name}.spec.ts`);

const baseUrlOf = (server: E2eServer) => `http://127.0.0.1:${server.port}`;

const webServer = (server: E2eServer) => ({
  command: 'node src/server/main.ts',
  url: `${baseUrlOf(server)}/api/health`,
  reuseExistingServer: false,
  timeout: 60_000,
  env: {
    PORT: server.port,
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrlOf(server),
    LOG_LEVEL: 'warn',
    DATABASE_URL: server.metadata.databaseUrl,
    // Every test is a visitor of its own (e2e/fixtures.ts names its address in
    // X-Forwarded-For), so the per-address limits of one test never count
    // another's requests; the limits themselves are
    // tested by the API suites.
    TRUST_PROXY: 'loopback',
  },
});

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  // No retries: a test that passes only on its second try is a failure to fix.
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 30_000,
  globalTeardown: './e2e/support/global-teardown.ts',
  use: {
    // The browser's language list (Accept-Language) is Italian unless a test says otherwise.
    locale: 'it-IT',
    launchOptions: CHROMIUM_LAUNCH,
    trace: 'retain-on-failure',
  },
  projects: servers.map((server) => ({
    name: server.name,
    use: { baseURL: baseUrlOf(server) },
    metadata: server.metadata,
    ...(server.name === 'postgres'
      ? { testMatch: DATABASE_SPECS, grepInvert: new RegExp(DATABASE_INDEPENDENT.tag) }
      : {}),
  })),
  webServer: servers.map(webServer),
});
