import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NON_HTML_CONTENT_SECURITY_POLICY } from '../pages/csp.ts';

/**
 * Headers on every response (SECURITY.md items 24-26). Pages set their own
 * CSP with script hashes (src/server/pages/csp.ts); everything else gets one
 * that allows nothing. No CORS header is ever sent: the API is same-origin
 * only. Fastify sends no X-Powered-By.
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', NON_HTML_CONTENT_SECURITY_POLICY);
    }
    reply.header('x-content-type-options', 'nosniff');
    // A page may ask for less (the reset page: no-referrer, SECURITY.md item 17).
    if (!reply.hasHeader('referrer-policy')) {
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    }
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    return payload;
  });
});
