import { RATE_LIMITED } from '../../../shared/schemas/errors.ts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendAnswer,
  attendBody,
  availabilityAnswer,
  availabilityQuery,
  cancelBody,
  createdReservationAnswer,
  dayQuery,
  occupancyAnswer,
  RESERVATION_REFUSALS,
  reservationAnswer,
  reservationBody,
  reservationIdParams,
  reservationSettingsAnswer,
  reservationSettingsBody,
  reservationStatusBody,
  staffReservationBody,
  type AvailabilityAnswer,
} from '../../../shared/schemas/reservations.ts';
import { requireOwner, requireStaff, clientKey } from '../../plugins/staff-auth.ts';
import type { RateLimited } from '../../services/address-limits.ts';
import type { BookingRefusal, StaffBookingRefusal } from '../../services/reservations/booking.ts';
import type { Row } from '../../services/reservations/rows.ts';
import { declinePendingRoutes } from './decline-pending.ts';
import { fieldError, notFound, refuse, tooManyRequests } from './errors.ts';
import { KeptJson } from './kept-json.ts';
import { dayPlanAnswer, FLOOR_REFUSALS, walkInBody } from '../../../shared/schemas/floor.ts';

/** What a guest reads of a refusal (the page shows its own translation of the code). */
const GUEST_REFUSAL_TEXTS: Record<BookingRefusal, string> = {
  'not-a-slot': 'This time cannot be booked: please pick one of the available times.',
  'slot-full': 'This time is fully booked: please pick another one.',
  'party-too-large': 'Parties this large book by phone: please call the restaurant.',
  'too-many-pending':
    'This e-mail or phone already holds as many covers as it may in requests awaiting confirmation on this day: please wait for the answer, or call the restaurant.',
};

/** What staff read (Italian, like the whole back office). */
const STAFF_BOOKING_REFUSAL_TEXTS: Record<StaffBookingRefusal, string> = {
  'not-a-slot':
    "A quest'ora non si prenota: il ristorante è chiuso, oppure l'orario non è su un quarto d'ora dell'apertura.",
  'slot-full':
    'In quella fascia i coperti sono esauriti, o i tavoli occupati: puoi aggiungerla comunque, oltre la capienza.',
  'party-too-large': 'Troppe persone per una prenotazione.',
};

const TRANSITION_REFUSED =
  'La prenotazione è già stata gestita (da un collega o dal cliente): ricarica per vederne lo stato.';

const BOOKING_NOT_FOUND = 'Prenotazione non trovata.';

const REVIEW_DECIDED =
  'La richiesta di recensione di questa prenotazione è già stata decisa (la mattina dopo la visita): non si può più trattenere.';

const WALK_IN_FULL =
  'Nessun posto libero per tutto il turno di questo gruppo: puoi farlo sedere comunque.';

const PACE_NEEDED =
  'Coperti per fascia: obbligatori finché la pianta della sala non ha tavoli (senza tavoli le prenotazioni contano i coperti).';

/**
 * /api/reservations: availability and bookings for guests; the day's
 * bookings, their changes, phone bookings and settings for staff; and the
 * restaurant's calendar feed. (One guest's data, /api/guest-data: guest-data.ts.)
 */
