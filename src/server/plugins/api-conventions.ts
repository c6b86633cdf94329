import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

/** What a route that reads no query string accepts: nothing (SECURITY.md item 18). */
const NO_QUERY = z.strictObject({});

/**
 * Rules every API route follows, kept in one place so that a new route
 * cannot forget them:
 * - a route without a query schema refuses any query key (400, like an
 *   unknown body key), instead of silently ignoring it (item 18);
 * - an answer that does not choose its own caching is `no-store`: staff
 *   answers hold guests' messages, colleagues and the audit log, and 401/403
 *   answers must not be replayed from a cache either (item 37).
 * Registered before the routes: `onRoute` sees only routes added after it.
 */
export const apiConventions = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    // The `/api/*` catch-all answers 404 whatever the query.
    if (!route.url.startsWith('/api/') || route.url.includes('*')) return;
    if (route.schema?.querystring) return;
    route.schema = { ...route.schema, querystring: NO_QUERY };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
});
