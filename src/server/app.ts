import { constants as zlibConstants } from 'node:zlib';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { stdSerializers } from 'pino';
import fastifyCompress from '@fastify/compress';
import type { ServerBuild } from 'react-router';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { apiConventions } from './plugins/api-conventions.ts';
import { earlyAnswers } from './plugins/early-answers.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { errorForLog } from './error-code.ts';
import { logDestination, logFormat, type LogOutput } from './log-stream.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { FrontAnswers } from './front-answers.ts';
import { staticAssets } from './plugins/static-assets.ts';
import { devAssets, type NodeMiddleware } from './plugins/dev-assets.ts';
import { pagesPlugin } from './pages/page-handler.ts';
import { PageCache } from './pages/page-cache.ts';
import { COMPRESS_THRESHOLD_BYTES } from './precompressed.ts';
import { romeDateReader } from '../shared/opening-hours.ts';
import { developmentContentSecurityPolicy } from './pages/csp.ts';
import { pageServices } from './pages/page-services.ts';
import type { DefaultPhotos } from '../app/context.ts';
import { databasePlugin } from './plugins/database.ts';
import { core } from './domains/core.ts';
import { healthDomain } from './domains/health.ts';
import { restaurantDomain } from './domains/restaurant.ts';
import { staffDomain } from './domains/staff.ts';
import { setupDomain } from './domains/setup.ts';
import { contactDomain } from './domains/contact.ts';
import { openingHoursDomain } from './domains/opening-hours.ts';
import { menuDomain } from './domains/menu.ts';
import { photosDomain } from './domains/photos.ts';
import { reservationsDomain } from './domains/reservations.ts';
import { takeawayDomain } from './domains/takeaway.ts';
import { eventsDomain } from './domains/events.ts';
import { guestDataDomain } from './domains/guest-data.ts';
import { guestsDomain } from './domains/guests.ts';
import { backupsDomain } from './domains/backups.ts';
import { pushDomain } from './domains/push.ts';
import { reviewsDomain } from './domains/reviews.ts';
import { overviewDomain } from './domains/overview.ts';
import { reportsDomain } from './domains/reports.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The rendered public pages kept in memory (page-cache.ts): tests read its keys. */
    pageCache: PageCache;
    /** The answers sent before Fastify (front-answers.ts): tests count them. */
    frontAnswers: FrontAnswers;
  }
}

/** What `npm run build` wrote: pages rendered from it, cached, under the strict CSP. */
export interface ProductionBuild {
  server: ServerBuild;
  /** The client's files, served as they are. */
  clientDir: string;
}

/**
 * `npm run dev` (src/server/dev-app.ts): Vite compiles the app on request.
 * Pages are never cached, so that an edit shows on the next request, and their
 * CSP lets Vite's HMR client and injected styles work.
 */
export interface DevelopmentBuild {
  /** The latest server build, asked for on each request. */
  server: () => Promise<ServerBuild>;
  /** Vite's middlewares: they answer the client's files and pass everything else on. */
  middleware: NodeMiddleware;
}

