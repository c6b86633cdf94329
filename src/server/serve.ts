import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { romeTime } from './services/setup.ts';

/**
 * What the two server processes share, `npm run serve` (main.ts) and
 * `npm run dev` (dev.ts): a bad configuration or a failed start stops them
 * with a readable message and exit code 1, and SIGTERM/SIGINT close them
 * gracefully (in-flight requests finish, then exit).
 */

/** The configuration, or the list of bad keys and exit code 1. */
export function configOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The app, or why it could not be built and exit code 1. */
export function appOrExit(building: Promise<FastifyInstance>): Promise<FastifyInstance> {
  return building.catch((error: unknown) => {
    // E.g. an unreachable database, or one that would not keep acknowledged
    // writes through a crash: say so in one line, then the details.
    console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
    console.error(error);
    process.exit(1);
  });
}

/**
 * Listens on PORT and HOST, closes gracefully on SIGTERM/SIGINT, and on an
 * empty database logs the first owner's one-time setup link.
 */
export async function serve(app: FastifyInstance, config: Config): Promise<void> {
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
    const setupLink = await app.firstOwnerSetup.issue();
    if (setupLink) {
      // No default account: while none exists, each start prints a new one-time link (services/setup.ts).
      const { url, expiresAt } = setupLink;
      app.log.info(
        { setupLink: url, setupLinkExpires: expiresAt },
        `First owner: open ${url} (valid until ${romeTime(expiresAt)}, Rome time)`,
      );
      app.log.info('Scripts can still create it: npm run staff -- add --email … (see README)');
    }
  } catch (error) {
    app.log.error({ err: error }, 'could not start');
    process.exit(1);
  }
}
