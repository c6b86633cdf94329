import fc from 'fast-check';
import { type HTTPMethods } from 'fastify';
import { expect } from 'vitest';
import {
  FOUNDED_YEAR_MIN,
  LINK_MAX,
  PLACE_MAX,
  PRICE_RANGES,
  RESTAURANT_NAME_MAX,
  STREET_MAX,
} from '../../shared/schemas/restaurant.ts';
import { app, CLOCK, expectAudited } from '../testing/hostile-input/app-under-test.ts';
import {
  authCases,
  authorizationHeader,
  ownerAuthCases,
} from '../testing/hostile-input/authorization.ts';
import { bodies, type BodyCase, junk, optional, text } from '../testing/hostile-input/bodies.ts';
import { noWrites } from '../testing/hostile-input/expected.ts';
import { hasQueryKeys, junkQuery } from '../testing/hostile-input/queries.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import type { Table } from '../testing/hostile-input/snapshot.ts';
import {
  anyText,
  invalidEmails,
  padded,
  phoneNumbers,
  simpleEmail,
  stored,
  tooLongText,
  trimmedText,
  withoutControls,
} from '../testing/hostile-input/texts.ts';

// The restaurant's own facts. Valid bodies are built valid (texts without
// controls, phones as "+" and 8 to 15 digits in groups, https links to a
// named host, coordinates on the globe), sometimes padded, in other cases or
// left empty where that means none; refused values carry one known defect
// each. The oracle computes what GET shows after the PUT on its own, with the
// WHATWG URL parser for the links' standard form.

const FACT_TABLES: Table[] = ['restaurant_facts', 'content_version', 'audit_log'];

const factText = (max: number) => padded(trimmedText(max).map(withoutControls));

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
/** This year in Rome on the app's clock: no founding year after it. */
const THIS_YEAR = new Date(CLOCK).getUTCFullYear();
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
  // Left out, the stored one stays (clients from before it was a fact).
  mapEmbedUrl: optional(text(httpsLinks, fc.constantFrom('', '  ', ...BAD_LINKS))),
  social: nested({
    instagram: { valid: fc.oneof(httpsLinks, noneValues), invalid: [42, ...BAD_LINKS] },
    facebook: { valid: fc.oneof(httpsLinks, noneValues), invalid: [false, ...BAD_LINKS] },
  }),
  privacyPolicyUrl: text(httpsLinks, fc.constantFrom('', '  ', ...BAD_LINKS)),
  foundedYear: {
    valid: fc.integer({ min: FOUNDED_YEAR_MIN, max: THIS_YEAR }),
    // Before the earliest, after this year on the app's clock, not a whole year.
    invalid: fc.oneof(
      fc.constantFrom(FOUNDED_YEAR_MIN - 1, THIS_YEAR + 1, 0, -1998, 1998.5, 10_000, 1e308),
      fc.integer({ min: THIS_YEAR + 1, max: 9999 }),
    ),
    wrongType: fc.oneof(junk.boolean, junk.null, junk.string, junk.array, junk.object),
  },
  priceRange: text(
    fc.constantFrom(...PRICE_RANGES),
    fc.constantFrom('', '€€€€€', '$$', ' €€', '€€ ', '€ €', 'economico', 'EUR'),
  ),
});

type Facts = Awaited<ReturnType<typeof app.restaurantFacts.get>>;
/** What GET shows after a PUT of `sent` (a body the schema accepts), independently of the server's code. */
function expectedFacts(sent: Facts, before: Facts): Facts {
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
    mapEmbedUrl: json.mapEmbedUrl === undefined ? before.mapEmbedUrl : link(json.mapEmbedUrl),
    social: {
      instagram: orNoLink(json.social.instagram),
      facebook: orNoLink(json.social.facebook),
    },
    privacyPolicyUrl: link(json.privacyPolicyUrl),
    foundedYear: json.foundedYear,
    priceRange: json.priceRange,
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
        const expected = expectedFacts((sent as { json: Facts }).json, before);
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

hostileFamilies('restaurant', [getRestaurant, putRestaurant]);
