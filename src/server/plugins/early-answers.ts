import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { PHOTO_MAX_BYTES } from '../../shared/schemas/photos.ts';

/**
 * How much of a refused body the server still reads, and drops, so that
 * its answer reaches the client: a little over the largest body any route
 * takes (the photo upload), which is what a client sending a picture just
 * past the limit writes. Past it the connection is cut, answer or not.
 */
export const DRAIN_LIMIT_BYTES = PHOTO_MAX_BYTES + 12 * 1024 * 1024;

/** Whether the request announced a body (a length other than 0, or chunks). */
const announcesBody = (raw: IncomingMessage) =>
  raw.headers['transfer-encoding'] !== undefined ||
  (raw.headers['content-length'] !== undefined && raw.headers['content-length'] !== '0');

/**
 * The rest of a refused body, read and dropped (never kept), then the
 * connection closed gracefully; cut at once past DRAIN_LIMIT_BYTES. A body
 * that trickles is cut by the server's request timeout (app.ts).
 */
function drain(raw: IncomingMessage, reply: FastifyReply) {
  // Closing at once, while the client still writes, would make the kernel
  // answer its next bytes with a reset, which destroys the answer before the
  // client reads it (EPIPE or ECONNRESET in a Node `http` client). Fastify
  // asks for that close on a body it could not parse or took too much of
  // (lib/content-type-parser.js), and Node for a client that said `close`.
  const response: ServerResponse = reply.raw;
  response.shouldKeepAlive = true;
  reply.removeHeader('connection');
  let drained = 0;
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) raw.socket.destroy();
  });
  // All of it read: nothing more comes that a close could meet.
  raw.once('end', () => {
    if (response.writableFinished) raw.socket.end();
    else response.once('finish', () => raw.socket.end());
  });
  raw.resume();
}

/**
 * Every early answer reaches the client whole (docs/security.md item 49): an
 * answer sent before its request's body arrived (a 401 from the bearer
 * check, which runs before the body is read, a 413 past the body limit, a
 * 415) keeps the connection open while the rest of the body is read and
 * dropped, up to DRAIN_LIMIT_BYTES, and only then closes it.
 */
export const earlyAnswers = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    // (`app.inject()` has no socket to keep open, nor a client to reset.)
    if (!raw.complete && announcesBody(raw) && raw.socket instanceof Socket) drain(raw, reply);
    done(null, payload);
  });
});
