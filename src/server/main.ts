import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { countStaff } from './services/staff-accounts.ts';

/**
 * `npm run serve`: the production server on the built app (`npm run build`).
 * Stops with the list of bad keys on a bad configuration, and closes
 * gracefully on SIGTERM/SIGINT (in-flight requests finish, then exit).
 */
const BUILD_DIR = resolve(import.meta.dirname, '../../build');

function configOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = configOrExit();
const serverEntry = resolve(BUILD_DIR, 'server/index.js');
if (!existsSync(serverEntry)) {
  console.error('No build found: run `npm run build` first (or `npm start`, which builds).');
  process.exit(1);
}
const server = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
const app = await buildApp({
  config,
  build: { server, clientDir: resolve(BUILD_DIR, 'client') },
}).catch((error: unknown) => {
  // E.g. an unreachable database, or one that would not keep acknowledged
  // writes through a crash: say so in one line, then the details.
  console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
  console.error(error);
  process.exit(1);
});

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: config.PORT, host: config.HOST });
  if ((await countStaff(app.db)) === 0) {
    // There is no default account: on an empty database, say how to create the first one.
    console.log(
      '\nNo staff account exists yet. Create the first one with:\n' +
        '  npm run staff -- add --email you@example.com --first-name Nome --last-name Cognome\n' +
        '(it asks for the password: at least 12 characters).\n',
    );
  }
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  process.exit(1);
}
