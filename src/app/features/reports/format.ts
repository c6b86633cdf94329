import { formatPrice } from '../../../shared/price.ts';
import type { TimeGroup } from './periods.ts';

/** The reports' numbers in Italian: "1.234", "12,5 %", "1.234,50 €". */
const integers = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 });
const decimals = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });
const percents = new Intl.NumberFormat('it-IT', { style: 'percent', maximumFractionDigits: 1 });

export const count = (value: number) => integers.format(value);
export const decimal = (value: number) => decimals.format(value);
export const percent = (value: number) => percents.format(value);
const wholePercents = new Intl.NumberFormat('it-IT', {
  style: 'percent',
  maximumFractionDigits: 0,
});
/** "67%": where a column of many figures must stay narrow (the heat map's). */
export const wholePercent = (value: number) => wholePercents.format(value);
/** Money as the server writes it ("1234.50"), in euros. */
export const money = (amount: string) => formatPrice(amount);

/** A part of a whole, zero when the whole is: a period without bookings has no rate. */
export const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

const at = (date: string) => new Date(`${date}T12:00:00Z`);
const dayMonth = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const monthYear = new Intl.DateTimeFormat('it-IT', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthOnly = new Intl.DateTimeFormat('it-IT', { month: 'short', timeZone: 'UTC' });
const fullDay = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A day of a range: "1 dic 2026". */
export const dayText = (date: string) => fullDay.format(at(date));

/** A period's name in a table: "3 dic", "settimana dal 30 nov", "dic 2026". */
export function periodText(period: string, group: TimeGroup): string {
  if (group === 'month') return monthYear.format(at(period));
  if (group === 'week') return `sett. dal ${dayMonth.format(at(period))}`;
  return dayMonth.format(at(period));
}

/** A period's tick on an axis, as short as it reads: "3 dic", "30 nov", "dic". */
export const periodTick = (period: string, group: TimeGroup) =>
  group === 'month' ? monthOnly.format(at(period)) : dayMonth.format(at(period));
