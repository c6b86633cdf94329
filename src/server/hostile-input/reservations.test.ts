import fc from 'fast-check';
import { type HTTPMethods } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { DEFAULT_RESERVATION_SETTINGS } from '../../shared/schemas/reservations.ts';
import {
  RESERVATION_ADDRESS_LIMIT,
  RESERVATION_EMAIL_LIMIT,
  RESERVATION_PHONE_LIMIT,
} from '../services/reservations/guest-booking.ts';
import { reviewStopToken } from '../services/guests/guest-links.ts';
import { newGuestKey } from '../services/guests/guest-records.ts';
import { PENDING_COVERS_PER_LARGEST_PARTY } from '../services/guests/pending-caps.ts';
import { nowIso } from '../services/tokens.ts';
import { app, CLOCK } from '../testing/hostile-input/app-under-test.ts';
import { authCases, authorizationHeader } from '../testing/hostile-input/authorization.ts';
import { bodies, type BodyCase, text } from '../testing/hostile-input/bodies.ts';
import { type Expected, noWrites, refused } from '../testing/hostile-input/expected.ts';
import { expectGuestRecord } from '../testing/hostile-input/guests.ts';
import {
  hasQueryKeys,
  junkQuery,
  queryOf,
  queryRefusals,
  queryValue,
  strictQueries,
} from '../testing/hostile-input/queries.ts';
import {
  DAY_MS,
  guestSlotTimes,
  isRealDate,
  type Settings,
} from '../testing/hostile-input/reservations-calendar.ts';
import {
  CANCEL_TOKEN_MAX,
  guestBookingBodies,
  isPartyText,
  partyTexts,
  queryDates,
  returningGuestBodies,
} from '../testing/hostile-input/reservations-generators.ts';
import {
  applySettings,
  type BookingRow,
  bookingRow,
  BUSY_DAY_FILLS,
  cancelLinkPattern,
  expectAuditedBy,
  fillUp,
  limitEmail,
  limitPhone,
  newestMails,
  pendingHeldBy,
  roomFor,
  seatsHeld,
  type SentBooking,
  setUpReservations,
  storedBooking,
  TIGHT_SETTINGS,
  TRANSITIONS,
  cancelKey,
} from '../testing/hostile-input/reservations.ts';
import { bookingLink, linkTargets } from '../testing/hostile-input/reservations-links.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import { anyText, tooLongText } from '../testing/hostile-input/texts.ts';

// Table reservations, the guest's routes: availability, booking online and
// cancelling by the mail's link, stopping review requests by theirs, under tight settings first (while their few
// covers are free), then the default ones.

/**
 * GET /api/reservations/availability under `settings`, stored before the
 * family runs, with a busy day filled up to a few covers a slot by `fill`.
 */
const getAvailability = (
  label: string,
  settings: Settings,
  fill: [date: string, bookings: [time: string, party: number][]],
  runs: number,
) =>
  family({
    name: `GET /api/reservations/availability?date=&party= (${label} settings)`,
    runs,
    async before() {
      await applySettings(settings);
      await fillUp(...fill);
    },
    cases: fc.record({
      method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
      parts: strictQueries({ date: queryDates, party: partyTexts }),
      auth: authCases,
    }),
    route: ({ method, parts, auth }) => ({
      method,
      url: `/api/reservations/availability${queryOf(parts)}`,
      headers: authorizationHeader(auth),
      paramRefusals: queryRefusals(parts, { date: isRealDate, party: isPartyText }),
      handler: async () => {
        const date = queryValue(parts, 'date');
        const party = Number(queryValue(parts, 'party'));
        if (party > settings.maxPartyOnline) {
          return refused(409, 'refusal', { code: 'party-too-large' });
        }
        const held = await seatsHeld(date);
        const slots = guestSlotTimes(date, settings).map((time) => ({
          time,
          available: roomFor(held, time, party, settings),
        }));
        return noWrites((response) => {
          if (method === 'HEAD') return expect(response.body).toBe('');
          expect(response.json()).toEqual({ date, party, slots });
        });
      },
    }),
  });

/** One client address that keeps booking: past its hourly limit, 429. */
const SHARED_ADDRESS = '10.254.0.1';
let sharedAddressBookings = 0;
/**
 * Bookings per e-mail (whatever its case) and per phone (its digits after a
 * leading +), each limited per day: generated addresses and phones repeat, so
 * the oracle counts them as the server does.
 */
