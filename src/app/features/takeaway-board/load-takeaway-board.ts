import { isDate, romeDate } from '../../../shared/opening-hours.ts';

/**
 * The day shown is in the address (`?data=2026-06-10`), as in the
 * reservations, so that a reload or a login comes back to it; without it
 * (or with nonsense), today in Rome.
 */
export const DAY_PARAM = 'data';

export interface TakeawayBoardData {
  date: string;
  today: string;
}

/**
 * The /dashboard/takeaway route's client loader: only the day. The board
 * asks for its orders itself, every second (useBoard, on the staff kit's usePolled).
 */
export function loadTakeawayBoard(request: Request): TakeawayBoardData {
  const today = romeDate(new Date());
  const asked = new URL(request.url).searchParams.get(DAY_PARAM);
  return { date: asked !== null && isDate(asked) ? asked : today, today };
}
