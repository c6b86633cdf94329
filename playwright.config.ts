import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/chromium.ts';

/**
 * End-to-end tests in Debian's Chromium against the built server (npm run
 * build) on a free loopback port, with a database of its own.
 */
function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})',
  ])
    .toString()
    .trim();
}

// Workers load this file again: they inherit the port the runner chose.
process.env.E2E_PORT ??= freePort();
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    // The browser's language list (Accept-Language) is Italian unless a test says otherwise.
    locale: 'it-IT',
    launchOptions: CHROMIUM_LAUNCH,
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node src/server/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      DATABASE_URL: `file:${join(tmpdir(), `restaurant-e2e-${port}`, 'restaurant.db')}`,
    },
  },
});
