import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { createServer, type LogLevel, type ViteDevServer } from 'vite';
import { buildApp, type AppOptions } from './app.ts';
import type { Config } from './config.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** The module React Router's Vite plugin builds the server build from. */
const SERVER_BUILD = 'virtual:react-router/server-build';

/**
 * The app of `npm run dev`: the production wiring (API, security headers,
 * database, outbox) with Vite in front of the pages instead of the built
 * files. Vite compiles each module when it is asked for and the server build
 * is loaded again on each page request, so an edit shows without a restart;
 * the browser gets it through Vite's HMR (React Fast Refresh), whose websocket
 * shares the app's own port. Closing the app closes Vite.
 */
export async function buildDevApp(options: Omit<AppOptions, 'build'>): Promise<FastifyInstance> {
  // The websocket needs the app's HTTP server, which exists once the app does:
  // Vite starts right after, before the app can listen, let alone take a request.
  let vite: ViteDevServer | undefined;
  const running = (): ViteDevServer => {
    if (!vite) throw new Error('Vite has not started');
    return vite;
  };
  const app = await buildApp({
    ...options,
    build: {
      server: async () => (await running().ssrLoadModule(SERVER_BUILD)) as ServerBuild,
      middleware: (request, response, next) => running().middlewares(request, response, next),
    },
  });
  try {
    const { config } = options;
    const server = await createServer({
      root: ROOT,
      configFile: resolve(ROOT, 'vite.config.ts'),
      appType: 'custom',
      logLevel: options.logger === false ? 'silent' : viteLogLevel(config.LOG_LEVEL),
      // The server's own log shares the terminal: Vite must not wipe it.
      clearScreen: false,
      server: {
        middlewareMode: true,
        ws: { server: app.server },
        // No CORS header, as in production: the site is same-origin only.
        cors: false,
        // Vite refuses other Host headers than localhost and IP addresses
        // (DNS rebinding): the site's own name and the listening host are fine.
        allowedHosts: [new URL(config.PUBLIC_URL).hostname, config.HOST],
      },
    });
    vite = server;
    // Before the HTTP server closes, which would otherwise wait for the HMR websockets.
    app.addHook('preClose', () => server.close());
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

function viteLogLevel(level: Config['LOG_LEVEL']): LogLevel {
  switch (level) {
    case 'silent':
      return 'silent';
    case 'fatal':
    case 'error':
      return 'error';
    case 'warn':
      return 'warn';
    default:
      return 'info';
  }
}
