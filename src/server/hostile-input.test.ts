import { createHash } from 'node:crypto';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods, LightMyRequestResponse } from 'fastify';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../shared/languages.ts';
import {
  DEFAULT_RESERVATION_SETTINGS,
  type ReservationStatus,
} from '../shared/schemas/reservations.ts';
import type { ReservationsTable } from './db/database.ts';
import { hashPassword } from './services/passwords.ts';
import { cancelToken } from './services/reservations/cancel-links.ts';
import { hashToken, newToken, nowIso } from './services/tokens.ts';
import { createStaff, login, STAFF_PASSWORD, testApp } from './testing/app.ts';
import { registeredRoutes } from './testing/routes.ts';

/*
 * Hostile input: malformed JSON, wrong types, unknown keys and oversized
 * strings or bodies get a 4xx in one of the API's three error shapes, never a
 * 500, and change nothing. Property-based requests at every API route and method, through
 * `app.inject()` on one database file: wrong JSON types, missing and extra
 * fields, huge and Unicode strings, malformed JSON, wrong content types, bad
 * tokens, bad path parameters and query strings. For each request the oracle
 * below decides, from how the request was generated, whether the server must
 * refuse it (then: a 4xx in one of those shapes and no table changed)
 * or accept it (then: the documented success status and exactly the expected
 * change), so no property can pass by refusing everything.
 */

// ---------------------------------------------------------------------------
// Limits the oracle knows: the server's body and field limits.

const BODY_LIMIT_BYTES = 100 * 1024;
const DAILY_MENU_FIELD_MAX = 2000;
const CONTACT_MESSAGE_MAX = 5000;
const NAME_MAX = 100;
/** find-my-way's default: a longer (decoded) path parameter matches no route. */
const MAX_PARAM_LENGTH = 100;
const TARGET_LANGS = ['en', 'fr', 'es', 'de'] as const;
const STAFF_EMAIL = 'anna@trattoria.example';
const COLLEAGUE_PASSWORD = 'reti-e-lampare-al-porto';
/** Passwords on the common-password list that satisfy the length rule. */
const COMMON_PASSWORDS = ['qwerty123456', '1q2w3e4r5t6y', '123qweasdzxc', 'QAZWSXEDCRFV'];

// ---------------------------------------------------------------------------
// The API's three error shapes.

type Shape = 'fields' | 'refusal' | 'message';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Which of the three error shapes `body` is, or null for none. */
function contractShape(body: unknown, status: number): Shape | null {
  if (!isRecord(body) || Object.keys(body).length !== 1) return null;
  if ('message' in body) {
    return typeof body.message === 'string' && body.message !== '' ? 'message' : null;
  }
  const { errors } = body;
  if (Array.isArray(errors)) {
    const wellFormed = errors.every(
      (error) =>
        isRecord(error) &&
        Object.keys(error).sort().join() === 'code,description' &&
        typeof error.code === 'string' &&
        typeof error.description === 'string',
    );
    return errors.length > 0 && wellFormed ? 'refusal' : null;
  }
  if (status === 400 && isRecord(errors)) {
    const lists = Object.values(errors);
    const wellFormed = lists.every(
      (list) =>
        Array.isArray(list) &&
        list.length > 0 &&
        list.every((item) => typeof item === 'string' && item !== ''),
    );
    return lists.length > 0 && wellFormed ? 'fields' : null;
  }
  return null;
}

interface ExpectedError {
  status?: number;
  shape?: Shape;
  /** For `fields`: a key that must be among the fields. */
  field?: string;
  /** For `refusal`: a code that must be among the errors. */
  code?: string;
}

/**
 * A refusal: a 4xx, JSON, in one of the three shapes (and the
 * expected status, shape, field or code when given). A HEAD answer has no body.
 */
function expectContractError(
  response: LightMyRequestResponse,
  expected: ExpectedError = {},
  label = '',
): void {
  const context = `${label}\n  → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, context).toBeLessThan(500);
  if (expected.status !== undefined) expect(response.statusCode, context).toBe(expected.status);
  expect(response.headers['content-type'], context).toMatch(/^application\/json\b/);
  if (response.raw.req.method === 'HEAD') {
    expect(response.body, context).toBe('');
    return;
  }
  let body: unknown;
  expect(() => (body = JSON.parse(response.body)), context).not.toThrow();
  const shape = contractShape(body, response.statusCode);
  expect(shape, `not one of the API error shapes: ${context}`).not.toBeNull();
  if (expected.shape) expect(shape, context).toBe(expected.shape);
  if (expected.field) {
    // A nested value's error is named by its path (`prices.0.amount`).
    const fields = Object.keys((body as { errors: object }).errors);
    expect(
      fields.some((field) => field === expected.field || field.startsWith(`${expected.field}.`)),
      context,
    ).toBe(true);
  }
  if (expected.code) {
    const codes = (body as { errors: { code: string }[] }).errors.map((error) => error.code);
    expect(codes, context).toContain(expected.code);
  }
}

// ---------------------------------------------------------------------------
// The app under test, its credentials, and snapshots of what it stores.

let harness: Awaited<ReturnType<typeof testApp>>;
let app: FastifyInstance;
let staffId: number;
/** The owner's: the first account of a database is its owner. */
let staffToken: string;
/** A staff account's (not an owner). */
let colleagueToken: string;
/** An argon2id hash of COLLEAGUE_PASSWORD, computed once: accounts made per request skip hashing. */
let colleaguePasswordHash: string;
let revokedToken: string;
let expiredToken: string;
let seededMessageId: number;
let seededSpamId: number;

type Table =
  | 'daily_menu'
  | 'daily_menu_history'
  | 'staff_users'
  | 'sessions'
  | 'password_resets'
  | 'contact_messages'
  | 'outbox'
  | 'staff_invitations'
  | 'audit_log'
  | 'content_version'
  | 'menu_sections'
  | 'menu_items'
  | 'menu_item_prices'
  | 'text_translations'
  | 'opening_weekly_ranges'
  | 'opening_closures'
  | 'opening_exception_ranges'
  | 'restaurant_facts'
  | 'reservations'
  | 'reservation_settings'
  | 'server_secrets';

/**
 * Every table but `rate_limits` and `login_throttle` (per-address counters
 * move on refused requests, by design), in full, each in a stable order; `sessions.last_seen_at` is left
 * out (authenticated use refreshes it, at most once a minute).
 */
const SNAPSHOT: Record<Table, { orderBy: string; ignore?: string[] }> = {
  daily_menu: { orderBy: 'id' },
  daily_menu_history: { orderBy: 'id' },
  staff_users: { orderBy: 'id' },
  sessions: { orderBy: 'id', ignore: ['last_seen_at'] },
  password_resets: { orderBy: 'id' },
  contact_messages: { orderBy: 'id' },
  outbox: { orderBy: 'id' },
  staff_invitations: { orderBy: 'id' },
  audit_log: { orderBy: 'id' },
  content_version: { orderBy: 'id' },
  menu_sections: { orderBy: 'id' },
  menu_items: { orderBy: 'id' },
  menu_item_prices: { orderBy: 'item_id, position' },
  text_translations: { orderBy: 'entity, entity_id, field, lang, kind' },
  opening_weekly_ranges: { orderBy: 'day, position' },
  opening_closures: { orderBy: 'id' },
  opening_exception_ranges: { orderBy: 'date, position' },
  restaurant_facts: { orderBy: 'id' },
  reservations: { orderBy: 'id' },
  reservation_settings: { orderBy: 'id' },
  server_secrets: { orderBy: 'name' },
};
const TABLES = Object.keys(SNAPSHOT) as Table[];

type Snapshot = Record<Table, { rows: number; digest: string }>;

/**
 * Reads the tables through a second, read-only connection, each as one
 * string SQLite builds (every column quoted), hashed. `PRAGMA data_version`
 * changes only when another connection commits, so an unchanged version
 * means an unchanged database and the last snapshot is reused (most refused
 * requests commit nothing at all).
 */
class Snapshots {
  readonly #db: DatabaseSync;
  readonly #version: StatementSync;
  readonly #tables: [Table, StatementSync][];
  #last: { version: unknown; snapshot: Snapshot } | undefined;

  constructor(file: string) {
    this.#db = new DatabaseSync(file, { readOnly: true });
    this.#version = this.#db.prepare('PRAGMA data_version');
    this.#tables = TABLES.map((table) => {
      const { orderBy, ignore = [] } = SNAPSHOT[table];
      const columns = this.#db
        .prepare(`SELECT name FROM pragma_table_info('${table}')`)
        .all()
        .map((column) => String(column.name))
        .filter((name) => !ignore.includes(name));
      const row = columns.map((name) => `quote("${name}")`).join(" || ',' || ");
      const sql = `SELECT count(*) AS rows, group_concat(${row}, char(10) ORDER BY ${orderBy}) AS content FROM "${table}"`;
      return [table, this.#db.prepare(sql)];
    });
  }

  take(): Snapshot {
    const version = Object.values(this.#version.get() ?? {})[0];
    if (this.#last && this.#last.version === version) return this.#last.snapshot;
    const snapshot = {} as Snapshot;
    for (const [table, statement] of this.#tables) {
      const { rows, content } = statement.get() as { rows: number; content: string | null };
      const digest = createHash('sha1')
        .update(content ?? '')
        .digest('hex');
      snapshot[table] = { rows, digest };
    }
    this.#last = { version, snapshot };
    return snapshot;
  }

  close() {
    this.#db.close();
  }
}
let snapshots: Snapshots;

const changedTables = (before: Snapshot, after: Snapshot) =>
  TABLES.filter((table) => before[table].digest !== after[table].digest);

// ---------------------------------------------------------------------------
// Requests and expectations.

interface HostileRequest {
  method: HTTPMethods;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** The client's address; a new one per request unless given. */
  remoteAddress?: string;
}

type Expected =
  | { refused: ExpectedError & { status: number } }
  | {
      accepted: {
        status: number;
        /** The only tables the request may change. */
        mayWrite: Table[];
        /** Checks the answer and the stored effect. */
        verify: (response: LightMyRequestResponse) => void | Promise<void>;
      };
    };

const refused = (
  status: number,
  shape: Shape,
  detail: Omit<ExpectedError, 'status' | 'shape'> = {},
) => ({ refused: { status, shape, ...detail } }) as const;

/** Per family: how many requests were sent, and how many of each answer the oracle expected. */
interface Tally {
  sent: number;
  /** Requests that got past parsing, validation and the token, into the route's own code. */
  handled: number;
  accepted: number;
  refused: Map<number, number>;
}
const tally = new Map<string, Tally>();
const totalSent = () => [...tally.values()].reduce((sum, entry) => sum + entry.sent, 0);
let clientNumber = 0;
/** A new client address per request, so per-IP limits never decide an outcome. */
function nextClientAddress() {
  clientNumber += 1;
  return `10.${(clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
}

function describeRequest(request: HostileRequest) {
  const payload = request.payload ?? '';
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${value.length > 80 ? `${value.slice(0, 80)}…` : value}`)
    .join('; ');
  const shownUrl = request.url.length > 200 ? `${request.url.slice(0, 200)}…` : request.url;
  const shownPayload = payload.length > 200 ? `${payload.slice(0, 200)}…` : payload;
  return `${request.method} ${shownUrl} [${headers}] ${JSON.stringify(shownPayload)} (${Buffer.byteLength(payload)} bytes)`;
}

/** Sends one request and holds it to its expectation, tables included. */
async function exchange(
  family: string,
  request: HostileRequest,
  expected: Expected,
  handled: boolean,
) {
  const before = snapshots.take();
  const response = await app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
    remoteAddress: request.remoteAddress ?? nextClientAddress(),
  });
  const counts = tally.get(family) ?? { sent: 0, handled: 0, accepted: 0, refused: new Map() };
  tally.set(family, counts);
  counts.sent += 1;
  if (handled) counts.handled += 1;
  if ('refused' in expected) {
    const { status } = expected.refused;
    counts.refused.set(status, (counts.refused.get(status) ?? 0) + 1);
  } else counts.accepted += 1;
  const after = snapshots.take();
  const label = describeRequest(request);
  expect(response.statusCode, `5xx for ${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if ('refused' in expected) {
    expectContractError(response, expected.refused, label);
    expect(changedTables(before, after), `refused, yet written: ${label}`).toEqual([]);
  } else {
    const { status, mayWrite, verify } = expected.accepted;
    expect(response.statusCode, `${label}\n  → ${response.body.slice(0, 300)}`).toBe(status);
    const unexpected = changedTables(before, after).filter((table) => !mayWrite.includes(table));
    expect(unexpected, `unexpected writes: ${label}`).toEqual([]);
    await verify(response);
  }
}

// ---------------------------------------------------------------------------
// Authorization headers.

const BAD_AUTH_VARIANTS = [
  'revoked',
  'expired',
  'other-scheme',
  'no-space',
  'double-space',
  'truncated',
  'extended',
  'twice',
  'basic',
] as const;
/** `colleague`: a valid token of a staff (not owner) account, for owner-only routes. */
type AuthCase =
  'valid' | 'colleague' | 'absent' | (typeof BAD_AUTH_VARIANTS)[number] | { header: string };

const badAuthorizationHeaders = fc.oneof(
  fc.constantFrom('', 'Bearer', 'Bearer ', 'Token abc', 'Bearer null', 'Bearer [object Object]'),
  // Well-formed, but no such session.
  fc.stringMatching(/^[A-Za-z0-9_-]{1,200}$/).map((token) => `Bearer ${token}`),
  // Oversized.
  fc.integer({ min: 201, max: 20_000 }).map((length) => `Bearer ${'A'.repeat(length)}`),
  fc.string({ unit: 'grapheme', maxLength: 60 }).map((text) => `Bearer ${text}`),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }),
);

const authCases: fc.Arbitrary<AuthCase> = fc.oneof(
  { weight: 4, arbitrary: fc.constant('valid' as const) },
  { weight: 1, arbitrary: fc.constant('absent' as const) },
  { weight: 3, arbitrary: fc.constantFrom(...BAD_AUTH_VARIANTS) },
  { weight: 2, arbitrary: badAuthorizationHeaders.map((header) => ({ header })) },
);

/** Owner-only routes: the owner's token, a colleague's (403), or any wrong one (401). */
const ownerAuthCases: fc.Arbitrary<AuthCase> = fc.oneof(
  { weight: 5, arbitrary: authCases },
  { weight: 1, arbitrary: fc.constant('colleague' as const) },
);

function authorizationHeader(auth: AuthCase, token = staffToken): Record<string, string> {
  if (typeof auth === 'object') return { authorization: auth.header };
  const value = {
    valid: `Bearer ${token}`,
    colleague: `Bearer ${colleagueToken}`,
    absent: undefined,
    revoked: `Bearer ${revokedToken}`,
    expired: `Bearer ${expiredToken}`,
    'other-scheme': `Token ${token}`,
    'no-space': `Bearer${token}`,
    'double-space': `Bearer  ${token}`,
    truncated: `Bearer ${token.slice(0, -1)}`,
    extended: `Bearer ${token}A`,
    twice: `Bearer ${token}, Bearer ${token}`,
    basic: `Basic ${Buffer.from(`${STAFF_EMAIL}:${STAFF_PASSWORD}`).toString('base64')}`,
  }[auth];
  return value === undefined ? {} : { authorization: value };
}

// ---------------------------------------------------------------------------
// Strings.

/** Characters that break naive code: controls, bidi, zero-width, BOM, lone surrogates, quotes. */
const NASTY = [
  '\u0000',
  '\n',
  '\r\n',
  '\t',
  '\u0085',
  '\u2028',
  '\u202e',
  '\u200b',
  '\ufeff',
  '\ud800',
  '\udfff',
  '😀',
  '👩‍👩‍👧',
  'e\u0301',
  'ß',
  '中文',
  '"',
  '\\',
  "'",
  '<img src=x onerror=alert(1)>',
  '${x}',
  '%00',
  '%s',
  '\u001b[31m',
  "'); DROP TABLE staff_users;--",
];

/**
 * Keeps at most `max` characters. Lengths here are code points, as zod counts
 * them (and people do): "2,000 characters" of emoji are 4,000 UTF-16 units.
 */
const clip = (text: string, max: number) => [...text].slice(0, max).join('');

/** Any text up to `max` characters: random code points, graphemes, nasty pieces, sometimes long. */
const anyText = (max: number) =>
  fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
      { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
      { weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(...NASTY), maxLength: 20 }) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }), fc.nat(max))
          .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length))),
      },
    )
    .map((text) => clip(text, max));

/** Text whose trimmed form is 1 to `max` characters: it starts and ends with a letter. */
const trimmedText = (max: number) => anyText(max - 2).map((middle) => `a${middle}z`);

/** Longer than `max` characters even after trimming. */
const tooLongText = (max: number) =>
  fc
    .tuple(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
      fc.integer({ min: max + 1, max: max * 3 }),
    )
    .map(([piece, length]) => `x${piece.repeat(Math.ceil(length / [...piece].length))}x`);

/** What a one-line name may not hold: controls, line separators, bidi controls. */
const withoutControls = (text: string) =>
  text.replace(/[\p{Cc}\p{Zl}\p{Zp}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu, '');

/** The well-formed text a stored string reads back as (SQLite keeps UTF-8). */
const stored = (text: string) => text.toWellFormed();

const simpleEmail = (domain: string) =>
  fc
    .tuple(fc.stringMatching(/^[a-z0-9]{1,20}$/), fc.constantFrom('', ' ', '  '))
    .map(([local, pad]) => `${pad}${local}@${domain}${pad}`);

const invalidEmails = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'not-an-email',
    'a@',
    '@b.it',
    'a@@b.it',
    'a b@c.it',
    'ü@b.it',
    'a@b',
    'a@b.it\r\nBcc: victim@example.com',
    `${'x'.repeat(250)}@b.it`,
  ),
  fc.string({ unit: 'binary', maxLength: 30 }).filter((text) => !text.includes('@')),
);

// ---------------------------------------------------------------------------
// Bodies.

const JSON_CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json;charset=UTF-8',
];
/** Other content types: text/plain is parsed (to a string, which schemas refuse); the rest have no parser (415). */
const OTHER_CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'text/html',
  'text/json',
  'application/json-patch+json',
  'application/jsonx',
  'application/vnd.api+json',
  '*/*',
  '',
];

const MALFORMED_JSON = [
  "{'titolo':'x'}",
  '{titolo:"x"}',
  '{"a":1,}',
  '[1,2,]',
  'NaN',
  'undefined',
  '{"a":1}}',
  '{"a":1} {"b":2}',
  '{"a":"line\nbreak"}',
  '"unterminated',
  'tru',
  '0x10',
  '{"a":01}',
  '\u0000',
  ' ',
  '<xml/>',
  'titolo=x&descrizione=y',
  // Valid JSON, refused as prototype poisoning (Fastify's secure-json-parse).
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
];

type BodyCase =
  /** JSON the route's schema accepts. */
  | { kind: 'valid'; json: Record<string, unknown>; contentType: string }
  /** JSON the schema refuses at `field` ('body' when the whole body is wrong). */
  | { kind: 'invalid'; json: unknown; field: string; contentType: string }
  /** Not JSON, too large, or another content type. */
  | { kind: 'raw'; text: string; contentType?: string };

const bodyText = (body: BodyCase) => (body.kind === 'raw' ? body.text : JSON.stringify(body.json));

/**
 * What the API's JSON parser accepts: Fastify's (secure-json-parse): JSON,
 * after an optional BOM, with no `__proto__` key and no
 * `constructor.prototype` at any depth (checked breadth-first, as it does,
 * so deep nesting cannot overflow); then no U+0000 in any key or string
 * (api-conventions.ts: PostgreSQL's text cannot hold it).
 */
function parsesAsJson(text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return false;
  }
  let level: unknown[] = [value];
  while (level.length > 0) {
    const next: unknown[] = [];
    for (const node of level) {
      if (typeof node === 'string' && node.includes('\0')) return false;
      if (typeof node !== 'object' || node === null) continue;
      if (Object.keys(node).some((key) => key.includes('\0'))) return false;
      if (Object.hasOwn(node, '__proto__')) return false;
      if (Object.hasOwn(node, 'constructor')) {
        const constructor: unknown = (node as { constructor: unknown }).constructor;
        if (
          typeof constructor === 'object' &&
          constructor !== null &&
          Object.hasOwn(constructor, 'prototype')
        ) {
          return false;
        }
      }
      for (const child of Object.values(node)) next.push(child);
    }
    level = next;
  }
  return true;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Fastify's body parsing, before any route code: the refusal, or null when the body got through. */
function parseRefusal(method: string, body: BodyCase | undefined): Expected | null {
  if (!body || !BODY_METHODS.has(method)) return null;
  const text = bodyText(body);
  const bytes = Buffer.byteLength(text);
  const { contentType } = body;
  if (contentType === undefined) return bytes === 0 ? null : refused(415, 'message');
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json' && mediaType !== 'text/plain') {
    return refused(415, 'message');
  }
  if (bytes > BODY_LIMIT_BYTES) return refused(413, 'message');
  if (mediaType === 'text/plain') return null;
  if (bytes === 0 || !parsesAsJson(text)) return refused(400, 'message');
  return null;
}

/** The field a body schema refuses, or null when the body is valid. */
const schemaRefusal = (body: BodyCase | undefined): string | null =>
  body?.kind === 'valid' ? null : body?.kind === 'invalid' ? body.field : 'body';

interface FieldRule {
  valid: fc.Arbitrary<unknown>;
  /** Right JSON type, refused value (too long, bad format). */
  invalid?: fc.Arbitrary<unknown>;
  wrongType: fc.Arbitrary<unknown>;
  optional?: boolean;
}

const junk = {
  number: fc.oneof(fc.integer(), fc.double()),
  boolean: fc.boolean(),
  null: fc.constant(null),
  string: fc.string({ maxLength: 20 }),
  array: fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }),
  object: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
};
const notAString = fc.oneof(junk.number, junk.boolean, junk.null, junk.array, junk.object);
const notABoolean = fc.oneof(
  junk.number,
  junk.null,
  junk.string,
  junk.array,
  junk.object,
  fc.constantFrom('true', 'false', 0, 1),
);

const text = (valid: fc.Arbitrary<unknown>, invalid?: fc.Arbitrary<unknown>): FieldRule => ({
  valid,
  ...(invalid ? { invalid } : {}),
  wrongType: notAString,
});
const optional = (rule: FieldRule): FieldRule => ({ ...rule, optional: true });

const deeplyNested = fc
  .integer({ min: 1000, max: 45_000 })
  .map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);

/**
 * Every way to get a JSON body wrong for a route, plus valid ones: wrong types,
 * refused values, missing and extra fields, non-objects, malformed JSON, empty
 * and oversized bodies, other content types.
 */
function bodies(
  rules: Record<string, FieldRule>,
  valid: fc.Arbitrary<Record<string, unknown>> = fc.record(
    Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, rule.valid])),
    { requiredKeys: Object.keys(rules).filter((name) => !rules[name]!.optional) },
  ) as fc.Arbitrary<Record<string, unknown>>,
): fc.Arbitrary<BodyCase> {
  const names = Object.keys(rules);
  const required = names.filter((name) => !rules[name]!.optional);
  const withInvalidValues = names.filter((name) => rules[name]!.invalid);
  const jsonType = fc.constantFrom(...JSON_CONTENT_TYPES);
  const invalid = (field: string, json: unknown, contentType: string): BodyCase => ({
    kind: 'invalid',
    field,
    json,
    contentType,
  });
  /** `null`: no Content-Type header at all. */
  const raw = (text: string, contentType: string | null = 'application/json'): BodyCase =>
    contentType === null ? { kind: 'raw', text } : { kind: 'raw', text, contentType };

  const wrongType = fc
    .constantFrom(...names)
    .chain((name) =>
      fc
        .tuple(valid, rules[name]!.wrongType, jsonType)
        .map(([body, value, type]) => invalid(name, { ...body, [name]: value }, type)),
    );
  const refusedValue = () =>
    fc
      .constantFrom(...withInvalidValues)
      .chain((name) =>
        fc
          .tuple(valid, rules[name]!.invalid!, jsonType)
          .map(([body, value, type]) => invalid(name, { ...body, [name]: value }, type)),
      );
  // Only when some field is required (a PATCH may send none).
  const missing =
    required.length === 0
      ? null
      : fc.constantFrom(...required).chain((name) =>
          fc.tuple(valid, jsonType).map(([body, type]) => {
            const rest = { ...body };
            delete rest[name];
            return invalid(name, rest, type);
          }),
        );
  const extra = fc
    .tuple(
      valid,
      fc
        .oneof(
          fc.constantFrom('id', 'role', 'isAdmin', '__proto__', 'constructor', 'toString', ''),
          fc.string({ maxLength: 12 }),
        )
        .filter((key) => !names.includes(key)),
      fc.jsonValue({ maxDepth: 2 }),
      jsonType,
    )
    .map(([body, key, value, type]) => invalid('body', { ...body, [key]: value }, type));
  const notAnObject = fc
    .tuple(
      fc.oneof(
        junk.null,
        junk.number,
        junk.string,
        junk.boolean,
        fc.array(fc.jsonValue(), { maxLength: 3 }),
      ),
      jsonType,
    )
    .map(([json, type]) => invalid('body', json, type));
  const malformed = fc.oneof(
    // A strict prefix of a JSON object is never JSON.
    fc.tuple(valid, fc.nat()).map(([body, cut]) => {
      const json = JSON.stringify(body);
      return json.slice(0, 1 + (cut % (json.length - 1)));
    }),
    fc.constantFrom(...MALFORMED_JSON),
    fc
      .string({ unit: 'binary', minLength: 1, maxLength: 40 })
      .filter((text) => !parsesAsJson(text)),
  );
  const oversized = fc.oneof(
    fc
      .tuple(
        valid,
        fc.constantFrom(...names),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }),
        fc.integer({ min: BODY_LIMIT_BYTES + 1, max: 200_000 }),
      )
      .map(([body, name, piece, bytes]) =>
        JSON.stringify({
          ...body,
          [name]: piece.repeat(Math.ceil(bytes / Buffer.byteLength(piece))),
        }),
      ),
    fc.integer({ min: BODY_LIMIT_BYTES + 1, max: 200_000 }).map((length) => '['.repeat(length)),
  );

  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(valid, jsonType)
        .map(([json, contentType]) => ({ kind: 'valid' as const, json, contentType })),
    },
    { weight: 2, arbitrary: wrongType },
    ...(withInvalidValues.length ? [{ weight: 2, arbitrary: refusedValue() }] : []),
    ...(missing ? [{ weight: 1, arbitrary: missing }] : []),
    { weight: 1, arbitrary: extra },
    { weight: 1, arbitrary: notAnObject },
    // Valid JSON, nested deeper than any recursive walk survives; not an object.
    { weight: 1, arbitrary: deeplyNested.map((text) => raw(text)) },
    { weight: 2, arbitrary: malformed.map((text) => raw(text)) },
    { weight: 1, arbitrary: fc.constant(raw('')) },
    { weight: 1, arbitrary: oversized.map((text) => raw(text, 'text/plain')) },
    { weight: 1, arbitrary: oversized.map((text) => raw(text)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.option(fc.constantFrom(...OTHER_CONTENT_TYPES), { nil: null }))
        .map(([body, type]) => raw(JSON.stringify(body), type)),
    },
  );
}

