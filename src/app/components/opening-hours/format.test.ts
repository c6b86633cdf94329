import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGES, type Lang } from '../../../shared/languages.ts';
import { MESSAGES } from '../../../shared/locales/index.ts';
import type { Schedule, TimeRange, WeeklyDay } from '../../../shared/opening-hours.ts';
import { createI18n } from '../../i18n/create-i18n.ts';
import {
  dateText,
  dayName,
  noticeText,
  rangeText,
  restDaysText,
  timeText,
  weekLines,
} from './format.ts';
import { visitorHours } from './visitor-hours.ts';

// What visitors read about the hours, in the five languages: day names,
// dates, times and lists from Intl, sentences from the locale files. Nothing
// may depend on the zone of the process: Date's local getters throw here.
const LOCAL_TIME_METHODS = [
  'getFullYear',
  'getMonth',
  'getDate',
  'getDay',
  'getHours',
  'getMinutes',
  'getTimezoneOffset',
  'toLocaleString',
  'toLocaleDateString',
  'toLocaleTimeString',
  'toString',
] as const;
let guards: { mockRestore(): void }[] = [];
beforeEach(() => {
  guards = LOCAL_TIME_METHODS.map((method) =>
    vi.spyOn(Date.prototype, method).mockImplementation(() => {
      throw new Error(`Date.prototype.${method} reads the process's time zone`);
    }),
  );
});
afterEach(() => {
  for (const guard of guards) guard.mockRestore();
});

const i18n = (lang: Lang) => createI18n(lang, MESSAGES[lang]);
const LUNCH = { open: '12:00', close: '15:00' };
const DINNER = { open: '19:00', close: '23:30' };
const week = (ranges: (day: number) => TimeRange[]): WeeklyDay[] =>
  [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges: ranges(day) }));
/** The seed: lunch and dinner every day but Monday. */
const SEED = week((day) => (day === 1 ? [] : [LUNCH, DINNER]));
const schedule = (changes: Partial<Schedule> = {}): Schedule => ({
  weekly: SEED,
  closures: [],
  exceptions: [],
  ...changes,
});

describe('Intl pieces', () => {
  it('names the weekdays in each language', () => {
    const names = Object.fromEntries(
      LANGUAGES.map((lang) => [lang, [1, 3, 7].map((day) => dayName(lang, day))]),
    );
    expect(names).toEqual({
      it: ['lunedì', 'mercoledì', 'domenica'],
      en: ['Monday', 'Wednesday', 'Sunday'],
      fr: ['lundi', 'mercredi', 'dimanche'],
      es: ['lunes', 'miércoles', 'domingo'],
      de: ['Montag', 'Mittwoch', 'Sonntag'],
    });
  });

  it('writes times on a 24-hour clock, midnight as 00:00', () => {
    for (const lang of LANGUAGES) {
      expect(['09:05', '19:30', '00:00', '23:59'].map((time) => timeText(lang, time))).toEqual([
        '09:05',
        '19:30',
        '00:00',
        '23:59',
      ]);
    }
    expect(rangeText('en', { open: '19:00', close: '01:00' })).toBe('19:00–01:00');
  });

  it('writes dates as each language does', () => {
    expect(LANGUAGES.map((lang) => dateText(lang, '2026-03-01'))).toEqual([
      '1 marzo',
      '1 March',
      '1 mars',
      '1 de marzo',
      '1. März',
    ]);
    expect(dateText('en', '2027-01-07', true)).toBe('7 January 2027');
  });
});

describe('the week', () => {
  it('puts days with the same hours on one line, in every language', () => {
    expect(
      Object.fromEntries(LANGUAGES.map((lang) => [lang, weekLines(i18n(lang), SEED)])),
    ).toEqual({
      it: [
        { days: 'Lunedì', hours: 'Chiuso' },
        { days: 'Da martedì a domenica', hours: '12:00–15:00 e 19:00–23:30' },
      ],
      en: [
        { days: 'Monday', hours: 'Closed' },
        { days: 'Tuesday to Sunday', hours: '12:00–15:00 and 19:00–23:30' },
      ],
      fr: [
        { days: 'Lundi', hours: 'Fermé' },
        { days: 'Du mardi au dimanche', hours: '12:00–15:00 et 19:00–23:30' },
      ],
      es: [
        { days: 'Lunes', hours: 'Cerrado' },
        { days: 'De martes a domingo', hours: '12:00–15:00 y 19:00–23:30' },
      ],
      de: [
        { days: 'Montag', hours: 'Geschlossen' },
        { days: 'Dienstag bis Sonntag', hours: '12:00–15:00 und 19:00–23:30' },
      ],
    });
  });

  it('shows a range past midnight on the day it opens, and two days as a pair', () => {
    const late = { open: '19:00', close: '01:00' };
    const weekly = week((day) => (day <= 4 ? [DINNER] : day <= 6 ? [late] : []));
    expect(weekLines(i18n('en'), weekly)).toEqual([
      { days: 'Monday to Thursday', hours: '19:00–23:30' },
      { days: 'Friday and Saturday', hours: '19:00–01:00' },
      { days: 'Sunday', hours: 'Closed' },
    ]);
    expect(weekLines(i18n('de'), weekly)[1]).toEqual({
      days: 'Freitag und Samstag',
      hours: '19:00–01:00',
    });
  });
});

