import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The back office's service worker (public/dashboard/sw.js). Asked again at
 * every check (no-cache, answered 304 while unchanged), so a new version
 * reaches the phones at their next visit rather than an hour later; allowed
 * the scope /dashboard, one level above its folder, so that it covers the
 * back office's home /dashboard too (the manifest's start_url); and run with
 * a policy that lets it load nothing but the notification's icon.
 */
// (The file sent may be its precompressed copy.)
const SERVICE_WORKER = /[/\\]dashboard[/\\]sw\.js(\.br|\.gz)?$/;
export const SERVICE_WORKER_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self'";

function serviceWorkerHeaders(reply: FastifyReply) {
  reply.header('cache-control', 'no-cache');
  reply.header('service-worker-allowed', '/dashboard');
  reply.header('content-security-policy', SERVICE_WORKER_CONTENT_SECURITY_POLICY);
}

/**
 * The built client, one route per file found at start-up (the build does not
 * change while serving). /assets/* are content-hashed, so cached for a year as
 * immutable; the back office's service worker is checked every time; any
 * other file (the back office's icons) is cached for an hour. All are served
 * from the .br/.gz files the build wrote (scripts/postbuild.ts).
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
      if (SERVICE_WORKER.test(path)) return serviceWorkerHeaders(reply);
      const hashed = /[/\\]assets[/\\]/.test(path);
      reply.header(
        'cache-control',
        hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, max-age=3600',
      );
    },
  });
}
