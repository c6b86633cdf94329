// Over 400 lines: one route family, the reservation routes staff use, whose families share one database in order (the calendar feed lists the bookings the ones before it confirmed).
import fc from 'fast-check';
import { type HTTPMethods } from 'fastify';
import { beforeAll, expect } from 'vitest';
import {
  DEFAULT_RESERVATION_SETTINGS,
  PARTY_MAX,
  type ReservationStatus,
} from '../../shared/schemas/reservations.ts';
import { STAFF_MESSAGE_MAX } from '../../shared/schemas/guest.ts';
import { guestIdentity } from '../../shared/schemas/guest-records.ts';
import { expectedSummaries, guestOf } from '../testing/hostile-input/guests.ts';
import { nowIso } from '../services/tokens.ts';
import { app, CLOCK, STAFF_EMAIL, staffId } from '../testing/hostile-input/app-under-test.ts';
import {
  authCases,
  authorizationHeader,
  ownerAuthCases,
} from '../testing/hostile-input/authorization.ts';
import {
  anyBody,
  bodies,
  type BodyCase,
  type FieldRule,
  junk,
  notABoolean,
  notAnArray,
  optional,
  text,
} from '../testing/hostile-input/bodies.ts';
import { type Expected, noWrites, refused } from '../testing/hostile-input/expected.ts';
import {
  fitsRoute,
  notADotSegment,
  randomSegments,
  type Segment,
  segment,
} from '../testing/hostile-input/paths.ts';
import {
  hasQueryKeys,
  junkQuery,
  queryOf,
  type QueryPart,
  queryRefusals,
  queryShapes,
  queryValue,
  shapedQuery,
  strictQueries,
} from '../testing/hostile-input/queries.ts';
import {
  DAY_MS,
  isRealDate,
  minutesOf,
  type Settings,
  slotTimes,
  TODAY,
} from '../testing/hostile-input/reservations-calendar.ts';
import {
  BAD_GUEST_PHONES,
  madeBookingCases,
  queryDates,
  staffBookingBodies,
} from '../testing/hostile-input/reservations-generators.ts';
import {
  declinePendingBodies,
  PENDING_KEYS,
  type PendingOf,
  pendingOfBody,
} from '../testing/hostile-input/decline-pending.ts';
import {
  applySettings,
  bookingRow,
  BUSY_DAY_FILLS,
  cancelLinkPattern,
  coversAt,
  expectAuditedBy,
  feedUrl,
  fillUp,
  freshBooking,
  newBookings,
  newestMails,
  normalisedPhone,
  readSettings,
  roomFor,
  seatsHeld,
  type SentBooking,
  setUpReservations,
  STATUS_MAIL,
  storedBooking,
  TRANSITIONS,
} from '../testing/hostile-input/reservations.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import {
  anyText,
  invalidEmails,
  phoneNumbers,
  simpleEmail,
  stored,
  tooLongText,
} from '../testing/hostile-input/texts.ts';
// A booking as staff read it: the server's own mapping of a stored row. The
// oracle checks that an answer is the row as stored after the request; that
// the mapping is right field by field is pinned by routes/api/reservations.test.ts
// ("a booking as staff read it").
import { toReservation } from '../services/reservations/rows.ts';
import { rowTurn } from '../services/reservations/moves.ts';
import type { WalkInBody } from '../../shared/schemas/floor.ts';

// Table reservations, staff's routes: phone bookings, the day's list, status
// changes, a guest's data, declining a guest's pending requests, the settings
// and the calendar feed.

const postStaffReservation = family({
  name: 'POST /api/reservations/staff (staff)',
  runs: 400,
  before: () => applySettings(DEFAULT_RESERVATION_SETTINGS),
  cases: fc.record({ query: junkQuery, auth: authCases, body: staffBookingBodies }),
  route: ({ query, auth, body }) => ({
    method: 'POST',
    url: `/api/reservations/staff${query}`,
    unknownQuery: hasQueryKeys(query),
    body,
    auth,
    bodySchema: true,
    handler: async (): Promise<Expected> => {
      const sent = (body as { json: SentBooking }).json;
      const { settings } = await readSettings();
      const party = Number(sent.party);
      // Neither the notice, the horizon nor the online maximum binds staff.
      if (!slotTimes(sent.date, settings.turnMinutes).includes(sent.time)) {
        return refused(409, 'refusal', { code: 'not-a-slot' });
      }
      const room = roomFor(await seatsHeld(sent.date), sent.time, party, settings);
      if (!room && sent.override !== true) return refused(409, 'refusal', { code: 'slot-full' });
      const expected = storedBooking(sent, settings);
      return {
        accepted: {
          status: 201,
          mayWrite: [
            'reservations',
            'reservation_settings',
            'guests',
            'audit_log',
            ...(expected.email ? ['outbox' as const] : []),
          ],
          async verify(response) {
            const answer = response.json<{ id: number }>();
            const row = await bookingRow(answer.id);
            expect(row).toMatchObject({
              ...expected,
              status: 'confirmed',
              source: 'staff',
              over_capacity: room ? 0 : 1,
              created_by: staffId,
            });
            expect(answer).toEqual(toReservation(row!));
            await expectAuditedBy('reservation.create', staffId, expected.email);
            if (!expected.email) return;
            // A booking that has begun (staff book past slots too) has nothing left to cancel.
            const begun = Date.parse(expected.starts_at) <= CLOCK;
            expect(await newestMails(1)).toMatchObject([
              {
                kind: 'reservation-confirmed',
                recipient: expected.email,
                secret_link: begun ? null : expect.stringMatching(cancelLinkPattern()),
                calendar_method: 'REQUEST',
              },
            ]);
          },
        },
      };
    },
  }),
});

