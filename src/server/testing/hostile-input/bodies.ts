import fc from 'fast-check';
import { PHOTO_MAX_BYTES } from '../../../shared/schemas/photos.ts';
import { BODY_LIMIT_BYTES } from '../../app.ts';
import { type Expected, refused } from './expected.ts';
import { NAME_MAX, tooLongText, trimmedText, withoutControls } from './texts.ts';

// Bodies: every way to get a route's JSON body wrong, plus valid ones, and
// how Fastify's body parsing answers them before any route code.

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

export const bodyText = (body: BodyCase) =>
  body.kind === 'raw' ? body.text : JSON.stringify(body.json);

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
export function parseRefusal(
  method: string,
  body: BodyCase | undefined,
  /** The route also reads `image/…` bodies of up to PHOTO_MAX_BYTES (a photo upload). */
  imageBody = false,
): Expected | null {
  if (!body || !BODY_METHODS.has(method)) return null;
  const text = bodyText(body);
  const bytes = Buffer.byteLength(text);
  const { contentType } = body;
  if (contentType === undefined) return bytes === 0 ? null : refused(415, 'message');
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (imageBody && /^image\/[a-z0-9.+-]+$/.test(mediaType)) {
    return bytes > PHOTO_MAX_BYTES ? refused(413, 'message') : null;
  }
  if (mediaType !== 'application/json' && mediaType !== 'text/plain') {
    return refused(415, 'message');
  }
  if (bytes > BODY_LIMIT_BYTES) return refused(413, 'message');
  if (mediaType === 'text/plain') return null;
  if (bytes === 0 || !parsesAsJson(text)) return refused(400, 'message');
  return null;
}

/** The field a body schema refuses, or null when the body is valid. */
export const schemaRefusal = (body: BodyCase | undefined): string | null =>
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

export const notAnArray = fc.oneof(junk.number, junk.boolean, junk.null, junk.string, junk.object);

export const staffName = optional(
  text(
    trimmedText(NAME_MAX).map(withoutControls),
    fc.oneof(fc.constantFrom('', ' ', 'Anna\u202Eadmin', 'a\nb'), tooLongText(NAME_MAX)),
  ),
);
