import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, harness, setUpApp, snapshots } from './app-under-test.ts';
import { type Expected, expectContractError } from './expected.ts';
import { expectation, type HostileRequest, type Route, toRequest } from './lifecycle.ts';
import { FAMILY_FILES, type FamilyFile, routeServing } from './route-table.ts';
import { changedTables } from './snapshot.ts';

/*
 * Hostile input: malformed JSON, wrong types, unknown keys and oversized
 * strings or bodies get a 4xx in one of the API's three error shapes, never a
 * 500, and change nothing. Property-based requests at every API route and method, through
 * `app.inject()`: wrong JSON types, missing and extra
 * fields, huge and Unicode strings, malformed JSON, wrong content types, bad
 * tokens, bad path parameters and query strings. For each request the oracle
 * decides, from how the request was generated, whether the server must
 * refuse it (then: a 4xx in one of those shapes and no table changed)
 * or accept it (then: the documented success status and exactly the expected
 * change), so no property can pass by refusing everything.
 *
 * The oracle's machinery, shared by every family of requests, is in parts:
 * - runner.ts (this module): `family()` and `hostileFamilies()`, which run a
 *   family file's families, one property each, hold every answer to the
 *   oracle's expectation and tally what was sent;
 * - app-under-test.ts: the app and its database, its credentials, the rows
 *   every file starts with;
 * - snapshot.ts: the snapshots of the tables, and which tables a request changed;
 * - expected.ts: the API's three error shapes, and what the oracle expects of
 *   an answer (`refused`, `noWrites`);
 * - lifecycle.ts: the steps every request goes through before a route's own
 *   code (parsing, matching, validation, the token), and their refusals;
 * - route-table.ts: FAMILY_FILES, which family file covers which route;
 * - the generators: texts.ts (strings, names, passwords), bodies.ts (JSON
 *   bodies and their field rules), paths.ts (path segments), queries.ts
 *   (query strings), authorization.ts (tokens and Authorization headers).
 *
 * The families themselves live in src/server/hostile-input/, one
 * test file per route family (route-table.ts says which file covers
 * which route), each on a database of its own, so that no family depends on
 * another's order or leftovers and the files run in parallel. A new API
 * route gets its properties in its family's file (or a new file), and its
 * line in FAMILY_FILES; the check in health-and-paths.test.ts fails until
 * it has both. The harness lives in src/server/testing/ with the other test
 * helpers, out of the `*.test.ts` files Vitest runs; generators that only
 * some families share sit beside it (menu.ts; reservations.ts with
 * reservations-calendar.ts and reservations-generators.ts).
 */

// ---------------------------------------------------------------------------
// One request sent and held to its expectation, and the tally of all of them.

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
  // Never a 5xx the oracle did not expect (it expects one only of a service that is unavailable).
  const expectedStatus = 'refused' in expected ? expected.refused.status : expected.accepted.status;
  if (expectedStatus < 500) {
    expect(response.statusCode, `5xx for ${label}: ${response.body.slice(0, 300)}`).toBeLessThan(
      500,
    );
  }
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
// The families of requests, one property each, and the runner of a family file.

const PROPERTY_TIMEOUT_MS = 120_000;

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

/**
 * How many rounds of `runs` requests a family may take to reach its route's
 * own code and see a refusal. A family whose requests rarely pass every step
 * (a valid token, no query, a valid body: about one in fifteen for
 * POST /api/takeaway/pause) would otherwise, now and then, reach no route
 * code in its runs, and the checks below would fail by chance alone.
 */
const MAX_ROUNDS = 10;

/** Whether a family has sent what the checks below need of it. */
function covered({ name, unmatched, refusesNothing }: Family<unknown>) {
  const counts = tally.get(name);
  if (!counts) return false;
  return (unmatched || counts.handled > 0) && (refusesNothing || counts.refused.size > 0);
}

/** How many rounds each family ran, by name. */
const roundsRun = new Map<string, number>();
/** The rounds the family `name` ran (0 before it runs). */
export const roundsOf = (name: string) => roundsRun.get(name) ?? 0;

/**
 * Runs a family's generated requests, each held to the oracle's expectation:
 * `runs` of them, then more rounds of as many, each with a seed of its own,
 * while the family has not reached its route's code or seen a refusal.
 */
async function property(definition: Family<unknown>) {
  const { name, runs, cases, route, before } = definition;
  await before?.();
  do {
    roundsRun.set(name, roundsOf(name) + 1);
    await fc.assert(
      fc.asyncProperty(cases, async (generated) => {
        const built = await route(generated);
        const { expected, handled } = await expectation(built);
        await exchange(name, toRequest(built), expected, handled);
      }),
      { numRuns: runs },
    );
  } while (roundsOf(name) < MAX_ROUNDS && !covered(definition));
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

    it('sent every family its runs in each of its rounds', () => {
      expect(families.map(({ name }) => [name, tally.get(name)?.sent])).toEqual(
        families.map(({ name, runs }) => [name, runs * roundsOf(name)]),
      );
    });

    it("reached every route's own code, and refused requests at every route that refuses any", () => {
      for (const { name, unmatched, refusesNothing } of families) {
        const { handled, refused } = tally.get(name)!;
        const label = `${name}, in ${roundsOf(name)} rounds`;
        if (!unmatched) expect(handled, label).toBeGreaterThan(0);
        if (!refusesNothing) expect(refused.size, label).toBeGreaterThan(0);
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