describe('the weekly rest day', () => {
  it('is the sentence of the facts, in every language (the English one word for word)', () => {
    expect(LANGUAGES.map((lang) => restDaysText(i18n(lang), SEED))).toEqual([
      'Riposo settimanale: lunedì',
      'Closed on Mondays, our weekly day of rest',
      'Fermé le lundi, notre jour de repos hebdomadaire',
      'Descanso semanal: lunes',
      'Ruhetag: Montag',
    ]);
  });

  it('names another rest day, or two', () => {
    const wednesday = week((day) => (day === 3 ? [] : [LUNCH]));
    expect(restDaysText(i18n('en'), wednesday)).toBe(
      'Closed on Wednesdays, our weekly day of rest',
    );
    const two = week((day) => (day <= 2 ? [] : [LUNCH]));
    expect(LANGUAGES.map((lang) => restDaysText(i18n(lang), two))).toEqual([
      'Riposo settimanale: lunedì e martedì',
      'Closed on Mondays and Tuesdays, our weekly days of rest',
      'Fermé le lundi et le mardi, nos jours de repos hebdomadaire',
      'Descanso semanal: lunes y martes',
      'Ruhetage: Montag und Dienstag',
    ]);
  });

  it('is gone when Monday opens too, and when no day opens', () => {
    for (const lang of LANGUAGES) {
      expect(
        restDaysText(
          i18n(lang),
          week(() => [DINNER]),
        ),
      ).toBeNull();
      expect(
        restDaysText(
          i18n(lang),
          week(() => []),
        ),
      ).toBeNull();
    }
  });
});

/** The notice of `date` in `lang`, as the pages show it. */
const notice = (lang: Lang, changes: Partial<Schedule>, date: string) => {
  const hours = visitorHours(schedule(changes), date);
  return hours.notice && noticeText(i18n(lang), hours.notice, hours.today);
};

describe('the notice', () => {
  it('closed today: the day and time it reopens, in every language', () => {
    // Monday 2 March 2026 is the weekly rest day, Tuesday a closure of its own.
    const closedTuesday = { closures: [{ from: '2026-03-03', to: '2026-03-03' }] };
    expect(LANGUAGES.map((lang) => notice(lang, closedTuesday, '2026-03-02'))).toEqual([
      { lead: 'Oggi chiuso, riapriamo mercoledì alle 12:00', note: null },
      { lead: 'Closed today, we reopen Wednesday at 12:00', note: null },
      { lead: "Fermé aujourd'hui, nous rouvrons mercredi à 12:00", note: null },
      { lead: 'Hoy cerrado, volvemos a abrir el miércoles a las 12:00', note: null },
      { lead: 'Heute geschlossen, wir öffnen wieder am Mittwoch um 12:00 Uhr', note: null },
    ]);
    // On that Tuesday: a closed day of its own, with the staff's note under it.
    const withNote = {
      closures: [{ from: '2026-03-03', to: '2026-03-03', note: 'Private event' }],
    };
    expect(notice('en', withNote, '2026-03-03')).toEqual({
      lead: 'Closed today, we reopen Wednesday at 12:00',
      note: 'Private event',
    });
  });

  it('names the first opening of a day after a late range, and a far one by its date', () => {
    const dinnerOnly = { weekly: week((day) => (day === 1 ? [] : [DINNER])) };
    expect(notice('en', dinnerOnly, '2026-03-02')?.lead).toBe(
      'Closed today, we reopen Tuesday at 19:00',
    );
    // Closed on Monday, and from Tuesday for three weeks: the date says which Tuesday.
    const after = { closures: [{ from: '2026-03-03', to: '2026-03-23' }] };
    expect(notice('en', after, '2026-03-02')?.lead).toBe(
      'Closed today, we reopen Tuesday 24 March at 12:00',
    );
    expect(notice('de', after, '2026-03-02')?.lead).toBe(
      'Heute geschlossen, wir öffnen wieder am Dienstag, 24. März um 12:00 Uhr',
    );
  });

  it('closed for a period: the staff note names it, then the first day it opens again', () => {
    const winter = (note?: string) => ({
      closures: [{ from: '2025-11-16', to: '2026-02-28', ...(note ? { note } : {}) }],
    });
    // The service hands the pages the note in their language.
    expect(notice('en', winter('Closed for the winter'), '2026-01-10')).toEqual({
      lead: 'Closed for the winter, open again from 1 March',
      note: null,
    });
    expect(notice('de', winter('Winterpause'), '2026-01-10')?.lead).toBe(
      'Winterpause, wieder geöffnet ab 1. März',
    );
    expect(notice('en', winter('Closed for the winter.'), '2026-01-10')?.lead).toBe(
      'Closed for the winter, open again from 1 March',
    );
    expect(LANGUAGES.map((lang) => notice(lang, winter(), '2026-01-10')?.lead)).toEqual([
      'Chiuso temporaneamente, riapertura 1 marzo',
      'Temporarily closed, open again from 1 March',
      'Fermé temporairement, réouverture le 1 mars',
      'Cerrado temporalmente, reabrimos el 1 de marzo',
      'Vorübergehend geschlossen, wieder geöffnet ab 1. März',
    ]);
    // In December the reopening is next year's.
    expect(notice('en', winter('Closed for the winter'), '2025-12-20')?.lead).toBe(
      'Closed for the winter, open again from 1 March 2026',
    );
    // On its last day the closure is just today's.
    expect(notice('en', winter('Closed for the winter'), '2026-02-28')).toEqual({
      lead: 'Closed today, we reopen Sunday at 12:00',
      note: 'Closed for the winter',
    });
  });

  it('skips a weekly rest day right after a closure', () => {
    // 1 March 2027 is a Monday: the first day open again is Tuesday 2 March.
    const winter = { closures: [{ from: '2026-11-16', to: '2027-02-28', note: 'Winter break' }] };
    expect(notice('en', winter, '2027-01-10')?.lead).toBe('Winter break, open again from 2 March');
  });

  it('says so when nothing opens again', () => {
    expect(notice('en', { weekly: week(() => []) }, '2026-03-02')).toEqual({
      lead: 'Closed until further notice',
      note: null,
    });
    expect(
      LANGUAGES.map((lang) => notice(lang, { weekly: week(() => []) }, '2026-03-02')?.lead),
    ).toEqual([
      'Chiuso fino a nuovo avviso',
      'Closed until further notice',
      "Fermé jusqu'à nouvel ordre",
      'Cerrado hasta nuevo aviso',
      'Bis auf Weiteres geschlossen',
    ]);
  });

  it('is absent on an open day', () => {
    expect(notice('en', {}, '2026-03-03')).toBeNull();
  });
});