/** A body for routes that take none, or take any: sometimes absent, else anything above. */
const anyBody = fc.option(bodies({ a: text(fc.string()), b: optional(text(fc.integer())) }), {
  nil: undefined,
  freq: 3,
});

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

// ---------------------------------------------------------------------------
// Paths and query strings.

/** Percent-encodes a path segment or query part (lone surrogates become U+FFFD first). */
const encode = (part: string) => encodeURIComponent(part.toWellFormed());

/** Query strings for routes that read none: refused as soon as they hold a key (see `hasQueryKeys`). */
const junkQuery = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?',
      '?&',
      '?a',
      '?a=1&a=2',
      '?__proto__[x]=1',
      '?%zz=%',
      '?lang=xx',
      '?token=abc',
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.tuple(anyText(30), anyText(30)), { minLength: 1, maxLength: 3 })
      .map(
        (pairs) => `?${pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&')}`,
      ),
  },
);

/** Whether a query string (`?…` or empty) names any key, even an empty one (`?=x`). */
const hasQueryKeys = (query: string) => [...new URLSearchParams(query).keys()].length > 0;

/** A path parameter as sent (encoded) and as the route sees it (decoded). */
interface Segment {
  raw: string;
  decoded: string;
}
const segment = (decoded: string): Segment => ({
  raw: encode(decoded),
  decoded: decoded.toWellFormed(),
});

/** URLs resolve '.' and '..' segments (encoded too) before any server sees them: left out. */
const notADotSegment = (part: string) => part !== '.' && part !== '..';

const randomSegments = fc
  .oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
    fc.stringMatching(/^[a-z0-9-]{1,20}$/),
    fc.integer({ min: MAX_PARAM_LENGTH + 1, max: 3000 }).map((length) => 'x'.repeat(length)),
  )
  .filter(notADotSegment);

/** Daily-menu ids: '1' is the only one (a single daily menu). */
const menuIds = fc.oneof(
  { weight: 5, arbitrary: fc.constant(segment('1')) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Segment>(
      { raw: '%31', decoded: '1' },
      ...['01', '1.0', '+1', '-1', '0', '2', '1e0', '١', '１', 'one', '1 ', ' 1', '1;', 'null'].map(
        segment,
      ),
    ),
  },
  { weight: 2, arbitrary: randomSegments.map(segment) },
);

/** Reaches the route only when the decoded parameter fits find-my-way's limit. */
const fitsRoute = (...params: Segment[]) =>
  params.every((param) => param.decoded.length <= MAX_PARAM_LENGTH);

// ---------------------------------------------------------------------------
// The lifecycle every route shares (Fastify's order): body parsing; route
// matching; the daily-menu id hook; schema validation of params, query and
// body; the staff token; the handler.

interface Route {
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
  /** Staff routes: the token sent. */
  auth?: AuthCase;
  /** Only an owner may: a colleague's valid token gets 403 `owner_only`. */
  ownerOnly?: boolean;
  /** What the route's own code answers (unreachable for unmatched paths). */
  handler?: () => Expected | Promise<Expected>;
  /** The client's address, when the route's limits per address are under test. */
  remoteAddress?: string;
}

/** The expected answer, and whether the route's own code decides it. */
async function expectation(route: Route): Promise<{ expected: Expected; handled: boolean }> {
  const early = earlyRefusal(route);
  if (early) return { expected: early, handled: false };
  if (!route.handler) throw new Error(`no handler for ${route.method} ${route.url}`);
  return { expected: await route.handler(), handled: true };
}

function earlyRefusal(route: Route): Expected | null {
  const parsing = parseRefusal(route.method, route.body);
  if (parsing) return parsing;
  if (route.unmatched || route.unknownId) return refused(404, 'message');
  const fields = [...(route.paramRefusals ?? [])];
  const bodyField = route.bodySchema ? schemaRefusal(route.body) : null;
  if (bodyField) fields.push(bodyField);
  if (route.unknownQuery) fields.push('querystring');
  if (fields.length > 0) {
    return refused(400, 'fields', fields.length === 1 ? { field: fields[0]! } : {});
  }
  if (route.auth === 'colleague') {
    return route.ownerOnly ? refused(403, 'refusal', { code: 'owner_only' }) : null;
  }
  if (route.auth !== undefined && route.auth !== 'valid') return refused(401, 'message');
  return null;
}

function toRequest(route: Route): HostileRequest {
  const headers = { ...route.headers, ...(route.auth ? authorizationHeader(route.auth) : {}) };
  const request = withBody(route.method, route.url, headers, route.body);
  return route.remoteAddress ? { ...request, remoteAddress: route.remoteAddress } : request;
}

/** The newest audit entry is `action`, by the staff account the requests use. */
async function expectAudited(action: string) {
  const entry = await app.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(entry).toEqual({ action, actor_id: staffId });
}

const noWrites = (verify: (response: LightMyRequestResponse) => void = () => {}): Expected => ({
  accepted: { status: 200, mayWrite: [], verify },
});

const PROPERTY_TIMEOUT_MS = 120_000;

// ---------------------------------------------------------------------------
// The API's routes, as the oracle knows them (checked against Fastify's below).

const API_ROUTES: [HTTPMethods, string][] = [
  ['GET', '/api/health'],
  ['POST', '/api/auth/login'],
  ['GET', '/api/auth/me'],
  ['DELETE', '/api/auth/logout'],
  ['POST', '/api/auth/register'],
  ['POST', '/api/auth/send-email'],
  ['POST', '/api/auth/recovery-password/:token'],
  ['GET', '/api/staff'],
  ['GET', '/api/daily-menu/:id'],
  ['PUT', '/api/daily-menu/:id'],
  ['GET', '/api/daily-menu/:id/translations'],
  ['PUT', '/api/daily-menu/:id/translations/:lang'],
  ['DELETE', '/api/daily-menu/:id/translations/:lang'],
  ['POST', '/api/contact'],
  ['GET', '/api/contact-messages'],
  ['PATCH', '/api/contact-messages/:id'],
  ['PUT', '/api/auth/password'],
  ['PATCH', '/api/staff/:id'],
  ['DELETE', '/api/staff/:id'],
  ['POST', '/api/staff/invitations'],
  ['GET', '/api/staff/invitations'],
  ['DELETE', '/api/staff/invitations/:id'],
  ['POST', '/api/staff/invitations/:token/accept'],
  ['GET', '/api/audit'],
  ['GET', '/api/menu'],
  ['POST', '/api/menu/sections'],
  ['PATCH', '/api/menu/sections/:id'],
  ['DELETE', '/api/menu/sections/:id'],
  ['POST', '/api/menu/items'],
  ['PATCH', '/api/menu/items/:id'],
  ['DELETE', '/api/menu/items/:id'],
  ['GET', '/api/menu/items/:id/translations'],
  ['PUT', '/api/menu/items/:id/translations/:lang'],
  ['DELETE', '/api/menu/items/:id/translations/:lang'],
  ['GET', '/api/menu/export.csv'],
  ['POST', '/api/menu/import/preview'],
  ['POST', '/api/menu/import'],
  ['GET', '/api/opening-hours'],
  ['PUT', '/api/opening-hours'],
  ['GET', '/api/restaurant'],
  ['PUT', '/api/restaurant'],
  ['GET', '/api/reservations/availability'],
  ['POST', '/api/reservations'],
  ['POST', '/api/reservations/cancel'],
  ['GET', '/api/reservations'],
  ['GET', '/api/reservations/occupancy'],
  ['PATCH', '/api/reservations/:id'],
  ['POST', '/api/reservations/staff'],
  ['GET', '/api/reservations/decline-pending'],
  ['POST', '/api/reservations/decline-pending'],
  ['GET', '/api/reservations/settings'],
  ['PUT', '/api/reservations/settings'],
  ['POST', '/api/reservations/settings/calendar-feed'],
  ['GET', '/api/reservations/calendar/:file'],
  ['GET', '/api/guest-data'],
  ['DELETE', '/api/guest-data'],
];

/** Route patterns with their parameters' names left out (Fastify prints shared ones as `:id|:token`). */
const anonymousParams = (route: string) => route.replace(/:[\w|:]+/g, ':param');

/**
 * Whether decoded path segments (after /api/) match a route pattern: any
 * pattern, or only those served with `method` (HEAD is served with GET).
 */
function matchesRoute(segments: string[], method?: HTTPMethods): boolean {
  return API_ROUTES.some(([served, pattern]) => {
    if (method && served !== method && !(served === 'GET' && method === 'HEAD')) return false;
    const parts = pattern.split('/').slice(2);
    return (
      parts.length === segments.length &&
      parts.every((part, index) => (part.startsWith(':') ? true : part === segments[index]))
    );
  });
}

// ---------------------------------------------------------------------------
// The families of requests, one property each. `runs` add up to the total.

interface Family<T> {
  name: string;
  runs: number;
  cases: fc.Arbitrary<T>;
  route: (generated: T) => Route | Promise<Route>;
  /** Runs once before the family's requests (outside any snapshot's pair). */
  before?: () => Promise<void>;
}
const family = <T>(definition: Family<T>) => definition as Family<unknown>;

const ANY_METHOD: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const EXOTIC_METHODS: HTTPMethods[] = ['TRACE', 'PROPFIND', 'LOCK'];

const unknownPaths = family({
  name: 'unknown paths under /api, any method: 404 {message}',
  runs: 1300,
  cases: fc
    .record({
      method: fc.constantFrom(...ANY_METHOD, ...EXOTIC_METHODS),
      segments: fc.array(randomSegments, { minLength: 1, maxLength: 4 }),
      trailingSlash: fc.boolean(),
      query: junkQuery,
      auth: authCases,
      body: anyBody,
    })
    .filter(({ segments, trailingSlash }) => {
      const decoded = [
        ...segments.map((part) => part.toWellFormed()),
        ...(trailingSlash ? [''] : []),
      ];
      return !matchesRoute(decoded);
    }),
  route: ({ method, segments, trailingSlash, query, auth, body }) => ({
    method,
    url: `/api/${segments.map(encode).join('/')}${trailingSlash ? '/' : ''}${query}`,
    headers: authorizationHeader(auth),
    body,
    unmatched: true,
  }),
});

/** A concrete path for a pattern: parameters filled with values their schemas accept. */
const concretePath = (pattern: string) =>
  pattern
    .replace(':token', 'abc')
    .replace(':lang', 'en')
    .replace(':file', 'x.ics')
    .replace('contact-messages/:id', () => `contact-messages/${seededMessageId}`)
    .replace(':id', '1');

/**
 * Each API path with each common method it does not serve, unless another
 * route serves that method there (`PATCH /api/staff/invitations` is
 * `PATCH /api/staff/:id` with the id "invitations").
 */
const wrongMethodTargets = [
  ...new Set(
    API_ROUTES.flatMap(([, pattern]) => {
      const served = API_ROUTES.filter(([, other]) => other === pattern).map(([method]) => method);
      if (served.includes('GET')) served.push('HEAD');
      return ANY_METHOD.filter((method) => !served.includes(method)).map(
        (method) => `${method} ${pattern}`,
      );
    }),
  ),
]
  .map((entry) => {
    const [method, pattern] = entry.split(' ') as [HTTPMethods, string];
    return { method, pattern };
  })
  .filter(({ method, pattern }) => {
    const segments = pattern.replace(/:\w+/g, 'x').split('/').slice(2);
    return !matchesRoute(segments, method);
  });

const wrongMethods = family({
  name: 'known paths with a method they do not serve: 404 {message}',
  runs: 800,
  cases: fc.record({
    target: fc.constantFrom(...wrongMethodTargets),
    query: junkQuery,
    auth: authCases,
    body: anyBody,
  }),
  route: ({ target, query, auth, body }) => ({
    method: target.method,
    url: `${concretePath(target.pattern)}${query}`,
    headers: authorizationHeader(auth),
    body,
    unmatched: true,
  }),
});

const health = family({
  name: 'GET /api/health, whatever the headers and body',
  runs: 300,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: junkQuery,
    auth: authCases,
    body: anyBody,
  }),
  route: ({ method, query, auth, body }) => ({
    method,
    url: `/api/health${query}`,
    unknownQuery: hasQueryKeys(query),
    headers: authorizationHeader(auth),
    body,
    handler: () =>
      noWrites((response) => {
        if (method === 'GET') expect(response.json()).toEqual({ status: 'ok' });
      }),
  }),
});

const langValues = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<string>(...LANGUAGES) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'EN',
      'It',
      'pt',
      'xx',
      '',
      'en-GB',
      'de_DE',
      'en ',
      ' en',
      'null',
      '*',
      'en\u0000',
    ),
  },
  { weight: 2, arbitrary: anyText(300) },
);
const isLanguage = (value: string) => (LANGUAGES as readonly string[]).includes(value);

/** A query string for GET /api/daily-menu/1: the language it names, or the fields it gets refused at. */
interface QueryCase {
  query: string;
  lang: string | 'absent' | null;
  refusals: string[];
}
const percentEveryByte = (value: string) =>
  [...Buffer.from(value.toWellFormed())]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .join('');

const menuQueries: fc.Arbitrary<QueryCase> = fc.oneof(
  fc.constantFrom('', '?', '?&', '?&&').map((query) => ({ query, lang: 'absent', refusals: [] })),
  fc.tuple(langValues, fc.boolean(), fc.boolean()).map(([value, everyByte, trailingAmpersand]) => ({
    query: `?lang=${everyByte ? percentEveryByte(value) : encode(value)}${trailingAmpersand ? '&' : ''}`,
    lang: isLanguage(value) ? value : null,
    refusals: isLanguage(value) ? [] : ['lang'],
  })),
  // Twice: an array, not a language.
  fc.tuple(langValues, langValues).map(([first, second]) => ({
    query: `?lang=${encode(first)}&lang=${encode(second)}`,
    lang: null,
    refusals: ['lang'],
  })),
  // An unknown key, with or without a language.
  fc
    .tuple(
      fc.option(langValues, { nil: undefined }),
      anyText(20).filter((key) => key.toWellFormed() !== 'lang'),
      anyText(20),
    )
    .map(([lang, key, value]) => ({
      query: `?${lang === undefined ? '' : `lang=${encode(lang)}&`}${encode(key)}=${encode(value)}`,
      lang: null,
      refusals: lang === undefined || isLanguage(lang) ? ['querystring'] : ['querystring', 'lang'],
    })),
  fc.constantFrom<QueryCase>(
    { query: '?lang', lang: null, refusals: ['lang'] },
    { query: '?lang=en;x=1', lang: null, refusals: ['lang'] },
    { query: '?LANG=en', lang: null, refusals: ['querystring'] },
    { query: '?lang[]=en', lang: null, refusals: ['querystring'] },
  ),
);

const getDailyMenu = family({
  name: 'GET /api/daily-menu/:id?lang=: ids other than 1 are 404, unknown languages 400',
  runs: 1300,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    id: menuIds,
    query: menuQueries,
    auth: authCases,
  }),
  route: ({ method, id, query, auth }) => ({
    method,
    url: `/api/daily-menu/${id.raw}${query.query}`,
    headers: authorizationHeader(auth),
    unmatched: !fitsRoute(id),
    unknownId: id.decoded !== '1',
    paramRefusals: query.refusals,
    handler: () =>
      noWrites(async (response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        const body = response.json<Record<string, unknown>>();
        const italian = await app.db.selectFrom('daily_menu').selectAll().executeTakeFirstOrThrow();
        const fields = ['id', 'titolo', 'descrizione', 'infoAggiuntive', 'updatedAt'];
        if (query.lang === 'absent') {
          expect(Object.keys(body).sort()).toEqual(fields.sort());
          expect(body.titolo).toBe(italian.titolo);
          return;
        }
        expect(Object.keys(body).sort()).toEqual([...fields, 'lang', 'translation'].sort());
        expect(body.lang).toBe(query.lang);
        expect(['staff', 'machine', 'none']).toContain(body.translation);
        if (body.translation === 'none') expect(body.titolo).toBe(italian.titolo);
      }),
  }),
});

const menuField = text(anyText(DAILY_MENU_FIELD_MAX), tooLongText(DAILY_MENU_FIELD_MAX));
const menuBodies = bodies({ titolo: menuField, descrizione: menuField, infoAggiuntive: menuField });
const sentMenu = (body: BodyCase | undefined) => {
  const json = (body as { json: Record<string, string> }).json;
  return [json.titolo!, json.descrizione!, json.infoAggiuntive!].map(stored);
};

const putDailyMenu = family({
  name: 'PUT /api/daily-menu/:id (staff)',
  runs: 1400,
  cases: fc.record({ id: menuIds, query: junkQuery, auth: authCases, body: menuBodies }),
  route: ({ id, query, auth, body }) => ({
    method: 'PUT',
    url: `/api/daily-menu/${id.raw}${query}`,
    unknownQuery: hasQueryKeys(query),
    body,
    auth,
    unmatched: !fitsRoute(id),
    unknownId: id.decoded !== '1',
    bodySchema: true,
    handler: () => ({
      accepted: {
        status: 200,
        mayWrite: ['daily_menu', 'daily_menu_history', 'content_version', 'audit_log'],
        async verify(response) {
          await expectAudited('daily_menu.update');
          const [titolo, descrizione, infoAggiuntive] = sentMenu(body);
          expect(response.json()).toEqual({
            id: 1,
            titolo,
            descrizione,
            infoAggiuntive,
            updatedAt: expect.any(String),
          });
          const current = await app.db
            .selectFrom('daily_menu')
            .selectAll()
            .executeTakeFirstOrThrow();
          const last = await app.db
            .selectFrom('daily_menu_history')
            .selectAll()
            .orderBy('id', 'desc')
            .executeTakeFirstOrThrow();
          for (const row of [current, last]) {
            expect([row.titolo, row.descrizione, row.info_aggiuntive]).toEqual(sentMenu(body));
          }
          expect(last.version).toBe(current.version);
        },
      },
    }),
  }),
});

const translationLangs = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TARGET_LANGS).map(segment) },
  { weight: 1, arbitrary: fc.constantFrom('it', 'EN', 'pt', 'en-GB', 'xx', 'de ').map(segment) },
  { weight: 1, arbitrary: randomSegments.map(segment) },
);
const isTargetLang = (lang: Segment) => (TARGET_LANGS as readonly string[]).includes(lang.decoded);
/** Staff's translation of the daily menu's fields, in order (none: an empty list). */
const staffTranslation = async (lang: string) => {
  const rows = await app.db
    .selectFrom('text_translations')
    .select(['field', 'text'])
    .where('entity', '=', 'daily_menu')
    .where('lang', '=', lang)
    .where('kind', '=', 'staff')
    .execute();
  return rows.length === 0
    ? []
    : ['titolo', 'descrizione', 'infoAggiuntive'].map(
        (field) => rows.find((row) => row.field === field)?.text,
      );
};

const getTranslations = family({
  name: 'GET /api/daily-menu/:id/translations (staff)',
  runs: 300,
  cases: fc.record({ id: menuIds, query: junkQuery, auth: authCases }),
  route: ({ id, query, auth }) => ({
    method: 'GET',
    url: `/api/daily-menu/${id.raw}/translations${query}`,
    unknownQuery: hasQueryKeys(query),
    auth,
    unmatched: !fitsRoute(id),
    unknownId: id.decoded !== '1',
    handler: () =>
      noWrites((response) => {
        const { translations } = response.json<{ translations: { lang: string }[] }>();
        expect(translations.map((entry) => entry.lang)).toEqual([...TARGET_LANGS]);
      }),
  }),
});

/** The Italian a translation is for: any menu object, or not an object at all. */
const italianField: FieldRule = {
  valid: fc.record({
    titolo: menuField.valid,
    descrizione: menuField.valid,
    infoAggiuntive: menuField.valid,
  }),
  wrongType: fc.oneof(junk.number, junk.boolean, junk.null, junk.string, junk.array),
};
const translationBodies = bodies({
  titolo: menuField,
  descrizione: menuField,
  infoAggiuntive: menuField,
  italian: italianField,
});
const currentItalian = async () => {
  const row = await app.db.selectFrom('daily_menu').selectAll().executeTakeFirstOrThrow();
  return { titolo: row.titolo, descrizione: row.descrizione, infoAggiuntive: row.info_aggiuntive };
};

const putTranslation = family({
  name: 'PUT /api/daily-menu/:id/translations/:lang (staff)',
  runs: 700,
  cases: fc.record({
    id: menuIds,
    lang: translationLangs,
    auth: authCases,
    body: translationBodies,
    // Most valid bodies name the Italian as it is now (a translation the
    // server takes); the others an Italian that is not (refused with 409).
    forCurrentItalian: fc.constantFrom(true, true, true, false),
  }),
  route: async ({ id, lang, auth, body, forCurrentItalian }) => {
    const sent: BodyCase =
      body.kind === 'valid' && forCurrentItalian
        ? { ...body, json: { ...body.json, italian: await currentItalian() } }
        : body;
    return {
      method: 'PUT',
      url: `/api/daily-menu/${id.raw}/translations/${lang.raw}`,
      body: sent,
      auth,
      unmatched: !fitsRoute(id, lang),
      unknownId: id.decoded !== '1',
      paramRefusals: isTargetLang(lang) ? [] : ['lang'],
      bodySchema: true,
      handler: async () => {
        const italian = (sent as { json: { italian: Record<string, string> } }).json.italian;
        const current = await currentItalian();
        const same = (['titolo', 'descrizione', 'infoAggiuntive'] as const).every(
          (field) => stored(italian[field]!) === current[field],
        );
        if (!same) return refused(409, 'refusal');
        return {
          accepted: {
            status: 200,
            mayWrite: ['text_translations', 'content_version', 'audit_log'],
            async verify() {
              await expectAudited('daily_menu.translation.update');
              expect(await staffTranslation(lang.decoded)).toEqual(sentMenu(sent));
            },
          },
        };
      },
    };
  },
});

const deleteTranslation = family({
  name: 'DELETE /api/daily-menu/:id/translations/:lang (staff)',
  runs: 400,
  cases: fc.record({ id: menuIds, lang: translationLangs, auth: authCases, body: anyBody }),
  route: ({ id, lang, auth, body }) => ({
    method: 'DELETE',
    url: `/api/daily-menu/${id.raw}/translations/${lang.raw}`,
    body,
    auth,
    unmatched: !fitsRoute(id, lang),
    unknownId: id.decoded !== '1',
    paramRefusals: isTargetLang(lang) ? [] : ['lang'],
    handler: () => ({
      accepted: {
        status: 200,
        mayWrite: ['text_translations', 'content_version', 'audit_log'],
        async verify() {
          expect(await staffTranslation(lang.decoded)).toEqual([]);
        },
      },
    }),
  }),
});

/** A name as a visitor types it: no control characters once trimmed (names reach mail headers). */
const personName = fc
  .tuple(trimmedText(NAME_MAX), fc.constantFrom('', ' ', '\t'))
  .map(([name, pad]) => `${pad}${withoutControls(name)}${pad}`);
const contactBodies = bodies({
  firstName: text(
    personName,
    fc.oneof(
      fc.constantFrom(
        '',
        '   ',
        'Eve\r\nBcc: victim@example.com',
        'a\u0000',
        'b\u0085',
        'Eve\u202Egnp.exe',
      ),
      tooLongText(NAME_MAX),
    ),
  ),
  lastName: text(personName, fc.oneof(fc.constantFrom('', ' \n ', 'X\nY'), tooLongText(NAME_MAX))),
  email: text(simpleEmail('example.com'), invalidEmails),
  message: text(
    fc
      .tuple(trimmedText(CONTACT_MESSAGE_MAX), fc.constantFrom('', '\n', '  '))
      .map(([message, pad]) => `${pad}${message}${pad}`),
    fc.oneof(fc.constantFrom('', ' ', '\n\t\r\n'), tooLongText(CONTACT_MESSAGE_MAX)),
  ),
  privacy: {
    valid: fc.constant(true),
    invalid: fc.constant(false),
    wrongType: fc.oneof(junk.number, junk.null, junk.string, junk.array, junk.object),
  },
  lang: optional(
    text(fc.constantFrom(...LANGUAGES), fc.constantFrom('pt', 'EN', 'it-IT', '', 'xx')),
  ),
  // The honeypot: anything but blank marks the message as spam.
  website: optional(text(fc.oneof(fc.constantFrom('', ' ', '\t'), anyText(200)), tooLongText(200))),
});

