import { stringify } from 'csv-stringify/sync';
import type { ReportAnswer, ReportName } from '../../../shared/schemas/reports.ts';

/**
 * A report as a CSV file (CONTRACT.md part four, "The owner's view"): UTF-8,
 * comma-separated, a header row of the JSON fields' names, then the current
 * range's rows, numbers unformatted and money as its decimal string.
 */

const COLUMNS = {
  bookings: [
    'period',
    'bookings',
    'covers',
    'seatedCovers',
    'noShowCovers',
    'cancelledCovers',
    'online',
    'phone',
    'walkIn',
  ],
  takeaway: ['period', 'orders', 'items', 'collectedTotal', 'noShows'],
  slots: ['weekday', 'time', 'orders', 'oven', 'kitchen', 'ovenLimit', 'kitchenLimit'],
  dishes: ['id', 'name', 'quantity', 'total'],
  events: ['status', 'count', 'guests'],
  languages: ['lang', 'bookings', 'orders', 'events'],
} as const;

/**
 * A cell a spreadsheet would read as a formula (it begins with `=`, `+`,
 * `-`, `@`, a tab or a carriage return) written behind an apostrophe, so it
 * shows as text and computes nothing (docs/security.md item 58).
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function reportCsv(name: ReportName, answer: ReportAnswer): string {
  const columns = answer.group === 'slot' ? COLUMNS.slots : COLUMNS[name];
  const cell = (value: unknown) => neutraliseFormula(value === null ? '' : String(value));
  const rows = (answer.rows as unknown as Record<string, unknown>[]).map((row) =>
    columns.map((column) => cell(row[column])),
  );
  return stringify([[...columns], ...rows], { record_delimiter: '\r\n' });
}
