import { dayPlanAnswer, type DayPlan, type WalkInBody } from '../../../shared/schemas/floor.ts';
import {
  reservationAnswer,
  type Reservation,
  type ReservationStatusBody,
} from '../../../shared/schemas/reservations.ts';
import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';

/** The day plan as last answered, and its ETag (if the server gives one) to ask "anything new?" with. */
export interface PlanSnapshot {
  plan: DayPlan;
  etag: string | null;
}

/**
 * GET /api/reservations/plan?date=: the plan and the date's bookings on it.
 * With the ETag of the plan on screen, 304 (nothing changed) answers null.
 */
export async function fetchDayPlan(
  token: string,
  date: string,
  etag?: string | null,
  signal?: AbortSignal,
): Promise<ApiResult<PlanSnapshot | null>> {
  const result = await apiRequest('GET', `/reservations/plan?date=${date}`, {
    token,
    signal,
    ...(etag ? { ifNoneMatch: etag } : {}),
  });
  if (!result.ok && result.failure.kind === 'http' && result.failure.status === 304) {
    return { ok: true, status: 304, statusText: result.failure.statusText, data: null };
  }
  const parsed = parseAnswer(result, dayPlanAnswer);
  return parsed.ok ? { ...parsed, data: { plan: parsed.data, etag: parsed.etag ?? null } } : parsed;
}

/** PATCH /api/reservations/{id}: a step of the evening, a move (`tableIds`, `override`), or both. */
export async function changeBooking(
  token: string,
  id: number,
  body: ReservationStatusBody,
): Promise<ApiResult<Reservation>> {
  return parseAnswer(
    await apiRequest('PATCH', `/reservations/${id}`, { token, body }),
    reservationAnswer,
  );
}

/** POST /api/reservations/walk-in: a party seated now. */
export async function seatWalkIn(token: string, body: WalkInBody): Promise<ApiResult<Reservation>> {
  return parseAnswer(
    await apiRequest('POST', '/reservations/walk-in', { token, body }),
    reservationAnswer,
  );
}
