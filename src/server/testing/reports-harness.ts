import { afterEach, beforeEach, expect } from 'vitest';
import type { ReportAnswer } from '../../shared/schemas/reports.ts';
import { createStaff, login, testApp } from './app.ts';
import { REPORTS_NOW } from './reports.ts';

/**
 * An app on a database of its own per test (SQLite, or PostgreSQL in the
 * `postgres` project) at REPORTS_NOW, with an owner and a staff member
 * logged in; `report` GETs an answer as the owner and checks it is 200
 * and no-store.
 */
export function reportsHarness() {
  let harness: Awaited<ReturnType<typeof testApp>>;
  const tokens = { owner: '', staff: '' };
  beforeEach(async () => {
    harness = await testApp({}, { pages: false, now: () => REPORTS_NOW });
    await createStaff(harness.app, { role: 'owner' });
    await createStaff(harness.app, {
      email: 'bruno@trattoria.example',
      username: 'bruno',
      role: 'staff',
    });
    tokens.owner = await login(harness.app);
    tokens.staff = await login(harness.app, 'bruno@trattoria.example');
  });
  afterEach(() => harness.close());
  const get = (url: string, token: string | null = tokens.owner) =>
    harness.app.inject({
      method: 'GET',
      url,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
  return {
    harness: () => harness,
    tokens,
    get,
    async report(url: string): Promise<ReportAnswer> {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      return response.json<ReportAnswer>();
    },
  };
}
