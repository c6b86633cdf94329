import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiReference, OUTPUT_PATH, renderApiReference } from './api-reference.ts';

describe('docs/api.md', () => {
  it('is what the template and the routes make now', async () => {
    const expected = await apiReference();
    const actual = readFileSync(OUTPUT_PATH, 'utf8');
    // One readable failure rather than a diff of the whole file.
    if (actual !== expected) {
      expect.fail('docs/api.md is out of date: run `npm run docs:api` and commit the result.');
    }
  });

  const route = { method: 'GET', url: '/api/example', auth: 'public' as const, responses: {} };

  it('refuses a template that leaves a route out, or places one the server lacks', () => {
    expect(() => renderApiReference('# API\n', [route])).toThrow(
      /does not place: GET \/api\/example/,
    );
    expect(() => renderApiReference('<!-- route: GET /api/nothing -->\n', [route])).toThrow(
      /GET \/api\/nothing, which the server does not have/,
    );
    expect(() =>
      renderApiReference('<!-- route: GET /api/example -->\n<!-- route: GET /api/example -->\n', [
        route,
      ]),
    ).toThrow(/twice/);
  });
});
