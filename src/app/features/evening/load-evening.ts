import { isDate, romeDate } from '../../../shared/opening-hours.ts';

/** The day shown is in the address (`?data=2026-06-10`), as in the bookings; without it, today in Rome. */
export const DAY_PARAM = 'data';

export interface EveningData {
  date: string;
  today: string;
}

/** The /dashboard/evening route's client loader: only the day. The view polls its plan itself. */
export function loadEvening(request: Request): EveningData {
  const today = romeDate(new Date());
  const asked = new URL(request.url).searchParams.get(DAY_PARAM);
  return { date: asked !== null && isDate(asked) ? asked : today, today };
}