const getReservationDay = family({
  name: 'GET /api/reservations?date=, /api/reservations/occupancy?date= (staff)',
  runs: 300,
  cases: fc.record({
    path: fc.constantFrom('/api/reservations', '/api/reservations/occupancy'),
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    parts: strictQueries({ date: queryDates }),
    auth: authCases,
  }),
  route: ({ path, method, parts, auth }) => ({
    method,
    url: `${path}${queryOf(parts)}`,
    auth,
    paramRefusals: queryRefusals(parts, { date: isRealDate }),
    handler: async () => {
      const date = queryValue(parts, 'date');
      let expected: unknown;
      if (path === '/api/reservations') {
        // Every status, cancelled ones too, by time.
        const rows = await app.db
          .selectFrom('reservations')
          .selectAll()
          .where('date', '=', date)
          .orderBy('starts_at')
          .orderBy('id')
          .execute();
        const guests = await expectedSummaries();
        expected = rows.map((row) => ({
          ...toReservation(row),
          guest: guestOf(guests, row.guest_id),
        }));
      } else {
        // Every slot of the hours (no notice, no horizon), with the covers seated then; this
        // file's database holds no event, so none is held (events-staff.test.ts proves holds).
        const { settings } = await readSettings();
        const held = await seatsHeld(date);
        expected = {
          date,
          capacity: settings.coversPerSlot,
          turnMinutes: settings.turnMinutes,
          slots: slotTimes(date, settings.turnMinutes).map((time) => ({
            time,
            covers: coversAt(held, minutesOf(time)),
            held: 0,
          })),
          events: [],
        };
      }
      return noWrites((response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        expect(response.json()).toEqual(expected);
      });
    },
  }),
});