const postContact = family({
  name: 'POST /api/contact',
  runs: 1300,
  cases: fc.record({ query: junkQuery, auth: authCases, body: contactBodies }),
  route: ({ query, auth, body }) => ({
    method: 'POST',
    url: `/api/contact${query}`,
    unknownQuery: hasQueryKeys(query),
    headers: authorizationHeader(auth),
    body,
    bodySchema: true,
    handler: () => {
      const sent = (body as { json: Record<string, string | undefined> }).json;
      const spam = (sent.website ?? '').trim() !== '';
      return {
        accepted: {
          status: 202,
          mayWrite: spam ? ['contact_messages'] : ['contact_messages', 'outbox'],
          async verify(response) {
            const { id } = response.json<{ id: number }>();
            const row = await app.db
              .selectFrom('contact_messages')
              .selectAll()
              .where('id', '=', id)
              .executeTakeFirstOrThrow();
            expect(row).toMatchObject({
              first_name: stored(sent.firstName!.trim()),
              last_name: stored(sent.lastName!.trim()),
              email: sent.email!.trim(),
              message: stored(sent.message!.trim()),
              lang: sent.lang ?? 'it',
              spam: spam ? 1 : 0,
            });
            expect(row.outbox_id === null).toBe(spam);
          },
        },
      };
    },
  }),
});

const staffReads = family({
  name: 'GET /api/contact-messages, /api/staff, /api/auth/me (staff)',
  runs: 500,
  cases: fc.record({
    path: fc.constantFrom('/api/contact-messages', '/api/staff', '/api/auth/me'),
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: junkQuery,
    auth: authCases,
  }),
  route: ({ path, method, query, auth }) => ({
    method,
    url: `${path}${query}`,
    unknownQuery: hasQueryKeys(query),
    auth,
    handler: () =>
      noWrites((response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        const body = response.json<Record<string, unknown>>();
        if (path === '/api/auth/me') expect(body.email).toBe(STAFF_EMAIL);
        else expect(body[path === '/api/staff' ? 'staff' : 'messages']).toEqual(expect.any(Array));
      }),
  }),
});

const messageIds = fc.oneof(
  { weight: 3, arbitrary: fc.constant('seeded' as const) },
  { weight: 1, arbitrary: fc.constant('spam' as const) },
  { weight: 1, arbitrary: fc.integer({ min: 100_000, max: Number.MAX_SAFE_INTEGER }).map(String) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constantFrom(
        '0',
        '-1',
        '1.5',
        'abc',
        'NaN',
        'Infinity',
        '9007199254740992',
        '1e400',
        'true',
      ),
      anyText(30).filter((id) => notADotSegment(id) && Number.isNaN(Number(id.toWellFormed()))),
    ),
  },
);

const patchMessage = family({
  name: 'PATCH /api/contact-messages/:id (staff)',
  runs: 600,
  cases: fc.record({
    id: messageIds,
    auth: authCases,
    body: bodies({ read: { valid: fc.boolean(), wrongType: notABoolean } }),
  }),
  route: async ({ id, auth, body }) => {
    const param = segment(
      id === 'seeded' ? String(seededMessageId) : id === 'spam' ? String(seededSpamId) : id,
    );
    const number = Number(param.decoded);
    // Ids are written plainly (digits, no leading zero) and fit 32 bits.
    const validId = /^[1-9]\d{0,9}$/.test(param.decoded) && number <= 2 ** 31 - 1;
    const row = validId
      ? await app.db
          .selectFrom('contact_messages')
          .select(['id', 'spam'])
          .where('id', '=', number)
          .executeTakeFirst()
      : undefined;
    return {
      method: 'PATCH',
      url: `/api/contact-messages/${param.raw}`,
      body,
      auth,
      unmatched: !fitsRoute(param),
      paramRefusals: validId ? [] : ['id'],
      bodySchema: true,
      handler: () => {
        // Spam is never listed, so it cannot be marked either.
        if (!row || row.spam) return refused(404, 'message');
        const { read } = (body as { json: { read: boolean } }).json;
        return {
          accepted: {
            status: 200,
            mayWrite: ['contact_messages', 'audit_log'],
            async verify(response) {
              expect(response.json()).toEqual({ id: number, read });
              const after = await app.db
                .selectFrom('contact_messages')
                .select('read_at')
                .where('id', '=', number)
                .executeTakeFirstOrThrow();
              expect(after.read_at !== null).toBe(read);
            },
          },
        };
      },
    };
  },
});

const logout = family({
  name: 'DELETE /api/auth/logout (staff)',
  runs: 400,
  cases: fc.record({ auth: authCases, body: anyBody, query: junkQuery }),
  route: async ({ auth, body, query }) => {
    // A real logout revokes its token: give it one of its own.
    const token = auth === 'valid' ? await app.sessions.create(staffId) : staffToken;
    return {
      method: 'DELETE',
      url: `/api/auth/logout${query}`,
      unknownQuery: hasQueryKeys(query),
      headers: authorizationHeader(auth, token),
      body,
      handler: () => {
        if (auth !== 'valid') return refused(401, 'message');
        return {
          accepted: {
            status: 204,
            mayWrite: ['sessions'],
            async verify(response) {
              expect(response.headers['clear-site-data']).toBe('"storage"');
              const session = await app.db
                .selectFrom('sessions')
                .select('revoked_at')
                .where('token_hash', '=', hashToken(token))
                .executeTakeFirstOrThrow();
              expect(session.revoked_at).not.toBeNull();
            },
          },
        };
      },
    };
  },
});

const loginPassword = anyText(1024).filter((password) => password.length > 0);
const loginBodies = bodies(
  {
    email: text(simpleEmail('unknown.example'), invalidEmails),
    password: text(loginPassword, fc.oneof(fc.constant(''), tooLongText(1024))),
  },
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({ email: simpleEmail('unknown.example'), password: loginPassword }),
    },
    {
      // The account's own credentials; never a wrong password for it (that counts towards its lockout).
      weight: 1,
      arbitrary: fc.record({
        email: fc.constantFrom(STAFF_EMAIL, 'ANNA@Trattoria.Example', ` ${STAFF_EMAIL} `),
        password: fc.constant(STAFF_PASSWORD),
      }),
    },
  ),
);

const postLogin = family({
  name: 'POST /api/auth/login',
  runs: 500,
  cases: fc.record({ query: junkQuery, auth: authCases, body: loginBodies }),
  route: ({ query, auth, body }) => ({
    method: 'POST',
    url: `/api/auth/login${query}`,
    unknownQuery: hasQueryKeys(query),
    headers: authorizationHeader(auth),
    body,
    bodySchema: true,
    handler: () => {
      const { email } = (body as { json: { email: string } }).json;
      if (email.trim().toLowerCase() !== STAFF_EMAIL) {
        return refused(401, 'refusal', { code: 'invalid_credentials' });
      }
      return {
        accepted: {
          status: 200,
          mayWrite: ['sessions'],
          async verify(response) {
            const { tokens } = response.json<{ tokens: { token: string }[] }>();
            const session = await app.db
              .selectFrom('sessions')
              .select('user_id')
              .where('token_hash', '=', hashToken(tokens[0]!.token))
              .executeTakeFirstOrThrow();
            expect(session.user_id).toBe(staffId);
          },
        },
      };
    },
  }),
});

/** 12 to 128 characters (code points: 128 emoji are fine), sometimes a common one. */
const newPassword = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 12, maxLength: 128 }) },
  { weight: 1, arbitrary: fc.constant('😀'.repeat(128)) },
  { weight: 1, arbitrary: fc.constantFrom(...COMMON_PASSWORDS) },
);
const badNewPassword = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 11 }),
  fc.string({ unit: 'binary', minLength: 129, maxLength: 300 }),
  fc.constant('😀'.repeat(129)),
);
const isCommon = (password: string) =>
  COMMON_PASSWORDS.some((common) => common.toLowerCase() === password.toLowerCase());
const staffName = optional(
  text(
    trimmedText(NAME_MAX).map(withoutControls),
    fc.oneof(fc.constantFrom('', ' ', 'Anna\u202Eadmin', 'a\nb'), tooLongText(NAME_MAX)),
  ),
);

const postRegister = family({
  name: 'POST /api/auth/register (staff)',
  runs: 500,
  cases: fc.record({
    auth: authCases,
    body: bodies({
      email: text(
        fc.oneof(
          { weight: 6, arbitrary: simpleEmail('staff.example') },
          { weight: 1, arbitrary: fc.constant(STAFF_EMAIL.toUpperCase()) },
        ),
        invalidEmails,
      ),
      username: text(
        fc.oneof(
          { weight: 6, arbitrary: trimmedText(48).map((name) => `u${withoutControls(name)}`) },
          { weight: 1, arbitrary: fc.constantFrom('anna', ' anna ') },
        ),
        fc.oneof(fc.constantFrom('', 'ab', '  ab  '), tooLongText(50)),
      ),
      password: text(newPassword, badNewPassword),
      firstName: staffName,
      lastName: staffName,
    }),
  }),
  route: async ({ auth, body }) => {
    const sent = body.kind === 'valid' ? (body.json as Record<string, string>) : undefined;
    const email = sent?.email?.trim().toLowerCase() ?? '';
    const username = sent?.username?.trim() ?? '';
    const taken = sent
      ? await app.db
          .selectFrom('staff_users')
          .select(['email', 'username'])
          .where((eb) => eb.or([eb('email', '=', email), eb('username', '=', username)]))
          .executeTakeFirst()
      : undefined;
    return {
      method: 'POST',
      url: '/api/auth/register',
      body,
      auth,
      bodySchema: true,
      handler: () => {
        if (isCommon(sent!.password!)) return refused(400, 'fields', { field: 'password' });
        if (taken) {
          const code = taken.email === email ? 'email_taken' : 'username_taken';
          return refused(409, 'refusal', { code });
        }
        return {
          accepted: {
            status: 201,
            // The account, its audit entry, and the owners' notice of a new account.
            mayWrite: ['staff_users', 'audit_log', 'outbox'],
            async verify(response) {
              await expectAudited('staff.create');
              expect(response.json()).toMatchObject({ email, tokens: [] });
              const row = await app.db
                .selectFrom('staff_users')
                .select(['username', 'password_hash'])
                .where('email', '=', email)
                .executeTakeFirstOrThrow();
              expect(row.username).toBe(stored(username));
              expect(row.password_hash).toMatch(/^\$argon2id\$/);
            },
          },
        };
      },
    };
  },
});

const postSendEmail = family({
  name: 'POST /api/auth/send-email',
  runs: 400,
  cases: fc.record({
    query: junkQuery,
    body: bodies({
      // Never the account's address: its reset would be written after the answer.
      email: text(simpleEmail('nobody.example'), invalidEmails),
      url: optional(
        text(
          fc.oneof(
            fc.constantFrom(
              'https://www.trattoria.example/reset-password',
              'javascript:alert(1)',
              'https://evil.example/x',
            ),
            anyText(2048),
          ),
          tooLongText(2048),
        ),
      ),
    }),
  }),
  route: ({ query, body }) => ({
    method: 'POST',
    url: `/api/auth/send-email${query}`,
    unknownQuery: hasQueryKeys(query),
    body,
    bodySchema: true,
    handler: () =>
      noWrites((response) => expect(contractShape(response.json(), 200)).toBe('message')),
  }),
});

const postRecovery = family({
  name: 'POST /api/auth/recovery-password/:token',
  runs: 400,
  cases: fc.record({
    token: fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map(segment),
      randomSegments.map(segment),
      fc.constant({ raw: '', decoded: '' }),
    ),
    body: bodies({ password: text(newPassword, badNewPassword) }),
  }),
  route: ({ token, body }) => ({
    method: 'POST',
    url: `/api/auth/recovery-password/${token.raw}`,
    body,
    unmatched: !fitsRoute(token),
    paramRefusals: token.decoded === '' ? ['token'] : [],
    bodySchema: true,
    // No generated token is a live one; the token is checked before the password.
    handler: () => refused(400, 'refusal', { code: 'invalid_token' }),
  }),
});

// ---------------------------------------------------------------------------
// Colleagues, invitations, the audit log, one's own password (part two).

let madeAccounts = 0;
/** A staff account made straight in the database (its password is COLLEAGUE_PASSWORD). */
async function newAccount(role: 'owner' | 'staff' = 'staff') {
  madeAccounts += 1;
  const row = await app.db
    .insertInto('staff_users')
    .values({
      email: `made-${madeAccounts}@trattoria.example`,
      username: `made-${madeAccounts}`,
      first_name: 'Made',
      last_name: String(madeAccounts),
      password_hash: colleaguePasswordHash,
      role,
      created_at: nowIso(),
      password_changed_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let madeInvitations = 0;
/** An invitation straight in the database: pending, or already revoked. */
async function newInvitation(state: 'pending' | 'revoked') {
  madeInvitations += 1;
  const { token, hash } = newToken();
  const now = Date.now();
  const row = await app.db
    .insertInto('staff_invitations')
    .values({
      email: `invited-${madeInvitations}@trattoria.example`,
      first_name: 'Invitata',
      last_name: String(madeInvitations),
      role: 'staff',
      token_hash: hash,
      invited_by: staffId,
      created_at: nowIso(now),
      expires_at: nowIso(now + 60 * 60 * 1000),
      revoked_at: state === 'revoked' ? nowIso(now) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/** Ids the way idParams reads them: `Number()` of the text, an integer from 1 to 2^31 - 1. */
const readsAsId = (text: string) => {
  const number = Number(text);
  return Number.isInteger(number) && number >= 1 && number <= 2 ** 31 - 1;
};

/** A path id: an account or invitation made for the request, oneself, nobody, or junk. */
const targetIds = fc.oneof(
  { weight: 5, arbitrary: fc.constant('made' as const) },
  { weight: 2, arbitrary: fc.constant('self' as const) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000_000, max: 2 ** 31 - 1 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      // `0x10` and ` 7` read as ids (16, 7): accounts and invitations made earlier, or nobody.
      fc.constantFrom('0', '-1', '1.5', 'abc', 'NaN', '2147483648', '1e400', 'true', '0x10', ' 7'),
      // Never the owner's or the colleague's id by chance.
      anyText(30).filter((id) => id.length > 0 && notADotSegment(id) && !readsAsId(id)),
    ),
  },
);

const roles = text(
  fc.constantFrom('owner', 'staff'),
  fc.constantFrom('', 'admin', 'OWNER', 'titolare'),
);

const patchStaff = family({
  name: 'PATCH /api/staff/:id (owner)',
  runs: 400,
  cases: fc.record({ id: targetIds, auth: ownerAuthCases, body: bodies({ role: roles }) }),
  route: async ({ id, auth, body }) => {
    // Made accounts are staff: a promotion is undone after its check, so the
    // owner stays the only one and `self` → staff is always the last owner.
    const made = id === 'made' ? await newAccount() : undefined;
    const param = segment(made ? String(made) : id === 'self' ? String(staffId) : id);
    const valid = readsAsId(param.decoded);
    const row = valid
      ? await app.db
          .selectFrom('staff_users')
          .select(['id', 'role'])
          .where('id', '=', Number(param.decoded))
          .executeTakeFirst()
      : undefined;
    return {
      method: 'PATCH',
      url: `/api/staff/${param.raw}`,
      body,
      auth,
      ownerOnly: true,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      bodySchema: true,
      handler: () => {
        if (!row) return refused(404, 'message');
        const { role } = (body as { json: { role: 'owner' | 'staff' } }).json;
        if (row.id === staffId && role === 'staff') {
          return refused(409, 'refusal', { code: 'last_owner' });
        }
        const changes = row.role !== role;
        return {
          accepted: {
            status: 200,
            mayWrite: changes ? ['staff_users', 'audit_log'] : [],
            async verify(response) {
              expect(response.json()).toMatchObject({ id: row.id, role });
              if (!changes) return;
              await expectAudited('staff.role');
              await app.db.deleteFrom('staff_users').where('id', '=', row.id).execute();
            },
          },
        };
      },
    };
  },
});

const deleteStaff = family({
  name: 'DELETE /api/staff/:id (owner)',
  runs: 300,
  cases: fc.record({ id: targetIds, auth: ownerAuthCases, body: anyBody }),
  route: async ({ id, auth, body }) => {
    const made = id === 'made' ? await newAccount() : undefined;
    const param = segment(made ? String(made) : id === 'self' ? String(staffId) : id);
    const valid = readsAsId(param.decoded);
    const number = Number(param.decoded);
    const exists =
      valid &&
      (await app.db
        .selectFrom('staff_users')
        .select('id')
        .where('id', '=', number)
        .executeTakeFirst()) !== undefined;
    return {
      method: 'DELETE',
      url: `/api/staff/${param.raw}`,
      body,
      auth,
      ownerOnly: true,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      handler: () => {
        if (number === staffId) return refused(409, 'refusal', { code: 'cannot_remove_self' });
        if (!exists) return refused(404, 'message');
        return {
          accepted: {
            status: 204,
            mayWrite: ['staff_users', 'audit_log'],
            async verify() {
              await expectAudited('staff.remove');
              const left = await app.db
                .selectFrom('staff_users')
                .select('id')
                .where('id', '=', number)
                .executeTakeFirst();
              expect(left).toBeUndefined();
            },
          },
        };
      },
    };
  },
});

const invitationBodies = bodies({
  email: text(
    fc.oneof(
      { weight: 6, arbitrary: simpleEmail('invited.example') },
      { weight: 1, arbitrary: fc.constantFrom(STAFF_EMAIL, ' Marco@Trattoria.Example ') },
    ),
    invalidEmails,
  ),
  firstName: text(trimmedText(NAME_MAX).map(withoutControls), staffName.invalid),
  lastName: text(trimmedText(NAME_MAX).map(withoutControls), staffName.invalid),
  role: roles,
});

const postInvitation = family({
  name: 'POST /api/staff/invitations (owner)',
  runs: 400,
  cases: fc.record({ query: junkQuery, auth: ownerAuthCases, body: invitationBodies }),
  route: ({ query, auth, body }) => ({
    method: 'POST',
    url: `/api/staff/invitations${query}`,
    unknownQuery: hasQueryKeys(query),
    body,
    auth,
    ownerOnly: true,
    bodySchema: true,
    handler: async () => {
      const { email } = (body as { json: { email: string } }).json;
      const address = email.trim().toLowerCase();
      const account = await app.db
        .selectFrom('staff_users')
        .select('id')
        .where('email', '=', address)
        .executeTakeFirst();
      if (account) return refused(409, 'refusal', { code: 'email_taken' });
      return {
        accepted: {
          status: 201,
          // The invitation (and any older one for the address, revoked), its entry, its mail.
          mayWrite: ['staff_invitations', 'audit_log', 'outbox'],
          async verify(response) {
            expect(response.json()).toMatchObject({ email: address, status: 'pending' });
            await expectAudited('staff.invite');
          },
        },
      };
    },
  }),
});

const deleteInvitation = family({
  name: 'DELETE /api/staff/invitations/:id (owner)',
  runs: 300,
  cases: fc.record({
    id: fc.oneof(
      { weight: 3, arbitrary: fc.constant('pending' as const) },
      { weight: 1, arbitrary: fc.constant('revoked' as const) },
      { weight: 3, arbitrary: targetIds.filter((id) => id !== 'made' && id !== 'self') },
    ),
    auth: ownerAuthCases,
    body: anyBody,
  }),
  route: async ({ id, auth, body }) => {
    const made = id === 'pending' || id === 'revoked' ? await newInvitation(id) : undefined;
    const param = segment(made ? String(made.id) : id);
    const valid = readsAsId(param.decoded);
    const row = valid
      ? await app.db
          .selectFrom('staff_invitations')
          .select(['accepted_at', 'revoked_at', 'expires_at'])
          .where('id', '=', Number(param.decoded))
          .executeTakeFirst()
      : undefined;
    return {
      method: 'DELETE',
      url: `/api/staff/invitations/${param.raw}`,
      body,
      auth,
      ownerOnly: true,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      handler: () => {
        if (!row) return refused(404, 'message');
        if (row.accepted_at || row.revoked_at || row.expires_at <= nowIso()) {
          return refused(409, 'refusal', { code: 'not_pending' });
        }
        return {
          accepted: {
            status: 204,
            mayWrite: ['staff_invitations', 'audit_log'],
            async verify() {
              await expectAudited('staff.invitation.revoke');
            },
          },
        };
      },
    };
  },
});

const acceptInvitation = family({
  name: 'POST /api/staff/invitations/:token/accept',
  runs: 300,
  cases: fc.record({
    token: fc.oneof(
      { weight: 3, arbitrary: fc.constant('pending' as const) },
      { weight: 1, arbitrary: fc.constant('revoked' as const) },
      { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map(segment) },
      { weight: 1, arbitrary: randomSegments.map(segment) },
    ),
    auth: authCases,
    body: bodies({ password: text(newPassword, badNewPassword) }),
  }),
  route: async ({ token, auth, body }) => {
    const made =
      token === 'pending' || token === 'revoked' ? await newInvitation(token) : undefined;
    const param = made ? segment(made.token) : (token as Segment);
    return {
      method: 'POST',
      url: `/api/staff/invitations/${param.raw}/accept`,
      headers: authorizationHeader(auth),
      body,
      unmatched: !fitsRoute(param),
      bodySchema: true,
      handler: () => {
        // The link is checked before the password is even looked at.
        if (token !== 'pending') return refused(400, 'refusal', { code: 'invalid_invitation' });
        const { password } = (body as { json: { password: string } }).json;
        if (isCommon(password)) return refused(400, 'fields', { field: 'password' });
        return {
          accepted: {
            status: 200,
            // The account, the used invitation, the entry, the owners' notice, the session.
            mayWrite: ['staff_users', 'staff_invitations', 'audit_log', 'outbox', 'sessions'],
            async verify(response) {
              const answer = response.json<{ email: string; tokens: { token: string }[] }>();
              expect(answer.email).toBe(`invited-${madeInvitations}@trattoria.example`);
              expect(answer.tokens[0]!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
              const entry = await app.db
                .selectFrom('audit_log')
                .select('action')
                .orderBy('id', 'desc')
                .executeTakeFirstOrThrow();
              expect(entry.action).toBe('staff.create');
            },
          },
        };
      },
    };
  },
});

const ownerReads = family({
  name: 'GET /api/staff/invitations, /api/audit (owner)',
  runs: 400,
  cases: fc.record({
    path: fc.constantFrom('/api/staff/invitations', '/api/audit'),
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    limit: fc.option(
      fc.oneof(
        fc.integer({ min: 1, max: 500 }).map(String),
        fc.constantFrom('0', '501', '-1', '1.5', 'abc', '', '1e2', '0x10', '%20', '9'.repeat(30)),
      ),
      { nil: undefined },
    ),
    query: junkQuery,
    auth: ownerAuthCases,
  }),
  route: ({ path, method, limit, query, auth }) => {
    // Only the audit log reads `limit`; any other key is refused everywhere.
    const limitPart = limit === undefined ? '' : `limit=${limit}`;
    const rest = query.replace(/^\?/, '');
    const joined = [limitPart, rest].filter(Boolean).join('&');
    const fullQuery = joined ? `?${joined}` : '';
    const keys = [...new URLSearchParams(fullQuery).keys()];
    const audit = path === '/api/audit';
    const limits = new URLSearchParams(fullQuery).getAll('limit');
    const limitRead =
      limits.length === 0 ||
      (limits.length === 1 &&
        Number.isInteger(Number(limits[0])) &&
        Number(limits[0]) >= 1 &&
        Number(limits[0]) <= 500);
    const unknownKeys = keys.some((key) => !audit || key !== 'limit');
    return {
      method,
      url: `${path}${fullQuery}`,
      auth,
      ownerOnly: true,
      unknownQuery: unknownKeys,
      paramRefusals: audit && !limitRead ? ['limit'] : [],
      handler: () =>
        noWrites((response) => {
          if (method === 'HEAD') return expect(response.body).toBe('');
          const body = response.json<unknown>();
          if (audit) {
            expect(body).toEqual(expect.any(Array));
            expect((body as unknown[]).length).toBeLessThanOrEqual(Number(limits[0] ?? 50));
          } else expect(body).toEqual({ invitations: expect.any(Array) });
        }),
    };
  },
});

const changePasswordBodies = bodies({
  currentPassword: text(
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(COLLEAGUE_PASSWORD) },
      { weight: 1, arbitrary: loginPassword },
    ),
    fc.oneof(fc.constant(''), tooLongText(1024)),
  ),
  newPassword: text(newPassword, badNewPassword),
});

const putPassword = family({
  name: 'PUT /api/auth/password (staff)',
  runs: 200,
  cases: fc.record({ query: junkQuery, auth: authCases, body: changePasswordBodies }),
  route: async ({ query, auth, body }) => {
    // An account of its own each time: a change ends its other sessions, and
    // wrong current passwords count towards its limit.
    const accountId = await newAccount();
    const token = await app.sessions.create(accountId);
    const other = await app.sessions.create(accountId);
    return {
      method: 'PUT',
      url: `/api/auth/password${query}`,
      unknownQuery: hasQueryKeys(query),
      headers: authorizationHeader(auth, token),
      body,
      bodySchema: true,
      // The header above carries the account's own token; `auth` only decides its form.
      auth: auth === 'valid' ? undefined : auth,
      handler: () => {
        const sent = (body as { json: { currentPassword: string; newPassword: string } }).json;
        if (sent.currentPassword !== COLLEAGUE_PASSWORD) {
          return refused(400, 'fields', { field: 'currentPassword' });
        }
        if (isCommon(sent.newPassword)) return refused(400, 'fields', { field: 'newPassword' });
        return {
          accepted: {
            status: 200,
            mayWrite: ['staff_users', 'sessions', 'outbox', 'audit_log'],
            async verify() {
              const entry = await app.db
                .selectFrom('audit_log')
                .select(['action', 'actor_id'])
                .orderBy('id', 'desc')
                .executeTakeFirstOrThrow();
              expect(entry).toEqual({ action: 'auth.password.change', actor_id: accountId });
              expect(await app.sessions.authenticate(token)).not.toBeNull();
              expect(await app.sessions.authenticate(other)).toBeNull();
            },
          },
        };
      },
    };
  },
});

// ---------------------------------------------------------------------------
// The menu in the database (CONTRACT.md, part two).

const MENU_NAME_MAX = 120;
const CLOSURE_NOTE_MAX = 200;
const MENU_DESCRIPTION_MAX = 1000;
const MENU_INGREDIENTS_MAX = 500;
const ALLERGEN_CODES = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
/** The content the menu routes may change when they accept. */
const MENU_TABLES: Table[] = [
  'menu_sections',
  'menu_items',
  'menu_item_prices',
  'text_translations',
  'content_version',
  'audit_log',
];
const actor = () => ({ id: staffId, email: STAFF_EMAIL });

/** "12", "12,5" → "12.50", independently of the server's code. */
const normalAmount = (amount: string) => {
  const [euros = '0', cents = ''] = amount.trim().split(/[.,]/);
  return `${Number(euros)}.${cents.padEnd(2, '0')}`;
};

const notAnArray = fc.oneof(junk.number, junk.boolean, junk.null, junk.string, junk.object);
const menuName = text(
  trimmedText(MENU_NAME_MAX).map(withoutControls),
  fc.oneof(
    fc.constantFrom('', '   ', 'Pizza\nTonnara', 'a\u0000', 'x\u202Ey'),
    tooLongText(MENU_NAME_MAX),
  ),
);
const longMenuText = (max: number) => optional(text(anyText(max), tooLongText(max)));
const amounts = fc.stringMatching(/^\d{1,5}([.,]\d{1,2})?$/);
const SIZE_LABELS = ['0,30 l', '0,40 l', 'Maxi', 'Piccola', 'Normale', '1 l'];
const priceRule: FieldRule = {
  valid: fc.oneof(
    amounts.map((amount) => [{ label: '', amount }]),
    amounts.map((amount) => [{ amount }]),
    fc
      .uniqueArray(fc.constantFrom(...SIZE_LABELS), { minLength: 1, maxLength: 4 })
      .chain((labels) =>
        fc.tuple(...labels.map((label) => amounts.map((amount) => ({ label, amount })))),
      ),
  ),
  invalid: fc.constantFrom(
    [],
    [{ amount: '1.005' }],
    [{ amount: '-1' }],
    [{ amount: '1e3' }],
    [{ amount: '' }],
    [{ amount: '123456' }],
    [
      { label: '', amount: '1' },
      { label: '', amount: '2' },
    ],
    [
      { label: 'Maxi', amount: '1' },
      { label: 'maxi', amount: '2' },
    ],
    [{ label: 'a\nb', amount: '1' }],
    [{ label: 'x'.repeat(31), amount: '1' }],
    Array.from({ length: 7 }, (_, i) => ({ label: `${i}`, amount: '1' })),
  ),
  wrongType: fc.oneof(notAnArray, fc.constant([{ amount: 12 }]), fc.constant([null])),
};
const allergenRule: FieldRule = optional({
  valid: fc.oneof(fc.constant(null), fc.uniqueArray(fc.constantFrom(...ALLERGEN_CODES))),
  invalid: fc.constantFrom(['shellfish'], ['milk', 'milk'], ['MILK'], ['']),
  wrongType: fc.oneof(junk.number, junk.boolean, junk.string, junk.object),
});
const flag: FieldRule = optional({ valid: fc.boolean(), wrongType: notABoolean });
const positionRule: FieldRule = optional({
  valid: fc.integer({ min: 0, max: 200 }),
  invalid: fc.constantFrom(-1, 1.5, 10_001),
  wrongType: fc.oneof(junk.boolean, junk.null, junk.string, junk.array, fc.constant('1')),
});
const placementRule: FieldRule = optional(
  text(fc.constantFrom('carousel', 'always', 'extras'), fc.constantFrom('', 'top', 'CAROUSEL')),
);
/** Seeded sections (ids 1 to 11), or none such (the route answers 400 sectionId). */
const sectionIdRule: FieldRule = {
  valid: fc.oneof(
    { weight: 5, arbitrary: fc.integer({ min: 1, max: 11 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1_000_000, max: 2 ** 31 - 1 }) },
  ),
  invalid: fc.constantFrom(0, -1, 1.5, 2 ** 31),
  wrongType: fc.oneof(junk.boolean, junk.null, junk.string, junk.array, fc.constant('1')),
};

const itemRules = {
  sectionId: sectionIdRule,
  name: menuName,
  description: longMenuText(MENU_DESCRIPTION_MAX),
  ingredients: longMenuText(MENU_INGREDIENTS_MAX),
  prices: priceRule,
  allergens: allergenRule,
  available: flag,
  frozen: flag,
};

const menuLangQueries = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(...LANGUAGES)
      .map((lang) => ({ query: `?lang=${lang}`, refusals: [] as string[] })),
  },
  { weight: 1, arbitrary: fc.constant({ query: '', refusals: [] as string[] }) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('?lang=xx', '?lang=', '?lang=EN', '?lang=it&lang=en')
      .map((query) => ({ query, refusals: ['lang'] })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('?debug=1', '?lang=it&x=1', '?__proto__[x]=1')
      .map((query) => ({ query, refusals: ['querystring'] })),
  },
);

const sectionExists = async (id: number) =>
  (await app.db
    .selectFrom('menu_sections')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst()) !== undefined;
const itemRow = (id: number) =>
  app.db.selectFrom('menu_items').selectAll().where('id', '=', id).executeTakeFirst();

/** A path id: a row made for the request, a seeded one, nobody, or junk. */
const menuRowIds = () =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constant('made' as const) },
    { weight: 1, arbitrary: fc.integer({ min: 1_000_000, max: 2 ** 31 - 1 }).map(String) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constantFrom('0', '-1', '1.5', 'abc', 'NaN', '2147483648', '1e400', 'true'),
        anyText(30).filter((id) => id.length > 0 && notADotSegment(id) && !readsAsId(id)),
      ),
    },
  );
