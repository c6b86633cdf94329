import { LANGUAGES } from '../languages.ts';
import {
  addDays,
  isDate,
  isTime,
  openingOn,
  overlapIntoNextDay,
  overlapWithin,
  RESTAURANT_TIME_ZONE,
  type Schedule,
  type TimeRange,
} from '../opening-hours.ts';
import { ONE_LINE_TEXT, z } from './zod.ts';

/**
 * Opening hours, closures and special days (docs/api.md, "Opening hours"): the
 * request and answer schemas of /api/opening-hours, used by the route and by
 * the back office's form. The rules they check are those of
 * ../opening-hours.ts; messages are Italian (only staff write).
 */

/** Lunch, dinner, and room for a split shift or a late bar: more is a typing slip. */
export const RANGES_PER_DAY_MAX = 4;
export const CLOSURES_MAX = 100;
export const EXCEPTIONS_MAX = 100;
export const CLOSURE_NOTE_MAX = 200;
/** Dates outside these years are typing slips (and keep date arithmetic far from its limits). */
const FIRST_DATE = '2000-01-01';
const LAST_DATE = '2099-12-31';

/** Italian weekday names by ISO number (index 0 unused): staff's messages and the audit log. */
export const DAY_NAMES_IT = [
  '',
  'lunedì',
  'martedì',
  'mercoledì',
  'giovedì',
  'venerdì',
  'sabato',
  'domenica',
] as const;

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** "2026-12-24" → "24/12/2026", as Italians write dates. */
export const italianDate = (date: string) => date.split('-').reverse().join('/');
export const rangeText = (range: TimeRange) => `${range.open}–${range.close}`;

/**
 * For checks across values (overlaps, order): they run once every value they
 * compare has passed its own checks, so a bad time is reported as such and
 * never compared.
 */
const ONCE_VALID = {
  when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
};

const TIME_MESSAGE = 'Orario non valido: scrivilo come 19:30 (da 00:00 a 23:59).';
const DATE_MESSAGE = 'Data non valida: scrivila come 2026-12-24.';

const time = z.string({ error: TIME_MESSAGE }).refine(isTime, TIME_MESSAGE);

export const timeRange = z
  .strictObject(
    { open: time, close: time },
    { error: 'Un orario ha apertura e chiusura: {"open": "12:00", "close": "15:00"}.' },
  )
  .superRefine((range, ctx) => {
    if (range.open === range.close) {
      ctx.addIssue({
        code: 'custom',
        message: `L'orario ${rangeText(range)} apre e chiude alla stessa ora: non dura nulla.`,
      });
    }
  }, ONCE_VALID);

/** A day's ranges, bounded; whether they overlap is checked where the day's name is known. */
const dayRanges = z
  .array(timeRange, { error: 'Gli orari sono una lista.' })
  .max(RANGES_PER_DAY_MAX, `Al massimo ${RANGES_PER_DAY_MAX} orari per giorno.`);

const overlapMessage = (label: string, [first, second]: [TimeRange, TimeRange]) =>
  `${label}: gli orari ${rangeText(first)} e ${rangeText(second)} si sovrappongono.`;

const isoDate = z
  .string({ error: DATE_MESSAGE })
  .refine((date) => isDate(date), DATE_MESSAGE)
  .refine(
    (date) => !isDate(date) || (date >= FIRST_DATE && date <= LAST_DATE),
    'Data non valida: scegline una tra il 2000 e il 2099.',
  );

const weekday = z
  .number({ error: 'Giorno non valido: da 1 (lunedì) a 7 (domenica).' })
  .int('Giorno non valido: da 1 (lunedì) a 7 (domenica).')
  .min(1, 'Giorno non valido: da 1 (lunedì) a 7 (domenica).')
  .max(7, 'Giorno non valido: da 1 (lunedì) a 7 (domenica).');

const weeklyDay = z.strictObject({ day: weekday, ranges: dayRanges });

/** The week: each day once, and no evening past midnight running into the next day's first range. */
export const weeklySchedule = z
  .array(weeklyDay, { error: 'La settimana è una lista di giorni.' })
  .max(7, 'Al massimo 7 giorni.')
  .superRefine((days, ctx) => {
    const seen = new Set<number>();
    days.forEach(({ day }, index) => {
      if (seen.has(day)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'day'],
          message: `${capitalized(DAY_NAMES_IT[day]!)} compare due volte: indica ogni giorno una volta sola.`,
        });
      }
      seen.add(day);
    });
    days.forEach(({ day, ranges }, index) => {
      const within = overlapWithin(ranges);
      if (within) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'ranges'],
          message: overlapMessage(capitalized(DAY_NAMES_IT[day]!), within),
        });
      }
      const next = (day % 7) + 1;
      const overlap = overlapIntoNextDay(ranges, days.find((d) => d.day === next)?.ranges ?? []);
      if (overlap) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'ranges'],
          message: `L'orario ${rangeText(overlap[0])} di ${DAY_NAMES_IT[day]} continua dopo mezzanotte e si sovrappone all'orario ${rangeText(overlap[1])} di ${DAY_NAMES_IT[next]}.`,
        });
      }
    });
  }, ONCE_VALID);

const closureNote = z
  .string({ error: 'Nota: testo non valido.' })
  .trim()
  .max(CLOSURE_NOTE_MAX, `Nota: al massimo ${CLOSURE_NOTE_MAX} caratteri.`)
  .regex(ONE_LINE_TEXT, 'Nota: una sola riga, senza caratteri di controllo.')
  .transform((note) => (note === '' ? null : note))
  .nullable()
  .optional()
  .transform((note) => note ?? null);

