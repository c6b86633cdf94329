import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, TARGET_LANGS } from '../../../shared/languages.ts';
import { BODY_LIMIT_BYTES } from '../../app.ts';
import { hashPassword } from '../../services/passwords.ts';
import { newToken, nowIso } from '../../services/tokens.ts';
import { createStaff, login, STAFF_PASSWORD, testApp } from '../app.ts';

/*
 * Hostile input: malformed JSON, wrong types, unknown keys and oversized
 * strings or bodies get a 4xx in one of the API's three error shapes, never a
 * 500, and change nothing. Property-based requests at every API route and method, through
 * `app.inject()`: wrong JSON types, missing and extra
 * fields, huge and Unicode strings, malformed JSON, wrong content types, bad
 * tokens, bad path parameters and query strings. For each request the oracle
 * below decides, from how the request was generated, whether the server must
 * refuse it (then: a 4xx in one of those shapes and no table changed)
 * or accept it (then: the documented success status and exactly the expected
 * change), so no property can pass by refusing everything.
 *
 * This module is the oracle's machinery, shared by every family of requests:
 * the app and its database, the snapshots of the tables, the error shapes,
 * the generators of bodies, query strings, path segments and tokens, and the
 * runner. The families themselves live in src/server/hostile-input/, one
 * test file per route family (the route table below says which file covers
 * which route), each on a database of its own, so that no family depends on
 * another's order or leftovers and the files run in parallel. A new API
 * route gets its properties in its family's file (or a new file), and its
 * line in FAMILY_FILES; the check in health-and-paths.test.ts fails until
 * it has both. The harness lives in src/server/testing/ with the other test
 * helpers, out of the `*.test.ts` files Vitest runs; generators that only
 * some families share sit beside it (menu.ts, reservations.ts).
 */

// ---------------------------------------------------------------------------
// Limits the oracle knows: the server's body and field limits, from the
// schemas and the app that set them.

/**
 * A one-line name (a contact's, a colleague's, a guest's): the schemas write
 * it as a literal (contact.ts, auth.ts `personName`, reservations.ts), so
 * there is no constant to import.
 */
export const NAME_MAX = 100;
/** find-my-way's default: a longer (decoded) path parameter matches no route. */
const MAX_PARAM_LENGTH = 100;
export const STAFF_EMAIL = 'anna@trattoria.example';
export const COLLEAGUE_PASSWORD = 'reti-e-lampare-al-porto';
/** Passwords on the common-password list that satisfy the length rule. */
const COMMON_PASSWORDS = ['qwerty123456', '1q2w3e4r5t6y', '123qweasdzxc', 'QAZWSXEDCRFV'];
/**
 * The app's clock stands still (testApp's `now`): Tuesday 13 January 2026,
 * 08:30 in Rome, before 10:00, when the day-before reminders are queued, so
 * no background chore writes behind the snapshots' back.
 */
export const CLOCK = Date.parse('2026-01-13T07:30:00Z');

// ---------------------------------------------------------------------------
// The API's three error shapes.

