import fc from 'fast-check';
import { type HTTPMethods } from 'fastify';
import { expect } from 'vitest';
import { app } from '../testing/hostile-input/app-under-test.ts';
import { ownerAuthCases } from '../testing/hostile-input/authorization.ts';
import { noWrites } from '../testing/hostile-input/expected.ts';
import { hasQueryKeys, junkQuery } from '../testing/hostile-input/queries.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';

// The first screen's overview (every staff member, a colleague too): it
// takes no query and writes nothing. The app under test has one unread
// contact message (and a spam one, which does not count).

const getOverview = family({
  name: 'GET /api/overview (staff)',
  runs: 300,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: junkQuery,
    // The owner's cases and a colleague's token: both may read it.
    auth: ownerAuthCases,
  }),
  route: ({ method, query, auth }) => ({
    method,
    url: `/api/overview${query}`,
    unknownQuery: hasQueryKeys(query),
    auth,
    handler: () =>
      noWrites(async (response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        expect(response.json()).toEqual(await app.overview.read());
        expect(response.json()).toMatchObject({ unreadMessages: 1 });
      }),
  }),
});

hostileFamilies('overview', [getOverview]);
