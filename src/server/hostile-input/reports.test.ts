import fc from 'fast-check';
import { type HTTPMethods } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { REPORT_NAMES } from '../../shared/schemas/reports.ts';
import { app } from '../testing/hostile-input/app-under-test.ts';
import { ownerAuthCases } from '../testing/hostile-input/authorization.ts';
import { noWrites, refused, type Expected } from '../testing/hostile-input/expected.ts';
import { fitsRoute, segment } from '../testing/hostile-input/paths.ts';
import { queryOf } from '../testing/hostile-input/queries.ts';
import {
  expectReportAnswer,
  reportQueries,
  reportQueryOf,
  reportQueryRefusals,
  reportSegments,
} from '../testing/hostile-input/reports.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import { insertBookings, insertEvents, insertOrders, twoDishes } from '../testing/reports.ts';

// The owner's reports (GET /api/reports/{name} and /api/reports/{name}.csv).
// The oracle reads the contract: a report is one of five names; from and
// to are real days, in order, at most 732 days apart; group one of four,
// `slot` only for takeaway; no other key. A taken query answers the range
// and the one before with a row per period, the CSV a header row and a row
// per current row. Nothing is ever written.

const isReport = (name: string) => (REPORT_NAMES as readonly string[]).includes(name);

const reportCases = fc.record({
  method: fc.constantFrom<HTTPMethods>('GET', 'GET', 'HEAD'),
  name: reportSegments,
  parts: reportQueries,
  auth: ownerAuthCases,
});

type ReportCase = typeof reportCases extends fc.Arbitrary<infer T> ? T : never;

/** A report's request, as JSON or as CSV. */
const reportRoute =
  (csv: boolean) =>
  ({ method, name, parts, auth }: ReportCase) => {
    const refusals = [...(isReport(name.decoded) ? [] : ['name']), ...reportQueryRefusals(parts)];
    return {
      method,
      url: `/api/reports/${name.raw}${csv ? '.csv' : ''}${queryOf(parts)}`,
      auth,
      ownerOnly: true,
      unmatched: !fitsRoute(name),
      paramRefusals: refusals,
      handler: (): Expected => {
        const query = reportQueryOf(parts);
        if (query.group === 'slot' && name.decoded !== 'takeaway') {
          return refused(400, 'fields', { field: 'group' });
        }
        return noWrites((response) => {
          if (method === 'HEAD') return expect(response.body).toBe('');
          if (!csv) return expectReportAnswer(response, name.decoded, query);
          expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
          expect(response.headers['content-disposition']).toMatch(
            new RegExp(`^attachment; filename="[a-z-]+-${query.from}-${query.to}\\.csv"$`),
          );
          // Every cell of this data is a plain word or number: no line starts as a formula would.
          for (const line of response.body.split('\r\n')) expect(line).not.toMatch(/^[=+\-@]/);
        });
      },
    };
  };

const getReport = family({
  name: 'GET /api/reports/:name (owner)',
  runs: 900,
  cases: reportCases,
  route: reportRoute(false),
});

const getReportCsv = family({
  name: 'GET /api/reports/:name.csv (owner)',
  runs: 500,
  cases: reportCases,
  route: reportRoute(true),
});

/** The owner's page asking as it does: a report, a range it offers, a grouping, JSON or CSV. */
const asThePageAsks = family({
  name: 'GET /api/reports/:name (owner, as the page asks)',
  runs: 200,
  refusesNothing: true,
  cases: fc.record({
    name: fc.constantFrom(...REPORT_NAMES),
    from: fc.integer({ min: 0, max: 400 }),
    span: fc.integer({ min: 0, max: 400 }),
    group: fc.constantFrom('day', 'week', 'month', 'slot'),
    csv: fc.boolean(),
  }),
  route: ({ name, from, span, group, csv }) => {
    const day = (i: number) => new Date(Date.UTC(2025, 6, 1 + i)).toISOString().slice(0, 10);
    return reportRoute(csv)({
      method: 'GET',
      name: segment(name),
      parts: [
        ['from', day(from)],
        ['to', day(from + span)],
        ['group', group === 'slot' && name !== 'takeaway' ? 'day' : group],
      ],
      auth: 'valid',
    });
  },
});

/** A few weeks of every kind of row, so that answers have numbers in them. */
async function seedReports() {
  const { db } = app;
  const [m1, m2] = await twoDishes(db);
  const day = (i: number) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
  await insertBookings(
    db,
    Array.from({ length: 60 }, (_, i) => ({
      date: day(i),
      party: 1 + (i % 6),
      status: (['finished', 'no-show', 'cancelled', 'declined', 'confirmed'] as const)[i % 5],
      source: (['online', 'staff', 'walk-in'] as const)[i % 3],
      lang: ['it', 'en', 'de'][i % 3],
    })),
  );
  await insertOrders(
    db,
    Array.from({ length: 30 }, (_, i) => ({
      date: day(i * 2),
      status: (['collected', 'no-show', 'declined', 'cancelled'] as const)[i % 4],
      lines: [
        { itemId: m1, name: 'Margherita', quantity: 1 + (i % 3), cents: 650 },
        { itemId: m2, name: 'Frittura', quantity: 1, cents: 1234, kitchen: 'kitchen' as const },
      ],
    })),
  );
  await insertEvents(
    db,
    Array.from({ length: 8 }, (_, i) => ({
      date: day(i * 7),
      status: (['new', 'talking', 'confirmed', 'lost'] as const)[i % 4],
    })),
  );
}

hostileFamilies('reports', [getReport, getReportCsv, asThePageAsks]);
// After the app's own set-up (hostileFamilies registers it first).
beforeAll(seedReports, 60_000);
