import type { FastifyInstance } from 'fastify';
import { listeningUrls, logBanner, startupBanner } from './banner.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { logFormat } from './log-stream.ts';

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
 * Listens on PORT and HOST, logs the start-up banner (banner.ts) with, on
 * an empty database, the first owner's one-time setup link, and closes
 * gracefully on SIGTERM/SIGINT.
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
    // No default account: while none exists, each start issues a new one-time
    // link (services/setup.ts), which the banner shows.
    const setupLink = (await app.firstOwnerSetup.issue()) ?? undefined;
    const banner = startupBanner(config, listeningUrls(app.addresses()), setupLink);
    logBanner(app.log, banner, logFormat(config.LOG_FORMAT));
  } catch (error) {
    app.log.error({ err: error }, 'could not start');
    process.exit(1);
  }
}