const newSection = async () =>
  (await app.menu.createSection({ name: 'Sezione di prova' }, actor())).id;
const newItem = async () => {
  const item = await app.menu.createItem(
    { sectionId: 1, name: 'Piatto di prova', prices: [{ label: '', amount: '5' }] },
    actor(),
  );
  if (typeof item === 'string') throw new Error(item);
  return item.id;
};
/** Resolves a generated id to a path segment and what the route will find. */
async function menuTarget(id: string, make: () => Promise<number>) {
  const param = segment(id === 'made' ? String(await make()) : id);
  return { param, valid: readsAsId(param.decoded), number: Number(param.decoded) };
}

const getMenu = family({
  name: 'GET /api/menu?lang=',
  runs: 300,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: menuLangQueries,
    auth: authCases,
  }),
  route: ({ method, query, auth }) => ({
    method,
    url: `/api/menu${query.query}`,
    headers: authorizationHeader(auth),
    paramRefusals: query.refusals,
    handler: () =>
      noWrites((response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        const body = response.json<{ lang: string; sections: unknown[] }>();
        expect(body.lang).toBe(/lang=(\w\w)/.exec(query.query)?.[1] ?? 'it');
        expect(body.sections.length).toBeGreaterThan(0);
      }),
  }),
});

// ---------------------------------------------------------------------------
// The menu as a CSV file: export, preview and import. Files are built from the
// current export with one edit whose effect the oracle knows, in any of the
// formats a spreadsheet saves (`;` or `,`, BOM or not, CRLF or LF); bad files
// carry one edit that is always refused.

const CSV_HEADER = [
  'sezione_id',
  'sezione',
  'tipo_sezione',
  'piatto_id',
  'nome',
  'descrizione',
  'ingredienti',
  'prezzi',
  'allergeni',
  'disponibile',
  'congelato',
];
const CSV = {
  sectionId: 0,
  section: 1,
  type: 2,
  id: 3,
  name: 4,
  prices: 7,
  allergens: 8,
  available: 9,
};

interface CsvFormat {
  delimiter: ';' | ',';
  bom: boolean;
  eol: '\r\n' | '\n';
}
const csvFormats: fc.Arbitrary<CsvFormat> = fc.record({
  delimiter: fc.constantFrom(';' as const, ',' as const),
  bom: fc.boolean(),
  eol: fc.constantFrom('\r\n' as const, '\n' as const),
});

/** `sì`/`no` as people type them. */
const yesNo = (value: boolean) =>
  fc.constantFrom(...(value ? ['sì', 'si', 'SI', 'Sì', ' sì '] : ['no', 'NO', 'No ']));
/** Codes with any spacing and case, or the word for none; empty: not declared. */
const allergenCells = fc.oneof(
  fc.constant({ codes: null as string[] | null, cell: '' }),
  fc
    .constantFrom('nessuno', 'NESSUNO', ' Nessuno')
    .map((cell) => ({ codes: [] as string[], cell })),
  fc
    .tuple(
      fc.uniqueArray(fc.constantFrom(...ALLERGEN_CODES), { minLength: 1 }),
      fc.constantFrom(', ', ',', ' , ', ',  '),
      fc.boolean(),
    )
    .map(([codes, separator, upper]) => ({
      codes: codes as string[],
      cell: codes.map((code) => (upper ? code.toUpperCase() : code)).join(separator),
    })),
);
const placementWords = fc.constantFrom('carosello', 'SEMPRE', ' Sotto ');

type CsvEdit =
  | { kind: 'none' }
  | { kind: 'price'; pick: number; amount: string }
  | { kind: 'rename'; pick: number; name: string }
  | { kind: 'available'; pick: number; value: boolean; cell: string }
  | { kind: 'allergens'; pick: number; codes: string[] | null; cell: string }
  | { kind: 'delete'; pick: number }
  | { kind: 'add'; pick: number; name: string; amount: string }
  | { kind: 'move'; pick: number; to: number }
  | { kind: 'newSection'; name: string; placement: string; dish: string; amount: string }
  /** Always refused. */
  | { kind: 'bad'; pick: number; how: (typeof BAD_CSV_EDITS)[number]; value: string }
  /** The body's own random text: never a menu (it has no header). */
  | { kind: 'random' };

const BAD_CSV_EDITS = [
  'header',
  'price',
  'allergen',
  'flag',
  'name',
  'type',
  'unknown-id',
  'bad-id',
  'duplicate',
  'apart',
] as const;
const BAD_VALUES: Record<(typeof BAD_CSV_EDITS)[number], string[]> = {
  header: ['swap', 'drop', 'prezzo', 'tab'],
  price: ['1.005', '-1', '1e3', '', '123456', 'abc', '7 | 9', 'Maxi=1 | maxi=2', '12,50 €'],
  allergen: ['shellfish', 'milk, lattosio', 'milk milk', 'milk, milk', 'none'],
  flag: ['forse', 'yes', 'true', '1', ''],
  name: ['', '   ', 'x'.repeat(MENU_NAME_MAX + 1), 'a\u0000b', 'a\u202Eb', 'a\nb'],
  type: ['carousel', '', 'sopra'],
  'unknown-id': [String(2 ** 31 - 1), '1999999999'],
  'bad-id': ['abc', '0', '-3', '1.5', '2147483648'],
  duplicate: [''],
  apart: [''],
};

const csvEdits: fc.Arbitrary<CsvEdit> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('price' as const), pick: fc.nat(), amount: amounts }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('rename' as const),
      pick: fc.nat(),
      name: menuName.valid as fc.Arbitrary<string>,
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.nat(), fc.boolean())
      .chain(([pick, value]) =>
        yesNo(value).map((cell) => ({ kind: 'available' as const, pick, value, cell })),
      ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.nat(), allergenCells)
      .map(([pick, { codes, cell }]) => ({ kind: 'allergens' as const, pick, codes, cell })),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      pick: fc.nat(),
      name: menuName.valid as fc.Arbitrary<string>,
      amount: amounts,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), to: fc.nat() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('newSection' as const),
      name: menuName.valid as fc.Arbitrary<string>,
      placement: placementWords,
      dish: menuName.valid as fc.Arbitrary<string>,
      amount: amounts,
    }),
  },
  {
    weight: 6,
    arbitrary: fc.constantFrom(...BAD_CSV_EDITS).chain((how) =>
      fc.record({
        kind: fc.constant('bad' as const),
        pick: fc.nat(),
        how: fc.constant(how),
        value: fc.constantFrom(...BAD_VALUES[how]),
      }),
    ),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'random' as const }) },
);

/** What a file's import must answer and do: its changes in the file's order, deletions last. */
interface CsvExpected {
  changes: Record<string, unknown>[];
  /** The stored effect, after an import. */
  verify: () => Promise<void>;
}

const csvFile = (rows: string[][], format: CsvFormat) =>
  stringify(rows, {
    delimiter: format.delimiter,
    bom: format.bom,
    record_delimiter: format.eol,
    quote_record_delimiter: true,
  });
/** A change as the answer names it (answers are UTF-8: a lone surrogate reads back as U+FFFD). */
const csvChange = (
  entity: 'section' | 'item',
  action: string,
  id: number | null,
  name: string,
  fields: string[] = [],
) => ({ action, entity, id, name: stored(name), fields });
const itemChange = (action: string, id: number | null, name: string, fields: string[] = []) =>
  csvChange('item', action, id, name, fields);

/** Builds a file from the current export and the edit; null: the file must be refused. */
async function csvCase(
  edit: CsvEdit,
  format: CsvFormat,
): Promise<{ csv: string; expected: CsvExpected | null }> {
  const rows: string[][] = parse(await app.menu.exportCsv(), { bom: true, delimiter: ';' });
  expect(rows[0]).toEqual(CSV_HEADER);
  const dishes = rows.filter((row, index) => index > 0 && row[CSV.id] !== '');
  const dish = 'pick' in edit ? dishes[edit.pick % dishes.length]! : dishes[0]!;
  const id = Number(dish[CSV.id]);
  const before = await app.menu.item(id);
  const file = (expected: CsvExpected | null) => ({ csv: csvFile(rows, format), expected });
  const nothing = async () => {};
  /** Removes a dish's row, keeping its section (as a row of its own) when it was the last there. */
  const removeRow = (row: string[]) => {
    const alone = rows.filter((other) => other[CSV.sectionId] === row[CSV.sectionId]).length === 1;
    rows.splice(
      rows.indexOf(row),
      1,
      ...(alone ? [[...row.slice(0, CSV.id), '', '', '', '', '', '', '', '']] : []),
    );
  };

  switch (edit.kind) {
    case 'random':
      throw new Error('random text is the body as generated');
    case 'none':
      return file({ changes: [], verify: nothing });
    case 'price': {
      dish[CSV.prices] = edit.amount;
      const price = [{ label: '', amount: normalAmount(edit.amount) }];
      const same = JSON.stringify(before!.prices) === JSON.stringify(price);
      return file({
        changes: same ? [] : [itemChange('update', id, dish[CSV.name]!, ['prezzi'])],
        verify: async () => expect((await app.menu.item(id))!.prices).toEqual(price),
      });
    }
    case 'rename': {
      dish[CSV.name] = edit.name;
      const name = edit.name.trim();
      return file({
        changes: name === before!.name ? [] : [itemChange('update', id, name, ['nome'])],
        verify: async () => expect((await app.menu.item(id))!.name).toBe(stored(name)),
      });
    }
    case 'available':
      dish[CSV.available] = edit.cell;
      return file({
        changes:
          edit.value === before!.available
            ? []
            : [itemChange('update', id, before!.name, ['disponibile'])],
        verify: async () => expect((await app.menu.item(id))!.available).toBe(edit.value),
      });
    case 'allergens': {
      dish[CSV.allergens] = edit.cell;
      const codes =
        edit.codes === null ? null : ALLERGEN_CODES.filter((code) => edit.codes!.includes(code));
      const same = JSON.stringify(codes) === JSON.stringify(before!.allergens);
      return file({
        changes: same ? [] : [itemChange('update', id, before!.name, ['allergeni'])],
        verify: async () => expect((await app.menu.item(id))!.allergens).toEqual(codes),
      });
    }
    case 'delete':
      removeRow(dish);
      return file({
        changes: [itemChange('delete', id, before!.name)],
        verify: async () => {
          expect(await app.menu.item(id)).toBeUndefined();
          const translations = await app.db
            .selectFrom('text_translations')
            .select('field')
            .where('entity', '=', 'menu_item')
            .where('entity_id', '=', id)
            .execute();
          expect(translations).toEqual([]);
        },
      });
    case 'add': {
      const row = [...dish.slice(0, CSV.id), '', edit.name, '', '', edit.amount, '', 'sì', 'no'];
      rows.splice(rows.indexOf(dish) + 1, 0, row);
      const name = edit.name.trim();
      return file({
        changes: [itemChange('add', null, name)],
        verify: async () => {
          // Right after the dish it follows in the file.
          const after = await app.db
            .selectFrom('menu_items')
            .selectAll()
            .where('section_id', '=', before!.sectionId)
            .where('position', '=', before!.position + 1)
            .executeTakeFirstOrThrow();
          expect(after.name).toBe(stored(name));
          expect((await app.menu.item(after.id))!.prices).toEqual([
            { label: '', amount: normalAmount(edit.amount) },
          ]);
        },
      });
    }
    case 'move': {
      const sections = [...new Set(rows.slice(1).map((row) => row[CSV.sectionId]!))];
      const others = sections.filter((section) => section !== dish[CSV.sectionId]);
      const target = others[edit.to % others.length]!;
      removeRow(dish);
      const last = rows.findLast((row) => row[CSV.sectionId] === target)!;
      const targetCells = last.slice(0, CSV.id);
      rows.splice(rows.indexOf(last) + 1, 0, [...targetCells, ...dish.slice(CSV.id)]);
      return file({
        changes: [itemChange('update', id, before!.name, ['sezione'])],
        verify: async () => {
          const moved = (await app.menu.item(id))!;
          expect(moved.sectionId).toBe(Number(target));
          const count = await app.db
            .selectFrom('menu_items')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('section_id', '=', Number(target))
            .executeTakeFirstOrThrow();
          expect(moved.position).toBe(Number(count.count) - 1);
        },
      });
    }
    case 'newSection': {
      rows.push([
        '',
        edit.name,
        edit.placement,
        '',
        edit.dish,
        '',
        '',
        edit.amount,
        '',
        'no',
        'sì',
      ]);
      const name = edit.name.trim();
      const dishName = edit.dish.trim();
      return file({
        changes: [csvChange('section', 'add', null, name), itemChange('add', null, dishName)],
        verify: async () => {
          const section = await app.db
            .selectFrom('menu_sections')
            .selectAll()
            .orderBy('position', 'desc')
            .executeTakeFirstOrThrow();
          expect([section.name, section.placement, section.key]).toEqual([
            stored(name),
            { carosello: 'carousel', sempre: 'always', sotto: 'extras' }[
              edit.placement.trim().toLowerCase()
            ],
            null,
          ]);
          const items = await app.db
            .selectFrom('menu_items')
            .selectAll()
            .where('section_id', '=', section.id)
            .execute();
          expect(items.map((item) => [item.name, item.available, item.frozen])).toEqual([
            [stored(dishName), 0, 1],
          ]);
        },
      });
    }
    case 'bad': {
      const { how, value } = edit;
      if (how === 'header') {
        const header = rows[0]!;
        if (value === 'swap') [header[4], header[5]] = [header[5]!, header[4]!];
        else if (value === 'drop') header.pop();
        else if (value === 'prezzo') header[CSV.prices] = 'prezzo';
        else
          return { csv: csvFile(rows, format).replaceAll(format.delimiter, '\t'), expected: null };
      } else if (how === 'price') dish[CSV.prices] = value;
      else if (how === 'allergen') dish[CSV.allergens] = value;
      else if (how === 'flag') dish[CSV.available] = value;
      else if (how === 'name') dish[CSV.name] = value;
      else if (how === 'type') dish[CSV.type] = value;
      else if (how === 'unknown-id' || how === 'bad-id') dish[CSV.id] = value;
      else if (how === 'duplicate') rows.splice(rows.indexOf(dish) + 1, 0, [...dish]);
      // The first row again at the end: its section's rows are apart (there are several sections).
      else rows.push([...rows[1]!]);
      return file(null);
    }
  }
}

/** An import's or preview's answer for what was expected: the changes, and the counts. */
async function expectImportAnswer(
  response: LightMyRequestResponse,
  expected: CsvExpected,
  existing: number,
) {
  const count = (action: string) => expected.changes.filter((c) => c.action === action).length;
  const updated = count('update');
  const deleted = count('delete');
  expect(response.json()).toEqual({
    changes: expected.changes,
    summary: { added: count('add'), updated, deleted, unchanged: existing - updated - deleted },
  });
}

/** Sections and dishes in the menu now. */
async function menuRowCount() {
  const [sections, items] = await Promise.all([
    app.db
      .selectFrom('menu_sections')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow(),
    app.db
      .selectFrom('menu_items')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return Number(sections.count) + Number(items.count);
}

/** Any text but a menu file: no header row. */
const csvRule: FieldRule = {
  valid: anyText(300).filter((text) => !text.toLowerCase().includes('sezione_id')),
  wrongType: notAString,
};

const getMenuCsv = family({
  name: 'GET /api/menu/export.csv (staff)',
  runs: 200,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: junkQuery,
    auth: authCases,
  }),
  route: ({ method, query, auth }) => ({
    method,
    url: `/api/menu/export.csv${query}`,
    unknownQuery: hasQueryKeys(query),
    auth,
    handler: () =>
      noWrites(async (response) => {
        expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(response.headers['content-disposition']).toBe('attachment; filename="menu.csv"');
        expect(response.headers['cache-control']).toBe('no-store');
        if (method === 'HEAD') return expect(response.body).toBe('');
        expect(response.body.startsWith(`\uFEFF${CSV_HEADER.join(';')}\r\n`)).toBe(true);
        expect(response.body).toBe(await app.menu.exportCsv());
      }),
  }),
});

/** POST /api/menu/import and its preview: the same files, the same answers; only the import writes. */
function importFamily(path: 'import' | 'import/preview', runs: number) {
  const applies = path === 'import';
  return family({
    name: `POST /api/menu/${path} (staff)`,
    runs,
    cases: fc.record({
      query: junkQuery,
      auth: authCases,
      body: bodies({ csv: csvRule }),
      edit: csvEdits,
      format: csvFormats,
    }),
    route: async ({ query, auth, body, edit, format }) => {
      let sent = body;
      let expected: CsvExpected | null = null;
      if (body.kind === 'valid' && edit.kind !== 'random') {
        const built = await csvCase(edit, format);
        sent = { ...body, json: { csv: built.csv } };
        expected = built.expected;
      }
      const existing = await menuRowCount();
      return {
        method: 'POST',
        url: `/api/menu/${path}${query}`,
        unknownQuery: hasQueryKeys(query),
        body: sent,
        auth,
        bodySchema: true,
        handler: (): Expected => {
          if (!expected) return refused(400, 'fields', { field: 'csv' });
          const { changes, verify } = expected;
          const writes = applies && changes.length > 0;
          return {
            accepted: {
              status: 200,
              mayWrite: writes ? MENU_TABLES : [],
              async verify(response) {
                await expectImportAnswer(response, expected, existing);
                if (!writes) return;
                await expectAudited('menu.import');
                await verify();
              },
            },
          };
        },
      };
    },
  });
}
const previewMenuCsv = importFamily('import/preview', 500);
const importMenuCsv = importFamily('import', 800);

const postSection = family({
  name: 'POST /api/menu/sections (staff)',
  runs: 300,
  cases: fc.record({
    query: junkQuery,
    auth: authCases,
    body: bodies({ name: menuName, placement: placementRule }),
  }),
  route: ({ query, auth, body }) => ({
    method: 'POST',
    url: `/api/menu/sections${query}`,
    unknownQuery: hasQueryKeys(query),
    body,
    auth,
    bodySchema: true,
    handler: () => ({
      accepted: {
        status: 201,
        mayWrite: ['menu_sections', 'content_version', 'audit_log'],
        async verify(response) {
          await expectAudited('menu.section.create');
          const { json } = body as { json: { name: string; placement?: string } };
          const row = await app.db
            .selectFrom('menu_sections')
            .selectAll()
            .where('id', '=', response.json<{ id: number }>().id)
            .executeTakeFirstOrThrow();
          expect([row.name, row.placement]).toEqual([
            stored(json.name.trim()),
            json.placement ?? 'carousel',
          ]);
        },
      },
    }),
  }),
});

const patchSection = family({
  name: 'PATCH /api/menu/sections/:id (staff)',
  runs: 300,
  cases: fc.record({
    id: menuRowIds(),
    auth: authCases,
    body: bodies({ name: optional(menuName), position: positionRule, placement: placementRule }),
  }),
  route: async ({ id, auth, body }) => {
    const { param, valid, number } = await menuTarget(id, newSection);
    const exists = valid && (await sectionExists(number));
    return {
      method: 'PATCH',
      url: `/api/menu/sections/${param.raw}`,
      body,
      auth,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      bodySchema: true,
      handler: () => {
        if (!exists) return refused(404, 'message');
        return {
          accepted: {
            status: 204,
            mayWrite: ['menu_sections', 'content_version', 'audit_log'],
            async verify() {
              await expectAudited('menu.section.update');
              const { json } = body as { json: { name?: string } };
              const row = await app.db
                .selectFrom('menu_sections')
                .select('name')
                .where('id', '=', number)
                .executeTakeFirstOrThrow();
              if (json.name !== undefined) expect(row.name).toBe(stored(json.name.trim()));
            },
          },
        };
      },
    };
  },
});

const deleteSection = family({
  name: 'DELETE /api/menu/sections/:id (staff)',
  runs: 300,
  cases: fc.record({
    id: fc.oneof(menuRowIds(), fc.constant('seeded' as const)),
    auth: authCases,
    body: anyBody,
  }),
  route: async ({ id, auth, body }) => {
    const { param, valid, number } = await menuTarget(id === 'seeded' ? '1' : id, newSection);
    const exists = valid && (await sectionExists(number));
    const hasItems =
      exists &&
      (await app.db
        .selectFrom('menu_items')
        .select('id')
        .where('section_id', '=', number)
        .executeTakeFirst()) !== undefined;
    return {
      method: 'DELETE',
      url: `/api/menu/sections/${param.raw}`,
      body,
      auth,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      handler: () => {
        if (!exists) return refused(404, 'message');
        if (hasItems) return refused(409, 'refusal', { code: 'section-not-empty' });
        return {
          accepted: {
            status: 204,
            mayWrite: ['menu_sections', 'text_translations', 'content_version', 'audit_log'],
            async verify() {
              await expectAudited('menu.section.delete');
              expect(await sectionExists(number)).toBe(false);
            },
          },
        };
      },
    };
  },
});

