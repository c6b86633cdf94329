import type { Lang } from '../languages.ts';
import type { EventStatus } from './events.ts';
import { dateText, z } from './zod.ts';

/**
 * The owner's reports (CONTRACT.md part four, "The owner's view"): what
 * happened, counted by the database by the day it happens (the booking's
 * date, the pickup date, the event's date: Rome's days, as stored), never
 * who. Each answer has the previous period of the same length beside it.
 */

export const REPORT_NAMES = ['bookings', 'takeaway', 'dishes', 'events', 'languages'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** How the rows of a report over time are grouped; `slot` is the takeaway report's heat map. */
export const REPORT_GROUPS = ['day', 'week', 'month', 'slot'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The longest range one report covers: two years and a day, so a leap year fits. */
export const REPORT_MAX_DAYS = 732;

/**
 * A report's CSV file name, in the back office's Italian, as the server
 * sends it and the page saves it: `prenotazioni-2026-11-01-2026-11-30.csv`,
 * the takeaway heat map's `asporto-fasce-…`.
 */
const FILE_NAMES: Record<ReportName, string> = {
  bookings: 'prenotazioni',
  takeaway: 'asporto',
  dishes: 'piatti',
  events: 'eventi',
  languages: 'lingue',
};
export const reportFileName = (
  name: ReportName,
  { from, to, group }: { from: string; to: string; group?: ReportGroup },
) => `${FILE_NAMES[name]}${group === 'slot' ? '-fasce' : ''}-${from}-${to}.csv`;

/** GET /api/reports/{name} and /api/reports/{name}.csv. */
export const reportParams = z.strictObject({ name: z.enum(REPORT_NAMES) });

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * ?from=YYYY-MM-DD&to=YYYY-MM-DD&group=day|week|month (day when left out;
 * `slot` only for `takeaway`, which the route checks). Both days count.
 */
export const reportQuery = z
  .strictObject({
    from: dateText,
    to: dateText,
    group: z.enum(REPORT_GROUPS).default('day'),
  })
  .refine((query) => query.from <= query.to, {
    message: 'Periodo: il primo giorno viene prima dell’ultimo.',
    path: ['to'],
  })
  .refine((query) => daysBetween(query.from, query.to) < REPORT_MAX_DAYS, {
    message: `Periodo: al massimo ${REPORT_MAX_DAYS} giorni.`,
    path: ['to'],
  });
export type ReportQuery = z.infer<typeof reportQuery>;

/** Per period (`period`: its first day, a week starting on Monday). */
export interface BookingsRow {
  period: string;
  /** Every booking of the period but declined ones, and their covers. */
  bookings: number;
  covers: number;
  /** Covers seated or finished (before table mode: confirmed and past). */
  seatedCovers: number;
  noShowCovers: number;
  cancelledCovers: number;
  /** Bookings (not covers) by where they came from. */
  online: number;
  phone: number;
  walkIn: number;
}

/** Per period: orders not declined, their items, the collected money (a decimal string), no-shows. */
export interface TakeawayRow {
  period: string;
  orders: number;
  items: number;
  collectedTotal: string;
  noShows: number;
}

/**
 * `takeaway` with `group=slot`: per weekday (1 Monday … 7 Sunday) and pickup
 * slot, the average pieces the oven and the kitchen made per such weekday of
 * the range, against the slot's limits.
 */
export interface TakeawaySlotRow {
  weekday: number;
  time: string;
  orders: number;
  oven: number;
  kitchen: number;
  ovenLimit: number;
  kitchenLimit: number;
}

/** Takeaway lines of orders not declined, cancelled or no-show; most sold first. */
export interface DishRow {
  id: number | null;
  name: string;
  quantity: number;
  total: string;
}

/** One row per status, all four, for the whole range. */
export interface EventsRow {
  status: EventStatus;
  count: number;
  guests: number;
}

/** One row per language, all five, for the whole range. */
export interface LanguagesRow {
  lang: Lang;
  bookings: number;
  orders: number;
  events: number;
}

export interface ReportRows {
  bookings: BookingsRow;
  takeaway: TakeawayRow | TakeawaySlotRow;
  dishes: DishRow;
  events: EventsRow;
  languages: LanguagesRow;
}

/** A report's answer: the range asked, its rows, and the previous range's. */
export interface ReportAnswer<Name extends ReportName = ReportName> {
  from: string;
  to: string;
  group: ReportGroup;
  rows: ReportRows[Name][];
  previous: { from: string; to: string; rows: ReportRows[Name][] };
}