describe('days when the clocks change', () => {
  it('show the hours as typed, and the next opening at its wall-clock time', () => {
    // Saturday 28 March 2026 closed: Sunday 29 March, when clocks go forward
    // at 02:00, opens at 12:00 all the same; likewise on 25 October, when
    // they go back. A special day on each runs through the changed hour.
    const night = { open: '01:00', close: '04:00' };
    const changes = {
      closures: [
        { from: '2026-03-28', to: '2026-03-28' },
        { from: '2026-10-24', to: '2026-10-24' },
      ],
      exceptions: [
        { date: '2026-03-29', ranges: [night, LUNCH] },
        { date: '2026-10-25', ranges: [night] },
      ],
    };
    expect(notice('en', changes, '2026-03-28')?.lead).toBe(
      'Closed today, we reopen Sunday at 01:00',
    );
    expect(notice('de', changes, '2026-10-24')?.lead).toBe(
      'Heute geschlossen, wir öffnen wieder am Sonntag um 01:00 Uhr',
    );
    const hours = visitorHours(schedule(changes), '2026-03-29');
    expect(hours.notice).toBeNull();
    expect(hours.exceptions).toEqual([
      { date: '2026-03-29', ranges: [night, LUNCH] },
      { date: '2026-10-25', ranges: [night] },
    ]);
    expect(weekLines(i18n('en'), hours.weekly)[1]?.hours).toBe('12:00–15:00 and 19:00–23:30');
    expect(visitorHours(schedule(), '2026-03-29').notice).toBeNull();
    expect(visitorHours(schedule(), '2026-10-25').notice).toBeNull();
  });
});

describe('the visitors view', () => {
  it('keeps the closed stretches that have not ended and the special days to come', () => {
    const hours = visitorHours(
      schedule({
        closures: [
          { from: '2026-01-01', to: '2026-01-06' },
          { from: '2026-03-01', to: '2026-03-03' },
          { from: '2026-08-10', to: '2026-08-20' },
        ],
        exceptions: [
          { date: '2026-02-14', ranges: [DINNER] },
          { date: '2026-08-17', ranges: [DINNER] },
        ],
      }),
      '2026-03-03',
    );
    expect(hours.today).toBe('2026-03-03');
    // The special day of 17 August opens inside the August closure: it splits it.
    expect(hours.closures).toEqual([
      { from: '2026-03-01', to: '2026-03-03' },
      { from: '2026-08-10', to: '2026-08-16' },
      { from: '2026-08-18', to: '2026-08-20' },
    ]);
    expect(hours.exceptions).toEqual([{ date: '2026-08-17', ranges: [DINNER] }]);
    expect(hours.weekly).toHaveLength(7);
  });
});
