import { LANGUAGES } from '../../../shared/languages.ts';
import { EVENT_STATUSES } from '../../../shared/schemas/events.ts';
import type {
  BookingsRow,
  DishRow,
  EventsRow,
  LanguagesRow,
  ReportAnswer,
  ReportName,
  TakeawayRow,
  TakeawaySlotRow,
} from '../../../shared/schemas/reports.ts';
import { REPORT_GROUPS } from '../../../shared/schemas/reports.ts';
import { z } from '../../../shared/schemas/zod.ts';
import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';

export type { BookingsRow, DishRow, EventsRow, LanguagesRow, TakeawayRow, TakeawaySlotRow };

/** What a report is asked for: its days, and how its rows over time are grouped. */
export interface ReportAsk {
  from: string;
  to: string;
  group?: ReportAnswer['group'];
}

const count = z.number().int().nonnegative();
const amount = z.string().regex(/^-?\d+(\.\d+)?$/);
const ROW_SCHEMAS = {
  bookings: z.object({
    period: z.string(),
    bookings: count,
    covers: count,
    seatedCovers: count,
    noShowCovers: count,
    cancelledCovers: count,
    online: count,
    phone: count,
    walkIn: count,
  }),
  takeaway: z.object({
    period: z.string(),
    orders: count,
    items: count,
    collectedTotal: amount,
    noShows: count,
  }),
  takeawaySlots: z.object({
    weekday: z.number().int().min(1).max(7),
    time: z.string(),
    orders: z.number().nonnegative(),
    oven: z.number().nonnegative(),
    kitchen: z.number().nonnegative(),
    ovenLimit: count,
    kitchenLimit: count,
  }),
  dishes: z.object({
    id: z.number().int().nullable(),
    name: z.string(),
    quantity: count,
    total: amount,
  }),
  events: z.object({ status: z.enum(EVENT_STATUSES), count, guests: count }),
  languages: z.object({ lang: z.enum(LANGUAGES), bookings: count, orders: count, events: count }),
};

const answerOf = <Row extends z.ZodType>(row: Row) =>
  z.object({
    from: z.string(),
    to: z.string(),
    group: z.enum(REPORT_GROUPS),
    rows: z.array(row),
    previous: z.object({ from: z.string(), to: z.string(), rows: z.array(row) }),
  });

/** A report's query: `group` only for the reports over time (the others cover the whole range). */
export function reportSearch({ from, to, group }: ReportAsk): string {
  return `?${new URLSearchParams({ from, to, ...(group ? { group } : {}) }).toString()}`;
}

/** Where the report's CSV file is: its link's address. */
export const csvHref = (name: ReportName, ask: ReportAsk) =>
  `/api/reports/${name}.csv${reportSearch(ask)}`;

export type Answer<Row> = Omit<ReportAnswer, 'rows' | 'previous'> & {
  rows: Row[];
  previous: { from: string; to: string; rows: Row[] };
};

async function fetchReport<Row>(
  name: ReportName,
  schema: z.ZodType<Row>,
  token: string,
  ask: ReportAsk,
  signal?: AbortSignal,
): Promise<ApiResult<Answer<Row>>> {
  const path = `/reports/${name}${reportSearch(ask)}`;
  return parseAnswer(await apiRequest('GET', path, { token, signal }), answerOf(schema));
}

/** GET /api/reports/… (owner), one function per report. */
export const fetchBookingsReport = (token: string, ask: ReportAsk, signal?: AbortSignal) =>
  fetchReport<BookingsRow>('bookings', ROW_SCHEMAS.bookings, token, ask, signal);
export const fetchTakeawayReport = (token: string, ask: ReportAsk, signal?: AbortSignal) =>
  fetchReport<TakeawayRow>('takeaway', ROW_SCHEMAS.takeaway, token, ask, signal);
export const fetchTakeawaySlots = (token: string, ask: ReportAsk, signal?: AbortSignal) =>
  fetchReport<TakeawaySlotRow>(
    'takeaway',
    ROW_SCHEMAS.takeawaySlots,
    token,
    { ...ask, group: 'slot' },
    signal,
  );
export const fetchDishesReport = (token: string, ask: ReportAsk, signal?: AbortSignal) =>
  fetchReport<DishRow>('dishes', ROW_SCHEMAS.dishes, token, ask, signal);
export const fetchEventsReport = (token: string, ask: ReportAsk, signal?: AbortSignal) =>
  fetchReport<EventsRow>('events', ROW_SCHEMAS.events, token, ask, signal);
export const fetchLanguagesReport = (token: string, ask: ReportAsk, signal?: AbortSignal) =>
  fetchReport<LanguagesRow>('languages', ROW_SCHEMAS.languages, token, ask, signal);
