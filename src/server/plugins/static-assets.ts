import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The built client, one route per file found at start-up (the build does not
 * change while serving). /assets/* are content-hashed, so cached for a year as
 * immutable; any other file (none today) for an hour. Both are served from
 * the .br/.gz files the build wrote (scripts/postbuild.ts).
 */
export async function staticAssets(app: FastifyInstance, options: { clientDir: string }) {
  await app.register(fastifyStatic, {
    root: options.clientDir,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    index: false,
    decorateReply: false,
    cacheControl: false,
    setHeaders(reply, path) {
      const hashed = /[/\\]assets[/\\]/.test(path);
      reply.header(
        'cache-control',
        hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, max-age=3600',
      );
    },
  });
}
