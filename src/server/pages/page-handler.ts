import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createRequestHandler,
  RouterContextProvider,
  type RouterContext,
  type ServerBuild,
} from 'react-router';
import type { AppServices } from '../../app/context.ts';
import { toLang } from '../../shared/languages.ts';
import {
  frameOrigins,
  htmlContentSecurityPolicy,
  newScriptMarker,
  withoutScriptMarker,
} from './csp.ts';
import { PageCache } from './page-cache.ts';
import type { FrontAnswers } from '../front-answers.ts';
import { sendPrecompressed } from '../precompressed.ts';
import { clientKey } from '../plugins/staff-auth.ts';
import { requestLanguage } from '../request-language.ts';

export interface PagesOptions {
  /**
   * The server build, or a function that gives the latest one (`npm run dev`,
   * where Vite rebuilds edited modules), asked again on each request.
   */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  services: AppServices;
  /** The content version the database has: cached pages of another are dropped. */
  contentVersion: () => Promise<number | undefined>;
  /** Today's date in Rome at the app's clock: cached pages of another date are dropped. */
  today: () => string;
  /**
   * Keep rendered public pages in memory (the default); off while developing,
   * so that an edit shows at once.
   */
  cache?: boolean;
  /** Where the pages are kept (a fresh cache by default). */
  pageCache?: PageCache;
  /**
   * The answers sent before Fastify (front-answers.ts), which the kept pages
   * join, with `contentVersionIfFresh`: the content version when known
   * without a read of the database (`ContentVersion.currentIfFresh`).
   */
  front?: { answers: FrontAnswers; contentVersionIfFresh: () => number | undefined };
  /**
   * The CSP of an HTML page, from its exact bytes, whose framework scripts
   * carry `marker`, and the origins it may frame (csp.ts): the strict one by default.
   */
  contentSecurityPolicy?: (html: string, marker: string, frames: readonly string[]) => string;
}

/** Which response headers of React Router's answer reach the client. */
const PASSED_HEADERS = [
  'content-type',
  'cache-control',
  'location',
  'x-robots-tag',
  'vary',
  'referrer-policy',
  // Marks a client navigation's data (.data) as React Router's own answer:
  // without it the browser's router takes a 4xx (a form's refusal) for a
  // failed request and throws it instead of showing the action's data.
  'x-remix-response',
];

/**
 * Everything that is not /api or a static file goes to React Router (SSR).
 * Written here rather than through an adapter so that the whole HTML is in
 * hand: its inline scripts are hashed into the CSP and public pages are
 * cached per (path, language), compressed, for one content version and one
 * date in Rome (docs/decisions/001, 008).
 */
export async function pagesPlugin(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const renderer = renderers(options.build, options.mode);
  const contentSecurityPolicy = options.contentSecurityPolicy ?? htmlContentSecurityPolicy;
  const origin = new URL(options.services.publicUrl).origin;
  const caching = options.cache !== false;
  const cache = options.pageCache ?? new PageCache();

  // The addresses a kept page was asked at that are the page's own (no
  // redirect, `canonicalAddress`), each parsed once: the front sends kept
  // pages to these alone. At most a page's address per language, the only
  // ones kept (`cacheKey`).
  const ownAddresses = new Map<string, URL>();
  const { front } = options;
  if (caching && front) {
    front.answers.add((address, request) => {
      const url = ownAddresses.get(address);
      const key = url && cacheKey(request, url);
      return key ? cache.getAt(key, front.contentVersionIfFresh(), options.today()) : undefined;
    });
  }

  // Page requests keep their bodies unread: React Router reads them (actions).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async (request, reply) => {
      // A path that starts with "//" is a path on this site, not another host's
      // address (and "//" alone is no address at all for `new URL(path, base)`).
      const url = new URL(request.url.startsWith('/') ? origin + request.url : request.url, origin);
      const { handle, servicesContext, clientAddressContext, scriptMarkerContext, pagePaths } =
        await renderer();
      // One address per page and language (docs/security.md item 44): a variant is
      // sent to it rather than rendered and kept as a page of its own.
      const canonical = canonicalAddress(request, url, pagePaths);
      if (canonical) return reply.redirect(canonical, 301);
      const key = caching ? cacheKey(request, url) : null;
      // Another instance may have changed the content (docs/decisions/002).
      if (key) cache.sync(await options.contentVersion(), options.today());
      const cached = key ? cache.get(key) : undefined;
      if (cached) {
        ownAddresses.set(request.url, url);
        return sendPrecompressed(request, reply, cached);
      }
      const generation = cache.generation;

      const context = new RouterContextProvider();
      context.set(servicesContext, options.services);
      context.set(clientAddressContext, clientKey(request));
      const marker = newScriptMarker();
      context.set(scriptMarkerContext, marker);
      const response = await handle(toFetchRequest(request, url), context);
      let body = Buffer.from(await response.arrayBuffer());
      const headers: Record<string, string> = {};
      for (const name of PASSED_HEADERS) {
        const value = response.headers.get(name);
        if (value !== null) headers[name] = value;
      }
      const isHtml = headers['content-type']?.startsWith('text/html') ?? false;
      if (isHtml) {
        const html = withoutModulePreloads(body.toString('utf8'));
        // The facts of this content version, as the page was rendered from (kept per version).
        const frames = frameOrigins(await options.services.restaurant());
        headers['content-security-policy'] = contentSecurityPolicy(html, marker, frames);
        body = Buffer.from(withoutScriptMarker(html, marker));
        headers['vary'] = 'Cookie, Accept-Language';
        headers['cache-control'] ??= 'no-cache';
      }
      const setCookies = response.headers.getSetCookie();
      // A page that says no-store (a link's page, /setup) is never kept, even at its bare address.
      const storable = !/\bno-store\b/.test(headers['cache-control'] ?? '');
      if (
        key &&
        storable &&
        isHtml &&
        response.status === 200 &&
        !setCookies.length &&
        body.length
      ) {
        const kept = await cache.store(key, { status: response.status, headers, body }, generation);
        ownAddresses.set(request.url, url);
        return sendPrecompressed(request, reply, kept);
      }
      reply.status(response.status).headers(headers);
      if (setCookies.length) reply.header('set-cookie', setCookies);
      return reply.send(request.method === 'HEAD' ? undefined : body);
    },
  });
}