/** Path ids: a booking made for the request, nobody's, or not an id. */
const bookingIds = fc.oneof(
  { weight: 6, arbitrary: madeBookingCases },
  { weight: 1, arbitrary: fc.integer({ min: 1_000_000, max: 2 ** 31 - 1 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constantFrom(
        '0',
        '01',
        '-1',
        '1.5',
        'abc',
        'NaN',
        '2147483648',
        '999999999999999',
        '1e3',
        ' 1',
        '+1',
        '0x10',
        'cancel',
      ),
      anyText(30).filter(
        (id) => id.length > 0 && notADotSegment(id) && !/^[1-9]\d*$/.test(id.toWellFormed()),
      ),
    ),
  },
);
/** Ids as the reservation routes read them: plain digits, within 32 bits. */
const readsAsBookingId = (text: string) =>
  /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2 ** 31 - 1;

const patchReservation = family({
  name: 'PATCH /api/reservations/:id (staff)',
  runs: 400,
  cases: fc.record({
    id: bookingIds,
    auth: authCases,
    body: bodies({
      status: text(
        fc.constantFrom('confirmed', 'declined', 'cancelled', 'no-show'),
        fc.constantFrom('pending', 'CONFIRMED', '', 'noshow', 'no_show', 'confirmed ', 'deleted'),
      ),
      message: optional(text(anyText(STAFF_MESSAGE_MAX), tooLongText(STAFF_MESSAGE_MAX))),
    }),
  }),
  route: async ({ id, auth, body }) => {
    const made = typeof id === 'object' ? await freshBooking(id) : undefined;
    const param = segment(made ? String(made.id) : (id as string));
    const valid = readsAsBookingId(param.decoded);
    const before = valid ? await bookingRow(Number(param.decoded)) : undefined;
    return {
      method: 'PATCH',
      url: `/api/reservations/${param.raw}`,
      body,
      auth,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      bodySchema: true,
      handler: (): Expected => {
        if (!before) return refused(404, 'message');
        const { json } = body as { json: { status: ReservationStatus; message?: string } };
        if (!TRANSITIONS[before.status].includes(json.status)) {
          return refused(409, 'refusal', { code: 'invalid-transition' });
        }
        const mail = before.email ? STATUS_MAIL[json.status] : undefined;
        const message = (json.message ?? '').trim();
        return {
          accepted: {
            status: 200,
            mayWrite: [
              'reservations',
              'reservation_settings',
              'audit_log',
              ...(mail ? ['outbox' as const] : []),
            ],
            async verify(response) {
              expect(response.json()).toEqual({
                ...toReservation(before),
                status: json.status,
                // The message reaches the guest with a decline only.
                staffMessage:
                  json.status === 'declined' && message !== ''
                    ? stored(message)
                    : before.staff_message,
              });
              expect((await bookingRow(before.id))!.sequence).toBe(before.sequence + 1);
              await expectAuditedBy(`reservation.${json.status}`, staffId, before.email);
              if (!mail) return;
              expect(await newestMails(1)).toMatchObject([{ kind: mail, recipient: before.email }]);
            },
          },
        };
      },
    };
  },
});

let madeGuests = 0;
const GUEST_BATCH = 20;
const guestPool: { email: string; phone: string; id: number }[] = [];
/**
 * A guest no request has seen: two bookings (their phone written two ways),
 * one taken by phone without an e-mail, a contact message, a mail to them
 * and a notice about them, under the address typed in other cases (made a
 * batch at a time, straight in the database).
 */
async function freshGuest(): Promise<{ email: string; phone: string; id: number }> {
  if (guestPool.length === 0) {
    const numbers = Array.from({ length: GUEST_BATCH }, () => String((madeGuests += 1)));
    const emails = numbers.map((n) => `guest-${n}@example.com`);
    const phone = (i: number) => `+39 06 ${numbers[i]!.padStart(6, '0')}`;
    const capitalised = (email: string) => email.replace(/^g/, 'G').replace('example', 'Example');
    // The pending and the cancelled one came from the guest's own client address.
    const clientKey = (i: number) => `2001:0db8:00ff:${numbers[i]!.padStart(4, '0')}::/56`;
    const pending = await newBookings(GUEST_BATCH, 'pending', {
      email: (i) => emails[i]!,
      phone,
      clientKey,
    });
    await newBookings(GUEST_BATCH, 'cancelled', {
      email: (i) => emails[i]!.toUpperCase(),
      phone: (i) => `+39 (06) ${numbers[i]!.padStart(6, '0')}`,
      clientKey,
    });
    await newBookings(GUEST_BATCH, 'confirmed', {
      email: () => '',
      phone: (i) => `+3906-${numbers[i]!.padStart(6, '0')}`,
    });
    const now = nowIso();
    await app.db
      .insertInto('contact_messages')
      .values(
        emails.map((email, i) => ({
          first_name: 'Ospite',
          last_name: String(i),
          email: capitalised(email),
          message: 'Posso portare il cane?',
          lang: 'it',
          privacy_accepted_at: now,
          created_at: now,
          read_at: null,
          outbox_id: null,
        })),
      )
      .execute();
    const mail = (recipient: string, replyTo: string) => ({
      kind: 'reservation-received',
      recipient,
      reply_to: replyTo,
      subject: 'Prenotazione',
      text_body: 'x',
      html_body: '<p>x</p>',
      status: 'sent' as const,
      next_attempt_at: now,
      created_at: now,
      sent_at: now,
      secret_link: null,
      secret_expires_at: null,
      calendar_method: null,
      calendar_ics: null,
    });
    await app.db
      .insertInto('outbox')
      .values(
        emails.flatMap((email) => [
          mail(email.toUpperCase(), STAFF_EMAIL),
          mail(STAFF_EMAIL, capitalised(email)),
        ]),
      )
      .execute();
    guestPool.push(...emails.map((email, i) => ({ email, phone: phone(i), id: pending[i]!.id })));
  }
  return guestPool.pop()!;
}
/** A phone the booking schema takes: digits, a leading + and `-.()/` or spaces, 6 to 20 digits. */
const isGuestPhone = (text: string) => {
  const trimmed = text.trim();
  const digits = trimmed.replace(/\D/g, '').length;
  return trimmed.length <= 30 && /^\+?[\d \-.()/]+$/.test(trimmed) && digits >= 6 && digits <= 20;
};
/**
 * One guest's rows: by e-mail, whatever the case it was typed in; by phone,
 * the bookings with that phone however written, and the mails to or from
 * the e-mails those bookings gave.
 */
async function guestRows(guest: { email: string } | { phone: string }) {
  const [reservations, orders, messages, mails, records] = await Promise.all([
    app.db.selectFrom('reservations').selectAll().execute(),
    app.db.selectFrom('takeaway_orders').select(['id', 'email', 'phone', 'guest_id']).execute(),
    app.db.selectFrom('contact_messages').select(['id', 'email']).execute(),
    app.db.selectFrom('outbox').select(['id', 'recipient', 'reply_to']).execute(),
    app.db.selectFrom('guests').select(['id', 'identity']).execute(),
  ]);
  const isTheirs = (row: { email: string; phone: string }) =>
    'email' in guest
      ? row.email.toLowerCase() === guest.email.toLowerCase()
      : normalisedPhone(row.phone) === normalisedPhone(guest.phone);
  const theirs = reservations.filter(isTheirs);
  // By phone, an e-mail another booking or message still uses keeps its mails.
  const stillUsed = (email: string) =>
    reservations.some((row) => !theirs.includes(row) && row.email.toLowerCase() === email) ||
    messages.some((row) => row.email.toLowerCase() === email);
  const emails =
    'email' in guest
      ? [guest.email.toLowerCase()]
      : theirs
          .map((row) => row.email.toLowerCase())
          .filter((email) => email !== '' && !stillUsed(email));
  const same = (text: string | null) => text !== null && emails.includes(text.toLowerCase());
  // Their guest records: those their rows point at, and the one their e-mail or phone folds to.
  const identity = guestIdentity(
    'email' in guest ? { email: guest.email, phone: '' } : { email: '', phone: guest.phone },
  );
  const pointedAt = [...theirs, ...orders.filter(isTheirs)].map((row) => row.guest_id);
  return {
    reservations: theirs,
    orders: orders.filter(isTheirs),
    records: records.filter(
      (record) => pointedAt.includes(record.id) || record.identity === identity,
    ),
    messages: 'email' in guest ? messages.filter((row) => same(row.email)) : [],
    mails: mails.filter((row) => same(row.recipient) || same(row.reply_to)),
  };
}

const guestData = family({
  name: 'GET|DELETE /api/guest-data?email= or ?phone= (staff)',
  runs: 300,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD', 'DELETE', 'DELETE'),
    target: fc.oneof(
      { weight: 4, arbitrary: fc.constant('made') },
      { weight: 1, arbitrary: fc.constant('seeded') },
      { weight: 1, arbitrary: simpleEmail('nobody.example').map((email) => ({ email })) },
      { weight: 1, arbitrary: phoneNumbers.map((phone) => ({ phone })) },
      { weight: 2, arbitrary: invalidEmails.map((invalid) => ({ invalid })) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...BAD_GUEST_PHONES).map((badPhone) => ({ badPhone })),
      },
    ),
    // A made guest by e-mail or by phone.
    by: fc.constantFrom('email', 'phone'),
    // As stored, in capitals (a phone: written another way), or padded.
    typed: fc.constantFrom('as-is', 'upper', 'padded'),
    // Missing, bare, twice, with a key the route does not read, or with both e-mail and phone.
    shape: queryShapes,
    auth: authCases,
    body: anyBody,
  }),
  route: async ({ method, target, by, typed, shape, auth, body }) => {
    // Erasing the seeded message would take it from the families after this one.
    const made = target === 'made' ? await freshGuest() : null;
    const [key, address, valid]: [string, string, boolean] = made
      ? by === 'email'
        ? ['email', made.email, true]
        : ['phone', made.phone, true]
      : typeof target === 'string'
        ? ['email', method === 'DELETE' ? 'nadia@nobody.example' : 'giulia@example.com', true]
        : 'email' in target
          ? ['email', target.email, true]
          : 'phone' in target
            ? ['phone', target.phone, true]
            : 'invalid' in target
              ? ['email', target.invalid, false]
              : ['phone', target.badPhone, false];
    const value =
      typed === 'upper'
        ? key === 'email'
          ? address.toUpperCase()
          : address.replaceAll(' ', '.')
        : typed === 'padded'
          ? ` ${address} `
          : address;
    const other: QueryPart =
      key === 'email' ? ['phone', '+39 06 000001'] : ['email', 'x@example.com'];
    const parts = shapedQuery(shape, [key, value], other, ['lang', 'it']);
    // Each key given must come once with a value its rule takes; exactly one of the two.
    const takes = (name: string, text: string) =>
      name === 'email' ? (name === key ? valid : true) && text !== '' : isGuestPhone(text);
    const refusals = new Set<string>();
    for (const name of ['email', 'phone']) {
      const given = parts.filter(([part]) => part === name);
      if (given.length > 1 || (given.length === 1 && !takes(name, given[0]![1] ?? ''))) {
        refusals.add(name);
      }
    }
    const has = (name: string) => parts.some(([part]) => part === name);
    if (has('email') === has('phone')) refusals.add('email');
    if (parts.some(([part]) => part !== 'email' && part !== 'phone')) refusals.add('querystring');
    const erase = method === 'DELETE';
    return {
      method,
      url: `/api/guest-data${queryOf(parts)}`,
      body,
      auth,
      paramRefusals: [...refusals],
      handler: async (): Promise<Expected> => {
        const guest = key === 'email' ? { email: value.trim() } : { phone: value.trim() };
        const named = key === 'email' ? guest : { phone: normalisedPhone(value) };
        const before = await guestRows(guest);
        return {
          accepted: {
            status: 200,
            // An export is audited too (the entry names no address).
            mayWrite: erase
              ? [
                  'reservations',
                  'reservation_settings',
                  'takeaway_orders',
                  'takeaway_order_lines',
                  'event_inquiries',
                  'event_messages',
                  'contact_messages',
                  'outbox',
                  'guests',
                  'audit_log',
                ]
              : ['audit_log'],
            async verify(response) {
              await expectAuditedBy(
                erase ? 'guest_data.erase' : 'guest_data.export',
                staffId,
                value.trim(),
              );
              if (method === 'HEAD') return expect(response.body).toBe('');
              if (erase) {
                expect(response.json()).toEqual({
                  ...named,
                  reservations: before.reservations.length,
                  takeawayOrders: before.orders.length,
                  // No family of this file stores an event request (events.test.ts does).
                  eventInquiries: 0,
                  contactMessages: before.messages.length,
                  mails: before.mails.length,
                  guests: before.records.length,
                });
                const after = await guestRows(guest);
                expect([after.reservations, after.orders, after.messages, after.mails]).toEqual([
                  [],
                  [],
                  [],
                  [],
                ]);
                return;
              }
              const answer = response.json<{
                email?: string;
                phone?: string;
                exportedAt: string;
                reservations: { id: number }[];
                contactMessages: { id: number; email: string }[];
                takeawayOrders: { id: number }[];
              }>();
              expect([answer.email, answer.phone, answer.exportedAt]).toEqual([
                'email' in named ? named.email : undefined,
                'phone' in named ? named.phone : undefined,
                nowIso(CLOCK),
              ]);
              const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
              expect(answer.reservations.sort(byId)).toEqual(
                before.reservations.map(toReservation).sort(byId),
              );
              expect(answer.contactMessages.map((message) => message.id).sort()).toEqual(
                before.messages.map((message) => message.id).sort(),
              );
              expect(answer.takeawayOrders.map((order) => order.id).sort()).toEqual(
                before.orders.map((order) => order.id).sort(),
              );
            },
          },
        };
      },
    };
  },
});