/** What a dish answer must be, for the body that made or changed it. */
const expectItem = (answer: Record<string, unknown>, sent: Record<string, unknown>) => {
  if (sent.name !== undefined) expect(answer.name).toBe(stored((sent.name as string).trim()));
  for (const field of ['description', 'ingredients'] as const) {
    if (sent[field] !== undefined)
      expect(answer[field]).toBe(stored((sent[field] as string).trim()));
  }
  if (sent.prices !== undefined) {
    expect(answer.prices).toEqual(
      (sent.prices as { label?: string; amount: string }[]).map((price) => ({
        label: (price.label ?? '').trim(),
        amount: normalAmount(price.amount),
      })),
    );
  }
  if (sent.allergens !== undefined) {
    const codes = sent.allergens as string[] | null;
    expect(answer.allergens).toEqual(
      codes === null ? null : ALLERGEN_CODES.filter((code) => codes.includes(code)),
    );
  }
  for (const field of ['available', 'frozen'] as const) {
    if (sent[field] !== undefined) expect(answer[field]).toBe(sent[field]);
  }
};

const postItem = family({
  name: 'POST /api/menu/items (staff)',
  runs: 500,
  cases: fc.record({ query: junkQuery, auth: authCases, body: bodies(itemRules) }),
  route: ({ query, auth, body }) => ({
    method: 'POST',
    url: `/api/menu/items${query}`,
    unknownQuery: hasQueryKeys(query),
    body,
    auth,
    bodySchema: true,
    handler: async () => {
      const { json } = body as { json: Record<string, unknown> };
      if (!(await sectionExists(json.sectionId as number))) {
        return refused(400, 'fields', { field: 'sectionId' });
      }
      return {
        accepted: {
          status: 201,
          mayWrite: ['menu_items', 'menu_item_prices', 'content_version', 'audit_log'],
          async verify(response) {
            await expectAudited('menu.item.create');
            const answer = response.json<Record<string, unknown>>();
            expectItem(answer, json);
            expect(answer.sectionId).toBe(json.sectionId);
            expect(answer.available).toBe(json.available ?? true);
          },
        },
      };
    },
  }),
});

const patchItem = family({
  name: 'PATCH /api/menu/items/:id (staff)',
  runs: 500,
  cases: fc.record({
    id: menuRowIds(),
    auth: authCases,
    body: bodies({
      ...Object.fromEntries(
        Object.entries(itemRules).map(([name, rule]) => [name, optional(rule)]),
      ),
      position: positionRule,
    }),
  }),
  route: async ({ id, auth, body }) => {
    const { param, valid, number } = await menuTarget(id, newItem);
    const exists = valid && (await itemRow(number)) !== undefined;
    return {
      method: 'PATCH',
      url: `/api/menu/items/${param.raw}`,
      body,
      auth,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      bodySchema: true,
      handler: async () => {
        if (!exists) return refused(404, 'message');
        const { json } = body as { json: Record<string, unknown> };
        if (json.sectionId !== undefined && !(await sectionExists(json.sectionId as number))) {
          return refused(400, 'fields', { field: 'sectionId' });
        }
        return {
          accepted: {
            status: 200,
            mayWrite: ['menu_items', 'menu_item_prices', 'content_version', 'audit_log'],
            async verify(response) {
              await expectAudited('menu.item.update');
              expectItem(response.json<Record<string, unknown>>(), json);
            },
          },
        };
      },
    };
  },
});

const deleteItem = family({
  name: 'DELETE /api/menu/items/:id (staff)',
  runs: 300,
  cases: fc.record({ id: menuRowIds(), auth: authCases, body: anyBody }),
  route: async ({ id, auth, body }) => {
    const { param, valid, number } = await menuTarget(id, newItem);
    const exists = valid && (await itemRow(number)) !== undefined;
    return {
      method: 'DELETE',
      url: `/api/menu/items/${param.raw}`,
      body,
      auth,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      handler: () => {
        if (!exists) return refused(404, 'message');
        return {
          accepted: {
            status: 204,
            mayWrite: MENU_TABLES,
            async verify() {
              await expectAudited('menu.item.delete');
              expect(await itemRow(number)).toBeUndefined();
            },
          },
        };
      },
    };
  },
});

const getItemTranslations = family({
  name: 'GET /api/menu/items/:id/translations (staff)',
  runs: 200,
  cases: fc.record({ id: menuRowIds(), query: junkQuery, auth: authCases }),
  route: async ({ id, query, auth }) => {
    const { param, valid, number } = await menuTarget(id, newItem);
    const exists = valid && (await itemRow(number)) !== undefined;
    return {
      method: 'GET',
      url: `/api/menu/items/${param.raw}/translations${query}`,
      unknownQuery: hasQueryKeys(query),
      auth,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      handler: () =>
        exists
          ? noWrites((response) => {
              const { translations } = response.json<{ translations: { lang: string }[] }>();
              expect(translations.map((entry) => entry.lang)).toEqual([...TARGET_LANGS]);
            })
          : refused(404, 'message'),
    };
  },
});

const ITEM_TEXT_FIELDS = ['name', 'description', 'ingredients'] as const;
const itemTextRules = {
  name: optional(menuName),
  description: longMenuText(MENU_DESCRIPTION_MAX),
  ingredients: longMenuText(MENU_INGREDIENTS_MAX),
};
/** Valid: some texts, each with an Italian (made the current one by the route, mostly). */
const validItemTranslation = fc
  .record(
    Object.fromEntries(Object.entries(itemTextRules).map(([name, rule]) => [name, rule.valid])),
    { requiredKeys: [] },
  )
  .filter((texts) => Object.keys(texts).length > 0)
  .map((texts) => ({
    ...texts,
    italian: Object.fromEntries(Object.keys(texts).map((field) => [field, 'Non è questo'])),
  })) as fc.Arbitrary<Record<string, unknown>>;
const itemTranslationBodies = bodies(
  {
    ...itemTextRules,
    italian: {
      valid: fc.constant({ name: 'Non è questo' }),
      wrongType: fc.oneof(junk.number, junk.boolean, junk.null, junk.string, junk.array),
    },
  },
  validItemTranslation,
);

const putItemTranslation = family({
  name: 'PUT /api/menu/items/:id/translations/:lang (staff)',
  runs: 500,
  cases: fc.record({
    id: menuRowIds(),
    lang: translationLangs,
    auth: authCases,
    body: itemTranslationBodies,
    forCurrentItalian: fc.constantFrom(true, true, true, false),
  }),
  route: async ({ id, lang, auth, body, forCurrentItalian }) => {
    const { param, valid, number } = await menuTarget(id, newItem);
    const row = valid ? await itemRow(number) : undefined;
    let sent = body;
    if (body.kind === 'valid' && forCurrentItalian && row) {
      const json = body.json as Record<string, unknown>;
      const italian = Object.fromEntries(
        ITEM_TEXT_FIELDS.filter((field) => json[field] !== undefined).map((field) => [
          field,
          row[field],
        ]),
      );
      sent = { ...body, json: { ...json, italian } };
    }
    return {
      method: 'PUT',
      url: `/api/menu/items/${param.raw}/translations/${lang.raw}`,
      body: sent,
      auth,
      unmatched: !fitsRoute(param, lang),
      paramRefusals: [...(valid ? [] : ['id']), ...(isTargetLang(lang) ? [] : ['lang'])],
      bodySchema: true,
      handler: () => {
        if (!row) return refused(404, 'message');
        const json = (sent as { json: Record<string, unknown> }).json;
        const italian = json.italian as Record<string, string>;
        const current = ITEM_TEXT_FIELDS.every(
          (field) => json[field] === undefined || italian[field] === row[field],
        );
        if (!current) return refused(409, 'refusal', { code: 'italian-changed' });
        return {
          accepted: {
            status: 200,
            mayWrite: ['text_translations', 'content_version', 'audit_log'],
            async verify() {
              await expectAudited('menu.item.translation.update');
              const rows = await app.db
                .selectFrom('text_translations')
                .select(['field', 'text'])
                .where('entity', '=', 'menu_item')
                .where('entity_id', '=', number)
                .where('lang', '=', lang.decoded)
                .where('kind', '=', 'staff')
                .execute();
              for (const field of ITEM_TEXT_FIELDS) {
                if (json[field] === undefined) continue;
                expect(rows.find((r) => r.field === field)?.text).toBe(
                  stored((json[field] as string).trim()),
                );
              }
            },
          },
        };
      },
    };
  },
});

const deleteItemTranslation = family({
  name: 'DELETE /api/menu/items/:id/translations/:lang (staff)',
  runs: 300,
  cases: fc.record({ id: menuRowIds(), lang: translationLangs, auth: authCases, body: anyBody }),
  route: async ({ id, lang, auth, body }) => {
    const { param, valid, number } = await menuTarget(id, newItem);
    const exists = valid && (await itemRow(number)) !== undefined;
    return {
      method: 'DELETE',
      url: `/api/menu/items/${param.raw}/translations/${lang.raw}`,
      body,
      auth,
      unmatched: !fitsRoute(param, lang),
      paramRefusals: [...(valid ? [] : ['id']), ...(isTargetLang(lang) ? [] : ['lang'])],
      handler: () => {
        if (!exists) return refused(404, 'message');
        return {
          accepted: {
            status: 200,
            mayWrite: ['text_translations', 'content_version', 'audit_log'],
            async verify() {
              const left = await app.db
                .selectFrom('text_translations')
                .select('field')
                .where('entity', '=', 'menu_item')
                .where('entity_id', '=', number)
                .where('lang', '=', lang.decoded)
                .where('kind', '=', 'staff')
                .execute();
              expect(left).toEqual([]);
            },
          },
        };
      },
    };
  },
});

// ---------------------------------------------------------------------------
// Opening hours (CONTRACT.md, part two). Valid bodies are built valid: each
// day's ranges from sorted distinct minutes, paired (the last one may run past
// midnight, closing by 05:00, while every range opens from 06:00), closures
// from sorted distinct dates, special days that open from 06:00 and close the
// same day; so nothing valid can overlap, not even with special days already
// stored. Refused values carry one known defect each.

const OPENING_TABLES: Table[] = [
  'opening_weekly_ranges',
  'opening_closures',
  'opening_exception_ranges',
  'text_translations',
  'content_version',
  'audit_log',
];
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const dateAfter = (days: number) =>
  new Date(Date.UTC(2026, 0, 1) + days * 86_400_000).toISOString().slice(0, 10);

/** Up to four ranges opening from 06:00, none overlapping; the last one maybe past midnight. */
const openingRanges = (options: { pastMidnight: boolean; min: number }) =>
  fc
    .tuple(
      fc.uniqueArray(fc.integer({ min: 360, max: 1439 }), {
        minLength: options.min * 2,
        maxLength: 8,
      }),
      fc.option(fc.integer({ min: 0, max: 300 }), { nil: undefined }),
    )
    .map(([marks, lateClose]) => {
      const sorted = marks.sort((a, b) => a - b);
      const ranges = [];
      for (let i = 0; i + 1 < sorted.length; i += 2) {
        ranges.push({ open: hhmm(sorted[i]!), close: hhmm(sorted[i + 1]!) });
      }
      if (options.pastMidnight && lateClose !== undefined && ranges.length > 0) {
        ranges[ranges.length - 1]!.close = hhmm(lateClose);
      }
      return ranges;
    });
const shuffled = <T>(items: fc.Arbitrary<T[]>) =>
  items.chain((list) => fc.shuffledSubarray(list, { minLength: list.length }));

const validWeek = shuffled(
  fc
    .tuple(
      fc.subarray([1, 2, 3, 4, 5, 6, 7]),
      fc.array(openingRanges({ pastMidnight: true, min: 0 }), { minLength: 7, maxLength: 7 }),
    )
    .map(([days, ranges]) => days.map((day, i) => ({ day, ranges: ranges[i]! }))),
);
const validNote = fc.oneof(
  trimmedText(CLOSURE_NOTE_MAX).map(withoutControls),
  fc.constantFrom(null, '', '   ', undefined),
);
const validClosures = shuffled(
  fc
    .tuple(
      fc.uniqueArray(fc.integer({ min: 0, max: 1500 }), { maxLength: 12 }),
      fc.array(fc.tuple(fc.boolean(), validNote), { minLength: 6, maxLength: 6 }),
    )
    .map(([days, extras]) => {
      const sorted = days.sort((a, b) => a - b);
      const closures = [];
      for (let i = 0; i + 1 < sorted.length; i += 2) {
        const [oneDay, note] = extras[i / 2]!;
        closures.push({
          from: dateAfter(sorted[i]!),
          to: dateAfter(oneDay ? sorted[i]! : sorted[i + 1]!),
          ...(note === undefined ? {} : { note }),
        });
      }
      return closures;
    }),
);
const validSpecialDays = fc
  .uniqueArray(fc.integer({ min: 0, max: 1500 }), { maxLength: 6 })
  .chain((days) =>
    fc.tuple(
      ...days.map((day) =>
        openingRanges({ pastMidnight: false, min: 1 }).map((ranges) => ({
          date: dateAfter(day),
          ranges,
        })),
      ),
    ),
  );

const WEEK_DEFECTS = [
  [{ day: 8, ranges: [] }],
  [{ day: 0, ranges: [] }],
  [{ day: '2', ranges: [] }],
  [
    { day: 3, ranges: [] },
    { day: 3, ranges: [] },
  ],
  [{ day: 2, ranges: [{ open: '12:00', close: '12:00' }] }],
  [{ day: 2, ranges: [{ open: '24:00', close: '01:00' }] }],
  [{ day: 2, ranges: [{ open: '9:00', close: '12:00' }] }],
  [{ day: 2, ranges: [{ open: '12:00', close: '15:00', extra: 1 }] }],
  [{ day: 2, ranges: [{ open: '12:00' }] }],
  [
    {
      day: 2,
      ranges: [
        { open: '12:00', close: '15:00' },
        { open: '14:00', close: '16:00' },
      ],
    },
  ],
  [
    {
      day: 2,
      ranges: [
        { open: '19:00', close: '01:00' },
        { open: '23:00', close: '23:30' },
      ],
    },
  ],
  [
    { day: 6, ranges: [{ open: '19:00', close: '02:00' }] },
    { day: 7, ranges: [{ open: '01:00', close: '03:00' }] },
  ],
  [
    { day: 7, ranges: [{ open: '19:00', close: '01:00' }] },
    { day: 1, ranges: [{ open: '00:00', close: '00:30' }] },
  ],
  [
    {
      day: 2,
      ranges: ['08', '10', '12', '14', '16'].map((h) => ({ open: `${h}:00`, close: `${h}:30` })),
    },
  ],
  [1, 2, 3, 4, 5, 6, 7, 1].map((day) => ({ day, ranges: [] })),
];
const CLOSURE_DEFECTS = [
  [{ from: '2027-01-06', to: '2026-12-24' }],
  [{ from: '2027-02-30', to: '2027-03-02' }],
  [{ from: '2026-12-24T00:00', to: '2026-12-26' }],
  [{ from: '1999-12-24', to: '1999-12-26' }],
  [{ from: '2026-12-24' }],
  [{ from: '2026-12-24', to: '2026-12-26', reason: 'x' }],
  [
    { from: '2026-12-24', to: '2027-01-06' },
    { from: '2027-01-06', to: '2027-02-28' },
  ],
  [{ from: '2026-12-24', to: '2026-12-26', note: 'x'.repeat(CLOSURE_NOTE_MAX + 1) }],
  [{ from: '2026-12-24', to: '2026-12-26', note: 'Chiuso\nper ferie' }],
  [{ from: '2026-12-24', to: '2026-12-26', note: 'Chiuso \u202e' }],
  [{ from: '2026-12-24', to: '2026-12-26', note: 5 }],
  Array.from({ length: 101 }, () => ({ from: '2030-01-01', to: '2030-01-01' })),
];
const SPECIAL_DAY_DEFECTS = [
  [{ date: '2026-08-10', ranges: [] }],
  [{ date: '2026-08-32', ranges: [{ open: '19:00', close: '23:00' }] }],
  [{ date: '2026-08-10' }],
  [
    { date: '2026-08-10', ranges: [{ open: '12:00', close: '15:00' }] },
    { date: '2026-08-10', ranges: [{ open: '19:00', close: '23:00' }] },
  ],
  [
    {
      date: '2026-08-10',
      ranges: [
        { open: '12:00', close: '15:00' },
        { open: '13:00', close: '14:00' },
      ],
    },
  ],
  Array.from({ length: 101 }, (_, i) => ({
    date: dateAfter(i),
    ranges: [{ open: '19:00', close: '23:00' }],
  })),
];
const openingHoursBodies = bodies({
  weekly: {
    valid: validWeek,
    invalid: fc.constantFrom(...WEEK_DEFECTS),
    wrongType: notAnArray,
  },
  closures: {
    valid: validClosures,
    invalid: fc.constantFrom(...CLOSURE_DEFECTS),
    wrongType: notAnArray,
  },
  exceptions: optional({
    valid: validSpecialDays,
    invalid: fc.constantFrom(...SPECIAL_DAY_DEFECTS),
    wrongType: fc.oneof(junk.number, junk.boolean, junk.string, junk.object),
  }),
});

interface SentHours {
  weekly: { day: number; ranges: { open: string; close: string }[] }[];
  closures: { from: string; to: string; note?: string | null }[];
  exceptions?: { date: string; ranges: { open: string; close: string }[] }[];
}
const inOrder = <T>(list: T[], key: (item: T) => string) =>
  [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
const byOpen = (ranges: { open: string; close: string }[]) => inOrder(ranges, (r) => r.open);

/** What GET shows after a PUT of `sent`, over `before` (independently of the server's code). */
function expectedHours(sent: SentHours, before: OpeningHoursView) {
  return {
    timezone: 'Europe/Rome',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
      day,
      ranges: byOpen(sent.weekly.find((d) => d.day === day)?.ranges ?? []),
    })),
    closures: inOrder(sent.closures, (c) => c.from).map(({ from, to, note }) => {
      const text = stored((note ?? '').trim());
      return { from, to, note: text === '' ? null : text };
    }),
    exceptions: sent.exceptions
      ? inOrder(sent.exceptions, (d) => d.date).map(({ date, ranges }) => ({
          date,
          ranges: byOpen(ranges),
        }))
      : before.exceptions,
  };
}
type OpeningHoursView = Omit<Awaited<ReturnType<typeof app.openingHours.get>>, 'today'>;
const withoutToday = ({ today: _today, ...hours }: { today: unknown } & OpeningHoursView) => hours;

const getOpeningHours = family({
  name: 'GET /api/opening-hours?lang=',
  runs: 300,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: menuLangQueries,
    auth: authCases,
  }),
  route: ({ method, query, auth }) => ({
    method,
    url: `/api/opening-hours${query.query}`,
    headers: authorizationHeader(auth),
    paramRefusals: query.refusals,
    handler: () =>
      noWrites(async (response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        const body = response.json<Record<string, unknown>>();
        expect(Object.keys(body).sort()).toEqual(
          ['timezone', 'weekly', 'closures', 'exceptions', 'today'].sort(),
        );
        const italian = await app.openingHours.get('it');
        expect(body.weekly).toEqual(italian.weekly);
        expect(body.exceptions).toEqual(italian.exceptions);
        expect(body.today).toEqual(italian.today);
      }),
  }),
});

const putOpeningHours = family({
  name: 'PUT /api/opening-hours (staff)',
  runs: 1200,
  cases: fc.record({ query: junkQuery, auth: authCases, body: openingHoursBodies }),
  route: ({ query, auth, body }) => ({
    method: 'PUT',
    url: `/api/opening-hours${query}`,
    unknownQuery: hasQueryKeys(query),
    body,
    auth,
    bodySchema: true,
    handler: async () => {
      const before = withoutToday(await app.openingHours.get('it'));
      const expected = expectedHours((body as { json: SentHours }).json, before);
      const changes = JSON.stringify(expected) !== JSON.stringify(before);
      return {
        accepted: {
          status: 200,
          mayWrite: changes ? OPENING_TABLES : [],
          async verify(response) {
            expect(withoutToday(response.json())).toEqual(expected);
            expect(withoutToday(await app.openingHours.get('it'))).toEqual(expected);
            if (changes) await expectAudited('opening_hours.update');
          },
        },
      };
    },
  }),
});

// ---------------------------------------------------------------------------
// The restaurant's own facts. Valid bodies are built valid (texts without
// controls, phones as "+" and 8 to 15 digits in groups, https links to a
// named host, coordinates on the globe), sometimes padded, in other cases or
// left empty where that means none; refused values carry one known defect
// each. The oracle computes what GET shows after the PUT on its own, with the
// WHATWG URL parser for the links' standard form.

const FACT_TABLES: Table[] = ['restaurant_facts', 'content_version', 'audit_log'];
const RESTAURANT_NAME_MAX = 100;
const STREET_MAX = 200;
const PLACE_MAX = 100;
const LINK_MAX = 500;

const padded = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.constantFrom('', ' ', '  ', '\t', '\n '), text, fc.constantFrom('', ' ', '\r\n'))
    .map(([before, middle, after]) => `${before}${middle}${after}`);
const factText = (max: number) => padded(trimmedText(max).map(withoutControls));
const phoneNumbers = fc
  .tuple(
    fc.stringMatching(/^[0-9]{8,15}$/),
    fc.uniqueArray(fc.integer({ min: 1, max: 14 }), { maxLength: 4 }),
  )
  .map(([digits, cuts]) => {
    const groups = [];
    let start = 0;
    for (const cut of cuts.filter((at) => at < digits.length).sort((a, b) => a - b)) {
      groups.push(digits.slice(start, cut));
      start = cut;
    }
    groups.push(digits.slice(start));
    return `+${groups.join(' ')}`;
  });
const BAD_PHONES = [
  '333 555 0187',
  '0039 333 555 0187',
  '++39 333 555 0187',
  '+39 333-555-0187',
  '+39  333 555 0187',
  '+39\u00a0333 555 0187',
  '+39 333 TONNARA',
  '+1234567',
  '+1234567890123456',
  '+',
];
const httpsLinks = padded(
  fc
    .tuple(
      fc.constantFrom('https', 'HTTPS', 'Https'),
      fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,18}[a-z0-9])?\.[a-z]{2,6}$/),
      fc.oneof(fc.constant(''), anyText(30).map(withoutControls)),
    )
    .map(([scheme, host, path]) => `${scheme}://${host}/${path}`),
);
const BAD_LINKS = [
  'http://maps.example/',
  'ftp://maps.example/x',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '//maps.example/x',
  'maps.example/x',
  'https://',
  'https://localhost/x',
  'https://[::1]/x',
  'https://user:secret@maps.example/',
  'https://user@maps.example/',
  'https://ma ps.example/',
  'https://maps.example/a\nb',
  'https://maps.example/a\u202eb',
  `https://maps.example/${'x'.repeat(LINK_MAX)}`,
  `https://maps.example/${'è'.repeat(100)}`,
];
const noneValues = fc.constantFrom(null, '', '   ');
/** `rules`' valid values as an object, or that object with one field's value refused. */
const nested = (rules: Record<string, { valid: fc.Arbitrary<unknown>; invalid: unknown[] }>) => {
  const valid = fc.record(
    Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, rule.valid])),
  ) as fc.Arbitrary<Record<string, unknown>>;
  const names = Object.keys(rules);
  const defects = fc.oneof(
    fc
      .constantFrom(...names.filter((name) => rules[name]!.invalid.length > 0))
      .chain((name) =>
        fc
          .tuple(valid, fc.constantFrom(...rules[name]!.invalid))
          .map(([object, value]) => ({ ...object, [name]: value })),
      ),
    fc.tuple(valid, fc.constantFrom(...names)).map(([object, name]) => {
      const rest = { ...object };
      delete rest[name];
      return rest;
    }),
    valid.map((object) => ({ ...object, unknown: 'x' })),
  );
  return {
    valid,
    invalid: defects,
    wrongType: fc.oneof(junk.number, junk.boolean, junk.null, junk.string, junk.array, junk.object),
  };
};
const restaurantBodies = bodies({
  name: text(
    factText(RESTAURANT_NAME_MAX),
    fc.oneof(
      fc.constantFrom('', '   ', 'Trattoria\nLa Tonnara', 'a\u0000b', 'x\u202Ey'),
      tooLongText(RESTAURANT_NAME_MAX),
    ),
  ),
  phones: nested({
    mobile: { valid: padded(phoneNumbers), invalid: ['', ' ', null, 333, ...BAD_PHONES] },
    landline: { valid: fc.oneof(padded(phoneNumbers), noneValues), invalid: [5, ...BAD_PHONES] },
  }),
  email: text(simpleEmail('latonnara.example'), invalidEmails),
  address: nested({
    street: {
      valid: factText(STREET_MAX),
      invalid: ['', 'Via\nLungomare', 'x'.repeat(STREET_MAX + 1), 12],
    },
    postalCode: {
      valid: padded(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 -]{0,8}[A-Za-z0-9]$/)),
      invalid: ['', '9', '91014!', '12345678901', ' -9101', 91014],
    },
    locality: { valid: factText(PLACE_MAX), invalid: ['', 'x'.repeat(PLACE_MAX + 1), 'a\u2028b'] },
    region: { valid: factText(PLACE_MAX), invalid: ['', 'T\nP', null] },
    country: {
      valid: padded(fc.stringMatching(/^[A-Za-z]{2}$/)),
      invalid: ['', 'I', 'ITA', 'I1', 'Italia', 'I T', 'ÏT'],
    },
  }),
  geo: nested({
    latitude: {
      valid: fc.double({ min: -90, max: 90, noNaN: true }),
      invalid: [90.000001, -91, 1e308, '38.07', null],
    },
    longitude: {
      valid: fc.double({ min: -180, max: 180, noNaN: true }),
      invalid: [180.5, -1000, '12', true],
    },
  }),
  mapUrl: text(httpsLinks, fc.constantFrom('', ...BAD_LINKS)),
  social: nested({
    instagram: { valid: fc.oneof(httpsLinks, noneValues), invalid: [42, ...BAD_LINKS] },
    facebook: { valid: fc.oneof(httpsLinks, noneValues), invalid: [false, ...BAD_LINKS] },
  }),
  privacyPolicyUrl: text(httpsLinks, fc.constantFrom('', '  ', ...BAD_LINKS)),
});

