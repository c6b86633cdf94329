import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilityAnswer,
  availabilityQuery,
  cancelBody,
  createdReservationAnswer,
  dayQuery,
  declinedPendingAnswer,
  declinePendingBody,
  guestDataAnswer,
  guestDataQuery,
  guestErasedAnswer,
  guestKeyOf,
  limitedEmail,
  limitedPhone,
  occupancyAnswer,
  pendingCountAnswer,
  pendingOf,
  pendingOfQuery,
  RESERVATION_REFUSALS,
  reservationAnswer,
  reservationBody,
  reservationIdParams,
  reservationSettingsAnswer,
  reservationSettingsBody,
  reservationStatusBody,
  staffReservationBody,
  type ReservationBody,
} from '../../../shared/schemas/reservations.ts';
import { requireOwner, requireStaff, clientKey } from '../../plugins/staff-auth.ts';
import type {
  BookingRefusal,
  StaffBookingRefusal,
} from '../../services/reservations/reservations.ts';
import { notFound, refuse, tooManyRequests } from './errors.ts';
import { hitLimit, withinAddressLimit, type AddressLimit } from './address-limit.ts';

const HOUR_MS = 60 * 60 * 1000;
const BOOKING_LIMITED = 'Too many booking requests: please try again later.';

/**
 * An online booking is counted three times, each on its own budget (SECURITY.md
 * item 41, docs/decisions/011): per client address (IPv6: its /56), and per
 * e-mail and per phone, which also bounds the mails one typed address is sent.
 * A family books a few tables; a robot needs hundreds to fill the horizon.
 */
export const RESERVATION_ADDRESS_LIMIT: AddressLimit = {
  name: 'reservation-ip',
  limit: 10,
  windowMs: HOUR_MS,
  description: BOOKING_LIMITED,
};
export const RESERVATION_EMAIL_LIMIT: AddressLimit = {
  name: 'reservation-email',
  limit: 8,
  windowMs: 24 * HOUR_MS,
  description: BOOKING_LIMITED,
};
export const RESERVATION_PHONE_LIMIT: AddressLimit = {
  ...RESERVATION_EMAIL_LIMIT,
  name: 'reservation-phone',
};

/** An e-mail or phone is counted by its digest: no limit's key holds a guest's address. */
const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** 20 presses of a cancel link's button per hour per client address: a guest presses once or twice. */
export const CANCEL_ADDRESS_LIMIT: AddressLimit = {
  name: 'reservation-cancel-ip',
  limit: 20,
  windowMs: HOUR_MS,
  description: 'Too many requests: please try again later.',
};

/** What a guest reads of a refusal (the page shows its own translation of the code). */
const GUEST_REFUSALS: Record<BookingRefusal, string> = {
  'not-a-slot': 'This time cannot be booked: please pick one of the available times.',
  'slot-full': 'This time is fully booked: please pick another one.',
  'party-too-large': 'Parties this large book by phone: please call the restaurant.',
  'too-many-pending':
    'This e-mail or phone already holds as many covers as it may in requests awaiting confirmation on this day: please wait for the answer, or call the restaurant.',
};

/** What staff read (Italian, like the whole back office). */
const STAFF_REFUSALS: Record<StaffBookingRefusal, string> = {
  'not-a-slot':
    "A quest'ora non si prenota: il ristorante è chiuso, oppure l'orario non è su un quarto d'ora dell'apertura.",
  'slot-full':
    'In quella fascia i coperti sono esauriti: puoi aggiungerla comunque, oltre la capienza.',
  'party-too-large': 'Troppe persone per una prenotazione.',
};

const TRANSITION_REFUSED =
  'La prenotazione è già stata gestita (da un collega o dal cliente): ricarica per vederne lo stato.';

export type GuestBooking =
  | { ok: true; id: number; status: 'pending' | 'confirmed' }
  | { ok: false; code: BookingRefusal | 'rate-limited'; retryAfterSeconds?: number };

/**
 * A guest's booking, as the API and the page's form (without JavaScript)
 * both take it: the address's flood limit first (in memory, then in the
 * database), then the honeypot (a robot is told "received" and nothing is
 * stored), then the limits of the e-mail and the phone, then the booking.
 */
export async function bookAsGuest(
  app: FastifyInstance,
  clientAddress: string,
  body: ReservationBody,
): Promise<GuestBooking> {
  const limited = async (rule: AddressLimit, subject: string) => {
    const limit = await hitLimit(app, rule, subject);
    return limit.allowed
      ? null
      : ({ ok: false, code: 'rate-limited', retryAfterSeconds: limit.retryAfterSeconds } as const);
  };
  const byAddress = await limited(RESERVATION_ADDRESS_LIMIT, clientAddress);
  if (byAddress) return byAddress;
  if ((body.website ?? '').trim() !== '') return { ok: true, id: 0, status: 'pending' };
  const byContact =
    (await limited(RESERVATION_EMAIL_LIMIT, digest(limitedEmail(body.email)))) ??
    (await limited(RESERVATION_PHONE_LIMIT, digest(limitedPhone(body.phone))));
  if (byContact) return byContact;
  const outcome = await app.reservations.book(body, clientAddress);
  if (!outcome.ok) return { ok: false, code: outcome.reason };
  return {
    ok: true,
    id: outcome.reservation.id,
    status: outcome.reservation.status === 'confirmed' ? 'confirmed' : 'pending',
  };
}

/**
 * /api/reservations: availability and bookings for guests; the day's
 * bookings, their changes, phone bookings and settings for staff; the
 * restaurant's calendar feed; and one guest's data, to export or erase.
 */