export interface AppOptions {
  config: Config;
  /** The React Router app; without it only the API is served (API tests). */
  build?: ProductionBuild | DevelopmentBuild;
  logger?: boolean;
  /**
   * Where log lines go (tests read them); standard output by default. In
   * the format LOG_FORMAT names, else pretty if it is a terminal (`isTTY`),
   * else JSON (log-stream.ts).
   */
  logStream?: LogOutput;
  /** How often the outbox worker looks for due mail (tests shorten it). */
  outboxPollMs?: number;
  /**
   * The current instant (ms) that the calendar (opening hours, and the pages
   * showing them) is read at: tests move it. Without it, the clock that
   * CLOCK_START sets, else Date.now.
   */
  now?: () => number;
  /** How long a request may take to arrive whole (REQUEST_TIMEOUT_MS by default): tests shorten it. */
  requestTimeoutMs?: number;
  /** How long a refused body's rest is read (plugins/early-answers.ts): tests shorten it. */
  drainDeadlineMs?: number;
  /** How long a body other than a photo upload may take (plugins/early-answers.ts): tests shorten it. */
  bodyTimeoutMs?: number;
  /** Told of every route as it is added, schema included (`npm run docs:api` lists them). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The pictures shipped with the site, as the build made them: the server
 * entry exports them (src/app/entry.server.tsx, docs/decisions/014). In
 * development the build is asked again each time, so an edited picture shows.
 */
async function defaultPhotosOf(
  build: ProductionBuild | DevelopmentBuild,
): Promise<DefaultPhotos | undefined> {
  const server = typeof build.server === 'function' ? await build.server() : build.server;
  return (server.entry.module as { defaultPhotos?: DefaultPhotos }).defaultPhotos;
}

/** A clock that reads `start` now and then runs on at the real pace. */
function clockStartingAt(start: number): () => number {
  const offset = start - Date.now();
  return () => Date.now() + offset;
}

/** Bodies over 100 KB are refused with 413 (the photo upload's own limit aside: routes/api/photos.ts). */
export const BODY_LIMIT_BYTES = 100 * 1024;

/**
 * How long a request may take to arrive whole, headers and body, before the
 * server cuts it off with 408 (docs/security.md item 49): a body that
 * trickles holds a connection, and for a staff upload 20 MB of memory,
 * only this long. Five minutes fit the largest photo (20 MB) on a slow
 * phone line, 0.55 Mbit/s, and a usual one (3-5 MB) on 0.15 Mbit/s; every
 * other body (100 KB at most) has 30 s (BODY_TIMEOUT_MS,
 * plugins/early-answers.ts). (Fastify's default, 0, never cuts one off.)
 */
export const REQUEST_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * A URL as the log may show it: reset and invitation tokens masked, in the
 * query (`?token=`) and in API paths, so that no log line holds a usable
 * link (docs/security.md item 34); the calendar feed's secret address too, and a
 * guest's e-mail or phone looked up (guest data, declining a guest's pending
 * requests): it must not outlive an erasure, nor reach a log (item 43).
 */