type Facts = Awaited<ReturnType<typeof app.restaurantFacts.get>>;
/** What GET shows after a PUT of `sent` (a body the schema accepts), independently of the server's code. */
function expectedFacts(sent: Facts): Facts {
  // As the wire carries it (-0 is sent as 0).
  const json = JSON.parse(JSON.stringify(sent)) as Facts;
  const text = (value: string) => stored(value.trim());
  const orNone = (value: string | null) =>
    value === null || text(value) === '' ? null : text(value);
  const link = (value: string) => new URL(text(value)).href;
  const orNoLink = (value: string | null) => (orNone(value) === null ? null : link(value!));
  return {
    name: text(json.name),
    phones: { mobile: text(json.phones.mobile), landline: orNone(json.phones.landline) },
    email: json.email.trim().toLowerCase(),
    address: {
      street: text(json.address.street),
      postalCode: text(json.address.postalCode),
      locality: text(json.address.locality),
      region: text(json.address.region),
      country: text(json.address.country).toUpperCase(),
    },
    geo: json.geo,
    mapUrl: link(json.mapUrl),
    social: {
      instagram: orNoLink(json.social.instagram),
      facebook: orNoLink(json.social.facebook),
    },
    privacyPolicyUrl: link(json.privacyPolicyUrl),
  };
}

const getRestaurant = family({
  name: 'GET /api/restaurant',
  runs: 200,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: junkQuery,
    auth: authCases,
  }),
  route: ({ method, query, auth }) => ({
    method,
    url: `/api/restaurant${query}`,
    unknownQuery: hasQueryKeys(query),
    headers: authorizationHeader(auth),
    handler: () =>
      noWrites(async (response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        expect(response.json()).toEqual(await app.restaurantFacts.get());
      }),
  }),
});

const putRestaurant = family({
  name: 'PUT /api/restaurant (owner)',
  runs: 1000,
  cases: fc.record({
    query: junkQuery,
    auth: ownerAuthCases,
    body: restaurantBodies,
    // Sometimes what GET answers, as the back office's form sends it back untouched.
    resend: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
  }),
  route: async ({ query, auth, body, resend }) => {
    const sent: BodyCase =
      resend && body.kind === 'valid' ? { ...body, json: await app.restaurantFacts.get() } : body;
    return {
      method: 'PUT',
      url: `/api/restaurant${query}`,
      unknownQuery: hasQueryKeys(query),
      body: sent,
      auth,
      ownerOnly: true,
      bodySchema: true,
      handler: async () => {
        const before = await app.restaurantFacts.get();
        const expected = expectedFacts((sent as { json: Facts }).json);
        const changes = JSON.stringify(expected) !== JSON.stringify(before);
        return {
          accepted: {
            status: 200,
            mayWrite: changes ? FACT_TABLES : [],
            async verify(response) {
              expect(response.json()).toEqual(expected);
              expect(await app.restaurantFacts.get()).toEqual(expected);
              if (changes) await expectAudited('restaurant.update');
            },
          },
        };
      },
    };
  },
});

// ---------------------------------------------------------------------------
// Table reservations (CONTRACT.md, part two; issue 16). The app's clock stands
// still at CLOCK (testApp's `now`): Tuesday 13 January 2026, 08:30 in Rome,
// before 10:00, when the day-before reminders are queued, so no background
// chore writes behind the snapshots' back. The oracle knows the seeded
// opening hours (checked in `beforeAll`; these families run before the
// opening-hours ones change them) and works out slots, notice, horizon and
// capacity on its own, from the settings and the bookings stored when each
// request is sent.

const CLOCK = Date.parse('2026-01-13T07:30:00Z');
const TODAY = '2026-01-13';
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const RESERVATION_NOTES_MAX = 500;
const STAFF_MESSAGE_MAX = 1000;
const CANCEL_TOKEN_MAX = 200;
const PARTY_MAX = 200;
/** Booking requests a client address may make in an hour. */
const RESERVATION_ADDRESS_LIMIT = 10;
/** Online bookings a day per e-mail and per phone (SECURITY.md item 41). */
const RESERVATION_CONTACT_LIMIT = 8;
/** The seeded hours, Tuesday to Sunday (Monday closed), in minutes of Rome's day. */
const SEEDED_RANGES: [number, number][] = [
  [12 * 60, 15 * 60],
  [19 * 60, 23 * 60 + 30],
];
const SEATED: ReservationStatus[] = ['pending', 'confirmed'];
/** Which status staff may set after which (a guest's link only cancels). */
const TRANSITIONS: Record<ReservationStatus, ReservationStatus[]> = {
  pending: ['confirmed', 'declined', 'cancelled'],
  confirmed: ['cancelled', 'no-show'],
  declined: [],
  cancelled: [],
  'no-show': [],
};
/** The guest's mail a change sends (none for a no-show). */
const STATUS_MAIL: Partial<Record<ReservationStatus, string>> = {
  confirmed: 'reservation-confirmed',
  declined: 'reservation-declined',
  cancelled: 'reservation-cancelled',
};

type Settings = typeof DEFAULT_RESERVATION_SETTINGS;
type BookingRow = Selectable<ReservationsTable>;
type QueryPart = [string, string] | [string];

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** `date` moved by `days` on the calendar (in UTC, where no day has 23 or 25 hours). */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** A real calendar date written YYYY-MM-DD; the server takes none in the years 0 to 99. */
function isRealDate(text: string): boolean {
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(text);
  if (!match || Number(match[1]) < 100) return false;
  const at = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === text;
}
const isMonday = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`)).getUTCDay() === 1;

const romeClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const romeWall = (ms: number) => {
  const part = Object.fromEntries(romeClock.formatToParts(ms).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
};
/** The instant Rome's clocks read `time` on `date` (UTC+1 in winter, UTC+2 in summer). */
function romeInstant(date: string, time: string): number {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const at = [1, 2]
    .map((hours) => wall - hours * 60 * MINUTE_MS)
    .find((ms) => romeWall(ms) === `${date} ${time}`);
  if (at === undefined) throw new Error(`Rome's clocks never read ${date} ${time}`);
  return at;
}

/** Every time a table can be booked at on `date` (staff's view): each quarter hour from opening, the last a turn before closing. */
function slotTimes(date: string, turnMinutes: number): string[] {
  if (isMonday(date)) return [];
  return SEEDED_RANGES.flatMap(([open, close]) => {
    const times: string[] = [];
    for (let minute = open; minute + turnMinutes <= close; minute += 15) times.push(hhmm(minute));
    return times;
  });
}
/** What a guest may book on `date`: from today to the horizon, none sooner than the notice. */
function guestSlotTimes(date: string, settings: Settings): string[] {
  if (date < TODAY || date > addDays(TODAY, settings.horizonDays)) return [];
  const earliest = CLOCK + settings.minNoticeMinutes * MINUTE_MS;
  return slotTimes(date, settings.turnMinutes).filter(
    (time) => romeInstant(date, time) >= earliest,
  );
}

/**
 * The bookings that hold seats on `date`, in minutes of its day: no range
 * runs past midnight or over a change of the clocks, so wall-clock minutes
 * measure a turn exactly.
 */
async function seatsHeld(date: string) {
  const rows = await app.db
    .selectFrom('reservations')
    .select(['time', 'party', 'starts_at', 'ends_at'])
    .where('date', '=', date)
    .where('status', 'in', SEATED)
    .execute();
  return rows.map((row) => {
    const from = minutesOf(row.time);
    const minutes = (Date.parse(row.ends_at) - Date.parse(row.starts_at)) / MINUTE_MS;
    return { from, to: from + minutes, party: row.party };
  });
}
type Held = Awaited<ReturnType<typeof seatsHeld>>;

/** One guest may hold twice the largest online party in pending covers on a date. */
const PENDING_COVERS_PER_MAX_PARTY = 2;
/**
 * The most covers `sent`'s e-mail (whatever its case) or its phone (its
 * digits and a leading +) already holds in pending bookings on its date.
 */
async function pendingHeldBy(sent: SentBooking): Promise<number> {
  const rows = await app.db
    .selectFrom('reservations')
    .select(['party', 'email', 'phone'])
    .where('date', '=', sent.date)
    .where('status', '=', 'pending')
    .execute();
  const email = limitEmail(sent.email ?? '');
  const phone = limitPhone(sent.phone);
  const sum = (matches: (row: (typeof rows)[number]) => boolean) =>
    rows.filter(matches).reduce((covers, row) => covers + row.party, 0);
  return Math.max(
    (sent.email ?? '').trim() === ''
      ? 0
      : sum((row) => row.email !== '' && limitEmail(row.email) === email),
    sum((row) => limitPhone(row.phone) === phone),
  );
}
const coversAt = (held: Held, minute: number) =>
  held.reduce(
    (sum, booking) => (booking.from <= minute && minute < booking.to ? sum + booking.party : sum),
    0,
  );
/** Whether `party` more fit at every quarter hour of a turn from `time` (bookings start on quarter hours). */
function roomFor(held: Held, time: string, party: number, settings: Settings): boolean {
  const start = minutesOf(time);
  for (let minute = start; minute < start + settings.turnMinutes; minute += 15) {
    if (coversAt(held, minute) + party > settings.coversPerSlot) return false;
  }
  return true;
}

/** The settings as stored, and the calendar feed's secret. */
async function readSettings(): Promise<{ settings: Settings; secret: string }> {
  const row = await app.db.selectFrom('reservation_settings').selectAll().executeTakeFirstOrThrow();
  return {
    settings: {
      coversPerSlot: row.covers_per_slot,
      turnMinutes: row.turn_minutes,
      minNoticeMinutes: row.min_notice_minutes,
      horizonDays: row.horizon_days,
      maxPartyOnline: row.max_party_online,
      autoConfirmMaxParty: row.auto_confirm_max_party,
      retentionMonths: row.retention_months,
    },
    secret: row.calendar_feed_secret,
  };
}
const feedUrl = (secret: string) =>
  `${harness.config.PUBLIC_URL}/api/reservations/calendar/${secret}.ics`;

/** Fewer covers, shorter turns, more notice, a week ahead, small parties confirmed at once. */
const TIGHT_SETTINGS: Settings = {
  coversPerSlot: 12,
  turnMinutes: 90,
  minNoticeMinutes: 240,
  horizonDays: 7,
  maxPartyOnline: 4,
  autoConfirmMaxParty: 2,
  retentionMonths: 24,
};
/** Stores `wanted` through the service (before a family's requests) unless it is so already. */
async function applySettings(wanted: Settings) {
  const { settings } = await readSettings();
  if (JSON.stringify(settings) !== JSON.stringify(wanted)) {
    await app.reservations.updateSettings(wanted, actor());
  }
}

/** A booking as staff read it (GET /api/reservations?date=, PATCH's answer). */
const asStaffSees = (row: BookingRow) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  party: row.party,
  date: row.date,
  time: row.time,
  status: row.status,
  notes: row.notes,
  lang: row.lang,
  createdAt: row.created_at,
  source: row.source,
  staffMessage: row.staff_message,
  overCapacity: row.over_capacity === 1,
});
const bookingRow = (id: number) =>
  app.db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirst();
/** The `count` newest mails, oldest first. */
const newestMails = async (count: number) =>
  (
    await app.db
      .selectFrom('outbox')
      .select(['kind', 'recipient', 'reply_to', 'secret_link', 'calendar_method'])
      .orderBy('id', 'desc')
      .limit(count)
      .execute()
  ).reverse();
/** The newest audit entry is `action` by `actorId` (null: the guest), and names no guest's address. */
async function expectAuditedBy(action: string, actorId: number | null, email = '') {
  const entry = await app.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'summary'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect({ action: entry.action, actor_id: entry.actor_id }).toEqual({ action, actor_id: actorId });
  if (email) expect(entry.summary.toLowerCase()).not.toContain(email.toLowerCase());
}

let madeBookings = 0;
interface MadeBooking {
  id: number;
  startsAt: number;
  email: string;
}
/**
 * Bookings straight in the database, in one statement: by default for two,
 * in February (their cancel links work), each with an address of its own.
 */
async function newBookings(
  count: number,
  status: ReservationStatus,
  options: {
    email?: (index: number) => string;
    phone?: (index: number) => string;
    clientKey?: (index: number) => string;
    date?: string;
    time?: string;
  } = {},
): Promise<MadeBooking[]> {
  const time = options.time ?? '20:00';
  const rows = Array.from({ length: count }, (_, index) => {
    madeBookings += 1;
    const date = options.date ?? addDays('2026-02-03', madeBookings % 26);
    const email = options.email?.(index) ?? `ospite-${madeBookings}@example.com`;
    const startsAt = romeInstant(date, time);
    return {
      name: `Ospite ${madeBookings}`,
      email,
      phone: options.phone?.(index) ?? '+39 333 555 0187',
      party: 2,
      date,
      time,
      starts_at: nowIso(startsAt),
      ends_at: nowIso(startsAt + 120 * MINUTE_MS),
      status,
      notes: '',
      lang: LANGUAGES[madeBookings % LANGUAGES.length]!,
      source: 'online' as const,
      over_capacity: 0,
      staff_message: null,
      privacy_accepted_at: nowIso(CLOCK),
      sequence: 0,
      invited: status === 'confirmed' && email ? 1 : 0,
      reminder_queued_at: null,
      created_by: null,
      created_at: nowIso(CLOCK),
      updated_at: nowIso(CLOCK),
      client_key: options.clientKey?.(index) ?? null,
    };
  });
  const ids = await app.db.insertInto('reservations').values(rows).returning('id').execute();
  return rows.map((row, index) => ({
    id: ids[index]!.id,
    startsAt: Date.parse(row.starts_at),
    email: row.email,
  }));
}

/**
 * Bookings made ahead, a batch at a time, one pool per kind: each request
 * takes one no other request has seen, and a batch is one write (so one
 * new snapshot) for many requests.
 */
const bookingPools = new Map<string, MadeBooking[]>();
const BOOKING_BATCH = 25;
async function freshBooking(kind: {
  status: ReservationStatus;
  email: boolean;
  date?: string;
}): Promise<MadeBooking> {
  const key = `${kind.status} ${kind.email} ${kind.date ?? ''}`;
  let pool = bookingPools.get(key);
  if (!pool?.length) {
    pool = await newBookings(BOOKING_BATCH, kind.status, {
      ...(kind.email ? {} : { email: () => '' }),
      ...(kind.date ? { date: kind.date } : {}),
    });
    bookingPools.set(key, pool);
  }
  return pool.pop()!;
}

/** The cancel links' signing key, which every instance shares (read in `beforeAll`). */
let cancelKey: string;

const BAD_DATES = [
  '2026-02-30',
  '2026-02-29',
  '2026-13-01',
  '2026-00-10',
  '2026-01-32',
  '2026-1-5',
  '26-01-14',
  '2026-01-14T20:00',
  '2026/01/14',
  ' 2026-01-14',
  '2026-01-14 ',
  '',
  'tomorrow',
  '0000-01-01',
  '0099-12-31',
  '２０２６-01-14',
  '+02026-01-14',
  '14-01-2026',
];
const BAD_TIMES = [
  '24:00',
  '9:00',
  '12:60',
  '12:00:00',
  ' 12:00',
  '12:00 ',
  '',
  '1200',
  '12.00',
  'noon',
  '12:0',
  '１２:00',
  '-1:00',
];
/** The days most bookings aim at: their slots fill up, and the last covers are fought over. */
const BUSY_DATES = [addDays(TODAY, 1), addDays(TODAY, 2)];
/** Phone bookings (outside any request) that leave a busy day's slots only a few covers. */
async function fillUp(date: string, bookings: [time: string, party: number][]) {
  for (const [time, party] of bookings) {
    const booked = await app.reservations.bookByStaff(
      {
        name: 'Tavolata',
        phone: '+39 333 555 0187',
        party,
        date,
        time,
        lang: 'it',
        override: true,
      },
      actor(),
    );
    if (!booked.ok) throw new Error(booked.reason);
  }
}

/** Dates a guest picks: mostly the coming days, busy ones first; sometimes past, far or odd. */
const guestDates = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...BUSY_DATES) },
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 9 }).map((days) => addDays(TODAY, days)) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(-1, -30, 6, 7, 8, 59, 60, 61, 365)
      .map((days) => addDays(TODAY, days)),
  },
  {
    weight: 1,
    arbitrary: fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
  },
);
/**
 * Staff book on any date, past ones too, but none before 2026: the retention
 * chore (whose period the owner may set to a month) would delete such a
 * booking whenever it ran, behind the snapshots' back.
 */
const staffDates = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: -2, max: 30 }).map((days) => addDays(TODAY, days)) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 0, max: 27_000 }).map((days) => addDays(TODAY, days)),
  },
);
/** Slots under the default settings, the edges around them, and any time at all. */
const bookingTimes = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(...slotTimes(TODAY, DEFAULT_RESERVATION_SETTINGS.turnMinutes)),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '11:45',
      '13:15',
      '13:30',
      '15:00',
      '18:45',
      '21:45',
      '22:00',
      '23:30',
      '00:00',
      '12:05',
      '19:59',
      '23:59',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 24 * 60 - 1 }).map(hhmm) },
);
/** A party: a whole number in JSON, or its digits as text (as a form sends it). */
const partyRule: FieldRule = {
  valid: fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: 1, max: 8 }) },
    { weight: 1, arbitrary: fc.integer({ min: 9, max: PARTY_MAX }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 12 }).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('08', '002') },
  ),
  invalid: fc.constantFrom(
    0,
    -1,
    PARTY_MAX + 1,
    1000,
    2.5,
    '0',
    '201',
    '1e1',
    ' 2',
    '',
    '0x2',
    '2.0',
    '-3',
    '１',
  ),
  wrongType: fc.oneof(junk.boolean, junk.null, junk.array, junk.object),
};
const guestPhones = padded(
  fc.oneof(phoneNumbers, fc.stringMatching(/^\(?0\d{2,4}\)? ?\d{3}[-. /]?\d{3,4}$/)),
);
const BAD_GUEST_PHONES = [
  '',
  '   ',
  '12345',
  '+39 333 TONNARA',
  '1'.repeat(21),
  '+',
  '++39 333 1234567',
  '333\n1234567',
  '333\t1234567',
  '+39\u00a0333 1234567',
  '+39\u2028333 1234567',
  '３３３１２３４５６７',
  `+39 ${'1 '.repeat(14)}`,
];
const bookingRules = {
  name: text(
    personName,
    fc.oneof(
      fc.constantFrom('', '   ', 'Eve\r\nBcc: victim@example.com', 'a\u0000', 'Eve\u202Egnp.exe'),
      tooLongText(NAME_MAX),
    ),
  ),
  email: text(simpleEmail('example.com'), invalidEmails),
  phone: text(guestPhones, fc.constantFrom(...BAD_GUEST_PHONES)),
  party: partyRule,
  date: text(guestDates, fc.constantFrom(...BAD_DATES)),
  time: text(bookingTimes, fc.constantFrom(...BAD_TIMES)),
  notes: optional(text(anyText(RESERVATION_NOTES_MAX), tooLongText(RESERVATION_NOTES_MAX))),
  lang: text(fc.constantFrom(...LANGUAGES), fc.constantFrom('pt', 'EN', 'it-IT', '', 'xx')),
};
const guestBookingBodies = bodies({
  ...bookingRules,
  privacy: {
    valid: fc.constant(true),
    invalid: fc.constant(false),
    wrongType: fc.oneof(junk.number, junk.null, junk.string, junk.array, junk.object),
  },
  // The honeypot: anything but blank, and a robot is told "received".
  website: optional({
    valid: fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom('', ' ', '\t') },
      { weight: 1, arbitrary: anyText(200) },
    ),
    invalid: tooLongText(200),
    wrongType: notAString,
  }),
});
/**
 * One guest who books again and again, valid bookings only: one e-mail in two
 * cases, one phone written two ways, large parties on one open day that no
 * other family fills. Random e-mails and phones are almost never drawn twice,
 * and each has a budget of 8 requests a day, so only such a guest reaches the
 * covers one guest may hold pending on a date (then the budget's 429).
 */
const RETURNING_DATE = [3, 4, 5, 6, 7, 8, 9]
  .map((days) => addDays(TODAY, days))
  .find(
    (date) =>
      !BUSY_DATES.includes(date) && guestSlotTimes(date, DEFAULT_RESERVATION_SETTINGS).length > 0,
  )!;
const returningGuestBodies: fc.Arbitrary<BodyCase> = fc
  .record({
    name: personName,
    email: fc.constantFrom('habitue@example.com', ' Habitue@Example.COM'),
    phone: fc.constantFrom('+39 347 1112223', '+39 (347) 111-22-23'),
    party: fc.integer({ min: 5, max: 8 }),
    date: fc.constant(RETURNING_DATE),
    time: fc.constantFrom(...guestSlotTimes(RETURNING_DATE, DEFAULT_RESERVATION_SETTINGS)),
    privacy: fc.constant(true),
    lang: fc.constantFrom(...LANGUAGES),
  })
  .map((json) => ({ kind: 'valid', json, contentType: 'application/json' }));
const staffBookingBodies = bodies({
  ...bookingRules,
  // By phone the guest may give no e-mail: then none is sent.
  email: optional(
    text(
      fc.oneof(simpleEmail('example.com'), fc.constant('')),
      invalidEmails.filter((email) => email !== ''),
    ),
  ),
  date: text(staffDates, fc.constantFrom(...BAD_DATES)),
  override: optional({ valid: fc.boolean(), wrongType: notABoolean }),
});

interface SentBooking {
  name: string;
  email?: string;
  phone: string;
  party: number | string;
  date: string;
  time: string;
  notes?: string;
  lang: string;
  website?: string;
  override?: boolean;
}
/** The row a booking the server took must have stored (the schema's trimming included). */
function storedBooking(sent: SentBooking, settings: Settings) {
  const startsAt = romeInstant(sent.date, sent.time);
  return {
    name: stored(sent.name.trim()),
    email: (sent.email ?? '').trim(),
    phone: sent.phone.trim(),
    party: Number(sent.party),
    date: sent.date,
    time: sent.time,
    notes: stored((sent.notes ?? '').trim()),
    lang: sent.lang,
    starts_at: nowIso(startsAt),
    ends_at: nowIso(startsAt + settings.turnMinutes * MINUTE_MS),
    created_at: nowIso(CLOCK),
    staff_message: null,
  };
}
const cancelLinkPattern = () =>
  new RegExp(`^${harness.config.PUBLIC_URL.replaceAll('.', '\\.')}/reservations/cancel\\?token=`);

/** A query string from its parts, each encoded: `[key, value]`, or a bare key. */
const queryOf = (parts: QueryPart[]) =>
  parts.length === 0
    ? ''
    : `?${parts
        .map(([key, value]) =>
          value === undefined ? encode(key) : `${encode(key)}=${encode(value)}`,
        )
        .join('&')}`;
/**
 * The fields a strict query schema refuses in a query of `parts`: each key
 * it reads must come once with a value it takes (`rules`), and any other key
 * is refused as `querystring`.
 */
function queryRefusals(parts: QueryPart[], rules: Record<string, (value: string) => boolean>) {
  const refusals = Object.entries(rules)
    .filter(([key, takes]) => {
      const values = parts.filter(([name]) => name.toWellFormed() === key);
      return values.length !== 1 || !takes((values[0]![1] ?? '').toWellFormed());
    })
    .map(([key]) => key);
  if (parts.some(([key]) => !Object.hasOwn(rules, key.toWellFormed()))) {
    refusals.push('querystring');
  }
  return refusals;
}
/** The value a query of `parts` gives `key` (its only one, decoded). */
const queryValue = (parts: QueryPart[], key: string) =>
  (parts.find(([name]) => name === key)?.[1] ?? '').toWellFormed();
/** Queries of `values`' keys, each mostly once, sometimes missing, bare or twice; rarely an unknown key; in any order. */
const strictQueries = (values: Record<string, fc.Arbitrary<string>>) =>
  fc
    .tuple(
      ...Object.entries(values).map(([key, value]) =>
        fc.oneof(
          { weight: 12, arbitrary: value.map((v): QueryPart[] => [[key, v]]) },
          { weight: 1, arbitrary: fc.constant<QueryPart[]>([]) },
          { weight: 1, arbitrary: fc.constant<QueryPart[]>([[key]]) },
          {
            weight: 1,
            arbitrary: fc.tuple(value, value).map(([first, second]): QueryPart[] => [
              [key, first],
              [key, second],
            ]),
          },
        ),
      ),
      fc.oneof(
        { weight: 8, arbitrary: fc.constant<QueryPart[]>([]) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              fc.oneof(
                fc.constantFrom('lang', 'DATE', 'date[]', '__proto__', 'constructor', ''),
                anyText(12),
              ),
              anyText(12),
            )
            .filter(([key]) => !Object.hasOwn(values, key.toWellFormed()))
            .map(([key, value]): QueryPart[] => [[key, value]]),
        },
      ),
    )
    .map((groups) => groups.flat())
    .chain((parts) => fc.shuffledSubarray(parts, { minLength: parts.length }));