/** A booking id as the decline route reads it: 1 to 2^31 - 1, digits only in a query. */
const isAddressOf = (text: string) =>
  /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= 2 ** 31 - 1;
/** The pending requests a decline of `who` takes, or null when `addressOf` names no booking. */
async function pendingRows(who: PendingOf) {
  const rows = await app.db.selectFrom('reservations').selectAll().execute();
  let theirs: typeof rows;
  if ('addressOf' in who) {
    const named = rows.find((row) => row.id === who.addressOf);
    if (!named) return null;
    theirs = rows.filter((row) => named.client_key !== null && row.client_key === named.client_key);
  } else {
    theirs =
      'email' in who
        ? rows.filter((row) => row.email.toLowerCase() === who.email.trim().toLowerCase())
        : rows.filter((row) => normalisedPhone(row.phone) === normalisedPhone(who.phone));
  }
  return theirs.filter((row) => row.status === 'pending');
}
/** Whom a case names: a made guest (by its e-mail, phone or a booking), nobody, or a booking id. */
const pendingTargets = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom('email', 'phone', 'addressOf').map((by) => ({ made: by })),
  },
  { weight: 1, arbitrary: simpleEmail('nobody.example').map((email) => ({ email })) },
  { weight: 1, arbitrary: phoneNumbers.map((phone) => ({ phone })) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 2 ** 31 - 1 }).map((addressOf) => ({ addressOf })),
  },
);
async function pendingTarget(target: { made: string } | PendingOf): Promise<PendingOf> {
  if (!('made' in target)) return target;
  const guest = await freshGuest();
  return target.made === 'email'
    ? { email: guest.email }
    : target.made === 'phone'
      ? { phone: guest.phone }
      : { addressOf: guest.id };
}

