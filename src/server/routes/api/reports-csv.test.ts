import { parse } from 'csv-parse/sync';
import { reportsHarness } from '../../testing/reports-harness.ts';
import { describe, expect, it } from 'vitest';
import { AUTH_REFUSALS } from '../../../shared/schemas/errors.ts';
import { REPORT_NAMES, type ReportAnswer } from '../../../shared/schemas/reports.ts';
import { insertOrders, NOVEMBER, seedNovember, twoDishes } from '../../testing/reports.ts';

// The reports as CSV files, who may read them, and what they refuse.

const { harness, tokens, get, report } = reportsHarness();

/** A CSV file's rows as objects by the header's names, every cell a text. */
const parsed = (body: string) =>
  parse(body, { columns: true, skip_empty_lines: true }) as Record<string, string>[];

/** A JSON row as the CSV writes it: numbers unformatted, null empty. */
const asText = (row: object) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value === null ? '' : String(value)]),
  );

describe('GET /api/reports/{name}.csv', () => {
  it('is each report as a file with the same numbers as its JSON, the current range only', async () => {
    await seedNovember(harness().app.db);
    for (const [name, group, file] of [
      ['bookings', 'day', 'prenotazioni-2026-11-01-2026-11-30.csv'],
      ['bookings', 'week', 'prenotazioni-2026-11-01-2026-11-30.csv'],
      ['takeaway', 'month', 'asporto-2026-11-01-2026-11-30.csv'],
      ['takeaway', 'slot', 'asporto-fasce-2026-11-01-2026-11-30.csv'],
      ['dishes', 'day', 'piatti-2026-11-01-2026-11-30.csv'],
      ['events', 'day', 'eventi-2026-11-01-2026-11-30.csv'],
      ['languages', 'day', 'lingue-2026-11-01-2026-11-30.csv'],
    ] as const) {
      const query = `${NOVEMBER}&group=${group}`;
      const json = await report(`/api/reports/${name}?${query}`);
      const response = await get(`/api/reports/${name}.csv?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${file}"`);
      expect(response.headers['cache-control']).toBe('no-store');
      const header = response.body.split('\r\n')[0]!.split(',');
      expect(header).toEqual(Object.keys(json.rows[0]!));
      expect(parsed(response.body)).toEqual(json.rows.map(asText));
    }
  });

  it('has its header row even without rows', async () => {
    const response = await get('/api/reports/dishes.csv?from=2030-01-01&to=2030-01-31');
    expect(response.body).toBe('id,name,quantity,total\r\n');
  });

  it('writes a dish name that looks like a formula behind an apostrophe', async () => {
    const { db } = harness().app;
    const [m1] = await twoDishes(db);
    const names = ['=HYPERLINK("http://x","y")', '+1', '-2', '@SUM(A1)', '\tTab', '\rRitorno'];
    await insertOrders(
      db,
      names.map((name, index) => ({
        date: '2026-11-10',
        lines: [{ itemId: m1 + 1000 + index, name, quantity: index + 1, cents: 100 }],
      })),
    );
    const response = await get('/api/reports/dishes.csv?from=2026-11-10&to=2026-11-10');
    const cells = parsed(response.body).map((row) => row.name);
    expect(cells).toEqual(names.map((name) => `'${name}`).reverse());
    // A spreadsheet shows these as text: no cell starts as a formula would.
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});

describe('who reads the reports', () => {
  it.each(REPORT_NAMES)(
    '%s: the owner; staff are refused 403, anonymous callers 401',
    async (name) => {
      for (const suffix of ['', '.csv']) {
        const url = `/api/reports/${name}${suffix}?${NOVEMBER}`;
        const anonymous = await get(url, null);
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.headers['cache-control']).toBe('no-store');
        const staff = await get(url, tokens.staff);
        expect(staff.statusCode).toBe(403);
        expect(staff.json()).toEqual({
          errors: [{ code: AUTH_REFUSALS.ownerOnly, description: expect.any(String) }],
        });
        expect((await get(url)).statusCode).toBe(200);
      }
    },
  );
});

describe('bad input', () => {
  it.each([
    ['an unknown report', '/api/reports/guests?from=2026-11-01&to=2026-11-30', 'name'],
    ['an unknown report as CSV', '/api/reports/guests.csv?from=2026-11-01&to=2026-11-30', 'name'],
    ['no range', '/api/reports/bookings', 'from'],
    ['a day that does not exist', '/api/reports/bookings?from=2026-02-30&to=2026-03-01', 'from'],
    ['an end before the start', '/api/reports/bookings?from=2026-11-30&to=2026-11-01', 'to'],
    ['more than 732 days', '/api/reports/bookings?from=2024-01-01&to=2026-01-02', 'to'],
    [
      'an unknown grouping',
      '/api/reports/bookings?from=2026-11-01&to=2026-11-30&group=year',
      'group',
    ],
    [
      'slots of bookings',
      '/api/reports/bookings?from=2026-11-01&to=2026-11-30&group=slot',
      'group',
    ],
    [
      'slots of dishes as CSV',
      '/api/reports/dishes.csv?from=2026-11-01&to=2026-11-30&group=slot',
      'group',
    ],
    [
      'a key no report takes',
      '/api/reports/events?from=2026-11-01&to=2026-11-30&lang=it',
      'querystring',
    ],
    ['a key twice', '/api/reports/events?from=2026-11-01&from=2026-11-02&to=2026-11-30', 'from'],
  ])('%s is 400 with the field named', async (_what, url, field) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(400);
    const { errors } = response.json<{ errors: Record<string, string[]> }>();
    expect(Object.keys(errors)).toContain(field);
  });

  it('keeps a range of 732 days', async () => {
    const answer: ReportAnswer = await report(
      '/api/reports/bookings?from=2024-01-01&to=2026-01-01&group=month',
    );
    expect(answer.rows).toHaveLength(25);
  });
});
