import {
  guestDataAnswer,
  guestErasedAnswer,
  type GuestData,
  type GuestErased,
} from '../../../shared/schemas/guest-data.ts';
import {
  occupancyAnswer,
  reservationAnswer,
  reservationSettingsAnswer,
  type OccupancyAnswer,
  type Reservation,
  type ReservationSettingsBody,
  type ReservationSettingsAnswer,
  type ReservationStatusBody,
  type StaffReservationBody,
} from '../../../shared/schemas/reservations.ts';
import { dayPlanAnswer, type DayPlan } from '../../../shared/schemas/floor.ts';
import { type GuestKey } from '../../../shared/schemas/guest.ts';
import { z } from '../../../shared/schemas/zod.ts';
import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';

const dayAnswer = z.array(reservationAnswer);

/** GET /api/reservations?date=: the day's bookings in every status. */
export async function fetchReservations(
  token: string,
  date: string,
  signal?: AbortSignal,
): Promise<ApiResult<Reservation[]>> {
  return parseAnswer(
    await apiRequest('GET', `/reservations?date=${date}`, { token, signal }),
    dayAnswer,
  );
}

/** GET /api/reservations/occupancy?date=: covers seated at each slot of the day. */
export async function fetchOccupancy(
  token: string,
  date: string,
  signal?: AbortSignal,
): Promise<ApiResult<OccupancyAnswer>> {
  return parseAnswer(
    await apiRequest('GET', `/reservations/occupancy?date=${date}`, { token, signal }),
    occupancyAnswer,
  );
}

/** GET /api/reservations/plan?date=: the day plan, read here for the tables' names. */
export async function fetchDayPlan(
  token: string,
  date: string,
  signal?: AbortSignal,
): Promise<ApiResult<DayPlan>> {
  return parseAnswer(
    await apiRequest('GET', `/reservations/plan?date=${date}`, { token, signal }),
    dayPlanAnswer,
  );
}

/** PATCH /api/reservations/{id}: confirm, decline (with a message), cancel, no-show, the evening's steps. */
export async function setReservationStatus(
  token: string,
  id: number,
  body: ReservationStatusBody,
): Promise<ApiResult<Reservation>> {
  return parseAnswer(
    await apiRequest('PATCH', `/reservations/${id}`, { token, body }),
    reservationAnswer,
  );
}

/** POST /api/reservations/staff: a booking taken by phone, confirmed at once. */
export async function addPhoneReservation(
  token: string,
  body: StaffReservationBody,
): Promise<ApiResult<Reservation>> {
  return parseAnswer(
    await apiRequest('POST', '/reservations/staff', { token, body }),
    reservationAnswer,
  );
}

/** GET /api/reservations/settings (owner). */
export async function fetchReservationSettings(
  token: string,
  signal?: AbortSignal,
): Promise<ApiResult<ReservationSettingsAnswer>> {
  return parseAnswer(
    await apiRequest('GET', '/reservations/settings', { token, signal }),
    reservationSettingsAnswer,
  );
}

/** PUT /api/reservations/settings (owner): every setting at once. */
export async function saveReservationSettings(
  token: string,
  body: ReservationSettingsBody,
): Promise<ApiResult<ReservationSettingsAnswer>> {
  return parseAnswer(
    await apiRequest('PUT', '/reservations/settings', { token, body }),
    reservationSettingsAnswer,
  );
}

/** POST /api/reservations/settings/calendar-feed (owner): a new secret address, the old one dead. */
export async function rotateCalendarFeed(
  token: string,
): Promise<ApiResult<ReservationSettingsAnswer>> {
  return parseAnswer(
    await apiRequest('POST', '/reservations/settings/calendar-feed', { token }),
    reservationSettingsAnswer,
  );
}

const guestQuery = (guest: GuestKey) =>
  'email' in guest
    ? `/guest-data?email=${encodeURIComponent(guest.email)}`
    : `/guest-data?phone=${encodeURIComponent(guest.phone)}`;

/** GET /api/guest-data?email= or ?phone=: everything kept about one guest, as the export hands it over. */
export async function fetchGuestData(
  token: string,
  guest: GuestKey,
): Promise<ApiResult<GuestData>> {
  return parseAnswer(await apiRequest('GET', guestQuery(guest), { token }), guestDataAnswer);
}

/** DELETE /api/guest-data?email= or ?phone=: erases them, and says how much was erased. */
export async function eraseGuestData(
  token: string,
  guest: GuestKey,
): Promise<ApiResult<GuestErased>> {
  return parseAnswer(await apiRequest('DELETE', guestQuery(guest), { token }), guestErasedAnswer);
}
