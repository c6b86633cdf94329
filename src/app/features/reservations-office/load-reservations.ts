import { isDate, romeDate } from '../../../shared/opening-hours.ts';
import type {
  OccupancyAnswer,
  Reservation,
  ReservationSettingsAnswer,
} from '../../../shared/schemas/reservations.ts';
import { withSessionToken, type Loading } from '../../staff/index.ts';
import {
  fetchOccupancy,
  fetchReservationSettings,
  fetchReservations,
} from './reservations-office-api.ts';

/**
 * The day shown is in the address (`?data=2026-12-05`), so that the phone's
 * back button returns to the day before and a login brings staff back to
 * the day they were on; without it (or with nonsense), today in Rome.
 */
export const DAY_PARAM = 'data';

export function dayOf(params: URLSearchParams, now = new Date()): string {
  const asked = params.get(DAY_PARAM);
  return asked !== null && isDate(asked) ? asked : romeDate(now);
}

export interface ReservationsData {
  date: string;
  today: string;
  reservations: Loading<Reservation[]>;
  occupancy: Loading<OccupancyAnswer>;
  /** The owner's settings; staff are not asked (the server refuses them). */
  settings: Loading<ReservationSettingsAnswer>;
}

/**
 * The /dashboard/reservations route's client loader. Not awaited, as in
 * every back-office section: the section opens at once with its loading text.
 */
export function loadReservations(request: Request): ReservationsData {
  const now = new Date();
  const date = dayOf(new URL(request.url).searchParams, now);
  const { signal } = request;
  return {
    date,
    today: romeDate(now),
    reservations: withSessionToken((token) => fetchReservations(token, date, signal)),
    occupancy: withSessionToken((token) => fetchOccupancy(token, date, signal)),
    settings: withSessionToken(async (token, user) =>
      user?.role === 'owner' ? fetchReservationSettings(token, signal) : null,
    ),
  };
}
