import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { bearerFirst } from './staff-auth.ts';

/** What a route that reads no query string accepts: nothing (docs/security.md item 18). */
const NO_QUERY = z.strictObject({});

/**
 * Whether a parsed JSON value holds U+0000 in any string or key. Breadth-first
 * with a list, not recursion: a body may nest deeper than the call stack.
 */
function holdsNul(value: unknown): boolean {
  let level: unknown[] = [value];
  while (level.length > 0) {
    const next: unknown[] = [];
    for (const node of level) {
      if (typeof node === 'string') {
        if (node.includes('\0')) return true;
      } else if (typeof node === 'object' && node !== null) {
        for (const [key, child] of Object.entries(node)) {
          if (key.includes('\0')) return true;
          next.push(child);
        }
      }
    }
    level = next;
  }
  return false;
}

/**
 * Rules every API route follows, kept in one place so that a new route
 * cannot forget them:
 * - a route without a query schema refuses any query key (400, like an
 *   unknown body key), instead of silently ignoring it (item 18);
 * - an answer that does not choose its own caching is `no-store`: staff
 *   answers hold guests' messages, colleagues and the audit log, and 401/403
 *   answers must not be replayed from a cache either (item 37); a staff
 *   answer is `no-store` even when its route chose otherwise (item 51);
 * - a JSON body holding U+0000 in any text is refused (400): PostgreSQL's
 *   text cannot store it (SQLite's can), so one rule for both databases,
 *   before any route reads the body, rather than a 500 on one of them;
 * - a staff or owner route checks the bearer before it reads the body
 *   (`bearerFirst`, staff-auth.ts; item 49).
 * Registered before the routes: `onRoute` sees only routes added after it.
 */
export const apiConventions = fp(async (app: FastifyInstance) => {
  // Fastify's own parser (with its prototype-poisoning checks), then the U+0000 check,
  // which walks the value only when the text holds the one escape that writes it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    parseJson(request, text, (error, value) => {
      if (error) return done(error);
      if (text.includes('\\u0000') && holdsNul(value)) {
        const refused = new Error('Text must not contain the character U+0000') as Error & {
          statusCode: number;
        };
        refused.statusCode = 400;
        return done(refused);
      }
      done(null, value);
    });
  });

  app.addHook('onRoute', (route) => {
    bearerFirst(route);
    // The `/api/*` catch-all answers 404 whatever the query.
    if (!route.url.startsWith('/api/') || route.url.includes('*')) return;
    if (route.schema?.querystring) return;
    route.schema = { ...route.schema, querystring: NO_QUERY };
  });

  // A callback hook, not an async one: it runs on every response (pages and
  // photos too), and needs no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    // A staff answer is never stored, whatever its route chose: it may hold
    // guests' names, phones and notes, which must not stay in a shared
    // tablet's HTTP cache after logout (item 51). `staff` is set by the session
    // check (staff-auth.ts), on every route that has one.
    if (request.staff) reply.header('cache-control', 'no-store');
    else if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
});
