import type { FastifyInstance } from 'fastify';
import { fieldErrors } from './field-errors.ts';
import type { AttendanceView, CancellationView, GuestReservations } from '../../app/context.ts';
import type { Row } from '../services/reservations/rows.ts';
import { reservationBody, type ReservationBody } from '../../shared/schemas/reservations.ts';
import { bookingLang } from '../services/reservations/rows.ts';

/**
 * The reservation pages' way to the service (src/app/context.ts): the same
 * rules, limits and answers as /api/reservations, so a form posted without
 * JavaScript books exactly as the API does.
 */
export function guestReservations(app: FastifyInstance): GuestReservations {
  const view = (row: Row | null) =>
    row === null
      ? null
      : ({
          id: row.id,
          name: row.name,
          party: row.party,
          date: row.date,
          time: row.time,
          status: row.status,
          lang: bookingLang(row),
        } satisfies CancellationView);
  const attendanceView = (row: Row | null) =>
    row === null
      ? null
      : ({ ...view(row)!, guestConfirmedAt: row.guest_confirmed_at } satisfies AttendanceView);
  return {
    calendar: () => app.reservations.calendar(),
    // Nothing is read of the plan unless the owner lets guests choose.
    areas: async (lang) =>
      (await app.reservations.settings()).areaChoice ? app.floorPlan.bookableAreas(lang) : [],
    async availability(date, party, area) {
      const outcome = await app.reservations.availability(date, party, area ?? null);
      return outcome.ok ? outcome : { ok: false, code: outcome.reason };
    },
    async book(input, clientAddress) {
      const parsed = reservationBody.safeParse(input);
      if (!parsed.success) {
        return { ok: false, code: 'invalid', fields: fieldErrors<ReservationBody>(parsed.error) };
      }
      const booked = await app.reservations.bookAsGuest(clientAddress, parsed.data);
      return booked.ok ? booked : { ok: false, code: booked.code };
    },
    cancellation: async (token) => view(await app.reservations.cancellation(token)),
    async cancel(token, clientAddress) {
      const cancelled = await app.reservations.cancelAsGuest(token, clientAddress);
      return cancelled.ok ? view(cancelled.booking) : 'rate-limited';
    },
    retentionMonths: async () => (await app.reservations.settings()).retentionMonths,
    attendance: async (token) => attendanceView(await app.reservations.attendance(token)),
    async attend(token, clientAddress) {
      const attended = await app.reservations.attendAsGuest(token, clientAddress);
      return attended.ok ? attendanceView(attended.booking) : 'rate-limited';
    },
  };
}