const getPendingCount = family({
  name: 'GET /api/reservations/decline-pending?email=|phone=|addressOf= (staff)',
  runs: 300,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    target: pendingTargets,
    // Mostly none; sometimes a value the route refuses in place of the target.
    bad: fc.oneof(
      { weight: 3, arbitrary: fc.constant(null) },
      {
        weight: 1,
        arbitrary: fc.oneof(
          invalidEmails.map((value) => ['email', value] as const),
          fc.constantFrom(...BAD_GUEST_PHONES).map((value) => ['phone', value] as const),
          fc
            .constantFrom('0', '-1', '1.5', '2147483648', '99999999999', 'x', '', ' 7', '１')
            .map((value) => ['addressOf', value] as const),
        ),
      },
    ),
    shape: queryShapes,
    auth: authCases,
    body: anyBody,
  }),
  route: async ({ method, target, bad, shape, auth, body }) => {
    const who = bad ? null : await pendingTarget(target);
    const [key, value] =
      bad ??
      (who ? ([Object.keys(who)[0]!, String(Object.values(who)[0])] as const) : ['email', '']);
    const other: QueryPart = key === 'email' ? ['addressOf', '1'] : ['email', 'x@example.com'];
    const parts = shapedQuery(shape, [key, value], other, ['date', TODAY]);
    const takes: Record<string, (text: string) => boolean> = {
      email: (text) => text.trim() !== '' && (key !== 'email' || !bad) && text !== '',
      phone: isGuestPhone,
      addressOf: isAddressOf,
    };
    const refusals = new Set<string>();
    for (const name of PENDING_KEYS) {
      const given = parts.filter(([part]) => part === name);
      if (given.length > 1 || (given.length === 1 && !takes[name]!(given[0]![1] ?? ''))) {
        refusals.add(name);
      }
    }
    if (PENDING_KEYS.filter((name) => parts.some(([part]) => part === name)).length !== 1) {
      refusals.add('email');
    }
    if (parts.some(([part]) => !PENDING_KEYS.includes(part))) refusals.add('querystring');
    return {
      method,
      url: `/api/reservations/decline-pending${queryOf(parts)}`,
      body,
      auth,
      paramRefusals: [...refusals],
      handler: async (): Promise<Expected> => {
        const named: PendingOf =
          key === 'email'
            ? { email: value.trim() }
            : key === 'phone'
              ? { phone: value }
              : { addressOf: Number(value) };
        const rows = await pendingRows(named);
        if (rows === null) return refused(404, 'message');
        return noWrites((response) => {
          if (method === 'HEAD') return expect(response.body).toBe('');
          expect(response.json()).toEqual({ pending: rows.length });
        });
      },
    };
  },
});

/** None of the three, or two of them: refused as `email`. */
const notExactlyOne = fc
  .oneof(
    fc.constant({}),
    fc.constant({ message: 'Troppe richieste.' }),
    fc.constant({ email: 'a@example.com', phone: '+39 333 1234567' }),
    fc.constant({ phone: '+39 333 1234567', addressOf: 3 }),
    fc.constant({ email: 'a@example.com', addressOf: 3, phone: '+39 333 1234567' }),
  )
  .map((json): BodyCase => ({
    kind: 'invalid',
    field: 'email',
    json,
    contentType: 'application/json',
  }));

const postDeclinePending = family({
  name: 'POST /api/reservations/decline-pending (staff)',
  runs: 400,
  cases: fc.record({
    target: fc.option(
      pendingTargets.filter((target) => 'made' in target),
      { freq: 2 },
    ),
    auth: authCases,
    body: fc.oneof(
      { weight: 9, arbitrary: declinePendingBodies },
      { weight: 1, arbitrary: notExactlyOne },
    ),
  }),
  route: async ({ target, auth, body }) => {
    // A made guest in place of the generated one, in a valid body.
    let sent = body;
    if (target && body.kind === 'valid') {
      const { message } = body.json as { message?: string };
      sent = {
        ...body,
        json: { ...(await pendingTarget(target)), ...(message === undefined ? {} : { message }) },
      };
    }
    return {
      method: 'POST',
      url: '/api/reservations/decline-pending',
      body: sent,
      auth,
      bodySchema: true,
      handler: async (): Promise<Expected> => {
        const json = (sent as { json: PendingOf & { message?: string } }).json;
        const rows = await pendingRows(pendingOfBody(json));
        if (rows === null) return refused(404, 'message');
        const message = (json.message ?? '').trim();
        const guests = new Set(
          rows.map((row) => row.email.toLowerCase()).filter((email) => email !== ''),
        );
        return {
          accepted: {
            status: 200,
            mayWrite:
              rows.length === 0
                ? []
                : [
                    'reservations',
                    'reservation_settings',
                    'audit_log',
                    ...(guests.size ? ['outbox' as const] : []),
                  ],
            async verify(response) {
              expect(response.json()).toEqual({ declined: rows.length });
              for (const row of rows) {
                expect(await bookingRow(row.id)).toMatchObject({
                  status: 'declined',
                  staff_message: message !== '' ? stored(message) : row.staff_message,
                  sequence: row.sequence + 1,
                });
              }
              if (rows.length === 0) return;
              await expectAuditedBy('reservation.declined', staffId, rows[0]!.email);
              const mails = await newestMails(guests.size);
              expect(mails.map((mail) => mail.kind)).toEqual(
                [...guests].map(() => 'reservation-declined-all'),
              );
              expect(mails.map((mail) => mail.recipient.toLowerCase()).sort()).toEqual(
                [...guests].sort(),
              );
            },
          },
        };
      },
    };
  },
});

