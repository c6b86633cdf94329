import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { announcesBody } from './plugins/early-answers.ts';
import { securityHeadersFor, ROUTE_MAY_SET } from './plugins/security-headers.ts';
import { precompressedReply, type Precompressed } from './precompressed.ts';

/** The answer kept for a GET of `url`, the request's whole address (path and query), if any. */
export type KeptAnswerSource = (url: string, request: IncomingMessage) => Precompressed | undefined;

/** What Fastify hands a server factory: its processed options (fastify/lib/server.js reads the same). */
interface ServerFactoryOptions {
  http?: ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket?: number;
}

/**
 * Answers kept in memory, sent from Node's request event before Fastify
 * sees the request: the content's public JSON (routes/api/content-json.ts),
 * the guests' availability and pickup times while certainly still the
 * answer (routes/api/kept-json.ts) and the public pages (pages/page-handler.ts).
 * Such an answer is a map lookup and one write, and what Fastify does around
 * it (a request and a reply object, a child logger, routing, the hooks of
 * every answer) cost more than the answer itself: docs/performance.md,
 * "Answers sent before Fastify".
 *
 * It is the answer Fastify would send: the kept bytes and headers in the
 * encoding asked for, or 304, chosen as the route does (precompressedReply),
 * with the security headers of every answer (securityHeadersFor) for the
 * protocol Fastify would read (a trusted proxy's X-Forwarded-Proto, else the
 * socket's). src/server/front-answers.test.ts compares the two, header by
 * header.
 *
 * Everything else goes to Fastify: a method other than GET, a request that
 * announces a body (early-answers.ts reads it), an address with no kept
 * answer or whose content version would need a read of the database, any
 * request while the server closes (Fastify answers 503), and every request
 * while request log lines are written (LOG_LEVEL info and below), so that
 * the log misses none.
 */
export class FrontAnswers {
  readonly #sources: KeptAnswerSource[] = [];
  readonly #trustedProxy: (address: string, hop: number) => boolean;
  #open = false;
  /** How many requests were answered here rather than by Fastify (tests read it). */
  answered = 0;

  /** `trustProxy`: TRUST_PROXY as the configuration parsed it, the list Fastify is given. */
  constructor(trustProxy: string[] | undefined) {
    this.#trustedProxy = trustProxy ? proxyAddr.compile(trustProxy) : () => false;
  }

  /** Where kept answers are looked for, in the order added. */
  add(source: KeptAnswerSource): void {
    this.#sources.push(source);
  }

  /** From the server's start (when no request line is logged) to its close. */
  open(): void {
    this.#open = true;
  }

  close(): void {
    this.#open = false;
  }

  /**
   * Fastify's `serverFactory`: Node's HTTP server as Fastify makes it
   * (fastify/lib/server.js, HTTP/1.1 without TLS, all this server speaks),
   * whose requests are offered to the kept answers first.
   */
  readonly serverFactory = (
    handler: RequestListener,
    fastifyOptions: Record<string, unknown>,
  ): Server => {
    const options = fastifyOptions as unknown as ServerFactoryOptions;
    const server = createServer(options.http ?? {}, (request, response) => {
      if (!this.#answer(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket && options.maxRequestsPerSocket > 0) {
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    }
    return server;
  };

  #answer(request: IncomingMessage, response: ServerResponse): boolean {
    const { url } = request;
    if (!this.#open || request.method !== 'GET' || url === undefined || announcesBody(request)) {
      return false;
    }
    let kept: Precompressed | undefined;
    for (const source of this.#sources) {
      kept = source(url, request);
      if (kept) break;
    }
    if (!kept) return false;
    const { status, headers, body } = precompressedReply(request, kept);
    for (const [name, value] of securityHeadersFor(
      headers['content-type'],
      this.#protocol(request),
    )) {
      if (!(ROUTE_MAY_SET.has(name) && name in headers)) headers[name] = value;
    }
    response.writeHead(status, headers);
    response.end(body ?? undefined);
    this.answered += 1;
    return true;
  }

  /** `request.protocol` as Fastify reads it (fastify/lib/request.js). */
  #protocol(request: IncomingMessage): 'http' | 'https' | string {
    const forwarded = request.headers['x-forwarded-proto'];
    const socket = request.socket;
    // (Node joins a repeated X-Forwarded-Proto into one string, as Fastify reads it.)
    if (
      typeof forwarded === 'string' &&
      forwarded &&
      socket.remoteAddress &&
      this.#trustedProxy(socket.remoteAddress, 0)
    ) {
      return lastEntry(forwarded);
    }
    return 'encrypted' in socket && socket.encrypted ? 'https' : 'http';
  }
}

/** The last of a comma-separated header's values, trimmed, as Fastify takes X-Forwarded-Proto. */
function lastEntry(value: string): string {
  const comma = value.lastIndexOf(',');
  return comma === -1 ? value.trim() : value.slice(comma + 1).trim();
}
