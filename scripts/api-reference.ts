/**
 * docs/api.md, made from two sources: the hand-written prose of
 * docs/api.template.md, and what the server itself declares for each route
 * (method, path, who may call it, the zod schemas of its parameters, query,
 * body and answers). The schemas are the ones Fastify validates with, so the
 * generated parts cannot drift from the code; the test beside this file
 * fails when docs/api.md is older than either source.
 *
 * The template places each route with a line `<!-- route: METHOD /path -->`
 * (Fastify's path, `:id` for a parameter) followed by its prose; the route's
 * generated part goes after that prose. Every route must be placed exactly
 * once, and every placed route must exist: a new route cannot go undocumented.
 * A line `<!-- error-codes -->` becomes the list of every refusal code, read
 * from the objects that declare them (src/shared/schemas/errors.ts), and the
 * `details` of the codes that carry some (REFUSAL_DETAILS there).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RouteOptions } from 'fastify';
import * as prettier from 'prettier';
import { z } from 'zod';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { requireOwner, requireStaff } from '../src/server/plugins/staff-auth.ts';
import { createTestDatabase } from '../src/server/testing/database.ts';
import {
  AUTH_REFUSALS,
  MENU_REFUSALS,
  PHOTO_REFUSALS,
  RATE_LIMITED,
  REFUSAL_DETAILS,
  STAFF_REFUSALS,
} from '../src/shared/schemas/errors.ts';
import { RESERVATION_REFUSALS } from '../src/shared/schemas/reservations.ts';
import { TAKEAWAY_REFUSALS } from '../src/shared/schemas/takeaway.ts';
import { ONE_LINE_TEXT } from '../src/shared/schemas/zod.ts';

const ROOT = resolve(import.meta.dirname, '..');
export const TEMPLATE_PATH = join(ROOT, 'docs/api.template.md');
export const OUTPUT_PATH = join(ROOT, 'docs/api.md');

type Auth = 'public' | 'staff' | 'owner';

export interface DocumentedRoute {
  method: string;
  url: string;
  auth: Auth;
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  /** Declared answers by status. */
  responses: Record<string, JsonSchema>;
}

/** The parts of JSON Schema that zod's `toJSONSchema` writes for our schemas. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

const toJson = (schema: unknown, io: 'input' | 'output') =>
  z.toJSONSchema(schema as z.ZodType, { io, unrepresentable: 'any' }) as JsonSchema;

function authOf(route: RouteOptions): Auth {
  // Named as a preHandler, run at onRequest (bearerFirst, src/server/plugins/staff-auth.ts).
  const hooks = [route.onRequest ?? [], route.preHandler ?? []].flat();
  if (hooks.includes(requireOwner)) return 'owner';
  if (hooks.includes(requireStaff)) return 'staff';
  return 'public';
}

/** Every route the server answers, as buildApp wires it (without the pages), in its order. */
export async function collectRoutes(): Promise<DocumentedRoute[]> {
  const added: RouteOptions[] = [];
  const database = await createTestDatabase('sqlite');
  try {
    const app = await buildApp({
      config: loadConfig({
        DATABASE_URL: database.url,
        PUBLIC_URL: 'https://www.trattoria.example',
        LOG_LEVEL: 'silent',
      }),
      logger: false,
      onRoute: (route) => added.push(route),
    });
    await app.close();
  } finally {
    await database.drop();
  }
  const routes: DocumentedRoute[] = [];
  for (const route of added) {
    // HEAD answers every GET by itself (Fastify), and `/api/*` is the JSON 404.
    if (typeof route.method !== 'string' || route.method === 'HEAD') continue;
    if (route.url.includes('*')) continue;
    const schema = (route.schema ?? {}) as {
      params?: unknown;
      querystring?: unknown;
      body?: unknown;
      response?: Record<string, unknown>;
    };
    const query = schema.querystring ? toJson(schema.querystring, 'input') : undefined;
    routes.push({
      method: route.method,
      url: route.url,
      auth: authOf(route),
      ...(schema.params ? { params: toJson(schema.params, 'input') } : {}),
      // A query with no keys is the API's rule that refuses any (described once, above).
      ...(query && Object.keys(query.properties ?? {}).length > 0 ? { query } : {}),
      ...(schema.body ? { body: toJson(schema.body, 'input') } : {}),
      responses: Object.fromEntries(
        Object.entries(schema.response ?? {}).map(([status, answer]) => [
          status,
          toJson(answer, 'output'),
        ]),
      ),
    });
  }
  return routes;
}

