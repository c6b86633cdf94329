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
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', NON_HTML_CONTENT_SECURITY_POLICY);
    }
    reply.header('x-content-type-options', 'nosniff');
    // A page may ask for less (the reset page, whose address holds a token: no-referrer).
    if (!reply.hasHeader('referrer-policy')) {
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    }
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-resource-policy', 'same-origin');
    if (isHtml(reply.getHeader('content-type'))) {
      reply.header('cross-origin-opener-policy', 'same-origin');
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    }
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    done(null, payload);
  });
});

const isHtml = (contentType: unknown) =>
  typeof contentType === 'string' && contentType.startsWith('text/html');
