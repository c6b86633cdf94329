import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { staticAssets } from './plugins/static-assets.ts';
import { pagesPlugin } from './pages/page-handler.ts';
import { healthRoutes } from './routes/api/health.ts';

export interface AppOptions {
  config: Config;
  /** The React Router server build; without it only the API is served (API tests). */
  build?: { server: ServerBuild; clientDir: string };
  logger?: boolean;
}

/** SECURITY.md item 18: bodies over 100 KB are refused with 413. */
const BODY_LIMIT_BYTES = 100 * 1024;

/** Wires the whole server: headers, API, static files, pages. */
export async function buildApp({
  config,
  build,
  logger = true,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    bodyLimit: BODY_LIMIT_BYTES,
    // CONTRACT.md TRUST_PROXY: unset means the socket's address is the client.
    trustProxy: config.TRUST_PROXY ?? false,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandler);
  await app.register(securityHeaders);

  await app.register(healthRoutes, { prefix: '/api' });
  // Unknown API paths are JSON 404s, never pages.
  app.all('/api/*', (_request, reply) => reply.callNotFound());

  if (build) {
    await app.register(staticAssets, { clientDir: build.clientDir });
    await app.register(pagesPlugin, {
      build: build.server,
      mode: config.NODE_ENV === 'development' ? 'development' : 'production',
      publicUrl: config.PUBLIC_URL,
      services: { publicUrl: config.PUBLIC_URL },
    });
  }
  return app;
}
