import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A Connect-style handler: answers a request itself, or calls `next()` to pass it on. */
export type NodeMiddleware = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/**
 * `npm run dev`'s counterpart of staticAssets: Vite's middlewares see each
 * request before the pages do, and answer what Vite serves (the app's modules
 * compiled on request, styles, images, `/@vite/client`); whatever they pass on
 * goes to its route as usual. The API is never handed to them: its answers
 * stay exactly the production ones.
 */
export const devAssets = fp(
  async (app: FastifyInstance, options: { middleware: NodeMiddleware }) => {
    app.addHook('onRequest', (request, reply, done) => {
      if (isApiPath(request.url)) return done();
      // Fastify reads the URL from the raw request: a middleware that rewrote
      // it and passed the request on must not change the page that renders.
      const url = request.raw.url;
      options.middleware(request.raw, reply.raw, (error) => {
        request.raw.url = url;
        if (error === undefined || error === null) done();
        else done(error instanceof Error ? error : new Error(String(error)));
      });
    });
  },
);

const isApiPath = (url: string) => url === '/api' || /^\/api[/?]/.test(url);
