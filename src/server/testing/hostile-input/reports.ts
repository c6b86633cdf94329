import fc from 'fast-check';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { isDate } from '../../../shared/opening-hours.ts';
import {
  REPORT_GROUPS,
  REPORT_MAX_DAYS,
  REPORT_NAMES,
  type ReportAnswer,
} from '../../../shared/schemas/reports.ts';
import { daysIn, periodsOf, previousRange } from '../../services/reports/periods.ts';
import { randomSegments, segment, type Segment } from './paths.ts';
import type { QueryPart } from './queries.ts';

// The reports' generators and oracle (hostile-input/reports.test.ts): report
// names and other path segments, ranges (real days, impossible ones, ends
// before starts, ranges too long) and groupings, and what the contract says
// an answer holds: a row per period of each range, a row per status or
// language, the range before.

export const reportSegments: fc.Arbitrary<Segment> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...REPORT_NAMES).map(segment) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom('Bookings', 'guests', 'booking', 'bookings ', 'dishes.json', '__proto__', '0')
      .map(segment),
  },
  { weight: 1, arbitrary: randomSegments.filter((text) => !text.includes('.csv')).map(segment) },
);

const days = fc
  .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2028, 11, 31) })
  .map((ms) => new Date(ms - (ms % 86_400_000)).toISOString().slice(0, 10));

/** Days, mostly real and near each other, sometimes not days at all. */
const dayTexts = fc.oneof(
  { weight: 8, arbitrary: days },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '2026-02-30',
      '2026-13-01',
      '2026-1-5',
      '20261105',
      '2026-11-05T00:00',
      '',
      ' 2026-11-05',
      '٢٠٢٦-١١-٠٥',
      'null',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** The query parts of a report: from, to, group (often left out), sometimes one twice, bare or unknown. */
export const reportQueries: fc.Arbitrary<QueryPart[]> = fc
  .record({
    from: dayTexts,
    span: fc.oneof(fc.integer({ min: 0, max: 120 }), fc.integer({ min: -40, max: 800 })),
    to: fc.oneof({ weight: 1, arbitrary: dayTexts }, { weight: 4, arbitrary: fc.constant(null) }),
    group: fc.option(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...REPORT_GROUPS) },
        { weight: 1, arbitrary: fc.constantFrom('year', 'DAY', '', 'slot ') },
      ),
      { freq: 2 },
    ),
    extra: fc.constantFrom<QueryPart[]>(
      ...Array<QueryPart[]>(24).fill([]),
      [['from']],
      [['to', '2026-01-01']],
      [['lang', 'it']],
      [['group', 'day']],
    ),
    leaveOut: fc.constantFrom(...Array<string>(10).fill(''), 'from', 'to'),
  })
  .map(({ from, span, to, group, extra, leaveOut }) => {
    // Mostly `to` a few days after `from`, so that most ranges are good ones.
    const end =
      to ??
      (isDate(from)
        ? new Date(Date.parse(`${from}T00:00:00Z`) + span * 86_400_000).toISOString().slice(0, 10)
        : from);
    const parts: QueryPart[] = [];
    if (leaveOut !== 'from') parts.push(['from', from]);
    if (leaveOut !== 'to') parts.push(['to', end]);
    if (group !== null) parts.push(['group', group]);
    return [...parts, ...extra];
  });

/**
 * The fields reportQuery refuses in a query of `parts` (empty: it takes
 * it): `from` and `to` once each, real days, in order, within
 * REPORT_MAX_DAYS; `group` at most once, one of REPORT_GROUPS; no other key.
 */
export function reportQueryRefusals(parts: QueryPart[]): string[] {
  const valuesOf = (key: string) =>
    parts.filter(([name]) => name.toWellFormed() === key).map(([, value]) => value ?? '');
  const refusals: string[] = [];
  const one = (key: string, takes: (value: string) => boolean) => {
    const values = valuesOf(key);
    if (values.length !== 1 || !takes(values[0]!.toWellFormed())) refusals.push(key);
  };
  one('from', isDate);
  one('to', isDate);
  const groups = valuesOf('group');
  if (
    groups.length > 1 ||
    (groups.length === 1 && !(REPORT_GROUPS as readonly string[]).includes(groups[0]!))
  ) {
    refusals.push('group');
  }
  if (parts.some(([key]) => !['from', 'to', 'group'].includes(key.toWellFormed()))) {
    refusals.push('querystring');
  }
  if (refusals.length === 0) {
    const [from, to] = [valuesOf('from')[0]!, valuesOf('to')[0]!];
    if (from > to || daysIn(from, to) > REPORT_MAX_DAYS) refusals.push('to');
  }
  return refusals;
}

/** The query a taken `parts` means. */
export function reportQueryOf(parts: QueryPart[]) {
  const value = (key: string) => parts.find(([name]) => name === key)?.[1];
  return {
    from: value('from')!,
    to: value('to')!,
    group: (value('group') ?? 'day') as (typeof REPORT_GROUPS)[number],
  };
}

/** How many rows each range of an answer has, as the contract counts them. */
function rowsExpected(
  name: string,
  range: { from: string; to: string },
  group: (typeof REPORT_GROUPS)[number],
): number | null {
  if (name === 'events') return 4;
  if (name === 'languages') return 5;
  if (name === 'dishes' || group === 'slot') return null;
  return periodsOf(range.from, range.to, group).length;
}

/** That a JSON answer is the range asked, the range before, a row per period of each. */
export function expectReportAnswer(
  response: LightMyRequestResponse,
  name: string,
  query: ReturnType<typeof reportQueryOf>,
) {
  expect(response.headers['cache-control']).toBe('no-store');
  const answer = response.json<ReportAnswer>();
  const previous = previousRange(query.from, query.to);
  expect(answer).toMatchObject({ ...query, previous });
  for (const [range, rows] of [
    [query, answer.rows],
    [previous, answer.previous.rows],
  ] as const) {
    const count = rowsExpected(name, range, query.group);
    if (count !== null) expect(rows).toHaveLength(count);
  }
}