const contactBookings = new Map<string, number>();
const overContactLimit = (key: string, limit: number) => {
  const count = (contactBookings.get(key) ?? 0) + 1;
  contactBookings.set(key, count);
  return count > limit;
};

/** POST /api/reservations under `settings` (stored before the family runs). */
const postReservation = (
  label: string,
  settings: Settings,
  runs: number,
  bookings: fc.Arbitrary<BodyCase> = guestBookingBodies,
) =>
  family({
    name: `POST /api/reservations (${label})`,
    runs,
    before: () => applySettings(settings),
    cases: fc.record({
      query: junkQuery,
      auth: authCases,
      body: bookings,
      shared: fc.nat(7).map((n) => n === 0),
    }),
    route: ({ query, auth, body, shared }) => ({
      method: 'POST',
      url: `/api/reservations${query}`,
      unknownQuery: hasQueryKeys(query),
      headers: authorizationHeader(auth),
      body,
      bodySchema: true,
      ...(shared ? { remoteAddress: SHARED_ADDRESS } : {}),
      handler: async (): Promise<Expected> => {
        // The address's limit comes first, whatever the booking (a honeypot's too).
        if (shared && ++sharedAddressBookings > RESERVATION_ADDRESS_LIMIT.limit) {
          return refused(429, 'refusal', { code: 'rate-limited' });
        }
        const sent = (body as { json: SentBooking }).json;
        if ((sent.website ?? '').trim() !== '') {
          return {
            accepted: {
              status: 201,
              mayWrite: [],
              verify: (response) => expect(response.json()).toEqual({ id: 0, status: 'pending' }),
            },
          };
        }
        // Then the e-mail's budget, and only within it the phone's.
        if (
          overContactLimit(`email:${limitEmail(sent.email!)}`, RESERVATION_EMAIL_LIMIT.limit) ||
          overContactLimit(`phone:${limitPhone(sent.phone)}`, RESERVATION_PHONE_LIMIT.limit)
        ) {
          return refused(429, 'refusal', { code: 'rate-limited' });
        }
        const party = Number(sent.party);
        if (party > settings.maxPartyOnline) {
          return refused(409, 'refusal', { code: 'party-too-large' });
        }
        if (!guestSlotTimes(sent.date, settings).includes(sent.time)) {
          return refused(409, 'refusal', { code: 'not-a-slot' });
        }
        if (!roomFor(await seatsHeld(sent.date), sent.time, party, settings)) {
          return refused(409, 'refusal', { code: 'slot-full' });
        }
        const auto = settings.autoConfirmMaxParty;
        const status = auto !== null && party <= auto ? 'confirmed' : 'pending';
        if (
          status === 'pending' &&
          (await pendingHeldBy(sent)) + party >
            PENDING_COVERS_PER_LARGEST_PARTY * settings.maxPartyOnline
        ) {
          return refused(409, 'refusal', { code: 'too-many-pending' });
        }
        return {
          accepted: {
            status: 201,
            // The booking, the bookings' version, the guest's record, the guest's mail and
            // the restaurant's notice (and the address's count).
            mayWrite: ['reservations', 'reservation_settings', 'guests', 'outbox'],
            async verify(response) {
              const answer = response.json<{ id: number; status: string }>();
              expect(answer).toEqual({ id: expect.any(Number), status });
              const expected = storedBooking(sent, settings);
              const row = await bookingRow(answer.id);
              expect(row).toMatchObject({
                ...expected,
                status,
                source: 'online',
                over_capacity: 0,
                privacy_accepted_at: nowIso(CLOCK),
              });
              await expectGuestRecord(row!.guest_id, expected);
              const restaurant = (await app.restaurantFacts.get()).email;
              expect(await newestMails(2)).toEqual([
                {
                  kind: status === 'confirmed' ? 'reservation-confirmed' : 'reservation-received',
                  recipient: expected.email,
                  reply_to: restaurant,
                  secret_link: expect.stringMatching(cancelLinkPattern()),
                  calendar_method: status === 'confirmed' ? 'REQUEST' : null,
                },
                {
                  kind: 'reservation-notice',
                  recipient: restaurant,
                  reply_to: expected.email,
                  secret_link: null,
                  calendar_method: null,
                },
              ]);
            },
          },
        };
      },
    }),
  });

