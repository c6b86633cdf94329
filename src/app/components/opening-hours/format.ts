import type { i18n as I18n } from 'i18next';
import { DATE_LOCALES as LOCALES, toLang, type Lang } from '../../../shared/languages.ts';
import { addDays, type TimeRange, type WeeklyDay } from '../../../shared/opening-hours.ts';
import type { ClosedNotice } from './visitor-hours.ts';

/**
 * The opening hours in the visitor's words: day names, dates, times and lists
 * come from `Intl` in the page's language (never typed per language), the
 * sentences around them from the locale files (`common:hours`).
 */

const TIME_ZONE = 'Europe/Rome';

function memo<T>(make: (lang: Lang) => T): (lang: Lang) => T {
  const made = new Map<Lang, T>();
  return (lang) => {
    let value = made.get(lang);
    if (value === undefined) {
      value = make(lang);
      made.set(lang, value);
    }
    return value;
  };
}

const weekdays = memo(
  (lang) => new Intl.DateTimeFormat(LOCALES[lang], { weekday: 'long', timeZone: TIME_ZONE }),
);
const dates = memo(
  (lang) =>
    new Intl.DateTimeFormat(LOCALES[lang], { day: 'numeric', month: 'long', timeZone: TIME_ZONE }),
);
const datesWithYear = memo(
  (lang) =>
    new Intl.DateTimeFormat(LOCALES[lang], {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: TIME_ZONE,
    }),
);
const datesWithWeekday = memo(
  (lang) =>
    new Intl.DateTimeFormat(LOCALES[lang], {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: TIME_ZONE,
    }),
);
const datesWithWeekdayAndYear = memo(
  (lang) =>
    new Intl.DateTimeFormat(LOCALES[lang], {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: TIME_ZONE,
    }),
);
// A wall-clock time has no instant: it is shown as that time of a UTC day,
// where no clock ever changes, so a date with a clock change shows it as typed.
const times = memo(
  (lang) =>
    new Intl.DateTimeFormat(LOCALES[lang], {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    }),
);
const lists = memo((lang) => new Intl.ListFormat(LOCALES[lang], { type: 'conjunction' }));

/** Noon UTC of a date is that same date in Rome, whatever the season. */
const noonOf = (date: string) => new Date(`${date}T12:00:00Z`);

/** A date's weekday: "Wednesday", "mercoledì", "Mittwoch"… */
export const weekdayText = (lang: Lang, date: string) => weekdays(lang).format(noonOf(date));

/** An ISO weekday's name (1 = Monday): 1 January 2024 was a Monday. */
export const dayName = (lang: Lang, day: number) => weekdayText(lang, `2024-01-0${day}`);

/** "1 March", or "1 March 2027" when `withYear`. */
export function dateText(lang: Lang, date: string, withYear = false): string {
  return (withYear ? datesWithYear : dates)(lang).format(noonOf(date));
}

/** "Sunday 1 March", or "Monday 1 March 2027" when `withYear`. */
export function dayAndDateText(lang: Lang, date: string, withYear = false): string {
  return (withYear ? datesWithWeekdayAndYear : datesWithWeekday)(lang).format(noonOf(date));
}

/** "19:30" as the language writes it. */
export function timeText(lang: Lang, time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return times(lang).format(new Date(Date.UTC(2024, 0, 1, hours, minutes)));
}

/** "12:00–15:00"; a close earlier than the open is after midnight, on the same line. */
export const rangeText = (lang: Lang, range: TimeRange) =>
  `${timeText(lang, range.open)}–${timeText(lang, range.close)}`;

/** "a, b and c" in the language. */
export const listText = (lang: Lang, items: readonly string[]) => lists(lang).format(items);

const capitalized = (lang: Lang, text: string) =>
  text.charAt(0).toLocaleUpperCase(LOCALES[lang]) + text.slice(1);

/** "Saturday 5 December", capitalised to start an option of a list of days. */
export const dayOptionText = (lang: Lang, date: string) =>
  capitalized(lang, dayAndDateText(lang, date));

const langOf = (i18n: I18n): Lang => toLang(i18n.language) ?? 'it';

const sameRanges = (a: readonly TimeRange[], b: readonly TimeRange[]) =>
  a.length === b.length &&
  a.every((range, i) => range.open === b[i]?.open && range.close === b[i]?.close);

