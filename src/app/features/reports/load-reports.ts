import { mayOpen, sectionAt } from '../../back-office/sections.ts';
import { withSessionToken, type Loading } from '../../staff/index.ts';
import { periodOf, type Period } from './periods.ts';
import {
  fetchBookingsReport,
  fetchDishesReport,
  fetchEventsReport,
  fetchLanguagesReport,
  fetchTakeawayReport,
  fetchTakeawaySlots,
  type Answer,
  type BookingsRow,
  type DishRow,
  type EventsRow,
  type LanguagesRow,
  type ReportAsk,
  type TakeawayRow,
  type TakeawaySlotRow,
} from './reports-api.ts';

export interface ReportsData {
  period: Period;
  bookings: Loading<Answer<BookingsRow>>;
  takeaway: Loading<Answer<TakeawayRow>>;
  slots: Loading<Answer<TakeawaySlotRow>>;
  dishes: Loading<Answer<DishRow>>;
  events: Loading<Answer<EventsRow>>;
  languages: Loading<Answer<LanguagesRow>>;
}

/**
 * The /dashboard/reports route's client loader: the period from the address
 * (Rome's today, `now` in tests), and each report asked at once and not
 * awaited, so each chart shows as its answer comes. Staff who are not owners
 * ask nothing (the page says the reports are the owner's).
 */
export function loadReports(request: Request, now = new Date()): ReportsData {
  const period = periodOf(new URL(request.url).searchParams, now);
  const { signal } = request;
  const overTime: ReportAsk = { from: period.from, to: period.to, group: period.group };
  const whole: ReportAsk = { from: period.from, to: period.to };
  const asOwner = <T>(fetcher: (token: string) => Promise<T>) =>
    withSessionToken(async (token, user) =>
      mayOpen(sectionAt('reports'), user?.role) ? fetcher(token) : null,
    );
  return {
    period,
    bookings: asOwner((token) => fetchBookingsReport(token, overTime, signal)),
    takeaway: asOwner((token) => fetchTakeawayReport(token, overTime, signal)),
    slots: asOwner((token) => fetchTakeawaySlots(token, whole, signal)),
    dishes: asOwner((token) => fetchDishesReport(token, whole, signal)),
    events: asOwner((token) => fetchEventsReport(token, whole, signal)),
    languages: asOwner((token) => fetchLanguagesReport(token, whole, signal)),
  };
}
