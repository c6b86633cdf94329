import type { FastifyRequest, onRequestAsyncHookHandler, onSendHookHandler } from 'fastify';
import { z } from 'zod';
import { PageCache } from '../../pages/page-cache.ts';
import { precompressedReply, sendPrecompressed, type Precompressed } from '../../precompressed.ts';

/**
 * Asked again each time, answered 304 while unchanged: the answer's ETag
 * follows its bytes, so an edit on any instance shows at once.
 */
const CACHE_CONTROL = 'no-cache';

/** What a route answered from memory declares besides its 200: the 304 (no body). */
export const NOT_MODIFIED = { 304: z.void() };

/**
 * The public JSON answers that depend only on the content, the date in Rome
 * and their address (daily menu, menu, opening hours, photos, page texts,
 * the restaurant's facts), kept in memory as pages are (pages/page-cache.ts):
 * serialised once, compressed once, with a strong ETag and a 304 for a
 * matching If-None-Match. The entries belong to the content version the
 * database has (services/content-version.ts: an edit on any instance is seen
 * by every other within CONTENT_VERSION_MAX_AGE_MS) and to today's date in
 * Rome (the hours' `today`, the texts' `{years}`): another of either drops
 * them all.
 *
 * A route takes `contentJson.route` among its options (and NOT_MODIFIED among
 * its answers where it declares its 200). A request whose exact address was
 * answered 200 at this version and date is answered from memory before its
 * query is even validated: the same address gives the same answer (none of
 * these routes reads a header). Any other goes through the route as before,
 * and its 200 answer, the bytes the route serialised, is kept on its way
 * out; errors (400, 404) are not kept. The route's own compression is off:
 * the kept forms are sent.
 */
export class ContentJson {
  readonly #cache: PageCache;
  readonly #version: () => Promise<number | undefined>;
  readonly #versionIfFresh: () => number | undefined;
  readonly #today: () => string;
  /** The cache's generation when a request that missed began: its answer is kept only for that one. */
  readonly #misses = new WeakMap<FastifyRequest, number>();

  constructor(options: {
    /** The content version the database has (`ContentVersion.current`). */
    version: () => Promise<number | undefined>;
    /** The same when known without a read (`ContentVersion.currentIfFresh`), else undefined. */
    versionIfFresh: () => number | undefined;
    /** Today's date in Rome at the app's clock. */
    today: () => string;
    /** How many addresses are kept at most (the oldest goes first). */
    maxEntries?: number;
  }) {
    this.#cache = new PageCache(options.maxEntries ?? 200);
    this.#version = options.version;
    this.#versionIfFresh = options.versionIfFresh;
    this.#today = options.today;
  }

  /** The addresses kept, oldest first (tests read them). */
  keys(): string[] {
    return this.#cache.keys();
  }

  /**
   * The answer kept for a GET of `url` (the request's whole address), when
   * the content version is known without asking the database; otherwise
   * undefined, and the request goes through its route, whose hook reads the
   * version. For the answers sent before Fastify (front-answers.ts).
   */
  keptFor(url: string): Precompressed | undefined {
    return this.#cache.getAt(url, this.#versionIfFresh(), this.#today());
  }

  readonly #onRequest: onRequestAsyncHookHandler = async (request, reply) => {
    // (A HEAD, rare, goes through the route: Fastify's HEAD route measures its body itself.)
    if (request.method !== 'GET') return;
    // Another instance may have changed the content, or the day may have turned.
    this.#cache.sync(await this.#version(), this.#today());
    const kept = this.#cache.get(request.url);
    if (kept) return sendPrecompressed(request, reply, kept);
    this.#misses.set(request, this.#cache.generation);
  };

  // A callback hook, not an async one: an answer from memory passes it with no promise.
  readonly #onSend: onSendHookHandler = (request, reply, payload, done) => {
    const generation = this.#misses.get(request);
    if (generation === undefined || typeof payload !== 'string' || reply.statusCode !== 200) {
      done(null, payload);
      return;
    }
    const answer = {
      status: 200,
      headers: {
        'content-type': String(reply.getHeader('content-type')),
        'cache-control': CACHE_CONTROL,
      },
      body: Buffer.from(payload),
      text: payload,
    };
    this.#cache.store(request.url, answer, generation).then((kept) => {
      // Answered as every later request will be: the same headers, encoding and 304.
      const { status, headers, body } = precompressedReply(request, kept);
      reply.status(status).headers(headers);
      done(null, body);
    }, done);
  };

  /**
   * The route options that answer from memory (`compress: false`: the kept
   * forms are already compressed, and a small answer is not worth it).
   */
  readonly route = {
    compress: false as const,
    onRequest: this.#onRequest,
    onSend: this.#onSend,
  };
}
