import type { Lang } from '../../../shared/languages.ts';
import type { AppServices } from '../../context.ts';
import {
  addDays,
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
 * The restaurant is closed today: when it opens again (null when nothing
 * opens within the rules' horizon, a little more than a year: "until further
 * notice"), and the staff's note on the closure that keeps today closed. The
 * same for every kind of closed day (the weekly rest day, a closed special
 * day, a closure of a day or of a season), so the sentence is worded in one
 * place (format.ts).
 */
export interface ClosedNotice {
  /** The first opening after today: its date and the time it opens. */
  reopens: { date: string; time: string } | null;
  /** The staff's note on today's closure, in the page's language. */
  note: string | null;
}

/** The schedule as the opening-hours service answers it (closure notes may be null). */
export type ScheduleWithNotes = Omit<Schedule, 'closures'> & {
  closures: readonly { from: string; to: string; note?: string | null }[];
};

/** Whether the restaurant is closed on `date`, and when it opens again. */
export function closedNotice(schedule: ScheduleWithNotes, date: string): ClosedNotice | null {
  const day = openingOn(schedule, date);
  if (day.open) return null;
  const next = nextOpenDay(schedule, date);
  const first: TimeRange | undefined = next?.ranges[0];
  // On a rest day right before a closure the notice tells that closure's
  // note: the visitor cannot come before the reopening, and this is why.
  const closure =
    day.closure ??
    schedule.closures
      .filter((closure) => closure.from > date && (!next || closure.from < next.date))
      .sort((a, b) => (a.from < b.from ? -1 : 1))[0];
  return {
    reopens: next && first ? { date: next.date, time: first.open } : null,
    note: closure?.note || null,
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