const queryDates = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BUSY_DATES) },
  { weight: 4, arbitrary: fc.integer({ min: -3, max: 40 }).map((days) => addDays(TODAY, days)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '2026-03-29',
      '2026-10-25',
      '2028-02-29',
      '9999-12-31',
      '0100-03-01',
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
  },
  { weight: 2, arbitrary: fc.constantFrom(...BAD_DATES) },
  { weight: 1, arbitrary: anyText(20) },
);
const partyTexts = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 8 }).map(String) },
  { weight: 1, arbitrary: fc.integer({ min: 9, max: PARTY_MAX }).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '0',
      '201',
      '1000',
      '-1',
      '1.5',
      '1e1',
      ' 2',
      '0x2',
      '',
      'abc',
      '08',
      '002',
      '٢',
      '２',
      'true',
    ),
  },
);
/** The party as a query names it: its digits, 1 to 200. */
const isPartyText = (text: string) =>
  /^\d{1,3}$/.test(text) && Number(text) >= 1 && Number(text) <= PARTY_MAX;

/**
 * GET /api/reservations/availability under `settings`, stored before the
 * family runs, with a busy day filled up to a few covers a slot by `fill`.
 */
const getAvailability = (
  label: string,
  settings: Settings,
  fill: [date: string, bookings: [time: string, party: number][]],
  runs: number,
) =>
  family({
    name: `GET /api/reservations/availability?date=&party= (${label} settings)`,
    runs,
    async before() {
      await applySettings(settings);
      await fillUp(...fill);
    },
    cases: fc.record({
      method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
      parts: strictQueries({ date: queryDates, party: partyTexts }),
      auth: authCases,
    }),
    route: ({ method, parts, auth }) => ({
      method,
      url: `/api/reservations/availability${queryOf(parts)}`,
      headers: authorizationHeader(auth),
      paramRefusals: queryRefusals(parts, { date: isRealDate, party: isPartyText }),
      handler: async () => {
        const date = queryValue(parts, 'date');
        const party = Number(queryValue(parts, 'party'));
        if (party > settings.maxPartyOnline) {
          return refused(409, 'refusal', { code: 'party-too-large' });
        }
        const held = await seatsHeld(date);
        const slots = guestSlotTimes(date, settings).map((time) => ({
          time,
          available: roomFor(held, time, party, settings),
        }));
        return noWrites((response) => {
          if (method === 'HEAD') return expect(response.body).toBe('');
          expect(response.json()).toEqual({ date, party, slots });
        });
      },
    }),
  });

/** One client address that keeps booking: past its hourly limit, 429. */
const SHARED_ADDRESS = '10.254.0.1';
let sharedAddressBookings = 0;
/**
 * Bookings per e-mail (whatever its case) and per phone (its digits after a
 * leading +), each limited to RESERVATION_CONTACT_LIMIT a day: generated
 * addresses and phones repeat, so the oracle counts them as the server does.
 */
const contactBookings = new Map<string, number>();
const overContactLimit = (key: string) => {
  const count = (contactBookings.get(key) ?? 0) + 1;
  contactBookings.set(key, count);
  return count > RESERVATION_CONTACT_LIMIT;
};

/** POST /api/reservations under `settings` (stored before the family runs). */
const postReservation = (
  label: string,
  settings: Settings,
  runs: number,
  bookings: fc.Arbitrary<BodyCase> = guestBookingBodies,
) =>
  family({
    name: `POST /api/reservations (${label})`,
    runs,
    before: () => applySettings(settings),
    cases: fc.record({
      query: junkQuery,
      auth: authCases,
      body: bookings,
      shared: fc.nat(7).map((n) => n === 0),
    }),
    route: ({ query, auth, body, shared }) => ({
      method: 'POST',
      url: `/api/reservations${query}`,
      unknownQuery: hasQueryKeys(query),
      headers: authorizationHeader(auth),
      body,
      bodySchema: true,
      ...(shared ? { remoteAddress: SHARED_ADDRESS } : {}),
      handler: async (): Promise<Expected> => {
        // The address's limit comes first, whatever the booking (a honeypot's too).
        if (shared && ++sharedAddressBookings > RESERVATION_ADDRESS_LIMIT) {
          return refused(429, 'refusal', { code: 'rate_limited' });
        }
        const sent = (body as { json: SentBooking }).json;
        if ((sent.website ?? '').trim() !== '') {
          return {
            accepted: {
              status: 201,
              mayWrite: [],
              verify: (response) => expect(response.json()).toEqual({ id: 0, status: 'pending' }),
            },
          };
        }
        // Then the e-mail's budget, and only within it the phone's.
        if (
          overContactLimit(`email:${limitEmail(sent.email!)}`) ||
          overContactLimit(`phone:${limitPhone(sent.phone)}`)
        ) {
          return refused(429, 'refusal', { code: 'rate_limited' });
        }
        const party = Number(sent.party);
        if (party > settings.maxPartyOnline) {
          return refused(409, 'refusal', { code: 'party-too-large' });
        }
        if (!guestSlotTimes(sent.date, settings).includes(sent.time)) {
          return refused(409, 'refusal', { code: 'not-a-slot' });
        }
        if (!roomFor(await seatsHeld(sent.date), sent.time, party, settings)) {
          return refused(409, 'refusal', { code: 'slot-full' });
        }
        const auto = settings.autoConfirmMaxParty;
        const status = auto !== null && party <= auto ? 'confirmed' : 'pending';
        if (
          status === 'pending' &&
          (await pendingHeldBy(sent)) + party >
            PENDING_COVERS_PER_MAX_PARTY * settings.maxPartyOnline
        ) {
          return refused(409, 'refusal', { code: 'too-many-pending' });
        }
        return {
          accepted: {
            status: 201,
            // The booking, the bookings' version, the guest's mail and the restaurant's notice
            // (and the address's count).
            mayWrite: ['reservations', 'reservation_settings', 'outbox'],
            async verify(response) {
              const answer = response.json<{ id: number; status: string }>();
              expect(answer).toEqual({ id: expect.any(Number), status });
              const expected = storedBooking(sent, settings);
              expect(await bookingRow(answer.id)).toMatchObject({
                ...expected,
                status,
                source: 'online',
                over_capacity: 0,
                privacy_accepted_at: nowIso(CLOCK),
              });
              const restaurant = (await app.restaurantFacts.get()).email;
              expect(await newestMails(2)).toEqual([
                {
                  kind: status === 'confirmed' ? 'reservation-confirmed' : 'reservation-received',
                  recipient: expected.email,
                  reply_to: restaurant,
                  secret_link: expect.stringMatching(cancelLinkPattern()),
                  calendar_method: status === 'confirmed' ? 'REQUEST' : null,
                },
                {
                  kind: 'reservation-notice',
                  recipient: restaurant,
                  reply_to: expected.email,
                  secret_link: null,
                  calendar_method: null,
                },
              ]);
            },
          },
        };
      },
    }),
  });

const postStaffReservation = family({
  name: 'POST /api/reservations/staff (staff)',
  runs: 400,
  before: () => applySettings(DEFAULT_RESERVATION_SETTINGS),
  cases: fc.record({ query: junkQuery, auth: authCases, body: staffBookingBodies }),
  route: ({ query, auth, body }) => ({
    method: 'POST',
    url: `/api/reservations/staff${query}`,
    unknownQuery: hasQueryKeys(query),
    body,
    auth,
    bodySchema: true,
    handler: async (): Promise<Expected> => {
      const sent = (body as { json: SentBooking }).json;
      const { settings } = await readSettings();
      const party = Number(sent.party);
      // Neither the notice, the horizon nor the online maximum binds staff.
      if (!slotTimes(sent.date, settings.turnMinutes).includes(sent.time)) {
        return refused(409, 'refusal', { code: 'not-a-slot' });
      }
      const room = roomFor(await seatsHeld(sent.date), sent.time, party, settings);
      if (!room && sent.override !== true) return refused(409, 'refusal', { code: 'slot-full' });
      const expected = storedBooking(sent, settings);
      return {
        accepted: {
          status: 201,
          mayWrite: [
            'reservations',
            'reservation_settings',
            'audit_log',
            ...(expected.email ? ['outbox' as const] : []),
          ],
          async verify(response) {
            const answer = response.json<{ id: number }>();
            const row = await bookingRow(answer.id);
            expect(row).toMatchObject({
              ...expected,
              status: 'confirmed',
              source: 'staff',
              over_capacity: room ? 0 : 1,
              created_by: staffId,
            });
            expect(answer).toEqual(asStaffSees(row!));
            await expectAuditedBy('reservation.create', staffId, expected.email);
            if (!expected.email) return;
            // A booking that has begun (staff book past slots too) has nothing left to cancel.
            const begun = Date.parse(expected.starts_at) <= CLOCK;
            expect(await newestMails(1)).toMatchObject([
              {
                kind: 'reservation-confirmed',
                recipient: expected.email,
                secret_link: begun ? null : expect.stringMatching(cancelLinkPattern()),
                calendar_method: 'REQUEST',
              },
            ]);
          },
        },
      };
    },
  }),
});

const getReservationDay = family({
  name: 'GET /api/reservations?date=, /api/reservations/occupancy?date= (staff)',
  runs: 300,
  cases: fc.record({
    path: fc.constantFrom('/api/reservations', '/api/reservations/occupancy'),
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    parts: strictQueries({ date: queryDates }),
    auth: authCases,
  }),
  route: ({ path, method, parts, auth }) => ({
    method,
    url: `${path}${queryOf(parts)}`,
    auth,
    paramRefusals: queryRefusals(parts, { date: isRealDate }),
    handler: async () => {
      const date = queryValue(parts, 'date');
      let expected: unknown;
      if (path === '/api/reservations') {
        // Every status, cancelled ones too, by time.
        const rows = await app.db
          .selectFrom('reservations')
          .selectAll()
          .where('date', '=', date)
          .orderBy('starts_at')
          .orderBy('id')
          .execute();
        expected = rows.map(asStaffSees);
      } else {
        // Every slot of the hours (no notice, no horizon), with the covers seated then.
        const { settings } = await readSettings();
        const held = await seatsHeld(date);
        expected = {
          date,
          capacity: settings.coversPerSlot,
          turnMinutes: settings.turnMinutes,
          slots: slotTimes(date, settings.turnMinutes).map((time) => ({
            time,
            covers: coversAt(held, minutesOf(time)),
          })),
        };
      }
      return noWrites((response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        expect(response.json()).toEqual(expected);
      });
    },
  }),
});

/** A booking made for the request in one of the statuses (with an e-mail or, by phone, none). */
const madeBookingCases = fc.record({
  status: fc.constantFrom<ReservationStatus>(
    'pending',
    'pending',
    'confirmed',
    'confirmed',
    'declined',
    'cancelled',
    'no-show',
  ),
  email: fc.boolean(),
});
/** Path ids: a booking made for the request, nobody's, or not an id. */
const bookingIds = fc.oneof(
  { weight: 6, arbitrary: madeBookingCases },
  { weight: 1, arbitrary: fc.integer({ min: 1_000_000, max: 2 ** 31 - 1 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constantFrom(
        '0',
        '01',
        '-1',
        '1.5',
        'abc',
        'NaN',
        '2147483648',
        '999999999999999',
        '1e3',
        ' 1',
        '+1',
        '0x10',
        'cancel',
      ),
      anyText(30).filter(
        (id) => id.length > 0 && notADotSegment(id) && !/^[1-9]\d*$/.test(id.toWellFormed()),
      ),
    ),
  },
);
/** Ids as the reservation routes read them: plain digits, within 32 bits. */
const readsAsBookingId = (text: string) =>
  /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2 ** 31 - 1;

const patchReservation = family({
  name: 'PATCH /api/reservations/:id (staff)',
  runs: 400,
  cases: fc.record({
    id: bookingIds,
    auth: authCases,
    body: bodies({
      status: text(
        fc.constantFrom('confirmed', 'declined', 'cancelled', 'no-show'),
        fc.constantFrom('pending', 'CONFIRMED', '', 'noshow', 'no_show', 'confirmed ', 'deleted'),
      ),
      message: optional(text(anyText(STAFF_MESSAGE_MAX), tooLongText(STAFF_MESSAGE_MAX))),
    }),
  }),
  route: async ({ id, auth, body }) => {
    const made = typeof id === 'object' ? await freshBooking(id) : undefined;
    const param = segment(made ? String(made.id) : (id as string));
    const valid = readsAsBookingId(param.decoded);
    const before = valid ? await bookingRow(Number(param.decoded)) : undefined;
    return {
      method: 'PATCH',
      url: `/api/reservations/${param.raw}`,
      body,
      auth,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      bodySchema: true,
      handler: (): Expected => {
        if (!before) return refused(404, 'message');
        const { json } = body as { json: { status: ReservationStatus; message?: string } };
        if (!TRANSITIONS[before.status].includes(json.status)) {
          return refused(409, 'refusal', { code: 'invalid-transition' });
        }
        const mail = before.email ? STATUS_MAIL[json.status] : undefined;
        const message = (json.message ?? '').trim();
        return {
          accepted: {
            status: 200,
            mayWrite: [
              'reservations',
              'reservation_settings',
              'audit_log',
              ...(mail ? ['outbox' as const] : []),
            ],
            async verify(response) {
              expect(response.json()).toEqual({
                ...asStaffSees(before),
                status: json.status,
                // The message reaches the guest with a decline only.
                staffMessage:
                  json.status === 'declined' && message !== ''
                    ? stored(message)
                    : before.staff_message,
              });
              expect((await bookingRow(before.id))!.sequence).toBe(before.sequence + 1);
              await expectAuditedBy(`reservation.${json.status}`, staffId, before.email);
              if (!mail) return;
              expect(await newestMails(1)).toMatchObject([{ kind: mail, recipient: before.email }]);
            },
          },
        };
      },
    };
  },
});

/** Whose cancel link: a booking made for the request; one that must not work; or the body's own text. */
const cancelTargets = fc.oneof(
  { weight: 5, arbitrary: madeBookingCases },
  // Begun (its time has come), moved (another start), forged (signature), nobody's (no booking).
  { weight: 2, arbitrary: fc.constantFrom('begun', 'moved', 'forged', 'nobody') },
  { weight: 2, arbitrary: fc.constant('generated') },
);

/** A signed token for `target`, and the booking it names (none when it must not work). */
async function cancelLink(target: { status: ReservationStatus; email: boolean } | string) {
  if (typeof target === 'object') {
    const made = await freshBooking(target);
    return { token: cancelToken(cancelKey, made), id: made.id };
  }
  if (target === 'begun') {
    // Sunday 11 January at 20:00, before the clock.
    const begun = await freshBooking({ status: 'confirmed', email: true, date: '2026-01-11' });
    return { token: cancelToken(cancelKey, begun) };
  }
  if (target === 'moved') {
    const moved = await freshBooking({ status: 'pending', email: true });
    return {
      token: cancelToken(cancelKey, { id: moved.id, startsAt: moved.startsAt + 15 * MINUTE_MS }),
    };
  }
  if (target === 'forged') {
    const signed = cancelToken(cancelKey, await freshBooking({ status: 'pending', email: true }));
    return { token: `${signed.slice(0, -1)}${signed.endsWith('A') ? 'B' : 'A'}` };
  }
  return { token: cancelToken(cancelKey, { id: 2 ** 31 - 2, startsAt: CLOCK + DAY_MS }) };
}

const postCancel = family({
  name: 'POST /api/reservations/cancel',
  runs: 300,
  cases: fc.record({
    query: junkQuery,
    auth: authCases,
    target: cancelTargets,
    body: bodies({
      token: text(
        fc.oneof(
          fc.stringMatching(/^[1-9]\d{0,14}\.\d{1,12}\.[A-Za-z0-9_-]{43}$/),
          anyText(CANCEL_TOKEN_MAX).filter((token) => token.length > 0),
        ),
        fc.oneof(fc.constant(''), tooLongText(CANCEL_TOKEN_MAX)),
      ),
    }),
  }),
  route: async ({ query, auth, target, body }) => {
    let sent = body;
    let before: BookingRow | undefined;
    if (body.kind === 'valid' && target !== 'generated') {
      const link = await cancelLink(target);
      sent = { ...body, json: { token: link.token } };
      if (link.id !== undefined) before = await bookingRow(link.id);
    }
    return {
      method: 'POST',
      url: `/api/reservations/cancel${query}`,
      unknownQuery: hasQueryKeys(query),
      headers: authorizationHeader(auth),
      body: sent,
      bodySchema: true,
      handler: (): Expected => {
        if (!before) return refused(400, 'refusal', { code: 'invalid-token' });
        // A booking already done with is answered as it is, and nothing changes.
        if (!TRANSITIONS[before.status].includes('cancelled')) {
          return noWrites((response) =>
            expect(response.json()).toEqual({ id: before.id, status: before.status }),
          );
        }
        return {
          accepted: {
            status: 200,
            // The booking, the guest's mail (when there is an address), the restaurant's notice, the entry.
            mayWrite: ['reservations', 'reservation_settings', 'outbox', 'audit_log'],
            async verify(response) {
              expect(response.json()).toEqual({ id: before.id, status: 'cancelled' });
              expect((await bookingRow(before.id))!.status).toBe('cancelled');
              await expectAuditedBy('reservation.cancelled_by_guest', null, before.email);
              const restaurant = (await app.restaurantFacts.get()).email;
              const notice = {
                kind: 'reservation-cancel-notice',
                recipient: restaurant,
                reply_to: before.email,
              };
              const guestMail = {
                kind: 'reservation-cancelled',
                recipient: before.email,
                // A confirmed booking's invitation is withdrawn.
                calendar_method: before.invited ? 'CANCEL' : null,
              };
              expect(await newestMails(before.email ? 2 : 1)).toMatchObject(
                before.email ? [guestMail, notice] : [notice],
              );
            },
          },
        };
      },
    };
  },
});

let madeGuests = 0;
const GUEST_BATCH = 20;
const guestPool: { email: string; phone: string; id: number }[] = [];
/**
 * A guest no request has seen: two bookings (their phone written two ways),
 * one taken by phone without an e-mail, a contact message, a mail to them
 * and a notice about them, under the address typed in other cases (made a
 * batch at a time, straight in the database).
 */
async function freshGuest(): Promise<{ email: string; phone: string; id: number }> {
  if (guestPool.length === 0) {
    const numbers = Array.from({ length: GUEST_BATCH }, () => String((madeGuests += 1)));
    const emails = numbers.map((n) => `guest-${n}@example.com`);
    const phone = (i: number) => `+39 06 ${numbers[i]!.padStart(6, '0')}`;
    const capitalised = (email: string) => email.replace(/^g/, 'G').replace('example', 'Example');
    // The pending and the cancelled one came from the guest's own client address.
    const clientKey = (i: number) => `2001:0db8:00ff:${numbers[i]!.padStart(4, '0')}::/56`;
    const pending = await newBookings(GUEST_BATCH, 'pending', {
      email: (i) => emails[i]!,
      phone,
      clientKey,
    });
    await newBookings(GUEST_BATCH, 'cancelled', {
      email: (i) => emails[i]!.toUpperCase(),
      phone: (i) => `+39 (06) ${numbers[i]!.padStart(6, '0')}`,
      clientKey,
    });
    await newBookings(GUEST_BATCH, 'confirmed', {
      email: () => '',
      phone: (i) => `+3906-${numbers[i]!.padStart(6, '0')}`,
    });
    const now = nowIso();
    await app.db
      .insertInto('contact_messages')
      .values(
        emails.map((email, i) => ({
          first_name: 'Ospite',
          last_name: String(i),
          email: capitalised(email),
          message: 'Posso portare il cane?',
          lang: 'it',
          privacy_accepted_at: now,
          created_at: now,
          read_at: null,
          outbox_id: null,
        })),
      )
      .execute();
    const mail = (recipient: string, replyTo: string) => ({
      kind: 'reservation-received',
      recipient,
      reply_to: replyTo,
      subject: 'Prenotazione',
      text_body: 'x',
      html_body: '<p>x</p>',
      status: 'sent' as const,
      next_attempt_at: now,
      created_at: now,
      sent_at: now,
      secret_link: null,
      secret_expires_at: null,
      calendar_method: null,
      calendar_ics: null,
    });
    await app.db
      .insertInto('outbox')
      .values(
        emails.flatMap((email) => [
          mail(email.toUpperCase(), STAFF_EMAIL),
          mail(STAFF_EMAIL, capitalised(email)),
        ]),
      )
      .execute();
    guestPool.push(...emails.map((email, i) => ({ email, phone: phone(i), id: pending[i]!.id })));
  }
  return guestPool.pop()!;
}
/** A phone's digits after a leading + (how the server compares phones). */
const normalisedPhone = (text: string) =>
  `${text.trim().startsWith('+') ? '+' : ''}${text.replace(/\D/g, '')}`;
/** One guest as the booking limits count them: `00` dialled for `+`, an e-mail without its +tag. */
const limitPhone = (text: string) => normalisedPhone(text.trim().replace(/^00/, '+'));
const limitEmail = (text: string) => {
  const [local = '', domain = ''] = text
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  return `${local.replace(/\+.*$/, '')}@${domain}`;
};
/** A phone the booking schema takes: digits, a leading + and `-.()/` or spaces, 6 to 20 digits. */
const isGuestPhone = (text: string) => {
  const trimmed = text.trim();
  const digits = trimmed.replace(/\D/g, '').length;
  return trimmed.length <= 30 && /^\+?[\d \-.()/]+$/.test(trimmed) && digits >= 6 && digits <= 20;
};
/**
 * One guest's rows: by e-mail, whatever the case it was typed in; by phone,
 * the bookings with that phone however written, and the mails to or from
 * the e-mails those bookings gave.
 */
async function guestRows(guest: { email: string } | { phone: string }) {
  const [reservations, messages, mails] = await Promise.all([
    app.db.selectFrom('reservations').selectAll().execute(),
    app.db.selectFrom('contact_messages').select(['id', 'email']).execute(),
    app.db.selectFrom('outbox').select(['id', 'recipient', 'reply_to']).execute(),
  ]);
  const theirs =
    'email' in guest
      ? reservations.filter((row) => row.email.toLowerCase() === guest.email.toLowerCase())
      : reservations.filter((row) => normalisedPhone(row.phone) === normalisedPhone(guest.phone));
  // By phone, an e-mail another booking or message still uses keeps its mails.
  const stillUsed = (email: string) =>
    reservations.some((row) => !theirs.includes(row) && row.email.toLowerCase() === email) ||
    messages.some((row) => row.email.toLowerCase() === email);
  const emails =
    'email' in guest
      ? [guest.email.toLowerCase()]
      : theirs
          .map((row) => row.email.toLowerCase())
          .filter((email) => email !== '' && !stillUsed(email));
  const same = (text: string | null) => text !== null && emails.includes(text.toLowerCase());
  return {
    reservations: theirs,
    messages: 'email' in guest ? messages.filter((row) => same(row.email)) : [],
    mails: mails.filter((row) => same(row.recipient) || same(row.reply_to)),
  };
}

const guestData = family({
  name: 'GET|DELETE /api/guest-data?email= or ?phone= (staff)',
  runs: 300,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD', 'DELETE', 'DELETE'),
    target: fc.oneof(
      { weight: 4, arbitrary: fc.constant('made') },
      { weight: 1, arbitrary: fc.constant('seeded') },
      { weight: 1, arbitrary: simpleEmail('nobody.example').map((email) => ({ email })) },
      { weight: 1, arbitrary: phoneNumbers.map((phone) => ({ phone })) },
      { weight: 2, arbitrary: invalidEmails.map((invalid) => ({ invalid })) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...BAD_GUEST_PHONES).map((badPhone) => ({ badPhone })),
      },
    ),
    // A made guest by e-mail or by phone.
    by: fc.constantFrom('email', 'phone'),
    // As stored, in capitals (a phone: written another way), or padded.
    typed: fc.constantFrom('as-is', 'upper', 'padded'),
    // Missing, bare, twice, with a key the route does not read, or with both e-mail and phone.
    shape: fc.constantFrom(
      'once',
      'once',
      'once',
      'once',
      'missing',
      'bare',
      'twice',
      'unknown',
      'both',
    ),
    auth: authCases,
    body: anyBody,
  }),
  route: async ({ method, target, by, typed, shape, auth, body }) => {
    // Erasing the seeded message would take it from the families after this one.
    const made = target === 'made' ? await freshGuest() : null;
    const [key, address, valid]: [string, string, boolean] = made
      ? by === 'email'
        ? ['email', made.email, true]
        : ['phone', made.phone, true]
      : typeof target === 'string'
        ? ['email', method === 'DELETE' ? 'nadia@nobody.example' : 'giulia@example.com', true]
        : 'email' in target
          ? ['email', target.email, true]
          : 'phone' in target
            ? ['phone', target.phone, true]
            : 'invalid' in target
              ? ['email', target.invalid, false]
              : ['phone', target.badPhone, false];
    const value =
      typed === 'upper'
        ? key === 'email'
          ? address.toUpperCase()
          : address.replaceAll(' ', '.')
        : typed === 'padded'
          ? ` ${address} `
          : address;
    const other: QueryPart =
      key === 'email' ? ['phone', '+39 06 000001'] : ['email', 'x@example.com'];
    const parts: QueryPart[] = {
      once: [[key, value]],
      missing: [],
      bare: [[key]],
      twice: [
        [key, value],
        [key, value],
      ],
      unknown: [
        [key, value],
        ['lang', 'it'],
      ],
      both: [[key, value], other],
    }[shape] as QueryPart[];
    // Each key given must come once with a value its rule takes; exactly one of the two.
    const takes = (name: string, text: string) =>
      name === 'email' ? (name === key ? valid : true) && text !== '' : isGuestPhone(text);
    const refusals = new Set<string>();
    for (const name of ['email', 'phone']) {
      const given = parts.filter(([part]) => part === name);
      if (given.length > 1 || (given.length === 1 && !takes(name, given[0]![1] ?? ''))) {
        refusals.add(name);
      }
    }
    const has = (name: string) => parts.some(([part]) => part === name);
    if (has('email') === has('phone')) refusals.add('email');
    if (parts.some(([part]) => part !== 'email' && part !== 'phone')) refusals.add('querystring');
    const erase = method === 'DELETE';
    return {
      method,
      url: `/api/guest-data${queryOf(parts)}`,
      body,
      auth,
      paramRefusals: [...refusals],
      handler: async (): Promise<Expected> => {
        const guest = key === 'email' ? { email: value.trim() } : { phone: value.trim() };
        const named = key === 'email' ? guest : { phone: normalisedPhone(value) };
        const before = await guestRows(guest);
        return {
          accepted: {
            status: 200,
            // An export is audited too (the entry names no address).
            mayWrite: erase
              ? ['reservations', 'reservation_settings', 'contact_messages', 'outbox', 'audit_log']
              : ['audit_log'],
            async verify(response) {
              await expectAuditedBy(
                erase ? 'guest_data.erase' : 'guest_data.export',
                staffId,
                value.trim(),
              );
              if (method === 'HEAD') return expect(response.body).toBe('');
              if (erase) {
                expect(response.json()).toEqual({
                  ...named,
                  reservations: before.reservations.length,
                  contactMessages: before.messages.length,
                  mails: before.mails.length,
                });
                const after = await guestRows(guest);
                expect([after.reservations, after.messages, after.mails]).toEqual([[], [], []]);
                return;
              }
              const answer = response.json<{
                email?: string;
                phone?: string;
                exportedAt: string;
                reservations: { id: number }[];
                contactMessages: { id: number; email: string }[];
              }>();
              expect([answer.email, answer.phone, answer.exportedAt]).toEqual([
                'email' in named ? named.email : undefined,
                'phone' in named ? named.phone : undefined,
                nowIso(CLOCK),
              ]);
              const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
              expect(answer.reservations.sort(byId)).toEqual(
                before.reservations.map(asStaffSees).sort(byId),
              );
              expect(answer.contactMessages.map((message) => message.id).sort()).toEqual(
                before.messages.map((message) => message.id).sort(),
              );
            },
          },
        };
      },
    };
  },
});