export function maskTokens(url: string): string {
  return (
    url
      .replace(/([?&]token=)[^&#]*/gi, '$1***')
      .replace(/(\/recovery-password\/)[^/?#]*/, '$1***')
      .replace(/(\/invitations\/)[^/?#]*(\/accept)/, '$1***$2')
      .replace(/(\/reservations\/calendar\/)[^/?#]*/, '$1***')
      .replace(/([?&](?:email|phone)=)[^&#]*/gi, '$1***')
      // Whatever the keys' spelling (`?%65mail=` works too), these look a guest up.
      .replace(
        /^(\/api\/(?:guest-data|(?:reservations|takeaway|events)\/decline-pending))\?.*$/,
        '$1?***',
      )
  );
}

/** Pino's request line, with the URL masked. */
const requestForLog = (request: FastifyRequest) => ({
  method: request.method,
  url: maskTokens(request.url),
  host: request.host,
  remoteAddress: request.ip,
});

/** Wires the whole server: headers, API, static files, pages. */
export async function buildApp({
  config,
  build,
  logger = true,
  logStream,
  outboxPollMs,
  now,
  requestTimeoutMs = REQUEST_TIMEOUT_MS,
  drainDeadlineMs,
  bodyTimeoutMs,
  onRoute,
}: AppOptions): Promise<FastifyInstance> {
  const logFormatted = logDestination(
    logFormat(config.LOG_FORMAT, logStream ?? process.stdout),
    logStream,
  );
  // Kept answers sent before Fastify routes a request (front-answers.ts).
  const frontAnswers = new FrontAnswers(config.TRUST_PROXY);
  const app = Fastify({
    serverFactory: frontAnswers.serverFactory,
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          // `err` cleaned of what a database put in it before pino's own serialiser (item 43).
          serializers: {
            req: requestForLog,
            err: (error) => stdSerializers.err(errorForLog(error) as Error),
          },
          ...(logFormatted ? { stream: logFormatted } : {}),
        }
      : false,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: requestTimeoutMs,
    http: {
      // Node looks for requests past their time every 30 s: a tenth of the timeout at most.
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(requestTimeoutMs / 10)),
      // Node's own rule (60 s, at most the request timeout): past it, it checks neither.
      headersTimeout: Math.min(60_000, requestTimeoutMs),
    },
    // TRUST_PROXY unset: the socket's address is the client, whatever headers say.
    trustProxy: config.TRUST_PROXY ?? false,
    return503OnClosing: true,
    // A path Fastify cannot decode is the client's mistake: a 4xx `{message}`, no echo.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      // Fastify types this reply with generics that no route narrows: take it plain.
      void (reply as unknown as FastifyReply).code(status).send({ message: 'Bad request' });
    },
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  const clock =
    now ?? (config.CLOCK_START === undefined ? Date.now : clockStartingAt(config.CLOCK_START));
  if (config.CLOCK_START !== undefined) {
    // A server whose visitors are told the wrong day must not go unnoticed.
    app.log.warn(
      { clockStart: new Date(config.CLOCK_START).toISOString() },
      'CLOCK_START is set: opening hours and pages follow a moved clock (a testing aid)',
    );
  }
  await app.register(errorHandler);
  await app.register(earlyAnswers, {
    ...(drainDeadlineMs ? { drainDeadlineMs } : {}),
    ...(bodyTimeoutMs ? { bodyTimeoutMs } : {}),
  });
  await app.register(securityHeaders);
  // Answers made per request (JSON, uncached pages, route manifests); cached
  // pages and static files arrive already compressed and are left alone.
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(databasePlugin, { databaseUrl: config.DATABASE_URL });
  await app.register(core, { now: clock, ...(outboxPollMs ? { outboxPollMs } : {}) });
  await app.register(apiConventions);
  frontAnswers.add((url) => app.contentJson.keptFor(url)); // pages add theirs (pagesPlugin)
  // At info and below, Fastify logs every request: those go through it, for the log to miss none.
  const logsEachRequest = logger && ['info', 'debug', 'trace'].includes(config.LOG_LEVEL);
  if (!logsEachRequest) {
    app.addHook('onReady', async () => frontAnswers.open());
    app.addHook('preClose', async () => frontAnswers.close());
  }
  app.decorate('frontAnswers', frontAnswers);

  // The domains (src/server/domains/), each its services and its routes, in
  // an order that puts every one after those it names as its dependencies.
  await app.register(healthDomain);
  await app.register(restaurantDomain, { now: clock });
  await app.register(staffDomain, { now: clock });
  await app.register(setupDomain, { now: clock });
  await app.register(contactDomain);
  await app.register(openingHoursDomain, { now: clock });
  await app.register(menuDomain, { now: clock });
  await app.register(photosDomain, build ? { defaultPhotos: () => defaultPhotosOf(build) } : {});
  await app.register(reservationsDomain, { now: clock });
  await app.register(takeawayDomain, { now: clock });
  await app.register(eventsDomain, { now: clock });
  await app.register(guestDataDomain, { now: clock });
  await app.register(guestsDomain, { now: clock });
  await app.register(reviewsDomain, { now: clock });
  await app.register(overviewDomain, { now: clock });
  await app.register(reportsDomain, { now: clock });
  await app.register(backupsDomain, { now: clock });
  await app.register(pushDomain);
  // Unknown API paths are JSON 404s, never pages: after every API route.
  app.all('/api/*', (_request, reply) => reply.callNotFound());

  if (build) {
    const development = 'middleware' in build;
    if (development) await app.register(devAssets, { middleware: build.middleware });
    else await app.register(staticAssets, { clientDir: build.clientDir });
    app.decorate('pageCache', new PageCache());
    await app.register(pagesPlugin, {
      build: build.server,
      pageCache: app.pageCache,
      ...(development
        ? { cache: false, contentSecurityPolicy: developmentContentSecurityPolicy }
        : {}),
      mode: config.NODE_ENV === 'development' ? 'development' : 'production',
      contentVersion: () => app.contentVersion.current(),
      front: {
        answers: frontAnswers,
        contentVersionIfFresh: () => app.contentVersion.currentIfFresh(),
      },
      today: romeDateReader(clock),
      services: pageServices(app),
    });
  }
  return app;
}
