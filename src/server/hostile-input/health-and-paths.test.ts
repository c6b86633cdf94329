import fc from 'fast-check';
import { type HTTPMethods } from 'fastify';
import { describe, expect, it } from 'vitest';
import { app, seededMessageId } from '../testing/hostile-input/app-under-test.ts';
import { authCases, authorizationHeader } from '../testing/hostile-input/authorization.ts';
import { anyBody } from '../testing/hostile-input/bodies.ts';
import { contractShape, expectContractError, noWrites } from '../testing/hostile-input/expected.ts';
import { encode, randomSegments } from '../testing/hostile-input/paths.ts';
import { hasQueryKeys, junkQuery } from '../testing/hostile-input/queries.ts';
import {
  anonymousParams,
  ANY_METHOD,
  API_ROUTES,
  EXOTIC_METHODS,
  FAMILY_FILES,
  familyFilesOnDisk,
  matchesRoute,
} from '../testing/hostile-input/route-table.ts';
import {
  family,
  hostileFamilies,
  nextClientAddress,
  roundsOf,
} from '../testing/hostile-input/runner.ts';
import { registeredRoutes } from '../testing/routes.ts';

const unknownPaths = family({
  name: 'unknown paths under /api, any method: 404 {message}',
  unmatched: true,
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
  unmatched: true,
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
  refusesNothing: true,
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

/**
 * The runner's own guarantee: a family that reaches no route's code in its
 * first round of runs gets more rounds, and no more once it has. Its first
 * round carries a query key /api/health refuses, the later ones none.
 */
const LATE_RUNS = 20;
let lateSent = 0;
const reachedOnlyLate = family({
  name: 'GET /api/health, reached only in a second round',
  runs: LATE_RUNS,
  cases: fc.constant(null),
  route: () => {
    lateSent += 1;
    const query = lateSent <= LATE_RUNS ? '?a=1' : '';
    return {
      method: 'GET',
      url: `/api/health${query}`,
      unknownQuery: hasQueryKeys(query),
      handler: () => noWrites((response) => expect(response.json()).toEqual({ status: 'ok' })),
    };
  },
});

hostileFamilies('health-and-paths', [unknownPaths, wrongMethods, health, reachedOnlyLate]);

describe('the runner', () => {
  it('gave the family reached only late exactly two rounds', () => {
    expect(roundsOf(reachedOnlyLate.name)).toBe(2);
    expect(lateSent).toBe(2 * LATE_RUNS);
  });
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

  it('has a family file for every entry of its route table, and an entry for every file', () => {
    expect(familyFilesOnDisk().sort()).toEqual(Object.keys(FAMILY_FILES).sort());
  });

  it('sends at least 10,000 generated requests in all (each file checks its own share)', () => {
    const total = Object.values(FAMILY_FILES).reduce((sum, { requests }) => sum + requests, 0);
    expect(total).toBeGreaterThanOrEqual(10_000);
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
