import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The largest body a client may send to this route in good faith, when
     * more than the route's own limit: a picture (20 MB) on the photo
     * routes (routes/api/photos.ts), where the upload takes one and the
     * PATCH answers one 415. A refused body is read this far and a margin.
     */
    refusedBodyBytes?: number;
    /** The route's body may take the server's whole request timeout (the photo upload: app.ts). */
    slowBody?: boolean;
  }
}

/** What a refused body may still send past its route's own limit before the connection is cut. */
export const DRAIN_MARGIN_BYTES = 1024 * 1024;

/**
 * How long after an early answer the rest of its body is still read: long
 * enough for a client to read the answer and stop, too short for a body
 * that never ends to hold a connection (docs/security.md item 49).
 */
export const DRAIN_DEADLINE_MS = 10 * 1000;

/**
 * How long a body may take to arrive on every route but the photo upload
 * (docs/security.md item 49): 100 KB at most, which a slow phone line sends
 * in a few seconds; a body that trickles holds a connection only this long.
 * The upload keeps the server's request timeout (REQUEST_TIMEOUT_MS, app.ts).
 */
export const BODY_TIMEOUT_MS = 30 * 1000;

/** What Node itself writes when a request outlives the request timeout (node:_http_server). */
const REQUEST_TIMEOUT_ANSWER = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

/**
 * A body still coming `timeoutMs` after its headers is answered 408 and its
 * connection closed, as Node does past the request timeout, unless an
 * answer already left (then the drain's own deadline applies).
 */
function bodyDeadline(raw: IncomingMessage, response: ServerResponse, timeoutMs: number) {
  const timer = setTimeout(() => {
    if (raw.complete || response.headersSent) return;
    const socket = raw.socket;
    if (socket.writable) socket.write(REQUEST_TIMEOUT_ANSWER);
    socket.destroy();
  }, timeoutMs);
  const stop = () => clearTimeout(timer);
  raw.once('end', stop);
  raw.once('close', stop);
  response.once('finish', stop);
  response.once('close', stop);
}

/** Whether the request announced a body (a length other than 0, or chunks). */
export const announcesBody = (raw: IncomingMessage) =>
  raw.headers['transfer-encoding'] !== undefined ||
  (raw.headers['content-length'] !== undefined && raw.headers['content-length'] !== '0');

/**
 * How much of a refused body is read and dropped: the route's own limit and
 * a margin, which is what a client sending a body just past the limit
 * writes (20 MB and 1 MB on the photo routes, 100 KB and 1 MB elsewhere).
 */
function drainLimit(request: FastifyRequest): number {
  const { config, bodyLimit } = request.routeOptions;
  return Math.max(config.refusedBodyBytes ?? 0, bodyLimit) + DRAIN_MARGIN_BYTES;
}

/**
 * The rest of a refused body, read and dropped (never kept), then the
 * connection closed gracefully; cut at once past `limit` bytes, or
 * `deadlineMs` after the answer left.
 */
function drain(raw: IncomingMessage, reply: FastifyReply, limit: number, deadlineMs: number) {
  // Closing at once, while the client still writes, would make the kernel
  // answer its next bytes with a reset, which destroys the answer before the
  // client reads it (EPIPE or ECONNRESET in a Node `http` client). Fastify
  // asks for that close on a body it could not parse or took too much of
  // (lib/content-type-parser.js), and Node for a client that said `close`.
  const response: ServerResponse = reply.raw;
  response.shouldKeepAlive = true;
  reply.removeHeader('connection');
  const socket = raw.socket;
  let drained = 0;
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > limit) socket.destroy();
  });
  // A body that never ends, or trickles, is cut once the client had time to read its answer.
  let deadline: NodeJS.Timeout | undefined;
  response.once('finish', () => {
    deadline = setTimeout(() => socket.destroy(), deadlineMs);
  });
  socket.once('close', () => clearTimeout(deadline));
  // All of it read: nothing more comes that a close could meet.
  raw.once('end', () => {
    if (response.writableFinished) socket.end();
    else response.once('finish', () => socket.end());
  });
  raw.resume();
}

/**
 * Every early answer reaches the client whole (docs/security.md item 49): an
 * answer sent before its request's body arrived (a 401 from the bearer
 * check, which runs before the body is read, a 413 past the body limit, a
 * 415) keeps the connection open while the rest of the body is read and
 * dropped, up to the route's limit and a margin and for `drainDeadlineMs`
 * after the answer, and only then closes it. And a body that has not come
 * whole `bodyTimeoutMs` after its headers is answered 408 (the photo upload
 * aside, which has the server's request timeout).
 */
export const earlyAnswers = fp(
  async (
    app: FastifyInstance,
    {
      drainDeadlineMs = DRAIN_DEADLINE_MS,
      bodyTimeoutMs = BODY_TIMEOUT_MS,
    }: { drainDeadlineMs?: number; bodyTimeoutMs?: number },
  ) => {
    app.addHook('onRequest', (request, reply, done) => {
      const raw = request.raw;
      if (
        !raw.complete &&
        announcesBody(raw) &&
        raw.socket instanceof Socket &&
        !request.routeOptions.config.slowBody
      ) {
        bodyDeadline(raw, reply.raw, bodyTimeoutMs);
      }
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      const raw = request.raw;
      // (`app.inject()` has no socket to keep open, nor a client to reset.)
      if (!raw.complete && announcesBody(raw) && raw.socket instanceof Socket) {
        drain(raw, reply, drainLimit(request), drainDeadlineMs);
      }
      done(null, payload);
    });
  },
);