/** A weekday's ranges; a day missing from the week is closed. */
const rangesOf = (weekly: readonly WeeklyDay[], day: number): readonly TimeRange[] =>
  weekly.find((weekday) => weekday.day === day)?.ranges ?? [];

/** One line of the week: a run of consecutive weekdays with the same ranges. */
export interface WeekLine {
  days: string;
  hours: string;
}

/**
 * The week as lines, Monday first, consecutive days with the same hours
 * together: "Monday: Closed", "Tuesday to Sunday: 12:00–15:00 and 19:00–23:30".
 */
export function weekLines(i18n: I18n, weekly: readonly WeeklyDay[]): WeekLine[] {
  const lang = langOf(i18n);
  const runs: { from: number; to: number; ranges: readonly TimeRange[] }[] = [];
  for (const day of [1, 2, 3, 4, 5, 6, 7]) {
    const ranges = rangesOf(weekly, day);
    const last = runs.at(-1);
    if (last && last.to === day - 1 && sameRanges(last.ranges, ranges)) last.to = day;
    else runs.push({ from: day, to: day, ranges });
  }
  return runs.map(({ from, to, ranges }) => {
    const days =
      from === to
        ? dayName(lang, from)
        : to === from + 1
          ? listText(lang, [dayName(lang, from), dayName(lang, to)])
          : i18n.t('hours.dayRange', { from: dayName(lang, from), to: dayName(lang, to) });
    return {
      days: capitalized(lang, days),
      hours:
        ranges.length === 0
          ? i18n.t('hours.closed')
          : listText(
              lang,
              ranges.map((range) => rangeText(lang, range)),
            ),
    };
  });
}

/**
 * "Closed on Mondays, our weekly day of rest": the weekdays without hours, or
 * null when every day opens (or none does: then there is no weekly rest to tell).
 */
export function restDaysText(i18n: I18n, weekly: readonly WeeklyDay[]): string | null {
  const lang = langOf(i18n);
  const rest = [1, 2, 3, 4, 5, 6, 7].filter((day) => rangesOf(weekly, day).length === 0);
  if (rest.length === 0 || rest.length === 7) return null;
  const days = rest.map((day) => i18n.t('hours.restDay', { day: dayName(lang, day) }));
  return i18n.t('hours.restDays', { count: rest.length, days: listText(lang, days) });
}

/**
 * The staff's note as the middle of the notice: free text, typed or
 * translated, so it keeps its own capitals (a German noun, "Easter"); only
 * the stops and spaces at its end go, since the notice puts its own.
 */
const noteText = (note: string | null) => note?.trim().replace(/[\s.,;:]+$/u, '') || null;

/** A sentence ends with a full stop, unless the note before it ends with "!", "?" or "…". */
const sentence = (text: string) => (/[.!?…]$/u.test(text) ? text : `${text}.`);

/**
 * The notice on a closed day, in the page's language: closed first (for how
 * long), then the staff's note, then when the restaurant opens again:
 * "Closed today and tomorrow: Kitchen works. Open again on Saturday
 * 28 November from 12:00." Dates carry their weekday, and their year when it
 * is not this year's. The back office's preview shows the same sentence
 * (hours-preview.tsx).
 */
export function noticeText(i18n: I18n, notice: ClosedNotice, today: string): string {
  const lang = langOf(i18n);
  const day = (date: string) => dayAndDateText(lang, date, date.slice(0, 4) !== today.slice(0, 4));
  const { reopens } = notice;
  // Closed until the day before the first opening: a weekly rest day or a
  // closure right after today's counts too, the visitor cannot come then either.
  const lastClosed = reopens && addDays(reopens.date, -1);
  const closed = !lastClosed
    ? i18n.t('hours.notice.untilFurtherNotice')
    : lastClosed === today
      ? i18n.t('hours.notice.today')
      : lastClosed === addDays(today, 1)
        ? i18n.t('hours.notice.todayAndTomorrow')
        : i18n.t('hours.notice.until', { day: day(lastClosed) });
  const note = noteText(notice.note);
  const first = sentence(note ? i18n.t('hours.notice.withNote', { closed, note }) : closed);
  if (!reopens) return first;
  const again = i18n.t('hours.notice.reopens', {
    day: day(reopens.date),
    time: timeText(lang, reopens.time),
  });
  return `${first} ${sentence(again)}`;
}
