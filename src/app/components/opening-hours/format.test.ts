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
/** The notice of `date` in the five languages, by language. */
const notices = (changes: Partial<Schedule>, date: string) =>
  Object.fromEntries(LANGUAGES.map((lang) => [lang, notice(lang, changes, date)]));

// Thursday 26 November 2026 is "today" unless said otherwise; with the seed,
// Monday 30 November is the weekly rest day.
const THURSDAY = '2026-11-26';
const closed = (from: string, to: string, note?: string) => ({
  closures: [{ from, to, ...(note === undefined ? {} : { note }) }],
});

describe('the notice says closed first, then the note, then when it opens again', () => {
  it('today and tomorrow, with the note (which the service has translated)', () => {
    expect(notice('en', closed(THURSDAY, '2026-11-27', 'Kitchen works'), THURSDAY)).toBe(
      'Closed today and tomorrow: Kitchen works. Open again on Saturday 28 November from 12:00.',
    );
    expect(notices(closed(THURSDAY, '2026-11-27', 'Lavori in cucina'), THURSDAY)).toEqual({
      it: 'Chiuso oggi e domani: Lavori in cucina. Riapriamo sabato 28 novembre alle 12:00.',
      en: 'Closed today and tomorrow: Lavori in cucina. Open again on Saturday 28 November from 12:00.',
      fr: "Fermé aujourd'hui et demain\u00a0: Lavori in cucina. Réouverture le samedi 28 novembre à 12:00.",
      es: 'Cerrado hoy y mañana: Lavori in cucina. Volvemos a abrir el sábado, 28 de noviembre a las 12:00.',
      de: 'Heute und morgen geschlossen: Lavori in cucina. Wir öffnen wieder am Samstag, 28. November, um 12:00 Uhr.',
    });
  });

  it('today only: a closure of one day, with or without a note', () => {
    expect(notices(closed(THURSDAY, THURSDAY), THURSDAY)).toEqual({
      it: 'Chiuso oggi. Riapriamo venerdì 27 novembre alle 12:00.',
      en: 'Closed today. Open again on Friday 27 November from 12:00.',
      fr: "Fermé aujourd'hui. Réouverture le vendredi 27 novembre à 12:00.",
      es: 'Cerrado hoy. Volvemos a abrir el viernes, 27 de noviembre a las 12:00.',
      de: 'Heute geschlossen. Wir öffnen wieder am Freitag, 27. November, um 12:00 Uhr.',
    });
    expect(notice('de', closed(THURSDAY, THURSDAY, 'Private Feier'), THURSDAY)).toBe(
      'Heute geschlossen: Private Feier. Wir öffnen wieder am Freitag, 27. November, um 12:00 Uhr.',
    );
  });

  it('the weekly rest day and a closed special day share the sentence', () => {
    // Monday 30 November, the rest day.
    expect(notices({}, '2026-11-30')).toEqual({
      it: 'Chiuso oggi. Riapriamo martedì 1 dicembre alle 12:00.',
      en: 'Closed today. Open again on Tuesday 1 December from 12:00.',
      fr: "Fermé aujourd'hui. Réouverture le mardi 1 décembre à 12:00.",
      es: 'Cerrado hoy. Volvemos a abrir el martes, 1 de diciembre a las 12:00.',
      de: 'Heute geschlossen. Wir öffnen wieder am Dienstag, 1. Dezember, um 12:00 Uhr.',
    });
    // A special day without hours on a Thursday; Friday opens for dinner only.
    const special = {
      exceptions: [
        { date: THURSDAY, ranges: [] },
        { date: '2026-11-27', ranges: [DINNER] },
      ],
    };
    expect(notice('en', special, THURSDAY)).toBe(
      'Closed today. Open again on Friday 27 November from 19:00.',
    );
  });

  it('a few days: until the last closed day, a rest day right after included', () => {
    expect(notices(closed(THURSDAY, '2026-11-28', 'Inventario'), THURSDAY)).toEqual({
      it: 'Chiuso fino a sabato 28 novembre: Inventario. Riapriamo domenica 29 novembre alle 12:00.',
      en: 'Closed until Saturday 28 November: Inventario. Open again on Sunday 29 November from 12:00.',
      fr: "Fermé jusqu'au samedi 28 novembre\u00a0: Inventario. Réouverture le dimanche 29 novembre à 12:00.",
      es: 'Cerrado hasta el sábado, 28 de noviembre: Inventario. Volvemos a abrir el domingo, 29 de noviembre a las 12:00.',
      de: 'Geschlossen bis Samstag, 28. November: Inventario. Wir öffnen wieder am Sonntag, 29. November, um 12:00 Uhr.',
    });
    // Thursday to Sunday, then the Monday rest day: closed until Monday.
    expect(notice('en', closed(THURSDAY, '2026-11-29'), THURSDAY)).toBe(
      'Closed until Monday 30 November. Open again on Tuesday 1 December from 12:00.',
    );
  });

  it('a season: before it (on the rest day), during it, and on its last day', () => {
    const winter = closed('2026-11-17', '2027-02-28', 'Winter break');
    // Monday 16 November, the rest day before it: closed from today, with the closure's note.
    expect(notice('en', winter, '2026-11-16')).toBe(
      'Closed until Monday, 1 March 2027: Winter break. Open again on Tuesday, 2 March 2027 from 12:00.',
    );
    // During it, in the five languages; 1 March 2027 is the rest day after it.
    expect(notices(winter, '2026-12-20')).toEqual({
      it: 'Chiuso fino a lunedì 1 marzo 2027: Winter break. Riapriamo martedì 2 marzo 2027 alle 12:00.',
      en: 'Closed until Monday, 1 March 2027: Winter break. Open again on Tuesday, 2 March 2027 from 12:00.',
      fr: "Fermé jusqu'au lundi 1 mars 2027\u00a0: Winter break. Réouverture le mardi 2 mars 2027 à 12:00.",
      es: 'Cerrado hasta el lunes, 1 de marzo de 2027: Winter break. Volvemos a abrir el martes, 2 de marzo de 2027 a las 12:00.',
      de: 'Geschlossen bis Montag, 1. März 2027: Winter break. Wir öffnen wieder am Dienstag, 2. März 2027, um 12:00 Uhr.',
    });
    // In the new year the dates are this year's.
    expect(notice('en', winter, '2027-01-10')).toBe(
      'Closed until Monday 1 March: Winter break. Open again on Tuesday 2 March from 12:00.',
    );
    // Its last day, a Sunday: closed today and tomorrow (the rest day).
    expect(notice('en', winter, '2027-02-28')).toBe(
      'Closed today and tomorrow: Winter break. Open again on Tuesday 2 March from 12:00.',
    );
  });

  it('until further notice: a closure that ends past the horizon, or a week without hours', () => {
    // Closures always have an end (docs/api.md, "Opening hours"): "until further notice" is
    // one that ends after the rules look ahead (a little more than a year).
    const indefinite = closed('2026-11-01', '2099-12-31', 'Lavori di ristrutturazione');
    expect(notices(indefinite, THURSDAY)).toEqual({
      it: 'Chiuso fino a nuovo avviso: Lavori di ristrutturazione.',
      en: 'Closed until further notice: Lavori di ristrutturazione.',
      fr: "Fermé jusqu'à nouvel ordre\u00a0: Lavori di ristrutturazione.",
      es: 'Cerrado hasta nuevo aviso: Lavori di ristrutturazione.',
      de: 'Bis auf Weiteres geschlossen: Lavori di ristrutturazione.',
    });
    expect(notices({ weekly: week(() => []) }, THURSDAY)).toEqual({
      it: 'Chiuso fino a nuovo avviso.',
      en: 'Closed until further notice.',
      fr: "Fermé jusqu'à nouvel ordre.",
      es: 'Cerrado hasta nuevo aviso.',
      de: 'Bis auf Weiteres geschlossen.',
    });
    // Within the horizon the end is a date, however far.
    expect(notice('en', closed('2026-11-01', '2027-10-31'), THURSDAY)).toBe(
      'Closed until Monday, 1 November 2027. Open again on Tuesday, 2 November 2027 from 12:00.',
    );
  });

  it('keeps the note as written, without a double full stop', () => {
    const withNote = (note: string) => notice('en', closed(THURSDAY, THURSDAY, note), THURSDAY);
    const after = ' Open again on Friday 27 November from 12:00.';
    expect(withNote('Kitchen works.')).toBe(`Closed today: Kitchen works.${after}`);
    expect(withNote('  Kitchen works ;. ')).toBe(`Closed today: Kitchen works.${after}`);
    expect(withNote('Happy holidays!')).toBe(`Closed today: Happy holidays!${after}`);
    expect(withNote('Why? Ask us…')).toBe(`Closed today: Why? Ask us…${after}`);
    expect(withNote('...')).toBe(`Closed today.${after}`);
    expect(withNote('e.g. Easter')).toBe(`Closed today: e.g. Easter.${after}`);
    // Free text, never read as a translation's placeholders.
    expect(withNote('{{closed}} $t(hours.closed)')).toBe(
      `Closed today: {{closed}} $t(hours.closed).${after}`,
    );
  });

  it('names a far reopening after a late range at its first time', () => {
    const dinnerOnly = { weekly: week((day) => (day === 1 ? [] : [DINNER])) };
    expect(notice('en', dinnerOnly, '2026-03-02')).toBe(
      'Closed today. Open again on Tuesday 3 March from 19:00.',
    );
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
    expect(notice('en', changes, '2026-03-28')).toBe(
      'Closed today. Open again on Sunday 29 March from 01:00.',
    );
    expect(notice('de', changes, '2026-10-24')).toBe(
      'Heute geschlossen. Wir öffnen wieder am Sonntag, 25. Oktober, um 01:00 Uhr.',
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
