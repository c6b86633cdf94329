import type { HTTPMethods } from 'fastify';
import { type AuthCase, authorizationHeader } from './authorization.ts';
import { type BodyCase, bodyText, parseRefusal, schemaRefusal } from './bodies.ts';
import { type Expected, refused } from './expected.ts';

// The lifecycle every route shares (Fastify's order): route matching; the
// staff token, before the body is read (docs/security.md item 49); body
// parsing; the daily-menu id hook; schema validation of params, query and
// body; the handler. A path no route matches still has its body parsed (by
// the `/api/*` catch-all) before its 404. A route case says what its request
// holds; the lifecycle decides which step refuses it, if any, and builds the
// request sent (`toRequest`).

export interface HostileRequest {
  method: HTTPMethods;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** The client's address; a new one per request unless given. */
  remoteAddress?: string;
}

export interface Route {
  method: HTTPMethods;
  url: string;
  headers?: Record<string, string>;
  body?: BodyCase;
  /** The path matches no route (the `/api/*` catch-all answers 404). */
  unmatched?: boolean;
  /** The daily-menu hook's 404 for ids other than 1. */
  unknownId?: boolean;
  /** Fields the params/query schemas refuse. */
  paramRefusals?: string[];
  /** The query string has a key the route does not read (every such route refuses it). */
  unknownQuery?: boolean;
  /** The route validates a JSON body. */
  bodySchema?: boolean;
  /** The route also takes an image as its body (PUT /api/photos/:slot). */
  imageBody?: boolean;
  /** Staff routes: the token sent. */
  auth?: AuthCase;
  /** Only an owner may: a colleague's valid token gets 403 `owner-only`. */
  ownerOnly?: boolean;
  /** What the route's own code answers (unreachable for unmatched paths). */
  handler?: () => Expected | Promise<Expected>;
  /** The client's address, when the route's limits per address are under test. */
  remoteAddress?: string;
}

/** The expected answer, and whether the route's own code decides it. */
export async function expectation(route: Route): Promise<{ expected: Expected; handled: boolean }> {
  const early = earlyRefusal(route);
  if (early) return { expected: early, handled: false };
  if (!route.handler) throw new Error(`no handler for ${route.method} ${route.url}`);
  return { expected: await route.handler(), handled: true };
}

function earlyRefusal(route: Route): Expected | null {
  const token = route.unmatched ? null : tokenRefusal(route);
  if (token) return token;
  const parsing = parseRefusal(route.method, route.body, route.imageBody);
  if (parsing) return parsing;
  if (route.unmatched || route.unknownId) return refused(404, 'message');
  const fields = [...(route.paramRefusals ?? [])];
  const bodyField = route.bodySchema ? schemaRefusal(route.body) : null;
  if (bodyField) fields.push(bodyField);
  if (route.unknownQuery) fields.push('querystring');
  if (fields.length > 0) {
    return refused(400, 'fields', fields.length === 1 ? { field: fields[0]! } : {});
  }
  return null;
}

/** A staff route's refusal of its token: 401 without a valid one, 403 for a colleague where only an owner may. */
function tokenRefusal(route: Route): Expected | null {
  if (route.auth === 'colleague') {
    return route.ownerOnly ? refused(403, 'refusal', { code: 'owner-only' }) : null;
  }
  if (route.auth !== undefined && route.auth !== 'valid') return refused(401, 'message');
  return null;
}

export function toRequest(route: Route): HostileRequest {
  const headers = { ...route.headers, ...(route.auth ? authorizationHeader(route.auth) : {}) };
  const request = withBody(route.method, route.url, headers, route.body);
  return route.remoteAddress ? { ...request, remoteAddress: route.remoteAddress } : request;
}

function withBody(
  method: HTTPMethods,
  url: string,
  headers: Record<string, string>,
  body: BodyCase | undefined,
): HostileRequest {
  if (!body) return { method, url, headers };
  const contentType = body.contentType;
  return {
    method,
    url,
    headers: { ...headers, ...(contentType !== undefined ? { 'content-type': contentType } : {}) },
    payload: bodyText(body),
  };
}