type Shape = 'fields' | 'refusal' | 'message';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Which of the three error shapes `body` is, or null for none. */
export function contractShape(body: unknown, status: number): Shape | null {
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
export function expectContractError(
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

export let harness: Awaited<ReturnType<typeof testApp>>;
export let app: FastifyInstance;
export let staffId: number;
/** The owner's: the first account of a database is its owner. */
export let staffToken: string;
/** A staff account's (not an owner). */
let colleagueToken: string;
/** An argon2id hash of COLLEAGUE_PASSWORD, computed once: accounts made per request skip hashing. */
let colleaguePasswordHash: string;
let revokedToken: string;
let expiredToken: string;
export let seededMessageId: number;
export let seededSpamId: number;
/** The app's public address (calendar feed links start with it). */
export const publicUrl = () => harness.config.PUBLIC_URL;

/**
 * The app every family file starts from: the clock at CLOCK, the outbox
 * stopped, the owner and a colleague logged in, a revoked and an expired
 * session, and a contact message (and a spam one) in the inbox.
 */
async function setUpApp() {
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
  snapshots = new Snapshots(harness.config.DATABASE_URL.replace(/^file:/, ''));
}

export type Table =
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

export type Expected =
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

export const refused = (
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
/** The routes whose own code some request reached, as `METHOD /pattern`. */
const reached = new Set<string>();
let clientNumber = 0;
/** A new client address per request, so per-IP limits never decide an outcome. */
export function nextClientAddress() {
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
  if (handled) {
    counts.handled += 1;
    reached.add(routeServing(request));
  }
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

export const authCases: fc.Arbitrary<AuthCase> = fc.oneof(
  { weight: 4, arbitrary: fc.constant('valid' as const) },
  { weight: 1, arbitrary: fc.constant('absent' as const) },
  { weight: 3, arbitrary: fc.constantFrom(...BAD_AUTH_VARIANTS) },
  { weight: 2, arbitrary: badAuthorizationHeaders.map((header) => ({ header })) },
);

/** Owner-only routes: the owner's token, a colleague's (403), or any wrong one (401). */
export const ownerAuthCases: fc.Arbitrary<AuthCase> = fc.oneof(
  { weight: 5, arbitrary: authCases },
  { weight: 1, arbitrary: fc.constant('colleague' as const) },
);

export function authorizationHeader(auth: AuthCase, token = staffToken): Record<string, string> {
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
export const anyText = (max: number) =>
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
export const trimmedText = (max: number) => anyText(max - 2).map((middle) => `a${middle}z`);

/** Longer than `max` characters even after trimming. */
export const tooLongText = (max: number) =>
  fc
    .tuple(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
      fc.integer({ min: max + 1, max: max * 3 }),
    )
    .map(([piece, length]) => `x${piece.repeat(Math.ceil(length / [...piece].length))}x`);

/** What a one-line name may not hold: controls, line separators, bidi controls. */
export const withoutControls = (text: string) =>
  text.replace(/[\p{Cc}\p{Zl}\p{Zp}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu, '');

/** The well-formed text a stored string reads back as (SQLite keeps UTF-8). */
export const stored = (text: string) => text.toWellFormed();

export const simpleEmail = (domain: string) =>
  fc
    .tuple(fc.stringMatching(/^[a-z0-9]{1,20}$/), fc.constantFrom('', ' ', '  '))
    .map(([local, pad]) => `${pad}${local}@${domain}${pad}`);

export const invalidEmails = fc.oneof(
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

export type BodyCase =
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

export interface FieldRule {
  valid: fc.Arbitrary<unknown>;
  /** Right JSON type, refused value (too long, bad format). */
  invalid?: fc.Arbitrary<unknown>;
  wrongType: fc.Arbitrary<unknown>;
  optional?: boolean;
}

export const junk = {
  number: fc.oneof(fc.integer(), fc.double()),
  boolean: fc.boolean(),
  null: fc.constant(null),
  string: fc.string({ maxLength: 20 }),
  array: fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }),
  object: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
};
export const notAString = fc.oneof(junk.number, junk.boolean, junk.null, junk.array, junk.object);
export const notABoolean = fc.oneof(
  junk.number,
  junk.null,
  junk.string,
  junk.array,
  junk.object,
  fc.constantFrom('true', 'false', 0, 1),
);

export const text = (valid: fc.Arbitrary<unknown>, invalid?: fc.Arbitrary<unknown>): FieldRule => ({
  valid,
  ...(invalid ? { invalid } : {}),
  wrongType: notAString,
});
export const optional = (rule: FieldRule): FieldRule => ({ ...rule, optional: true });

const deeplyNested = fc
  .integer({ min: 1000, max: 45_000 })
  .map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);

/**
 * Every way to get a JSON body wrong for a route, plus valid ones: wrong types,
 * refused values, missing and extra fields, non-objects, malformed JSON, empty
 * and oversized bodies, other content types.
 */
export function bodies(
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
export const anyBody = fc.option(
  bodies({ a: text(fc.string()), b: optional(text(fc.integer())) }),
  {
    nil: undefined,
    freq: 3,
  },
);

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
export const encode = (part: string) => encodeURIComponent(part.toWellFormed());

/** Query strings for routes that read none: refused as soon as they hold a key (see `hasQueryKeys`). */
export const junkQuery = fc.oneof(
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
export const hasQueryKeys = (query: string) => [...new URLSearchParams(query).keys()].length > 0;

/** A path parameter as sent (encoded) and as the route sees it (decoded). */
export interface Segment {
  raw: string;
  decoded: string;
}
export const segment = (decoded: string): Segment => ({
  raw: encode(decoded),
  decoded: decoded.toWellFormed(),
});

/** URLs resolve '.' and '..' segments (encoded too) before any server sees them: left out. */
export const notADotSegment = (part: string) => part !== '.' && part !== '..';

export const randomSegments = fc
  .oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
    fc.stringMatching(/^[a-z0-9-]{1,20}$/),
    fc.integer({ min: MAX_PARAM_LENGTH + 1, max: 3000 }).map((length) => 'x'.repeat(length)),
  )
  .filter(notADotSegment);

/** Daily-menu ids: '1' is the only one (a single daily menu). */
export const menuIds = fc.oneof(
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
export const fitsRoute = (...params: Segment[]) =>
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
  /** Only an owner may: a colleague's valid token gets 403 `owner-only`. */
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
    return route.ownerOnly ? refused(403, 'refusal', { code: 'owner-only' }) : null;
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
export async function expectAudited(action: string) {
  const entry = await app.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(entry).toEqual({ action, actor_id: staffId });
}

export const noWrites = (
  verify: (response: LightMyRequestResponse) => void = () => {},
): Expected => ({
  accepted: { status: 200, mayWrite: [], verify },
});

const PROPERTY_TIMEOUT_MS = 120_000;

// ---------------------------------------------------------------------------
// The API's routes, as the oracle knows them, by the family file that covers
// each (src/server/hostile-input/<file>.test.ts), with the requests the file
// sends at least. health-and-paths.test.ts checks the routes against those
// Fastify serves, the files against those on disk, and the requests' total;
// each file checks that its families reached every route it is listed for
// and no other, and that they sent their share.

export const FAMILY_FILES = {
  'health-and-paths': { requests: 2400, routes: [['GET', '/api/health']] },
  auth: {
    requests: 2400,
    routes: [
      ['POST', '/api/auth/login'],
      ['DELETE', '/api/auth/logout'],
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/send-email'],
      ['POST', '/api/auth/recovery-password/:token'],
      ['PUT', '/api/auth/password'],
    ],
  },
  staff: {
    requests: 2600,
    routes: [
      ['GET', '/api/auth/me'],
      ['GET', '/api/staff'],
      ['GET', '/api/contact-messages'],
      ['PATCH', '/api/staff/:id'],
      ['DELETE', '/api/staff/:id'],
      ['POST', '/api/staff/invitations'],
      ['GET', '/api/staff/invitations'],
      ['DELETE', '/api/staff/invitations/:id'],
      ['POST', '/api/staff/invitations/:token/accept'],
      ['GET', '/api/audit'],
    ],
  },
  'daily-menu': {
    requests: 4100,
    routes: [
      ['GET', '/api/daily-menu/:id'],
      ['PUT', '/api/daily-menu/:id'],
      ['GET', '/api/daily-menu/:id/translations'],
      ['PUT', '/api/daily-menu/:id/translations/:lang'],
      ['DELETE', '/api/daily-menu/:id/translations/:lang'],
    ],
  },
  contact: {
    requests: 1900,
    routes: [
      ['POST', '/api/contact'],
      ['PATCH', '/api/contact-messages/:id'],
    ],
  },
  menu: {
    requests: 3500,
    routes: [
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
    ],
  },
  'menu-csv': {
    requests: 1500,
    routes: [
      ['GET', '/api/menu/export.csv'],
      ['POST', '/api/menu/import/preview'],
      ['POST', '/api/menu/import'],
    ],
  },
  'opening-hours': {
    requests: 1500,
    routes: [
      ['GET', '/api/opening-hours'],
      ['PUT', '/api/opening-hours'],
    ],
  },
  restaurant: {
    requests: 1200,
    routes: [
      ['GET', '/api/restaurant'],
      ['PUT', '/api/restaurant'],
    ],
  },
  reservations: {
    requests: 1630,
    routes: [
      ['GET', '/api/reservations/availability'],
      ['POST', '/api/reservations'],
      ['POST', '/api/reservations/cancel'],
    ],
  },
  'reservations-staff': {
    requests: 2800,
    routes: [
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
    ],
  },
} satisfies Record<string, { requests: number; routes: [HTTPMethods, string][] }>;
type FamilyFile = keyof typeof FAMILY_FILES;

export const API_ROUTES: [HTTPMethods, string][] = Object.values(FAMILY_FILES).flatMap(
  ({ routes }) => routes,
);

/** The family files on disk, by the name FAMILY_FILES gives them. */
export const familyFilesOnDisk = () =>
  readdirSync(new URL('../../hostile-input/', import.meta.url))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => name.replace(/\.test\.ts$/, ''));

/** Route patterns with their parameters' names left out (Fastify prints shared ones as `:id|:token`). */
export const anonymousParams = (route: string) => route.replace(/:[\w|:]+/g, ':param');

/** The route patterns that decoded path segments (after /api/) match, served with `method` if given (HEAD is served with GET). */
function patternsMatching(segments: string[], method?: HTTPMethods) {
  return API_ROUTES.filter(([served, pattern]) => {
    if (method && served !== method && !(served === 'GET' && method === 'HEAD')) return false;
    const parts = pattern.split('/').slice(2);
    return (
      parts.length === segments.length &&
      parts.every((part, index) => (part.startsWith(':') ? true : part === segments[index]))
    );
  });
}

/**
 * Whether decoded path segments (after /api/) match a route pattern: any
 * pattern, or only those served with `method` (HEAD is served with GET).
 */
export const matchesRoute = (segments: string[], method?: HTTPMethods) =>
  patternsMatching(segments, method).length > 0;

/**
 * The route a request that reached a route's own code was served by, as
 * `METHOD /pattern` (HEAD as GET): of the patterns it matches, the one with
 * the most fixed segments, as find-my-way prefers.
 */
function routeServing(request: HostileRequest): string {
  const segments = request.url.split('?')[0]!.split('/').slice(2).map(decodeURIComponent);
  const fixed = (pattern: string) => pattern.split('/').filter((part) => !part.startsWith(':'));
  const [method, pattern] = patternsMatching(segments, request.method).sort(
    ([, a], [, b]) => fixed(b).length - fixed(a).length,
  )[0] ?? [request.method, request.url];
  return `${method} ${pattern}`;
}

// ---------------------------------------------------------------------------
// The families of requests, one property each, and the runner of a family file.

interface Family<T> {
  name: string;
  runs: number;
  cases: fc.Arbitrary<T>;
  route: (generated: T) => Route | Promise<Route>;
  /** Runs once before the family's requests (outside any snapshot's pair). */
  before?: () => Promise<void>;
  /** Every path it sends matches no route: no request reaches a route's own code. */
  unmatched?: true;
  /** The route refuses nothing it is sent. */
  refusesNothing?: true;
}
export const family = <T>(definition: Family<T>) => definition as Family<unknown>;

export const ANY_METHOD: HTTPMethods[] = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
];
export const EXOTIC_METHODS: HTTPMethods[] = ['TRACE', 'PROPFIND', 'LOCK'];

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

/**
 * A family file: its own app on its own database (set up before, closed
 * after, with the tally printed), then its families in order, one test each,
 * then the checks over what they sent. State a family needs beyond the
 * common set-up goes in the file's own `beforeAll`, which runs after this one's.
 */
export function hostileFamilies(file: FamilyFile, families: Family<unknown>[]) {
  beforeAll(setUpApp, 60_000);
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
    console.log(`hostile input, ${file}: ${totalSent()} requests\n${lines.join('\n')}`);
  });

  describe('hostile requests', () => {
    for (const definition of families) {
      it(definition.name, () => property(definition), PROPERTY_TIMEOUT_MS);
    }

    it('sent every family its runs', () => {
      expect(families.map(({ name }) => [name, tally.get(name)?.sent])).toEqual(
        families.map(({ name, runs }) => [name, runs]),
      );
    });

    it("reached every route's own code, and refused requests at every route that refuses any", () => {
      for (const { name, unmatched, refusesNothing } of families) {
        const { handled, refused } = tally.get(name)!;
        if (!unmatched) expect(handled, name).toBeGreaterThan(0);
        if (!refusesNothing) expect(refused.size, name).toBeGreaterThan(0);
      }
    });

    it(`sent at least the ${FAMILY_FILES[file].requests} requests FAMILY_FILES counts on`, () => {
      expect(totalSent()).toBeGreaterThanOrEqual(FAMILY_FILES[file].requests);
    });

    it(`reached exactly the routes FAMILY_FILES lists for ${file}`, () => {
      const listed = FAMILY_FILES[file].routes.map(([method, pattern]) => `${method} ${pattern}`);
      expect([...reached].sort()).toEqual(listed.sort());
    });
  });
}

// ---------------------------------------------------------------------------
// Generators and helpers that several family files share.

export const translationLangs = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TARGET_LANGS).map(segment) },
  { weight: 1, arbitrary: fc.constantFrom('it', 'EN', 'pt', 'en-GB', 'xx', 'de ').map(segment) },
  { weight: 1, arbitrary: randomSegments.map(segment) },
);
export const isTargetLang = (lang: Segment) =>
  (TARGET_LANGS as readonly string[]).includes(lang.decoded);

