import type { TimeRange } from '../../shared/opening-hours.ts';
import {
  DAY_NAMES_IT,
  italianDate,
  rangeText,
  type OpeningHoursAnswer,
} from '../../shared/schemas/opening-hours.ts';

/** The schedule as a replace reads it before and after (services/opening-hours.ts's `ScheduleView`). */
type Schedule = Omit<OpeningHoursAnswer, 'today'>;

/*
 * How a change of the opening hours reads in the audit log
 * (services/opening-hours.ts), in Italian: the week's days, the closures and
 * their notes, the special days.
 */

const sameRanges = (a: readonly TimeRange[], b: readonly TimeRange[]) =>
  a.length === b.length && a.every((range, i) => rangeText(range) === rangeText(b[i]!));

const rangesText = (ranges: readonly TimeRange[]) =>
  ranges.length === 0 ? 'chiuso' : ranges.map(rangeText).join(' e ');
const period = (closure: { from: string; to: string }) =>
  closure.from === closure.to
    ? `del ${italianDate(closure.from)}`
    : `dal ${italianDate(closure.from)} al ${italianDate(closure.to)}`;
/** A note's field ("2026-12-24--2027-01-06") as the audit log names it. */
export const noteOf = (field: string) => {
  const [from, to] = field.split('--');
  return `nota ${period({ from: from!, to: to! })}`;
};
export const byText =
  <T>(key: (value: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

/** What a replace changes, in the words of the audit log; empty when nothing. */
export function describeChanges(before: Schedule, after: Schedule): string[] {
  const parts: string[] = [];
  const week = after.weekly
    .filter((day) => !sameRanges(day.ranges, before.weekly[day.day - 1]!.ranges))
    .map((day) => `${DAY_NAMES_IT[day.day]} ${rangesText(day.ranges)}`);
  if (week.length > 0) parts.push(`settimana: ${week.join(', ')}`);

  const key = (closure: { from: string; to: string }) => `${closure.from} ${closure.to}`;
  for (const closure of after.closures) {
    const old = before.closures.find((other) => key(other) === key(closure));
    if (!old) parts.push(`chiusura ${period(closure)} aggiunta`);
    else if (old.note !== closure.note)
      parts.push(`nota della chiusura ${period(closure)} modificata`);
  }
  for (const closure of before.closures) {
    if (!after.closures.some((other) => key(other) === key(closure))) {
      parts.push(`chiusura ${period(closure)} tolta`);
    }
  }

  for (const day of after.exceptions) {
    const old = before.exceptions.find((other) => other.date === day.date);
    const when = `giorno speciale del ${italianDate(day.date)}`;
    if (!old) parts.push(`${when} aggiunto (${rangesText(day.ranges)})`);
    else if (!sameRanges(old.ranges, day.ranges)) parts.push(`${when}: ${rangesText(day.ranges)}`);
  }
  for (const day of before.exceptions) {
    if (!after.exceptions.some((other) => other.date === day.date)) {
      parts.push(`giorno speciale del ${italianDate(day.date)} tolto`);
    }
  }
  return parts;
}
