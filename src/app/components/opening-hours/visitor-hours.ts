import type { Lang } from '../../../shared/languages.ts';
import type { AppServices } from '../../context.ts';
import {
  addDays,
  closedPeriodAround,
  inOpeningOrder,
  nextOpenDay,
  openingOn,
  type Schedule,
  type SpecialDay,
  type TimeRange,
  type WeeklyDay,
} from '../../../shared/opening-hours.ts';

/**
 * What the public pages show of the opening hours on a date, worked out by
 * the loaders on the server: the week, the notice when the restaurant is
 * closed that day, and the closures and special days still to come (for
 * search engines). Plain data in no language: the components word it in the
 * visitor's (format.ts), and it depends on the date alone, never on the time
 * of day, so a page rendered at 09:00 is still right at 23:00.
 */
export interface VisitorHours {
  /** The date in Rome everything here is relative to. */
  today: string;
  /** ISO weekdays 1 to 7 with their ranges in opening order; a closed day has none. */
  weekly: WeeklyDay[];
  notice: ClosedNotice | null;
  /**
   * The stretches of dates that closures keep closed and that have not ended,
   * in date order: a special day inside a closure opens, so it splits the
   * closure in two (notes are for people, not here).
   */
  closures: { from: string; to: string }[];
  /** Special days from today on, in date order. */
  exceptions: SpecialDay[];
}

/**
 * Why the restaurant is closed today and when it opens again.
 * - `today`: a closed day in an open stretch (the weekly rest day, or a
 *   closure of today alone): it reopens at a time on a near date.
 * - `period`: a closure that goes on after today ("closed for the winter"):
 *   it opens again on a date.
 * `reopens` is null when nothing opens within the rules' horizon (a year).
 */
export type ClosedNotice =
  | {
      kind: 'today';
      reopens: { date: string; time: string; inDays: number } | null;
      /** The staff's note on today's closure, in the page's language. */
      note: string | null;
    }
  | { kind: 'period'; reopens: string | null; note: string | null };

/** The schedule as the opening-hours service answers it (closure notes may be null). */
export type ScheduleWithNotes = Omit<Schedule, 'closures'> & {
  closures: readonly { from: string; to: string; note?: string | null }[];
};

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/** Whether and why the restaurant is closed on `date`, and when it opens again. */
export function closedNotice(schedule: ScheduleWithNotes, date: string): ClosedNotice | null {
  const day = openingOn(schedule, date);
  if (day.open) return null;
  const period = closedPeriodAround(schedule, date);
  if (period && period.to > date) {
    return {
      kind: 'period',
      reopens: period.reopens?.date ?? null,
      note: period.closure.note || null,
    };
  }
  const next = nextOpenDay(schedule, date);
  const first: TimeRange | undefined = next?.ranges[0];
  return {
    kind: 'today',
    reopens:
      next && first
        ? { date: next.date, time: first.open, inDays: daysBetween(date, next.date) }
        : null,
    note: day.closure?.note || null,
  };
}

/** A closure's dates without its special days, as stretches of consecutive dates. */
function closedStretches(
  closure: { from: string; to: string },
  exceptions: readonly SpecialDay[],
): { from: string; to: string }[] {
  const open = exceptions
    .map((special) => special.date)
    .filter((special) => closure.from <= special && special <= closure.to)
    .sort();
  const stretches: { from: string; to: string }[] = [];
  let from = closure.from;
  for (const special of open) {
    if (from < special) stretches.push({ from, to: addDays(special, -1) });
    from = addDays(special, 1);
  }
  if (from <= closure.to) stretches.push({ from, to: closure.to });
  return stretches;
}

/** The visitors' view of a schedule on `date` (today's date in Rome, for the pages). */
export function visitorHours(schedule: ScheduleWithNotes, date: string): VisitorHours {
  return {
    today: date,
    weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
      day,
      ranges: inOpeningOrder(schedule.weekly.find((weekday) => weekday.day === day)?.ranges ?? []),
    })),
    notice: closedNotice(schedule, date),
    closures: schedule.closures
      .flatMap((closure) => closedStretches(closure, schedule.exceptions))
      .filter((stretch) => stretch.to >= date),
    exceptions: schedule.exceptions.filter((special) => special.date >= date),
  };
}

/** A page loader's opening hours: today's, read through the server's service. */
export async function loadVisitorHours(services: AppServices, lang: Lang): Promise<VisitorHours> {
  const answer = await services.openingHours(lang);
  return visitorHours(answer, answer.today.date);
}