/** Settings as the owner may set them: whole numbers in their ranges. */
const wholeSetting = (min: number, max: number): FieldRule => ({
  valid: fc.integer({ min, max }),
  invalid: fc.constantFrom(min - 1, max + 1, min + 0.5, -1e9, 1e21),
  wrongType: fc.oneof(
    junk.boolean,
    junk.null,
    junk.string,
    junk.array,
    junk.object,
    fc.constant(String(min)),
  ),
});
/** Turns by party size: ascending parties, the last for every larger one (null). */
const turnRows = fc
  .uniqueArray(fc.integer({ min: 1, max: PARTY_MAX }), { maxLength: 4 })
  .chain((parties) =>
    fc
      .array(
        fc.integer({ min: 1, max: 32 }).map((quarters) => quarters * 15),
        { minLength: parties.length + 1, maxLength: parties.length + 1 },
      )
      .map((minutes) =>
        [...parties.sort((a, b) => a - b), null].map((upTo, i) => ({ upTo, minutes: minutes[i]! })),
      ),
  );
const settingsBodies = bodies({
  // Null (no pace) is refused while the plan has no table, as it has none here.
  coversPerSlot: {
    ...wholeSetting(1, 1000),
    valid: fc.oneof(
      { weight: 9, arbitrary: fc.integer({ min: 1, max: 1000 }) },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
  },
  turnByParty: optional({
    valid: fc.oneof(fc.constant([]), turnRows),
    invalid: fc.constantFrom(
      [{ upTo: 2, minutes: 90 }],
      [
        { upTo: 4, minutes: 90 },
        { upTo: 2, minutes: 90 },
        { upTo: null, minutes: 90 },
      ],
      [{ upTo: null, minutes: 100 }],
      [
        { upTo: 0, minutes: 90 },
        { upTo: null, minutes: 90 },
      ],
      [{ upTo: null, minutes: 90, extra: 1 }],
    ),
    wrongType: fc.oneof(junk.number, junk.boolean, junk.string, junk.object, fc.constant(null)),
  }),
  areaChoice: optional({
    valid: fc.boolean(),
    wrongType: fc.oneof(junk.number, junk.string, junk.null, junk.array, fc.constant('true')),
  }),
  turnMinutes: {
    ...wholeSetting(15, 480),
    valid: fc.integer({ min: 1, max: 32 }).map((quarters) => quarters * 15),
    invalid: fc.constantFrom(0, 10, 14, 20, 100, 7.5, 485, 495),
  },
  minNoticeMinutes: wholeSetting(0, 7 * 24 * 60),
  horizonDays: wholeSetting(1, 365),
  maxPartyOnline: wholeSetting(1, PARTY_MAX),
  autoConfirmMaxParty: {
    valid: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: PARTY_MAX })),
    invalid: fc.constantFrom(0, PARTY_MAX + 1, 2.5),
    wrongType: fc.oneof(junk.boolean, junk.string, junk.array, junk.object, fc.constant('4')),
  },
  retentionMonths: wholeSetting(1, 120),
});

const getReservationSettings = family({
  name: 'GET /api/reservations/settings (owner)',
  runs: 100,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: junkQuery,
    auth: ownerAuthCases,
  }),
  route: ({ method, query, auth }) => ({
    method,
    url: `/api/reservations/settings${query}`,
    unknownQuery: hasQueryKeys(query),
    auth,
    ownerOnly: true,
    handler: async () => {
      const { settings, secret } = await readSettings();
      return noWrites((response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        expect(response.json()).toEqual({ ...settings, calendarFeedUrl: feedUrl(secret) });
      });
    },
  }),
});

const putReservationSettings = family({
  name: 'PUT /api/reservations/settings (owner)',
  runs: 300,
  cases: fc.record({ query: junkQuery, auth: ownerAuthCases, body: settingsBodies }),
  route: ({ query, auth, body }) => ({
    method: 'PUT',
    url: `/api/reservations/settings${query}`,
    unknownQuery: hasQueryKeys(query),
    body,
    auth,
    ownerOnly: true,
    bodySchema: true,
    handler: async () => {
      const sent = (body as { json: Partial<Settings> }).json;
      const { settings: before, secret } = await readSettings();
      if (sent.coversPerSlot === null) return refused(400, 'fields', { field: 'coversPerSlot' });
      // Turns and the area choice left out stay as stored (a form of part two).
      const saved = { ...before, ...sent } as Settings;
      return {
        accepted: {
          status: 200,
          mayWrite: ['reservation_settings', 'content_version', 'audit_log'],
          async verify(response) {
            expect(response.json()).toEqual({ ...saved, calendarFeedUrl: feedUrl(secret) });
            expect(await readSettings()).toEqual({ settings: saved, secret });
            await expectAuditedBy('reservations.settings', staffId);
          },
        },
      };
    },
  }),
});