/** The token bodies both link routes take: shaped like a signed token, or any text. */
const tokenBodies = bodies({
  token: text(
    fc.oneof(
      fc.stringMatching(/^[1-9]\d{0,14}\.\d{1,12}\.[A-Za-z0-9_-]{43}$/),
      anyText(CANCEL_TOKEN_MAX).filter((token) => token.length > 0),
    ),
    fc.oneof(fc.constant(''), tooLongText(CANCEL_TOKEN_MAX)),
  ),
});

const postCancel = family({
  name: 'POST /api/reservations/cancel',
  runs: 300,
  cases: fc.record({
    query: junkQuery,
    auth: authCases,
    target: linkTargets,
    body: tokenBodies,
  }),
  route: async ({ query, auth, target, body }) => {
    let sent = body;
    let before: BookingRow | undefined;
    if (body.kind === 'valid' && target !== 'generated') {
      const link = await bookingLink('cancel', target);
      sent = { ...body, json: { token: link.token } };
      if (link.id !== undefined) before = await bookingRow(link.id);
    }
    return {
      method: 'POST',
      url: `/api/reservations/cancel${query}`,
      unknownQuery: hasQueryKeys(query),
      headers: authorizationHeader(auth),
      body: sent,
      bodySchema: true,
      handler: (): Expected => {
        if (!before) return refused(400, 'refusal', { code: 'invalid-token' });
        // A booking already done with is answered as it is, and nothing changes.
        if (!TRANSITIONS[before.status].includes('cancelled')) {
          return noWrites((response) =>
            expect(response.json()).toEqual({ id: before.id, status: before.status }),
          );
        }
        return {
          accepted: {
            status: 200,
            // The booking, the guest's mail (when there is an address), the restaurant's notice, the entry.
            mayWrite: ['reservations', 'reservation_settings', 'outbox', 'audit_log'],
            async verify(response) {
              expect(response.json()).toEqual({ id: before.id, status: 'cancelled' });
              expect((await bookingRow(before.id))!.status).toBe('cancelled');
              await expectAuditedBy('reservation.cancelled_by_guest', null, before.email);
              const restaurant = (await app.restaurantFacts.get()).email;
              const notice = {
                kind: 'reservation-cancel-notice',
                recipient: restaurant,
                reply_to: before.email,
              };
              const guestMail = {
                kind: 'reservation-cancelled',
                recipient: before.email,
                // A confirmed booking's invitation is withdrawn.
                calendar_method: before.invited ? 'CANCEL' : null,
              };
              expect(await newestMails(before.email ? 2 : 1)).toMatchObject(
                before.email ? [guestMail, notice] : [notice],
              );
            },
          },
        };
      },
    };
  },
});

/** The reminder's "I'll be there": only a confirmed booking's first press writes, its time. */
const postAttend = family({
  name: 'POST /api/reservations/attend',
  runs: 200,
  cases: fc.record({ query: junkQuery, auth: authCases, target: linkTargets, body: tokenBodies }),
  route: async ({ query, auth, target, body }) => {
    let sent = body;
    let before: BookingRow | undefined;
    if (body.kind === 'valid' && target !== 'generated') {
      const link = await bookingLink('attend', target);
      sent = { ...body, json: { token: link.token } };
      if (link.id !== undefined) before = await bookingRow(link.id);
    }
    return {
      method: 'POST',
      url: `/api/reservations/attend${query}`,
      unknownQuery: hasQueryKeys(query),
      headers: authorizationHeader(auth),
      body: sent,
      bodySchema: true,
      handler: (): Expected => {
        if (!before) return refused(400, 'refusal', { code: 'invalid-token' });
        const { id, status } = before;
        if (status !== 'confirmed' || before.guest_confirmed_at) {
          return noWrites((response) =>
            expect(response.json()).toEqual({
              id,
              status,
              guestConfirmedAt: before.guest_confirmed_at,
            }),
          );
        }
        return {
          accepted: {
            status: 200,
            // The booking's confirmation and the bookings' version; no mail, no entry.
            mayWrite: ['reservations', 'reservation_settings'],
            async verify(response) {
              const guestConfirmedAt = nowIso(CLOCK);
              expect(response.json()).toEqual({ id, status, guestConfirmedAt });
              expect(await bookingRow(id)).toEqual({
                ...before,
                guest_confirmed_at: guestConfirmedAt,
              });
            },
          },
        };
      },
    };
  },
});

