import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * The built client: /assets/* are content-hashed, so cached for a year as
 * immutable; other public files (social card) for an hour. Both are served
 * from the .br/.gz files the build wrote (scripts/postbuild.ts).
 */
export async function staticAssets(app: FastifyInstance, options: { clientDir: string }) {
  await app.register(fastifyStatic, {
    root: join(options.clientDir, 'assets'),
    prefix: '/assets/',
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
    index: false,
    decorateReply: false,
  });
  await app.register(fastifyStatic, {
    root: options.clientDir,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    maxAge: '1h',
    index: false,
    decorateReply: false,
    allowedPath: (pathname) => !pathname.startsWith('/assets/'),
  });
}
