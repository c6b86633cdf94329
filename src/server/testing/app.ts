import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

const BUILD_DIR = resolve(import.meta.dirname, '../../../build');

/** The production build (`npm run build`), which page tests render through. */
export async function loadBuild(): Promise<{ server: ServerBuild; clientDir: string }> {
  const entry = join(BUILD_DIR, 'server/index.js');
  if (!existsSync(entry)) throw new Error('No build: run `npm run build` before these tests.');
  const server = (await import(pathToFileURL(entry).href)) as ServerBuild;
  return { server, clientDir: join(BUILD_DIR, 'client') };
}

/**
 * A whole app as production wires it, on a database file of its own
 * (ENGINEERING.md example 7), for `app.inject()`. Call `close()` after.
 */
export async function testApp(env: Record<string, string> = {}, options = { pages: true }) {
  const dir = mkdtempSync(join(tmpdir(), 'restaurant-test-'));
  const config = loadConfig({
    PUBLIC_URL: 'https://www.trattoria.example',
    DATABASE_URL: `file:${join(dir, 'restaurant.db')}`,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({
    config,
    build: options.pages ? await loadBuild() : undefined,
    logger: false,
  });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