export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reservations/availability',
    { schema: { querystring: availabilityQuery, response: { 200: availabilityAnswer } } },
    async (request, reply) => {
      const { date, party } = request.query;
      const outcome = await app.reservations.availability(date, party);
      if (!outcome.ok) {
        return refuse(
          reply,
          409,
          RESERVATION_REFUSALS.partyTooLarge,
          GUEST_REFUSALS['party-too-large'],
        );
      }
      return outcome.answer;
    },
  );

  app.post(
    '/reservations',
    { schema: { body: reservationBody, response: { 201: createdReservationAnswer } } },
    async (request, reply) => {
      const booked = await bookAsGuest(app, clientKey(request), request.body);
      if (booked.ok) return reply.status(201).send({ id: booked.id, status: booked.status });
      if (booked.code === 'rate-limited') {
        return tooManyRequests(
          reply,
          booked.retryAfterSeconds ?? 60,
          'rate_limited',
          BOOKING_LIMITED,
        );
      }
      return refuse(reply, 409, booked.code, GUEST_REFUSALS[booked.code]);
    },
  );

  app.post(
    '/reservations/cancel',
    { schema: { body: cancelBody, response: { 200: createdReservationAnswer } } },
    async (request, reply) => {
      if (!(await withinAddressLimit(request, reply, CANCEL_ADDRESS_LIMIT))) return reply;
      const row = await app.reservations.cancelByGuest(request.body.token);
      if (!row) {
        return refuse(
          reply,
          400,
          RESERVATION_REFUSALS.badToken,
          'This link does not work any more: the booking has begun, or the link is not whole.',
        );
      }
      return { id: row.id, status: row.status };
    },
  );

  app.get(
    '/reservations',
    {
      schema: { querystring: dayQuery, response: { 200: z.array(reservationAnswer) } },
      preHandler: requireStaff,
    },
    (request) => app.reservations.day(request.query.date),
  );

  app.get(
    '/reservations/occupancy',
    {
      schema: { querystring: dayQuery, response: { 200: occupancyAnswer } },
      preHandler: requireStaff,
    },
    (request) => app.reservations.occupancy(request.query.date),
  );

  app.patch(
    '/reservations/:id',
    {
      schema: {
        params: reservationIdParams,
        body: reservationStatusBody,
        response: { 200: reservationAnswer },
      },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const outcome = await app.reservations.setStatus(
        request.params.id,
        request.body,
        request.staff!,
      );
      if (outcome.ok) return outcome.reservation;
      if (outcome.reason === 'not-found') return notFound(reply, 'Prenotazione non trovata.');
      return refuse(reply, 409, RESERVATION_REFUSALS.transition, TRANSITION_REFUSED);
    },
  );

  app.get(
    '/reservations/decline-pending',
    {
      schema: { querystring: pendingOfQuery, response: { 200: pendingCountAnswer } },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const pending = await app.reservations.pendingCount(pendingOf(request.query));
      if (pending === null) return notFound(reply, 'Prenotazione non trovata.');
      return { pending };
    },
  );

  app.post(
    '/reservations/decline-pending',
    {
      schema: { body: declinePendingBody, response: { 200: declinedPendingAnswer } },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const declined = await app.reservations.declinePending(
        pendingOf(request.body),
        request.body.message,
        request.staff!,
      );
      if (declined === null) return notFound(reply, 'Prenotazione non trovata.');
      return { declined };
    },
  );

  app.post(
    '/reservations/staff',
    {
      schema: { body: staffReservationBody, response: { 201: reservationAnswer } },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const outcome = await app.reservations.bookByStaff(request.body, request.staff!);
      if (outcome.ok) return reply.status(201).send(outcome.reservation);
      return refuse(reply, 409, outcome.reason, STAFF_REFUSALS[outcome.reason]);
    },
  );

  app.get(
    '/reservations/settings',
    { schema: { response: { 200: reservationSettingsAnswer } }, preHandler: requireOwner },
    () => app.reservations.settingsForOwner(),
  );

  app.put(
    '/reservations/settings',
    {
      schema: { body: reservationSettingsBody, response: { 200: reservationSettingsAnswer } },
      preHandler: requireOwner,
    },
    (request) => app.reservations.updateSettings(request.body, request.staff!),
  );

  app.post(
    '/reservations/settings/calendar-feed',
    { schema: { response: { 200: reservationSettingsAnswer } }, preHandler: requireOwner },
    (request) => app.reservations.rotateCalendarFeed(request.staff!),
  );

  app.get(
    '/reservations/calendar/:file',
    {
      schema: {
        params: z.strictObject({
          file: z.string().regex(/^[A-Za-z0-9_-]{20,100}\.ics$/, 'must be the feed address'),
        }),
      },
    },
    async (request, reply) => {
      const feed = await app.reservations.calendarFeed(
        request.params.file.slice(0, -'.ics'.length),
      );
      if (feed === null) return notFound(reply, 'Not found');
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(feed);
    },
  );

  app.get(
    '/guest-data',
    {
      schema: { querystring: guestDataQuery, response: { 200: guestDataAnswer } },
      preHandler: requireStaff,
    },
    (request) => app.guestData.export(guestKeyOf(request.query), request.staff!),
  );

  app.delete(
    '/guest-data',
    {
      schema: { querystring: guestDataQuery, response: { 200: guestErasedAnswer } },
      preHandler: requireStaff,
    },
    (request) => app.guestData.erase(guestKeyOf(request.query), request.staff!),
  );
};