export const reservationRoutes: FastifyPluginAsyncZod<{ now: () => number }> = async (
  app,
  { now },
) => {
  // A date's slots for a party are kept while the bookings' and content versions
  // stay (services/reservations/availability.ts): so is their JSON, which the
  // front sends while it is certainly still the answer (kept-json.ts).
  const availabilityJson = new KeptJson<AvailabilityAnswer['slots'], typeof availabilityAnswer>(
    availabilityAnswer,
    { versions: [app.contentVersion, app.bookingsVersion], now },
  );
  app.frontAnswers.add((url) => availabilityJson.keptFor(url));
  app.get(
    '/reservations/availability',
    {
      schema: { querystring: availabilityQuery, response: { 200: availabilityAnswer } },
      compress: false, // the kept answer is compressed once
    },
    async (request, reply) => {
      const asked = await availabilityJson.asked();
      const { date, party, area } = request.query;
      const areaRefusal = await app.reservations.areaRefusal(area);
      if (areaRefusal) return fieldError(reply, 'area', areaRefusal);
      const outcome = await app.reservations.availability(date, party, area ?? null);
      if (!outcome.ok) {
        return refuse(
          reply,
          409,
          RESERVATION_REFUSALS.partyTooLarge,
          GUEST_REFUSAL_TEXTS['party-too-large'],
        );
      }
      const { answer } = outcome;
      return availabilityJson.send(request, reply, asked, answer.slots, (slots) => ({
        ...answer,
        slots,
      }));
    },
  );

  app.post(
    '/reservations',
    { schema: { body: reservationBody, response: { 201: createdReservationAnswer } } },
    async (request, reply) => {
      // Before the guest's limits count it: a form's mistake, not a booking.
      const areaRefusal = await app.reservations.areaRefusal(request.body.area);
      if (areaRefusal) return fieldError(reply, 'area', areaRefusal);
      const booked = await app.reservations.bookAsGuest(clientKey(request), request.body);
      if (booked.ok) return reply.status(201).send({ id: booked.id, status: booked.status });
      if (booked.code === 'rate-limited') {
        return tooManyRequests(reply, booked.retryAfterSeconds, RATE_LIMITED, booked.description);
      }
      return refuse(reply, 409, booked.code, GUEST_REFUSAL_TEXTS[booked.code]);
    },
  );

  /** A guest link's press, or the answer for a link that does not work (any more). */
  const linkPressed = <T>(
    reply: FastifyReply,
    pressed: { ok: true; booking: Row | null } | RateLimited,
    answer: (row: Row) => T,
  ) => {
    if (!pressed.ok) {
      return tooManyRequests(reply, pressed.retryAfterSeconds, RATE_LIMITED, pressed.description);
    }
    if (!pressed.booking) {
      return refuse(
        reply,
        400,
        RESERVATION_REFUSALS.badToken,
        'This link does not work any more: the booking has begun, or the link is not whole.',
      );
    }
    return answer(pressed.booking);
  };

  app.post(
    '/reservations/cancel',
    { schema: { body: cancelBody, response: { 200: createdReservationAnswer } } },
    async (request, reply) =>
      linkPressed(
        reply,
        await app.reservations.cancelAsGuest(request.body.token, clientKey(request)),
        (row) => ({ id: row.id, status: row.status }),
      ),
  );

  app.post(
    '/reservations/attend',
    { schema: { body: attendBody, response: { 200: attendAnswer } } },
    async (request, reply) =>
      linkPressed(
        reply,
        await app.reservations.attendAsGuest(request.body.token, clientKey(request)),
        (row) => ({ id: row.id, status: row.status, guestConfirmedAt: row.guest_confirmed_at }),
      ),
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
    '/reservations/plan',
    {
      schema: { querystring: dayQuery, response: { 200: dayPlanAnswer, 304: z.void() } },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const outcome = await app.reservations.dayPlan(
        request.query.date,
        request.headers['if-none-match'],
      );
      // The evening view sends the tag of the plan it shows (it asks every
      // second); nothing is cached: the plan names guests (no-store).
      reply.header('etag', outcome.tag);
      if ('notModified' in outcome) return reply.code(304).send();
      return outcome.plan;
    },
  );

  app.post(
    '/reservations/walk-in',
    {
      schema: { body: walkInBody, response: { 201: reservationAnswer } },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const outcome = await app.reservations.walkIn(request.body, request.staff!);
      if (outcome.ok) return reply.status(201).send(outcome.reservation);
      if (outcome.reason === 'slot-full') {
        return refuse(reply, 409, RESERVATION_REFUSALS.full, WALK_IN_FULL);
      }
      if (outcome.reason === 'bad-tables')
        return fieldError(reply, 'tableIds', outcome.description);
      return refuse(reply, 409, FLOOR_REFUSALS.taken, outcome.description);
    },
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
      if (outcome.reason === 'not-found') return notFound(reply, BOOKING_NOT_FOUND);
      if (outcome.reason === 'bad-tables')
        return fieldError(reply, 'tableIds', outcome.description);
      if (outcome.reason === 'table-taken') {
        return refuse(reply, 409, FLOOR_REFUSALS.taken, outcome.description);
      }
      if (outcome.reason === 'review-decided') {
        return refuse(reply, 409, RESERVATION_REFUSALS.reviewDecided, REVIEW_DECIDED);
      }
      return refuse(reply, 409, RESERVATION_REFUSALS.transition, TRANSITION_REFUSED);
    },
  );

  declinePendingRoutes(app, 'reservations', () => app.reservations, BOOKING_NOT_FOUND);

  app.post(
    '/reservations/staff',
    {
      schema: { body: staffReservationBody, response: { 201: reservationAnswer } },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const outcome = await app.reservations.bookByStaff(request.body, request.staff!);
      if (outcome.ok) return reply.status(201).send(outcome.reservation);
      return refuse(reply, 409, outcome.reason, STAFF_BOOKING_REFUSAL_TEXTS[outcome.reason]);
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
    async (request, reply) => {
      const outcome = await app.reservations.updateSettings(request.body, request.staff!);
      if (outcome.ok) return outcome.settings;
      return fieldError(reply, 'coversPerSlot', PACE_NEEDED);
    },
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
};