const code = (text: unknown) => `\`${String(text)}\``;
const json = (value: unknown) => code(JSON.stringify(value));

/** The type of one field, in words: `string`, `one of "a", "b"`, `list of object`, `integer or null`. */
function typeOf(schema: JsonSchema): string {
  if (schema.const !== undefined) return json(schema.const);
  if (schema.enum) return `one of ${schema.enum.map(json).join(', ')}`;
  if (schema.anyOf) return [...new Set(schema.anyOf.map(typeOf))].join(' or ');
  if (schema.type === 'array') return `list of ${schema.items ? typeOf(schema.items) : 'any'}`;
  if (
    schema.type === 'object' &&
    !schema.properties &&
    typeof schema.additionalProperties === 'object'
  ) {
    return `map of ${typeOf(schema.additionalProperties)}`;
  }
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  return schema.type ?? 'any';
}

/** What the schema bounds: lengths, ranges, counts, a pattern, a default. */
function limitsOf(schema: JsonSchema): string {
  const limits: string[] = [];
  const range = (low: number | undefined, high: number | undefined, unit: string) => {
    if (low !== undefined && high !== undefined) limits.push(`${low}–${high}${unit}`);
    else if (low !== undefined) limits.push(`at least ${low}${unit}`);
    else if (high !== undefined) limits.push(`at most ${high}${unit}`);
  };
  range(schema.minLength, schema.maxLength, ' characters');
  if (schema.exclusiveMinimum !== undefined) {
    limits.push(`over ${schema.exclusiveMinimum}`);
    range(undefined, schema.maximum, '');
  } else {
    range(schema.minimum, schema.maximum, '');
  }
  range(schema.minItems, schema.maxItems, ' items');
  if (schema.pattern !== undefined) {
    limits.push(
      schema.pattern === ONE_LINE_TEXT.source
        ? 'one line, no control characters'
        : `matches ${code(schema.pattern)}`,
    );
  }
  if (schema.default !== undefined) limits.push(`default ${json(schema.default)}`);
  for (const branch of schema.anyOf ?? []) {
    const inner = limitsOf(branch);
    if (inner) limits.push(inner);
  }
  return limits.join('; ');
}

/** The object a field holds, seen through `or null` and lists. */
function innerObject(schema: JsonSchema): JsonSchema | undefined {
  if (schema.properties) return schema;
  if (schema.type === 'array' && schema.items) return innerObject(schema.items);
  if (schema.type === 'object' && typeof schema.additionalProperties === 'object') {
    return innerObject(schema.additionalProperties);
  }
  const objects = (schema.anyOf ?? []).map(innerObject).filter((found) => found !== undefined);
  return objects.length === 1 ? objects[0] : undefined;
}

/** The path segment that leads into a field's object: `.`, `[].` or `{key}.`. */
function stepInto(schema: JsonSchema): string {
  const plain = schema.anyOf?.find((branch) => branch.type !== 'null') ?? schema;
  if (plain.type === 'array') return `[]${plain.items ? stepInto(plain.items).slice(0, -1) : ''}.`;
  if (plain.type === 'object' && !plain.properties) return '{key}.';
  return '.';
}

type Row = [field: string, type: string, required: string, limits: string];

function rowsOf(schema: JsonSchema, prefix = ''): Row[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
    const path = `${prefix}${name}`;
    const row: Row = [code(path), typeOf(field), required.has(name) ? 'yes' : '', limitsOf(field)];
    const inner = innerObject(field);
    return [row, ...(inner ? rowsOf(inner, `${path}${stepInto(field)}`) : [])];
  });
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

function table(title: string, schema: JsonSchema, withRequired: boolean): string {
  const rows = rowsOf(schema);
  if (rows.length === 0) return `${title}: ${typeOf(schema)}.`;
  const head = withRequired
    ? ['| field | type | required | limits |', '| --- | --- | --- | --- |']
    : ['| field | type |', '| --- | --- |'];
  const lines = rows.map(([field, type, required, limits]) =>
    withRequired
      ? `| ${cell(field)} | ${cell(type)} | ${required} | ${cell(limits)} |`
      : `| ${cell(field)} | ${cell(type)} |`,
  );
  return [`${title}:`, '', ...head, ...lines].join('\n');
}

const AUTH_WORDS: Record<Auth, string> = {
  public: 'anyone',
  staff: 'staff (bearer token)',
  owner: 'an owner (bearer token)',
};

