import { addDays, isDate, romeDate, weekdayOf } from '../../../shared/opening-hours.ts';
import { REPORT_MAX_DAYS, type ReportGroup } from '../../../shared/schemas/reports.ts';

/**
 * The reports' period, in the address so that the back button and a login
 * return to it: `?periodo=mese`, or `?periodo=personalizzato&dal=…&al=…`,
 * and `&per=giorno|settimana|mese`. Every preset is a whole calendar period
 * of Rome (today is Rome's, whatever the browser's zone), so the previous
 * period the server puts beside it is the week, month or year before.
 */
export const PRESETS = ['settimana', 'mese', 'mese-scorso', 'anno', 'personalizzato'] as const;
export type Preset = (typeof PRESETS)[number];

export type TimeGroup = Exclude<ReportGroup, 'slot'>;
export const TIME_GROUPS = ['day', 'week', 'month'] as const satisfies readonly TimeGroup[];

/** The grouping's word in the address. */
const GROUP_WORDS: Record<TimeGroup, string> = { day: 'giorno', week: 'settimana', month: 'mese' };

export interface Period {
  preset: Preset;
  from: string;
  to: string;
  group: TimeGroup;
}

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
/** The last day of the month `date` is in. */
const monthEnd = (date: string) => {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return addDays(
    `${month === 12 ? year + 1 : year}-${String((month % 12) + 1).padStart(2, '0')}-01`,
    -1,
  );
};

/** A preset's days for `today` (Rome's date): a week from Monday to Sunday. */
export function presetRange(preset: Exclude<Preset, 'personalizzato'>, today: string) {
  switch (preset) {
    case 'settimana': {
      const monday = addDays(today, 1 - weekdayOf(today));
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'mese':
      return { from: monthStart(today), to: monthEnd(today) };
    case 'mese-scorso': {
      const lastMonth = addDays(monthStart(today), -1);
      return { from: monthStart(lastMonth), to: monthEnd(lastMonth) };
    }
    case 'anno':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  }
}

const daysIn = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** What a period is grouped by unless the owner says: about a dozen to sixty bars. */
export function defaultGroup(from: string, to: string): TimeGroup {
  const days = daysIn(from, to);
  return days <= 62 ? 'day' : days <= 190 ? 'week' : 'month';
}

/** Whether the server takes these days: in order, at most REPORT_MAX_DAYS apart. */
export const validRange = (from: string, to: string) =>
  isDate(from) && isDate(to) && from <= to && daysIn(from, to) <= REPORT_MAX_DAYS;

/** The period the address asks for; this month when it asks for nothing sensible. */
export function periodOf(params: URLSearchParams, now: Date): Period {
  const today = romeDate(now);
  const asked = PRESETS.find((name) => name === params.get('periodo')) ?? 'mese';
  const custom = { from: params.get('dal') ?? '', to: params.get('al') ?? '' };
  // A custom period the server would refuse is this month.
  const preset = asked === 'personalizzato' && !validRange(custom.from, custom.to) ? 'mese' : asked;
  const { from, to } = preset === 'personalizzato' ? custom : presetRange(preset, today);
  const group =
    TIME_GROUPS.find((name) => GROUP_WORDS[name] === params.get('per')) ?? defaultGroup(from, to);
  return { preset, from, to, group };
}

/** The address's query for a period (the inverse of `periodOf`). */
export function periodSearch(period: Period): string {
  const params = new URLSearchParams({ periodo: period.preset });
  if (period.preset === 'personalizzato') {
    params.set('dal', period.from);
    params.set('al', period.to);
  }
  params.set('per', GROUP_WORDS[period.group]);
  return `?${params.toString()}`;
}
