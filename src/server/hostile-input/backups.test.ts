import fc from 'fast-check';
import { type HTTPMethods } from 'fastify';
import { expect } from 'vitest';
import { app } from '../testing/hostile-input/app-under-test.ts';
import { ownerAuthCases } from '../testing/hostile-input/authorization.ts';
import { noWrites } from '../testing/hostile-input/expected.ts';
import { hasQueryKeys, junkQuery } from '../testing/hostile-input/queries.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';

// The daily backups' state (owners only): it takes no query and writes
// nothing. The app under test has no BACKUP_DIR: they are off, and the
// answer says so.

const getBackups = family({
  name: 'GET /api/backups (owner)',
  runs: 300,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: junkQuery,
    auth: ownerAuthCases,
  }),
  route: ({ method, query, auth }) => ({
    method,
    url: `/api/backups${query}`,
    unknownQuery: hasQueryKeys(query),
    auth,
    ownerOnly: true,
    handler: () =>
      noWrites(async (response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        expect(response.json()).toEqual(await app.backups.status());
        expect(response.json()).toMatchObject({ enabled: false, stale: false });
      }),
  }),
});

hostileFamilies('backups', [getBackups]);