/** Whose stop link: a guest made for the request, one already stopped, or one that must not work. */
const stopTargets = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('guest', 'stopped') },
  // Forged (signature), nobody's (a well-signed key no guest has).
  { weight: 2, arbitrary: fc.constantFrom('forged', 'nobody') },
  { weight: 2, arbitrary: fc.constant('generated') },
);

let stopGuests = 0;
/** A guest's record straight in the database, stopped already or not: its key. */
async function freshGuest(stopped: boolean): Promise<string> {
  stopGuests += 1;
  const key = newGuestKey();
  await app.db
    .insertInto('guests')
    .values({
      key,
      identity: `e:stop${stopGuests}@example.it`,
      name: 'Ospite',
      email: `stop${stopGuests}@example.it`,
      phone: '',
      lang: 'it',
      search_text: '',
      last_seen_on: '2026-01-10',
      reviews_stopped_at: stopped ? nowIso(CLOCK - DAY_MS) : null,
      created_at: nowIso(CLOCK),
      updated_at: nowIso(CLOCK),
    })
    .execute();
  return key;
}

const guestStopped = async (key: string) =>
  (
    await app.db
      .selectFrom('guests')
      .select('reviews_stopped_at')
      .where('key', '=', key)
      .executeTakeFirstOrThrow()
  ).reviews_stopped_at;

const postStopReviews = family({
  name: 'POST /api/guests/stop-reviews',
  runs: 200,
  cases: fc.record({
    query: junkQuery,
    auth: authCases,
    target: stopTargets,
    body: bodies({
      token: text(
        fc.oneof(
          fc.stringMatching(/^[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/),
          anyText(CANCEL_TOKEN_MAX).filter((token) => token.length > 0),
        ),
        fc.oneof(fc.constant(''), tooLongText(CANCEL_TOKEN_MAX)),
      ),
    }),
  }),
  route: async ({ query, auth, target, body }) => {
    let sent = body;
    let key: string | undefined;
    let stoppedBefore: string | null = null;
    if (body.kind === 'valid' && target !== 'generated') {
      if (target === 'guest' || target === 'stopped') {
        key = await freshGuest(target === 'stopped');
        stoppedBefore = await guestStopped(key);
        sent = { ...body, json: { token: reviewStopToken(cancelKey, key) } };
      } else {
        const signed = reviewStopToken(cancelKey, newGuestKey());
        sent = {
          ...body,
          json: {
            token:
              target === 'forged'
                ? `${signed.slice(0, -1)}${signed.endsWith('A') ? 'B' : 'A'}`
                : signed,
          },
        };
      }
    }
    return {
      method: 'POST',
      url: `/api/guests/stop-reviews${query}`,
      unknownQuery: hasQueryKeys(query),
      headers: authorizationHeader(auth),
      body: sent,
      bodySchema: true,
      handler: (): Expected => {
        if (key === undefined) return refused(400, 'refusal', { code: 'invalid-token' });
        const guest = key;
        return {
          accepted: {
            status: 200,
            mayWrite: stoppedBefore === null ? ['guests'] : [],
            async verify(response) {
              expect(response.json()).toEqual({ stopped: true });
              // Pressed again, the first press's time stays.
              expect(await guestStopped(guest)).toBe(stoppedBefore ?? nowIso(CLOCK));
            },
          },
        };
      },
    };
  },
});

hostileFamilies('reservations', [
  getAvailability('tight', TIGHT_SETTINGS, BUSY_DAY_FILLS.tight, 100),
  postReservation('tight settings', TIGHT_SETTINGS, 200),
  getAvailability('default', DEFAULT_RESERVATION_SETTINGS, BUSY_DAY_FILLS.default, 300),
  postReservation('default settings', DEFAULT_RESERVATION_SETTINGS, 700),
  postReservation(
    'a returning guest, default settings',
    DEFAULT_RESERVATION_SETTINGS,
    30,
    returningGuestBodies,
  ),
  postCancel,
  postAttend,
  postStopReviews,
]);
beforeAll(setUpReservations);