/** A name as a visitor types it: no control characters once trimmed (names reach mail headers). */
export const personName = fc
  .tuple(trimmedText(NAME_MAX), fc.constantFrom('', ' ', '\t'))
  .map(([name, pad]) => `${pad}${withoutControls(name)}${pad}`);

export const loginPassword = anyText(1024).filter((password) => password.length > 0);

/** 12 to 128 characters (code points: 128 emoji are fine), sometimes a common one. */
export const newPassword = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 12, maxLength: 128 }) },
  { weight: 1, arbitrary: fc.constant('😀'.repeat(128)) },
  { weight: 1, arbitrary: fc.constantFrom(...COMMON_PASSWORDS) },
);
export const badNewPassword = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 11 }),
  fc.string({ unit: 'binary', minLength: 129, maxLength: 300 }),
  fc.constant('😀'.repeat(129)),
);
export const isCommon = (password: string) =>
  COMMON_PASSWORDS.some((common) => common.toLowerCase() === password.toLowerCase());
export const staffName = optional(
  text(
    trimmedText(NAME_MAX).map(withoutControls),
    fc.oneof(fc.constantFrom('', ' ', 'Anna\u202Eadmin', 'a\nb'), tooLongText(NAME_MAX)),
  ),
);

let madeAccounts = 0;
/** A staff account made straight in the database (its password is COLLEAGUE_PASSWORD). */
export async function newAccount(role: 'owner' | 'staff' = 'staff') {
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

/** Ids the way idParams reads them: `Number()` of the text, an integer from 1 to 2^31 - 1. */
export const readsAsId = (text: string) => {
  const number = Number(text);
  return Number.isInteger(number) && number >= 1 && number <= 2 ** 31 - 1;
};

export const actor = () => ({ id: staffId, email: STAFF_EMAIL });

export const notAnArray = fc.oneof(junk.number, junk.boolean, junk.null, junk.string, junk.object);

export const menuLangQueries = fc.oneof(
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

export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const padded = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.constantFrom('', ' ', '  ', '\t', '\n '), text, fc.constantFrom('', ' ', '\r\n'))
    .map(([before, middle, after]) => `${before}${middle}${after}`);

export const phoneNumbers = fc
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