/** Addresses of the calendar feed that a rotation retired. */
const retiredFeedSecrets: string[] = [];

const rotateCalendarFeed = family({
  name: 'POST /api/reservations/settings/calendar-feed (owner)',
  runs: 100,
  cases: fc.record({ query: junkQuery, auth: ownerAuthCases, body: anyBody }),
  route: async ({ query, auth, body }) => {
    const before = await readSettings();
    return {
      method: 'POST',
      url: `/api/reservations/settings/calendar-feed${query}`,
      unknownQuery: hasQueryKeys(query),
      body,
      auth,
      ownerOnly: true,
      handler: () => ({
        accepted: {
          status: 200,
          mayWrite: ['reservation_settings', 'audit_log'],
          async verify(response) {
            const after = await readSettings();
            expect(after.settings).toEqual(before.settings);
            expect(after.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
            expect(after.secret).not.toBe(before.secret);
            expect(response.json()).toEqual({
              ...after.settings,
              calendarFeedUrl: feedUrl(after.secret),
            });
            await expectAuditedBy('reservations.calendar_feed', staffId);
            retiredFeedSecrets.push(before.secret);
          },
        },
      }),
    };
  },
});

/** The feed's address as sent: the current one, a retired one, near misses of the current one. */
type FeedFile = 'current' | 'retired' | 'upper-case' | 'bare' | 'longer' | 'percent-encoded';

const getCalendarFeed = family({
  name: 'GET /api/reservations/calendar/:file (by its secret address)',
  runs: 200,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    file: fc.oneof(
      { weight: 4, arbitrary: fc.constant<FeedFile>('current') },
      {
        weight: 2,
        arbitrary: fc.constantFrom<FeedFile>(
          'retired',
          'upper-case',
          'bare',
          'longer',
          'percent-encoded',
        ),
      },
      {
        weight: 2,
        arbitrary: fc
          .stringMatching(/^[A-Za-z0-9_-]{20,100}$/)
          .map((name) => segment(`${name}.ics`)),
      },
      { weight: 2, arbitrary: randomSegments.map(segment) },
    ),
    query: junkQuery,
    auth: authCases,
  }),
  route: async ({ method, file, query, auth }) => {
    const { secret } = await readSettings();
    const param: Segment =
      typeof file === 'object'
        ? file
        : file === 'percent-encoded'
          ? {
              raw: `%${secret.charCodeAt(0).toString(16)}${secret.slice(1)}.ics`,
              decoded: `${secret}.ics`,
            }
          : segment(
              {
                current: `${secret}.ics`,
                retired: `${retiredFeedSecrets.at(-1) ?? 'A'.repeat(43)}.ics`,
                'upper-case': `${secret}.ICS`,
                bare: secret,
                longer: `${secret}x.ics`,
              }[file as Exclude<FeedFile, 'percent-encoded'>],
            );
    return {
      method,
      url: `/api/reservations/calendar/${param.raw}${query}`,
      unknownQuery: hasQueryKeys(query),
      // Public: the secret address is the key, and any Authorization header is ignored.
      headers: authorizationHeader(auth),
      unmatched: !fitsRoute(param),
      paramRefusals: /^[A-Za-z0-9_-]{20,100}\.ics$/.test(param.decoded) ? [] : ['file'],
      handler: async () => {
        if (param.decoded !== `${secret}.ics`) return refused(404, 'message');
        // The confirmed bookings, from a week back.
        const confirmed = await app.db
          .selectFrom('reservations')
          .select('id')
          .where('status', '=', 'confirmed')
          .where('starts_at', '>=', nowIso(CLOCK - 7 * DAY_MS))
          .execute();
        return noWrites((response) => {
          expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
          expect(response.headers['cache-control']).toBe('no-store');
          expect(response.headers['referrer-policy']).toBe('no-referrer');
          if (method === 'HEAD') return expect(response.body).toBe('');
          expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
          expect(response.body.match(/^BEGIN:VEVENT\r?$/gm)?.length ?? 0).toBe(confirmed.length);
        });
      },
    };
  },
});

// Part four's routes and fields (CONTRACT.md, "Tables and the floor plan"), on
// this file's database, which has no floor plan: covers mode, whose answers
// the oracle knows. Decisions by tables are proved by routes/api/reservations-tables.test.ts.
const tableIdsRule: FieldRule = {
  valid: fc.uniqueArray(fc.integer({ min: 1, max: 2 ** 31 - 1 }), { minLength: 1, maxLength: 8 }),
  invalid: fc.constantFrom([0], [-1], [1.5], [2 ** 31], [3, 3], [1, 2, 3, 4, 5, 6, 7, 8, 9], ['1']),
  wrongType: notAnArray,
};
const overrideRule: FieldRule = { valid: fc.boolean(), wrongType: notABoolean };

const patchReservationTables = family({
  name: 'PATCH /api/reservations/:id with tableIds (staff; covers mode: 400)',
  runs: 150,
  cases: fc.record({
    id: bookingIds,
    auth: authCases,
    body: bodies(
      { tableIds: optional(tableIdsRule), override: optional(overrideRule) },
      fc.record(
        { tableIds: tableIdsRule.valid, override: overrideRule.valid },
        { requiredKeys: ['tableIds'] },
      ),
    ),
  }),
  route: async ({ id, auth, body }) => {
    const made = typeof id === 'object' ? await freshBooking(id) : undefined;
    const param = segment(made ? String(made.id) : (id as string));
    const valid = readsAsBookingId(param.decoded);
    const before = valid ? await bookingRow(Number(param.decoded)) : undefined;
    return {
      method: 'PATCH',
      url: `/api/reservations/${param.raw}`,
      body,
      auth,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      bodySchema: true,
      handler: (): Expected =>
        before ? refused(400, 'fields', { field: 'tableIds' }) : refused(404, 'message'),
    };
  },
});