/** The generated part of one route: who calls it, what it takes, what it answers. */
function routeDetails(route: DocumentedRoute): string {
  const statuses = Object.keys(route.responses);
  const validated = route.params || route.query || route.body;
  const refusals = [
    ...(validated ? ['400'] : []),
    ...(route.auth !== 'public' ? ['401'] : []),
    ...(route.auth === 'owner' ? ['403'] : []),
  ];
  const summary = [
    `- Who: ${AUTH_WORDS[route.auth]}.`,
    ...(statuses.length ? [`- Declared answers: ${statuses.join(', ')}.`] : []),
    ...(refusals.length ? [`- Refused by the schema or the session: ${refusals.join(', ')}.`] : []),
  ];
  const parts = [summary.join('\n')];
  if (route.params) parts.push(table('Path parameters', route.params, true));
  if (route.query) parts.push(table('Query', route.query, true));
  if (route.body) parts.push(table('Body (JSON)', route.body, true));
  for (const [status, answer] of Object.entries(route.responses)) {
    parts.push(table(`Answer ${status}`, answer, false));
  }
  return parts.join('\n\n');
}

const MARKER = /^<!-- route: ([A-Z]+) (\S+) -->$/;
const ERROR_CODES_MARKER = '<!-- error-codes -->';

/** Every refusal code, by the family of routes that answers it. */
function errorCodes(): string {
  const families: [string, readonly string[]][] = [
    ['Sign-in, recovery, owners only', Object.values(AUTH_REFUSALS)],
    ['Colleagues and invitations', Object.values(STAFF_REFUSALS)],
    ['Menu and daily menu', Object.values(MENU_REFUSALS)],
    ['Reservations', Object.values(RESERVATION_REFUSALS)],
    ['Takeaway orders', Object.values(TAKEAWAY_REFUSALS)],
    ['Photo uploads', Object.values(PHOTO_REFUSALS)],
    ['Too many requests (429, any family)', [RATE_LIMITED]],
  ];
  const details = Object.entries(REFUSAL_DETAILS).map(([refusal, schema]) =>
    table(`${code(refusal)} carries \`details\``, toJson(schema, 'output'), false),
  );
  return [
    [
      '| Routes | Codes |',
      '| --- | --- |',
      ...families.map(([family, codes]) => `| ${family} | ${codes.map(code).join(', ')} |`),
    ].join('\n'),
    ...details,
  ].join('\n\n');
}

/**
 * The template with each route marker replaced by the route's heading, its
 * prose kept, and its generated part after the prose. Throws when a route
 * is placed twice, placed but unknown, or not placed at all.
 */
export function renderApiReference(template: string, routes: DocumentedRoute[]): string {
  const byKey = new Map(routes.map((route) => [`${route.method} ${route.url}`, route]));
  const placed = new Set<string>();
  const out: string[] = [];
  let pending: DocumentedRoute | undefined;
  const flush = () => {
    if (pending) out.push(routeDetails(pending), '');
    pending = undefined;
  };
  for (const line of template.split('\n')) {
    if (line === ERROR_CODES_MARKER) {
      out.push(errorCodes());
      continue;
    }
    const marker = MARKER.exec(line);
    if (marker || line.startsWith('#')) flush();
    if (!marker) {
      out.push(line);
      continue;
    }
    const key = `${marker[1]} ${marker[2]}`;
    const route = byKey.get(key);
    if (!route)
      throw new Error(`docs/api.template.md places ${key}, which the server does not have`);
    if (placed.has(key)) throw new Error(`docs/api.template.md places ${key} twice`);
    placed.add(key);
    pending = route;
    out.push(`### ${code(key)}`);
  }
  flush();
  const missing = [...byKey.keys()].filter((key) => !placed.has(key));
  if (missing.length) {
    throw new Error(`docs/api.template.md does not place: ${missing.join(', ')}`);
  }
  return out.join('\n');
}

/** docs/api.md as it should be now, formatted as Prettier keeps it. */
export async function apiReference(): Promise<string> {
  const template = readFileSync(TEMPLATE_PATH, 'utf8');
  const rendered = [
    "<!-- Made by `npm run docs:api` from docs/api.template.md and the routes' schemas: edit those, not this file. -->",
    '',
    renderApiReference(template, await collectRoutes()),
  ].join('\n');
  const options = await prettier.resolveConfig(OUTPUT_PATH);
  return prettier.format(rendered, { ...options, filepath: OUTPUT_PATH });
}