/** Whose pending requests staff decline at once: by e-mail, by phone, or by a booking's client address. */
type PendingOf = { email: string } | { phone: string } | { addressOf: number };
const PENDING_KEYS = ['email', 'phone', 'addressOf'];
/** A booking id as the decline route reads it: 1 to 2^31 - 1, digits only in a query. */
const isAddressOf = (text: string) =>
  /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= 2 ** 31 - 1;
/** The pending requests a decline of `who` takes, or null when `addressOf` names no booking. */
async function pendingRows(who: PendingOf) {
  const rows = await app.db.selectFrom('reservations').selectAll().execute();
  let theirs: typeof rows;
  if ('addressOf' in who) {
    const named = rows.find((row) => row.id === who.addressOf);
    if (!named) return null;
    theirs = rows.filter((row) => named.client_key !== null && row.client_key === named.client_key);
  } else {
    theirs =
      'email' in who
        ? rows.filter((row) => row.email.toLowerCase() === who.email.trim().toLowerCase())
        : rows.filter((row) => normalisedPhone(row.phone) === normalisedPhone(who.phone));
  }
  return theirs.filter((row) => row.status === 'pending');
}
/** Whom a case names: a made guest (by its e-mail, phone or a booking), nobody, or a booking id. */
const pendingTargets = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom('email', 'phone', 'addressOf').map((by) => ({ made: by })),
  },
  { weight: 1, arbitrary: simpleEmail('nobody.example').map((email) => ({ email })) },
  { weight: 1, arbitrary: phoneNumbers.map((phone) => ({ phone })) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 2 ** 31 - 1 }).map((addressOf) => ({ addressOf })),
  },
);
async function pendingTarget(target: { made: string } | PendingOf): Promise<PendingOf> {
  if (!('made' in target)) return target;
  const guest = await freshGuest();
  return target.made === 'email'
    ? { email: guest.email }
    : target.made === 'phone'
      ? { phone: guest.phone }
      : { addressOf: guest.id };
}

const getPendingCount = family({
  name: 'GET /api/reservations/decline-pending?email=|phone=|addressOf= (staff)',
  runs: 300,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    target: pendingTargets,
    // Mostly none; sometimes a value the route refuses in place of the target.
    bad: fc.oneof(
      { weight: 3, arbitrary: fc.constant(null) },
      {
        weight: 1,
        arbitrary: fc.oneof(
          invalidEmails.map((value) => ['email', value] as const),
          fc.constantFrom(...BAD_GUEST_PHONES).map((value) => ['phone', value] as const),
          fc
            .constantFrom('0', '-1', '1.5', '2147483648', '99999999999', 'x', '', ' 7', '１')
            .map((value) => ['addressOf', value] as const),
        ),
      },
    ),
    shape: fc.constantFrom(
      'once',
      'once',
      'once',
      'once',
      'missing',
      'bare',
      'twice',
      'unknown',
      'both',
    ),
    auth: authCases,
    body: anyBody,
  }),
  route: async ({ method, target, bad, shape, auth, body }) => {
    const who = bad ? null : await pendingTarget(target);
    const [key, value] =
      bad ??
      (who ? ([Object.keys(who)[0]!, String(Object.values(who)[0])] as const) : ['email', '']);
    const other: QueryPart = key === 'email' ? ['addressOf', '1'] : ['email', 'x@example.com'];
    const parts = (
      {
        once: [[key, value]],
        missing: [],
        bare: [[key]],
        twice: [
          [key, value],
          [key, value],
        ],
        unknown: [
          [key, value],
          ['date', TODAY],
        ],
        both: [[key, value], other],
      } as Record<string, QueryPart[]>
    )[shape]!;
    const takes: Record<string, (text: string) => boolean> = {
      email: (text) => text.trim() !== '' && (key !== 'email' || !bad) && text !== '',
      phone: isGuestPhone,
      addressOf: isAddressOf,
    };
    const refusals = new Set<string>();
    for (const name of PENDING_KEYS) {
      const given = parts.filter(([part]) => part === name);
      if (given.length > 1 || (given.length === 1 && !takes[name]!(given[0]![1] ?? ''))) {
        refusals.add(name);
      }
    }
    if (PENDING_KEYS.filter((name) => parts.some(([part]) => part === name)).length !== 1) {
      refusals.add('email');
    }
    if (parts.some(([part]) => !PENDING_KEYS.includes(part))) refusals.add('querystring');
    return {
      method,
      url: `/api/reservations/decline-pending${queryOf(parts)}`,
      body,
      auth,
      paramRefusals: [...refusals],
      handler: async (): Promise<Expected> => {
        const named: PendingOf =
          key === 'email'
            ? { email: value.trim() }
            : key === 'phone'
              ? { phone: value }
              : { addressOf: Number(value) };
        const rows = await pendingRows(named);
        if (rows === null) return refused(404, 'message');
        return noWrites((response) => {
          if (method === 'HEAD') return expect(response.body).toBe('');
          expect(response.json()).toEqual({ pending: rows.length });
        });
      },
    };
  },
});

const declinePendingBodies = bodies(
  {
    email: optional(text(simpleEmail('nobody.example'), invalidEmails)),
    phone: optional(text(guestPhones, fc.constantFrom(...BAD_GUEST_PHONES))),
    addressOf: optional({
      valid: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      invalid: fc.constantFrom(0, -1, 1.5, 2 ** 31, '', 'x', ' 7', '1e3'),
      wrongType: fc.oneof(junk.boolean, junk.null, junk.array, junk.object),
    }),
    message: optional(text(anyText(STAFF_MESSAGE_MAX), tooLongText(STAFF_MESSAGE_MAX))),
  },
  // Exactly one of the three, and sometimes a message.
  fc
    .tuple(
      fc.oneof(
        simpleEmail('nobody.example').map((email) => ({ email })),
        guestPhones.map((phone) => ({ phone })),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }).map((addressOf) => ({ addressOf })),
      ),
      fc.option(anyText(STAFF_MESSAGE_MAX), { nil: undefined }),
    )
    .map(([who, message]) => ({ ...who, ...(message === undefined ? {} : { message }) })),
)
  // A refused value beside another of the three keys is refused twice (the value, and not
  // exactly one): the oracle names a single field, so such bodies are made below on purpose.
  .filter(
    (body) =>
      body.kind !== 'invalid' ||
      !PENDING_KEYS.includes(body.field) ||
      PENDING_KEYS.filter((key) => Object.hasOwn(body.json as object, key)).length === 1,
  );
/** None of the three, or two of them: refused as `email`. */
const notExactlyOne = fc
  .oneof(
    fc.constant({}),
    fc.constant({ message: 'Troppe richieste.' }),
    fc.constant({ email: 'a@example.com', phone: '+39 333 1234567' }),
    fc.constant({ phone: '+39 333 1234567', addressOf: 3 }),
    fc.constant({ email: 'a@example.com', addressOf: 3, phone: '+39 333 1234567' }),
  )
  .map((json): BodyCase => ({
    kind: 'invalid',
    field: 'email',
    json,
    contentType: 'application/json',
  }));

const postDeclinePending = family({
  name: 'POST /api/reservations/decline-pending (staff)',
  runs: 400,
  cases: fc.record({
    target: fc.option(
      pendingTargets.filter((target) => 'made' in target),
      { freq: 2 },
    ),
    auth: authCases,
    body: fc.oneof(
      { weight: 9, arbitrary: declinePendingBodies },
      { weight: 1, arbitrary: notExactlyOne },
    ),
  }),
  route: async ({ target, auth, body }) => {
    // A made guest in place of the generated one, in a valid body.
    let sent = body;
    if (target && body.kind === 'valid') {
      const { message } = body.json as { message?: string };
      sent = {
        ...body,
        json: { ...(await pendingTarget(target)), ...(message === undefined ? {} : { message }) },
      };
    }
    return {
      method: 'POST',
      url: '/api/reservations/decline-pending',
      body: sent,
      auth,
      bodySchema: true,
      handler: async (): Promise<Expected> => {
        const json = (sent as { json: PendingOf & { message?: string } }).json;
        const who: PendingOf =
          'email' in json
            ? { email: json.email }
            : 'phone' in json
              ? { phone: json.phone }
              : { addressOf: json.addressOf };
        const rows = await pendingRows(who);
        if (rows === null) return refused(404, 'message');
        const message = (json.message ?? '').trim();
        const guests = new Set(
          rows.map((row) => row.email.toLowerCase()).filter((email) => email !== ''),
        );
        return {
          accepted: {
            status: 200,
            mayWrite:
              rows.length === 0
                ? []
                : [
                    'reservations',
                    'reservation_settings',
                    'audit_log',
                    ...(guests.size ? ['outbox' as const] : []),
                  ],
            async verify(response) {
              expect(response.json()).toEqual({ declined: rows.length });
              for (const row of rows) {
                expect(await bookingRow(row.id)).toMatchObject({
                  status: 'declined',
                  staff_message: message !== '' ? stored(message) : row.staff_message,
                  sequence: row.sequence + 1,
                });
              }
              if (rows.length === 0) return;
              await expectAuditedBy('reservation.declined', staffId, rows[0]!.email);
              const mails = await newestMails(guests.size);
              expect(mails.map((mail) => mail.kind)).toEqual(
                [...guests].map(() => 'reservation-declined-all'),
              );
              expect(mails.map((mail) => mail.recipient.toLowerCase()).sort()).toEqual(
                [...guests].sort(),
              );
            },
          },
        };
      },
    };
  },
});

/** Settings as the owner may set them: whole numbers in their ranges. */
const wholeSetting = (min: number, max: number): FieldRule => ({
  valid: fc.integer({ min, max }),
  invalid: fc.constantFrom(min - 1, max + 1, min + 0.5, -1e9, 1e21),
  wrongType: fc.oneof(
    junk.boolean,
    junk.null,
    junk.string,
    junk.array,
    junk.object,
    fc.constant(String(min)),
  ),
});
const settingsBodies = bodies({
  coversPerSlot: wholeSetting(1, 1000),
  turnMinutes: {
    ...wholeSetting(15, 480),
    valid: fc.integer({ min: 1, max: 32 }).map((quarters) => quarters * 15),
    invalid: fc.constantFrom(0, 10, 14, 20, 100, 7.5, 485, 495),
  },
  minNoticeMinutes: wholeSetting(0, 7 * 24 * 60),
  horizonDays: wholeSetting(1, 365),
  maxPartyOnline: wholeSetting(1, PARTY_MAX),
  autoConfirmMaxParty: {
    valid: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: PARTY_MAX })),
    invalid: fc.constantFrom(0, PARTY_MAX + 1, 2.5),
    wrongType: fc.oneof(junk.boolean, junk.string, junk.array, junk.object, fc.constant('4')),
  },
  retentionMonths: wholeSetting(1, 120),
});

const getReservationSettings = family({
  name: 'GET /api/reservations/settings (owner)',
  runs: 100,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: junkQuery,
    auth: ownerAuthCases,
  }),
  route: ({ method, query, auth }) => ({
    method,
    url: `/api/reservations/settings${query}`,
    unknownQuery: hasQueryKeys(query),
    auth,
    ownerOnly: true,
    handler: async () => {
      const { settings, secret } = await readSettings();
      return noWrites((response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        expect(response.json()).toEqual({ ...settings, calendarFeedUrl: feedUrl(secret) });
      });
    },
  }),
});

const putReservationSettings = family({
  name: 'PUT /api/reservations/settings (owner)',
  runs: 300,
  cases: fc.record({ query: junkQuery, auth: ownerAuthCases, body: settingsBodies }),
  route: ({ query, auth, body }) => ({
    method: 'PUT',
    url: `/api/reservations/settings${query}`,
    unknownQuery: hasQueryKeys(query),
    body,
    auth,
    ownerOnly: true,
    bodySchema: true,
    handler: async () => {
      const sent = (body as { json: Settings }).json;
      const { secret } = await readSettings();
      return {
        accepted: {
          status: 200,
          mayWrite: ['reservation_settings', 'content_version', 'audit_log'],
          async verify(response) {
            expect(response.json()).toEqual({ ...sent, calendarFeedUrl: feedUrl(secret) });
            expect(await readSettings()).toEqual({ settings: sent, secret });
            await expectAuditedBy('reservations.settings', staffId);
          },
        },
      };
    },
  }),
});

/** Addresses of the calendar feed that a rotation retired. */
const retiredFeedSecrets: string[] = [];

const rotateCalendarFeed = family({
  name: 'POST /api/reservations/settings/calendar-feed (owner)',
  runs: 100,
  cases: fc.record({ query: junkQuery, auth: ownerAuthCases, body: anyBody }),
  route: async ({ query, auth, body }) => {
    const before = await readSettings();
    return {
      method: 'POST',
      url: `/api/reservations/settings/calendar-feed${query}`,
      unknownQuery: hasQueryKeys(query),
      body,
      auth,
      ownerOnly: true,
      handler: () => ({
        accepted: {
          status: 200,
          mayWrite: ['reservation_settings', 'audit_log'],
          async verify(response) {
            const after = await readSettings();
            expect(after.settings).toEqual(before.settings);
            expect(after.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
            expect(after.secret).not.toBe(before.secret);
            expect(response.json()).toEqual({
              ...after.settings,
              calendarFeedUrl: feedUrl(after.secret),
            });
            await expectAuditedBy('reservations.calendar_feed', staffId);
            retiredFeedSecrets.push(before.secret);
          },
        },
      }),
    };
  },
});

/** The feed's address as sent: the current one, a retired one, near misses of the current one. */
type FeedFile = 'current' | 'retired' | 'upper-case' | 'bare' | 'longer' | 'percent-encoded';

const getCalendarFeed = family({
  name: 'GET /api/reservations/calendar/:file (by its secret address)',
  runs: 200,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    file: fc.oneof(
      { weight: 4, arbitrary: fc.constant<FeedFile>('current') },
      {
        weight: 2,
        arbitrary: fc.constantFrom<FeedFile>(
          'retired',
          'upper-case',
          'bare',
          'longer',
          'percent-encoded',
        ),
      },
      {
        weight: 2,
        arbitrary: fc
          .stringMatching(/^[A-Za-z0-9_-]{20,100}$/)
          .map((name) => segment(`${name}.ics`)),
      },
      { weight: 2, arbitrary: randomSegments.map(segment) },
    ),
    query: junkQuery,
    auth: authCases,
  }),
  route: async ({ method, file, query, auth }) => {
    const { secret } = await readSettings();
    const param: Segment =
      typeof file === 'object'
        ? file
        : file === 'percent-encoded'
          ? {
              raw: `%${secret.charCodeAt(0).toString(16)}${secret.slice(1)}.ics`,
              decoded: `${secret}.ics`,
            }
          : segment(
              {
                current: `${secret}.ics`,
                retired: `${retiredFeedSecrets.at(-1) ?? 'A'.repeat(43)}.ics`,
                'upper-case': `${secret}.ICS`,
                bare: secret,
                longer: `${secret}x.ics`,
              }[file as Exclude<FeedFile, 'percent-encoded'>],
            );
    return {
      method,
      url: `/api/reservations/calendar/${param.raw}${query}`,
      unknownQuery: hasQueryKeys(query),
      // Public: the secret address is the key, and any Authorization header is ignored.
      headers: authorizationHeader(auth),
      unmatched: !fitsRoute(param),
      paramRefusals: /^[A-Za-z0-9_-]{20,100}\.ics$/.test(param.decoded) ? [] : ['file'],
      handler: async () => {
        if (param.decoded !== `${secret}.ics`) return refused(404, 'message');
        // The confirmed bookings, from a week back.
        const confirmed = await app.db
          .selectFrom('reservations')
          .select('id')
          .where('status', '=', 'confirmed')
          .where('starts_at', '>=', nowIso(CLOCK - 7 * DAY_MS))
          .execute();
        return noWrites((response) => {
          expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
          expect(response.headers['cache-control']).toBe('no-store');
          expect(response.headers['referrer-policy']).toBe('no-referrer');
          if (method === 'HEAD') return expect(response.body).toBe('');
          expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
          expect(response.body.match(/^BEGIN:VEVENT\r?$/gm)?.length ?? 0).toBe(confirmed.length);
        });
      },
    };
  },
});

const FAMILIES = [
  unknownPaths,
  wrongMethods,
  health,
  getDailyMenu,
  putDailyMenu,
  getTranslations,
  putTranslation,
  deleteTranslation,
  postContact,
  staffReads,
  patchMessage,
  logout,
  postLogin,
  postRegister,
  postSendEmail,
  postRecovery,
  patchStaff,
  deleteStaff,
  postInvitation,
  deleteInvitation,
  acceptInvitation,
  ownerReads,
  putPassword,
  getMenu,
  // Early, while the menu is close to the seeded one: a later one holds every dish the
  // families below make, and its file would pass the 100 KB body limit.
  getMenuCsv,
  previewMenuCsv,
  importMenuCsv,
  postSection,
  patchSection,
  deleteSection,
  postItem,
  patchItem,
  deleteItem,
  getItemTranslations,
  putItemTranslation,
  deleteItemTranslation,
  // Reservations, while the opening hours are the seeded ones (the next families change them).
  // The tight settings first, while their few covers are free.
  getAvailability(
    'tight',
    TIGHT_SETTINGS,
    [
      BUSY_DATES[1]!,
      [
        ['12:00', 8],
        ['19:00', 9],
        ['21:00', 7],
      ],
    ],
    100,
  ),
  postReservation('tight settings', TIGHT_SETTINGS, 200),
  getAvailability(
    'default',
    DEFAULT_RESERVATION_SETTINGS,
    [
      BUSY_DATES[0]!,
      [
        ['12:00', 34],
        ['19:00', 33],
        ['21:00', 35],
      ],
    ],
    300,
  ),
  postReservation('default settings', DEFAULT_RESERVATION_SETTINGS, 700),
  postReservation(
    'a returning guest, default settings',
    DEFAULT_RESERVATION_SETTINGS,
    30,
    returningGuestBodies,
  ),
  postStaffReservation,
  getReservationDay,
  patchReservation,
  postCancel,
  guestData,
  getPendingCount,
  postDeclinePending,
  rotateCalendarFeed,
  getCalendarFeed,
  getReservationSettings,
  putReservationSettings,
  getOpeningHours,
  putOpeningHours,
  getRestaurant,
  putRestaurant,
];

/** Runs a family's generated requests, each held to the oracle's expectation. */
async function property({ name, runs, cases, route, before }: Family<unknown>) {
  await before?.();
  await fc.assert(
    fc.asyncProperty(cases, async (generated) => {
      const built = await route(generated);
      const { expected, handled } = await expectation(built);
      await exchange(name, toRequest(built), expected, handled);
    }),
    { numRuns: runs },
  );
}

// ---------------------------------------------------------------------------

beforeAll(async () => {
  harness = await testApp({}, { pages: false, now: () => CLOCK });
  app = harness.app;
  // The outbox would mark mail sent behind the snapshots' back; nothing here is about sending.
  await app.outbox.stop();
  const staff = await createStaff(app);
  staffId = staff.id;
  staffToken = await login(app, STAFF_EMAIL, STAFF_PASSWORD, '10.255.0.1');
  await createStaff(app, {
    email: 'marco@trattoria.example',
    username: 'marco',
    password: COLLEAGUE_PASSWORD,
    role: 'staff',
  });
  colleagueToken = await login(app, 'marco@trattoria.example', COLLEAGUE_PASSWORD, '10.255.0.2');
  colleaguePasswordHash = await hashPassword(COLLEAGUE_PASSWORD);
  revokedToken = await app.sessions.create(staffId);
  await app.sessions.revoke(revokedToken);
  const expired = newToken();
  const longAgo = nowIso(Date.now() - 13 * 60 * 60 * 1000);
  await app.db
    .insertInto('sessions')
    .values({
      user_id: staffId,
      token_hash: expired.hash,
      created_at: longAgo,
      last_seen_at: longAgo,
    })
    .execute();
  expiredToken = expired.token;
  const message = {
    firstName: 'Giulia',
    lastName: 'Verdi',
    email: 'giulia@example.com',
    message: 'Vorrei prenotare.',
    privacy: true as const,
  };
  seededMessageId = await app.contactMessages.accept(message, 'it');
  seededSpamId = await app.contactMessages.accept({ ...message, website: 'http://spam' }, 'it');
  cancelKey = (
    await app.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'cancel-links')
      .executeTakeFirstOrThrow()
  ).value;
  // What the reservation oracle assumes: the seeded hours, no closures, no special days.
  const hours = await app.openingHours.get('it');
  expect(hours.weekly.filter((day) => day.ranges.length > 0)).toEqual(
    [2, 3, 4, 5, 6, 7].map((day) => ({
      day,
      ranges: SEEDED_RANGES.map(([open, close]) => ({ open: hhmm(open), close: hhmm(close) })),
    })),
  );
  expect([hours.closures, hours.exceptions]).toEqual([[], []]);
  expect((await readSettings()).settings).toEqual(DEFAULT_RESERVATION_SETTINGS);
  snapshots = new Snapshots(harness.config.DATABASE_URL.replace(/^file:/, ''));
}, 60_000);

afterAll(async () => {
  snapshots?.close();
  await harness?.close();
  const lines = [...tally].map(([family, { sent, handled, accepted, refused }]) => {
    const statuses = [...refused]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    return `  ${family}: ${sent} (handled ${handled}, accepted ${accepted}; refused ${statuses})`;
  });
  console.log(`hostile input: ${totalSent()} requests\n${lines.join('\n')}`);
});

describe('the oracle', () => {
  it('knows every API route Fastify serves', () => {
    const expected = API_ROUTES.flatMap(([method, path]) =>
      method === 'GET' ? [`GET ${path}`, `HEAD ${path}`] : [`${method} ${path}`],
    ).map(anonymousParams);
    // The printed menu's files outside /api (/menu.pdf, /menu-qr.svg) answer
    // bytes, not the API's shapes: routes/printable-menu.test.ts sends them its own.
    const served = registeredRoutes(app)
      .filter((route) => route.includes(' /api/') && !route.endsWith(' *'))
      .map(anonymousParams);
    expect(served).toEqual(expected.sort());
  });

  it('tells the three error shapes apart', () => {
    expect(contractShape({ errors: { titolo: ['x'] } }, 400)).toBe('fields');
    expect(contractShape({ errors: [{ code: 'c', description: 'd' }] }, 409)).toBe('refusal');
    expect(contractShape({ message: 'm' }, 404)).toBe('message');
    expect(contractShape({ message: 'm', statusCode: 400 }, 400)).toBeNull();
    expect(contractShape({ errors: { titolo: [] } }, 400)).toBeNull();
    expect(contractShape({ errors: { titolo: ['x'] } }, 422)).toBeNull();
    expect(contractShape({ errors: [] }, 400)).toBeNull();
    expect(contractShape([], 400)).toBeNull();
  });
});

describe('hostile requests', () => {
  for (const definition of FAMILIES) {
    it(definition.name, () => property(definition), PROPERTY_TIMEOUT_MS);
  }

  it('sent at least 10,000 generated requests in all', () => {
    expect(totalSent()).toBeGreaterThanOrEqual(10_000);
  });

  it("reached every route's own code, and refused requests at every route that refuses any", () => {
    for (const [family, { handled, refused }] of tally) {
      if (family !== unknownPaths.name && family !== wrongMethods.name) {
        expect(handled, family).toBeGreaterThan(0);
      }
      if (family !== health.name) expect(refused.size, family).toBeGreaterThan(0);
    }
  });
});

describe('paths Fastify cannot decode', () => {
  // Answered by the app's frameworkErrors handler, not Fastify's own body.
  it.each(['/api/%zz', '/api/daily-menu/%E0%A4%A', '/api/auth/recovery-password/%'])(
    'a malformed percent-encoding in %s gets an API error shape',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, remoteAddress: nextClientAddress() });
      expectContractError(response, { status: 400, shape: 'message' }, `GET ${url}`);
    },
  );
});
