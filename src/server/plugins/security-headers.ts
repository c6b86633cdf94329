import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NON_HTML_CONTENT_SECURITY_POLICY } from '../pages/csp.ts';

/**
 * Headers on every response. Pages set their own
 * CSP with script hashes (src/server/pages/csp.ts); everything else gets one
 * that allows nothing. No CORS header is ever sent: the API is same-origin
 * only. Fastify sends no X-Powered-By.
 *
 * Cross-Origin-Opener-Policy and Permissions-Policy act on documents only
 * (a browsing context, the features a page may use), so only HTML answers
 * carry them: on JSON, scripts, styles and images they would be bytes that
 * protect nothing, on the API's hottest path.
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: it runs on every response, and needs no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const headers = securityHeadersFor(reply.getHeader('content-type'), request.protocol);
    for (const [name, value] of headers) {
      if (!(ROUTE_MAY_SET.has(name) && reply.hasHeader(name))) reply.header(name, value);
    }
    done(null, payload);
  });
});

/**
 * The headers a route may set itself, which then stand: a page's CSP with
 * its script hashes, and a page that asks for less Referer (the reset page,
 * whose address holds a token: no-referrer).
 */
export const ROUTE_MAY_SET: ReadonlySet<string> = new Set([
  'content-security-policy',
  'referrer-policy',
]);

type HeaderList = readonly (readonly [name: string, value: string])[];

const EVERY_ANSWER: HeaderList = [
  ['content-security-policy', NON_HTML_CONTENT_SECURITY_POLICY],
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-frame-options', 'DENY'],
  ['cross-origin-resource-policy', 'same-origin'],
];
const DOCUMENTS: HeaderList = [
  ['cross-origin-opener-policy', 'same-origin'],
  ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
];
const HTTPS: HeaderList = [['strict-transport-security', 'max-age=31536000; includeSubDomains']];

/** The four lists an answer can get, made once: they are asked for on every response. */
const LISTS = {
  plain: EVERY_ANSWER,
  html: [...EVERY_ANSWER, ...DOCUMENTS],
  plainHttps: [...EVERY_ANSWER, ...HTTPS],
  htmlHttps: [...EVERY_ANSWER, ...DOCUMENTS, ...HTTPS],
} satisfies Record<string, HeaderList>;

/**
 * The security headers of an answer of `contentType` to a request made over
 * `protocol` (Fastify's `request.protocol`: a trusted proxy's
 * X-Forwarded-Proto, else the socket's), those in ROUTE_MAY_SET only where
 * the route set none. One list for this plugin and for the answers sent
 * from memory before Fastify (front-answers.ts).
 */
export function securityHeadersFor(contentType: unknown, protocol: string | undefined): HeaderList {
  const html = typeof contentType === 'string' && contentType.startsWith('text/html');
  if (protocol === 'https') return html ? LISTS.htmlHttps : LISTS.plainHttps;
  return html ? LISTS.html : LISTS.plain;
}