export const closure = z
  .strictObject(
    { from: isoDate, to: isoDate, note: closureNote },
    { error: 'Una chiusura ha inizio e fine: {"from": "2026-12-24", "to": "2027-01-06"}.' },
  )
  .refine((closure) => closure.from <= closure.to, {
    // Once both dates are dates, whatever the note.
    when: ({ value }) => {
      const { from, to } = value as { from?: unknown; to?: unknown };
      return typeof from === 'string' && typeof to === 'string' && isDate(from) && isDate(to);
    },
    path: ['to'],
    message: 'La chiusura finisce prima di cominciare: la fine è il giorno di inizio o uno dopo.',
  });

/** Closures, none sharing a date with another (each date has one note to show). */
export const closureList = z
  .array(closure, { error: 'Le chiusure sono una lista.' })
  .max(CLOSURES_MAX, `Al massimo ${CLOSURES_MAX} chiusure.`)
  .superRefine((closures, ctx) => {
    const sorted = closures
      .map((closure, index) => ({ ...closure, index }))
      .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
    for (let i = 1; i < sorted.length; i += 1) {
      const [before, after] = [sorted[i - 1]!, sorted[i]!];
      if (after.from <= before.to) {
        ctx.addIssue({
          code: 'custom',
          path: [after.index],
          message: `Le chiusure dal ${italianDate(before.from)} al ${italianDate(before.to)} e dal ${italianDate(after.from)} al ${italianDate(after.to)} si sovrappongono: uniscile in una sola.`,
        });
      }
    }
  }, ONCE_VALID);

const specialDay = z.strictObject(
  {
    date: isoDate,
    ranges: dayRanges.min(
      1,
      'Un giorno speciale ha almeno un orario: per chiudere un giorno aggiungi una chiusura.',
    ),
  },
  { error: 'Un giorno speciale ha data e orari: {"date": "2026-08-10", "ranges": [...]}.' },
);

/** Special days, each date once. */
export const specialDayList = z
  .array(specialDay, { error: 'I giorni speciali sono una lista.' })
  .max(EXCEPTIONS_MAX, `Al massimo ${EXCEPTIONS_MAX} giorni speciali.`)
  .superRefine((days, ctx) => {
    const seen = new Set<string>();
    days.forEach(({ date, ranges }, index) => {
      const within = overlapWithin(ranges);
      if (within) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'ranges'],
          message: overlapMessage(`Giorno speciale del ${italianDate(date)}`, within),
        });
      }
      if (seen.has(date)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'date'],
          message: `Il giorno speciale del ${italianDate(date)} compare due volte.`,
        });
      }
      seen.add(date);
    });
  }, ONCE_VALID);

/**
 * Special days against the dates around them, as the whole schedule opens
 * them: a special day's range past midnight may not run into the next date's
 * first range, nor the day before's into the special day's. Problems by the
 * special day's index in `schedule.exceptions`.
 */
export function specialDayOverlaps(schedule: Schedule): { index: number; message: string }[] {
  const problems: { index: number; message: string }[] = [];
  schedule.exceptions.forEach(({ date }, index) => {
    const day = openingOn(schedule, date);
    const before = openingOn(schedule, addDays(date, -1));
    const after = openingOn(schedule, addDays(date, 1));
    for (const [first, second] of [
      [before, day],
      [day, after],
    ] as const) {
      const overlap = overlapIntoNextDay(first.ranges, second.ranges);
      if (overlap) {
        problems.push({
          index,
          message: `L'orario ${rangeText(overlap[0])} del ${italianDate(first.date)} continua dopo mezzanotte e si sovrappone all'orario ${rangeText(overlap[1])} del ${italianDate(second.date)}.`,
        });
      }
    }
  });
  return problems;
}

/**
 * PUT /api/opening-hours: the week, the closures and, when given, the
 * special days (absent: the stored ones stay). Exactly what GET answers for
 * those keys is accepted back.
 */
export const openingHoursBody = z
  .strictObject({
    weekly: weeklySchedule,
    closures: closureList,
    exceptions: specialDayList.optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.exceptions) return; // checked against the stored ones by the server
    const schedule = { ...body, exceptions: body.exceptions };
    for (const { index, message } of specialDayOverlaps(schedule)) {
      ctx.addIssue({ code: 'custom', path: ['exceptions', index, 'ranges'], message });
    }
  }, ONCE_VALID);
export type OpeningHoursBody = z.infer<typeof openingHoursBody>;

export const openingHoursQuery = z.strictObject({
  lang: z
    .enum(LANGUAGES, { error: `Lingua non supportata: usa ${LANGUAGES.join(', ')}.` })
    .default('it'),
});

// ---------------------------------------------------------------------------
// Answers

const rangeAnswer = z.object({ open: z.string(), close: z.string() });

/** GET /api/opening-hours (and PUT's answer, in Italian). */
export const openingHoursAnswer = z.object({
  timezone: z.literal(RESTAURANT_TIME_ZONE),
  /** Every weekday from 1 (Monday) to 7, ranges in opening order; a closed day has none. */
  weekly: z.array(z.object({ day: z.number(), ranges: z.array(rangeAnswer) })),
  /** In date order; `note` in the language asked for, or null. */
  closures: z.array(z.object({ from: z.string(), to: z.string(), note: z.string().nullable() })),
  /** Special days in date order. */
  exceptions: z.array(z.object({ date: z.string(), ranges: z.array(rangeAnswer) })),
  /** Today's date in Rome, and whether and when the restaurant opens on it. */
  today: z.object({ date: z.string(), open: z.boolean(), ranges: z.array(rangeAnswer) }),
});
export type OpeningHoursAnswer = z.infer<typeof openingHoursAnswer>;