interface Renderer {
  handle: ReturnType<typeof createRequestHandler>;
  /**
   * The context token the loaders read their services from: it must be the
   * very object inside the server build (src/app/entry.server.tsx re-exports
   * it), not an equal one imported here.
   */
  servicesContext: RouterContext<AppServices>;
  /** Likewise, the token of the client's address (what an action's flood limit counts). */
  clientAddressContext: RouterContext<string>;
  /** Likewise, the token of the render's script marker (csp.ts). */
  scriptMarkerContext: RouterContext<string>;
  /** The build's page addresses without parameters, lower case: "/", "/menu", "/reservations/cancel"… */
  pagePaths: ReadonlySet<string>;
}

/**
 * A fixed build is prepared once; a function's build is fetched and prepared
 * on each request, so that every page renders the latest edit.
 */
function renderers(
  build: PagesOptions['build'],
  mode: PagesOptions['mode'],
): () => Renderer | Promise<Renderer> {
  const prepare = (server: ServerBuild): Renderer => {
    const entry = server.entry.module as unknown as {
      appServicesContext: RouterContext<AppServices>;
      clientAddressContext: RouterContext<string>;
      scriptMarkerContext: RouterContext<string>;
    };
    return {
      handle: createRequestHandler(server, mode),
      servicesContext: entry.appServicesContext,
      clientAddressContext: entry.clientAddressContext,
      scriptMarkerContext: entry.scriptMarkerContext,
      pagePaths: pathsOf(server.routes),
    };
  };
  if (typeof build === 'function') return async () => prepare(await build());
  const fixed = prepare(build);
  return () => fixed;
}

/**
 * React Router preloads every JS chunk of the page from <head> (about 140 KB
 * on the home page), and on a slow connection they share the bandwidth with
 * the HTML, the CSS and the hero image: first paint waits for them (Lighthouse
 * mobile: FCP 2.3 s with them, about 1 s without). Without the
 * preloads the module script at the end of the body still loads the same
 * chunks, after the first paint. The links carry the render's script marker
 * as a nonce (src/app/entry.server.tsx), so any attributes are matched.
 */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
export function withoutModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, '');
}

/** Every address of a route without a parameter or a splat (src/app/routes.ts), lower case. */
function pathsOf(routes: ServerBuild['routes']): Set<string> {
  const pathOf = (id: string | undefined): string => {
    const route = id === undefined ? undefined : routes[id];
    if (!route) return '';
    const parent = pathOf(route.parentId);
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const paths = new Set<string>();
  for (const id of Object.keys(routes)) {
    const path = pathOf(id).replace(/\/+/g, '/').toLowerCase() || '/';
    if (!/[:*]/.test(path)) paths.add(path.length > 1 ? path.replace(/\/$/, '') : path);
  }
  return paths;
}

/**
 * Where a GET or HEAD of a page belongs when it is not there already, else
 * null: the page's address in lower case without a trailing slash or
 * percent-encoding, and a query that is only the language as `?lng=xx` (the
 * first `lng`, which is the one the page shows; none when it names no
 * language of ours). A query with another parameter (the reservation form's
 * choice, a cancellation token) is the page's own and is kept as it came.
 * The answer is always one of the build's own page paths: never another
 * origin (`//evil.example`), whatever the request's address.
 */
function canonicalAddress(
  request: Pick<FastifyRequest, 'method' | 'url'>,
  url: URL,
  pagePaths: ReadonlySet<string>,
): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname).toLowerCase().replace(/\/+$/, '') || '/';
  } catch {
    return null; // not a page's address: the 404 page says so
  }
  if (!pagePaths.has(path)) return null;
  if ([...url.searchParams.keys()].some((name) => name !== 'lng')) {
    // The page's own query, never rewritten: only a variant of the path is sent on.
    const requestPath = request.url.split('?')[0];
    return path === requestPath ? null : `${path}${url.search}`;
  }
  const lang = toLang(url.searchParams.get('lng'));
  const canonical = lang ? `${path}?lng=${lang}` : path;
  return canonical === request.url ? null : canonical;
}

/**
 * The cache key of a page view, or null when it must be rendered afresh. Only
 * plain GET/HEAD page requests whose query is nothing or a valid `lng` are
 * cached: the page then depends on the address and the language alone, and
 * the number of keys stays small. Variants of the address never get here
 * (`canonicalAddress`), and `/menu?lng=de` is the same page as `/menu` in
 * German: one key per page and language.
 */
function cacheKey(request: Pick<IncomingMessage, 'method' | 'headers'>, url: URL): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (url.pathname.endsWith('.data')) return null; // client navigation data
  const query = [...url.searchParams];
  if (query.length > 1) return null;
  if (query.length === 1 && (query[0]?.[0] !== 'lng' || toLang(query[0][1]) !== query[0][1])) {
    return null;
  }
  return `${url.pathname}|${requestLanguage(request, url)}`;
}

function toFetchRequest(request: FastifyRequest, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete) controller.abort();
  });
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  });
}
