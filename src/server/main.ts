// First, before the app is loaded: see gc-tuning.ts.
import './gc-tuning.ts';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { buildApp } from './app.ts';
import { appOrExit, configOrExit, serve } from './serve.ts';

/**
 * `npm run serve`: the production server on the built app (`npm run build`).
 * Stops with the list of bad keys on a bad configuration, and closes
 * gracefully on SIGTERM/SIGINT (in-flight requests finish, then exit).
 */
const BUILD_DIR = resolve(import.meta.dirname, '../../build');

const config = configOrExit();
const serverEntry = resolve(BUILD_DIR, 'server/index.js');
if (!existsSync(serverEntry)) {
  console.error('No build found: run `npm run build` first (or `npm start`, which builds).');
  process.exit(1);
}
const server = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
const app = await appOrExit(
  buildApp({ config, build: { server, clientDir: resolve(BUILD_DIR, 'client') } }),
);
await serve(app, config);