const walkInName: FieldRule = optional(
  text(
    fc.constantFrom('Coppia alla porta', '  Rossi  ', '', 'Zoë & Ünal'),
    fc.oneof(fc.constantFrom('a\nb', 'x\u0000y'), tooLongText(100)),
  ),
);
const walkInPhone: FieldRule = optional(
  text(fc.constantFrom('+39 333 1234567', ''), fc.oneof(fc.constant('1\n2'), tooLongText(40))),
);

const postWalkIn = family({
  name: 'POST /api/reservations/walk-in (staff; covers mode)',
  runs: 200,
  before: () => applySettings(DEFAULT_RESERVATION_SETTINGS),
  cases: fc.record({
    query: junkQuery,
    auth: authCases,
    body: bodies({
      party: {
        valid: fc.integer({ min: 1, max: 12 }),
        invalid: fc.constantFrom(0, -1, PARTY_MAX + 1, 2.5),
        wrongType: fc.oneof(junk.string, junk.boolean, junk.null, junk.array, junk.object),
      },
      tableIds: optional(tableIdsRule),
      name: walkInName,
      phone: walkInPhone,
      override: optional(overrideRule),
    }),
  }),
  route: ({ query, auth, body }) => ({
    method: 'POST',
    url: `/api/reservations/walk-in${query}`,
    unknownQuery: hasQueryKeys(query),
    body,
    auth,
    bodySchema: true,
    handler: async (): Promise<Expected> => {
      const sent = (body as { json: WalkInBody }).json;
      if (sent.tableIds !== undefined) return refused(400, 'fields', { field: 'tableIds' });
      const { settings } = await readSettings();
      // Seated now (08:30 in Rome, before opening): against the covers from now for a turn.
      const date = new Date(CLOCK + 3_600_000).toISOString().slice(0, 10);
      const room = roomFor(await seatsHeld(date), '08:30', sent.party, settings);
      if (!room && sent.override !== true) return refused(409, 'refusal', { code: 'slot-full' });
      return {
        accepted: {
          status: 201,
          // A walk-in who gives a phone is a guest with a record.
          mayWrite: ['reservations', 'reservation_settings', 'guests', 'audit_log'],
          async verify(response) {
            const answer = response.json<{ id: number }>();
            const row = await bookingRow(answer.id);
            expect(row).toMatchObject({
              party: sent.party,
              name: stored(sent.name?.trim() || 'Cliente senza prenotazione'),
              phone: stored(sent.phone?.trim() ?? ''),
              date,
              time: '08:30',
              starts_at: nowIso(CLOCK),
              status: 'seated',
              source: 'walk-in',
              over_capacity: room ? 0 : 1,
              created_by: staffId,
            });
            expect(answer).toEqual(toReservation(row!));
            await expectAuditedBy('reservation.walk-in', staffId);
          },
        },
      };
    },
  }),
});

const getDayPlan = family({
  name: 'GET /api/reservations/plan?date= (staff; covers mode: the bookings alone)',
  runs: 150,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    parts: strictQueries({ date: queryDates }),
    auth: authCases,
  }),
  route: ({ method, parts, auth }) => ({
    method,
    url: `/api/reservations/plan${queryOf(parts)}`,
    auth,
    paramRefusals: queryRefusals(parts, { date: isRealDate }),
    handler: async () => {
      const date = queryValue(parts, 'date');
      const rows = await app.db
        .selectFrom('reservations')
        .selectAll()
        .where('date', '=', date)
        .where('status', 'not in', ['declined', 'cancelled'])
        .orderBy('starts_at')
        .orderBy('id')
        .execute();
      const guests = await expectedSummaries();
      const bookings = rows.map((row) => ({
        id: row.id,
        name: row.name,
        party: row.party,
        time: row.time,
        startsAt: row.starts_at,
        endsAt: nowIso(rowTurn(row, CLOCK).endsAt),
        status: row.status,
        source: row.source,
        tableIds: [],
        conflict: false,
        arrivedAt: row.arrived_at,
        seatedAt: row.seated_at,
        finishedAt: row.finished_at,
        guestConfirmedAt: row.guest_confirmed_at,
        noReview: row.review_held === 1,
        guest: guestOf(guests, row.guest_id),
      }));
      const expected = {
        date,
        areas: [],
        tables: [],
        combinations: [],
        bookings,
        unassigned: [],
        holds: [],
      };
      return noWrites((response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        expect(response.json()).toEqual(expected);
      });
    },
  }),
});

hostileFamilies('reservations-staff', [
  postStaffReservation,
  getReservationDay,
  patchReservation,
  guestData,
  getPendingCount,
  postDeclinePending,
  rotateCalendarFeed,
  getCalendarFeed,
  getReservationSettings,
  putReservationSettings,
  patchReservationTables,
  postWalkIn,
  getDayPlan,
]);
beforeAll(async () => {
  await setUpReservations();
  // These families once ran after the guest's ones, on days those had filled
  // up: the same phone bookings fill the busy days here.
  await fillUp(...BUSY_DAY_FILLS.tight);
  await fillUp(...BUSY_DAY_FILLS.default);
});
