// Over 400 lines: one route family, the events', whose families share one database in order (staff change and answer the requests the guests' family stored).
import fc from 'fast-check';
import { beforeAll, expect } from 'vitest';
import { ALLERGENS } from '../../shared/allergens.ts';
import { LANGUAGES } from '../../shared/languages.ts';
import { closureOn, type Schedule } from '../../shared/opening-hours.ts';
import {
  EVENT_HOLD_MAX,
  EVENT_REPLY_MAX,
  EVENT_STATUSES,
  type EventStatus,
} from '../../shared/schemas/events.ts';
import { GUEST_NOTES_MAX } from '../../shared/schemas/guest.ts';
import { INQUIRY_LIMITS } from '../services/events/guest-inquiry.ts';
import { withThreads } from '../services/events/inquiry-rows.ts';
import { HOLD_ALL } from '../services/reservations/index.ts';
import { actor, app, CLOCK, expectAudited } from '../testing/hostile-input/app-under-test.ts';
import {
  type AuthCase,
  authCases,
  authorizationHeader,
} from '../testing/hostile-input/authorization.ts';
import {
  bodies,
  type BodyCase,
  type FieldRule,
  junk,
  notAString,
  optional,
  text,
} from '../testing/hostile-input/bodies.ts';
import { type Expected, noWrites, refused } from '../testing/hostile-input/expected.ts';
import { expectGuestRecord } from '../testing/hostile-input/guests.ts';
import { fitsRoute, randomSegments, readsAsId, segment } from '../testing/hostile-input/paths.ts';
import {
  hasQueryKeys,
  junkQuery,
  queryOf,
  type QueryPart,
  queryRefusals,
  queryValue,
  strictQueries,
} from '../testing/hostile-input/queries.ts';
import { addDays, TODAY } from '../testing/hostile-input/reservations-calendar.ts';
import {
  BAD_DATES,
  bookingRules,
  guestFormRules,
} from '../testing/hostile-input/reservations-generators.ts';
import { holdsTwoPending, limitEmail, limitPhone } from '../testing/hostile-input/reservations.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import { declinePendingFamilies, namedBy } from '../testing/hostile-input/decline-pending.ts';
import {
  anyText,
  padded,
  stored,
  tooLongText,
  trimmedText,
} from '../testing/hostile-input/texts.ts';

// A guest's request for an event. The oracle: a valid request is 201 and
// one stored row with what was sent; a date that is not a future day or
// falls in a closure (a weekly rest day is fine), 400 on that field; the 11th request of an e-mail or phone, 429; the
// honeypot, 201 with id 0 and nothing stored.

/** A closure the requests' dates run into. */
const CLOSURE = { from: addDays(TODAY, 20), to: addDays(TODAY, 30) };

const eventDates = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 400 }).map((days) => addDays(TODAY, days)) },
  { weight: 2, arbitrary: fc.integer({ min: 19, max: 31 }).map((days) => addDays(TODAY, days)) },
  { weight: 1, arbitrary: fc.integer({ min: -30, max: 0 }).map((days) => addDays(TODAY, days)) },
);
/**
 * A head count up to `max`: adults to 200 and children to 100 never pass the
 * 300 guests together, a refusal of two fields at once that the API tests
 * prove (src/server/routes/api/events.test.ts).
 */
const headCount = (min: number, max: number) => ({
  valid: fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.integer({ min, max }).map(String) },
  ),
  invalid: fc.constantFrom(min - 1, 301, 1.5, -1, 1e9, '', ' 2', '1e1', '0x10', '1000'),
  wrongType: fc.oneof(junk.boolean, junk.null, junk.array, junk.object),
});

const inquiryBodies = bodies({
  kind: text(
    fc.constantFrom(
      'baptism',
      'communion',
      'confirmation',
      'wedding',
      'birthday',
      'business',
      'other',
    ),
    fc.constantFrom('funeral', 'WEDDING', '', ' wedding'),
  ),
  date: text(eventDates, fc.constantFrom(...BAD_DATES)),
  altDate: optional(text(eventDates, fc.constantFrom(...BAD_DATES))),
  service: text(fc.constantFrom('lunch', 'dinner'), fc.constantFrom('brunch', 'Dinner', '')),
  adults: headCount(1, 200),
  children: headCount(0, 100),
  area: text(fc.constantFrom('terrace', 'indoor', 'whole', 'any'), fc.constantFrom('garden', '')),
  budgetPerPerson: optional(
    text(
      fc.constantFrom('45', '45.5', '45,50', '0', '99999.99', '120'),
      fc.constantFrom('', '-5', '1e3', '45.555', '123456', '€45', 'free'),
    ),
  ),
  allergens: {
    valid: fc.array(fc.constantFrom(...ALLERGENS), { maxLength: ALLERGENS.length }),
    invalid: fc.constantFrom(['chocolate'], ['Gluten'], [''], [...ALLERGENS, 'gluten'], [1]),
    wrongType: notAString.filter((value) => !Array.isArray(value)),
  },
  dietaryNotes: optional(text(anyText(GUEST_NOTES_MAX), tooLongText(GUEST_NOTES_MAX))),
  notes: optional(text(anyText(GUEST_NOTES_MAX), tooLongText(GUEST_NOTES_MAX))),
  name: bookingRules.name,
  email: bookingRules.email,
  phone: bookingRules.phone,
  lang: text(fc.constantFrom(...LANGUAGES), fc.constantFrom('pt', 'EN', 'it-IT', '', 'xx')),
  ...guestFormRules,
});

interface SentInquiry {
  name: string;
  date: string;
  altDate?: string;
  adults: number | string;
  children: number | string;
  email: string;
  phone: string;
  website?: string;
}

/** The requests each e-mail and phone made, as the oracle counts them. */
const contactRequests = new Map<string, number>();
const overContactLimit = (key: string) => {
  const count = (contactRequests.get(key) ?? 0) + 1;
  contactRequests.set(key, count);
  return count > INQUIRY_LIMITS.email.limit;
};

const refusedDate = (schedule: Schedule, date: string | undefined) =>
  date !== undefined && (date <= TODAY || closureOn(schedule, date) !== null);

let schedule: Schedule;
const postInquiry = family({
  name: 'POST /api/events/inquiries',
  runs: 500,
  async before() {
    const hours = await app.openingHours.get('it');
    const replaced = await app.openingHours.replace(
      {
        weekly: hours.weekly,
        closures: [{ ...CLOSURE, note: 'Ferie' }],
        exceptions: hours.exceptions,
      },
      actor(),
    );
    expect(replaced.ok).toBe(true);
    schedule = await app.openingHours.get('it');
  },
  cases: fc.record({ query: junkQuery, auth: authCases, body: inquiryBodies }),
  route: ({ query, auth, body }) => ({
    method: 'POST',
    url: `/api/events/inquiries${query}`,
    unknownQuery: hasQueryKeys(query),
    headers: authorizationHeader(auth),
    body,
    bodySchema: true,
    handler: async (): Promise<Expected> => {
      const sent = (body as { json: SentInquiry }).json;
      if ((sent.website ?? '').trim() !== '') {
        return {
          accepted: {
            status: 201,
            mayWrite: [],
            verify: (response) => expect(response.json()).toEqual({ id: 0 }),
          },
        };
      }
      if (
        overContactLimit(`email:${limitEmail(sent.email)}`) ||
        overContactLimit(`phone:${limitPhone(sent.phone)}`)
      ) {
        return refused(429, 'refusal', { code: 'rate-limited' });
      }
      if (refusedDate(schedule, sent.date)) return refused(400, 'fields', { field: 'date' });
      if (refusedDate(schedule, sent.altDate)) return refused(400, 'fields', { field: 'altDate' });
      // Two requests of one e-mail or phone still new or talking: the third is refused.
      const open = await app.db
        .selectFrom('event_inquiries')
        .select(['email', 'phone'])
        .where('status', 'in', ['new', 'talking'])
        .where('date', '>=', TODAY)
        .execute();
      if (holdsTwoPending(open, sent)) return refused(409, 'refusal', { code: 'too-many-pending' });
      return {
        accepted: {
          status: 201,
          // The request, its guest's record, the guest's mail and the restaurant's notice.
          mayWrite: ['event_inquiries', 'guests', 'outbox'],
          async verify(response) {
            const { id } = response.json<{ id: number }>();
            const row = await app.db
              .selectFrom('event_inquiries')
              .selectAll()
              .where('id', '=', id)
              .executeTakeFirstOrThrow();
            const name = stored(sent.name.trim());
            expect(row).toMatchObject({
              name,
              date: sent.date,
              alt_date: sent.altDate ?? null,
              adults: Number(sent.adults),
              children: Number(sent.children),
              status: 'new',
              hold_covers: null,
            });
            await expectGuestRecord(row.guest_id, { ...sent, name });
          },
        },
      };
    },
  }),
});

// Staff's side: the list, a request's status and held covers, replies and
// their preview. The app under test has no machine translation, so a guest
// who does not read Italian gets a reply only with the translation staff
// wrote, and no preview (503 translation-unavailable, nothing written).

/** A few requests to reach, whatever the guest's family left: Italian and German guests. */
async function seedInquiries() {
  const guests = [
    { name: 'Giulia Seme', lang: 'it' as const, kind: 'baptism' as const, adults: 20 },
    { name: 'Lena Saat', lang: 'de' as const, kind: 'wedding' as const, adults: 58 },
    { name: 'Marco Seme', lang: 'it' as const, kind: 'business' as const, adults: 12 },
    { name: 'Jonas Saat', lang: 'de' as const, kind: 'birthday' as const, adults: 30 },
  ];
  for (const [index, guest] of guests.entries()) {
    const taken = await app.events.inquire(`seed-${index}`, {
      ...guest,
      date: addDays(TODAY, 10 + index),
      service: 'dinner',
      children: 2,
      area: 'any',
      allergens: [],
      email: `seed-${index}@eventi.example`,
      phone: `+39 091 55500${index}`,
      privacy: true,
    });
    expect(taken.ok).toBe(true);
  }
}

const inquiryRow = (id: number) =>
  app.db.selectFrom('event_inquiries').selectAll().where('id', '=', id).executeTakeFirst();
type InquiryRow = NonNullable<Awaited<ReturnType<typeof inquiryRow>>>;
/** A stored request as the staff's routes answer it, thread included. */
const answerOf = async (row: InquiryRow) => (await withThreads(app.db, [row]))[0]!;
const bookingsVersion = async () =>
  (
    await app.db
      .selectFrom('reservation_settings')
      .select('bookings_version')
      .executeTakeFirstOrThrow()
  ).bookings_version;

/** Path ids: a stored request (by its rank), nobody's, or not an id. */
const inquiryIdCases = fc.oneof(
  { weight: 6, arbitrary: fc.nat().map((rank) => ({ rank })) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000_000, max: 2 ** 31 - 1 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constantFrom('0', '-1', '1.5', 'abc', '2147483648', '1e0', ' 1', 'messages', 'x y'),
      randomSegments,
    ),
  },
);
/** The id of the stored request of that rank (the oldest first, round again past the newest). */
async function storedId(rank: number) {
  const ids = await app.db.selectFrom('event_inquiries').select('id').orderBy('id').execute();
  return String(ids[rank % ids.length]!.id);
}
/** The path segment of an id case, and the stored request it names (if any). */
async function inquiryOf(id: { rank: number } | string) {
  const param = segment(typeof id === 'string' ? id : await storedId(id.rank));
  const valid = readsAsId(param.decoded);
  const before = valid ? await inquiryRow(Number(param.decoded)) : undefined;
  return { param, valid, before };
}

/**
 * A staff route's cases: mostly anything (`hostile`); one in four a
 * well-formed request (a valid token and body at a stored request), so that
 * every answer the oracle works out comes often, not only by luck.
 */
const staffCases = (
  hostile: fc.Arbitrary<BodyCase>,
  valid: fc.Arbitrary<Record<string, unknown>>,
) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.record({ id: inquiryIdCases, auth: authCases, body: hostile }) },
    {
      weight: 1,
      arbitrary: fc.record({
        id: fc.nat().map((rank) => ({ rank })),
        auth: fc.constant<AuthCase>('valid'),
        body: valid.map((json): BodyCase => ({
          kind: 'valid',
          json,
          contentType: 'application/json',
        })),
      }),
    },
  );

/** `?status=`: a status, or none; the strict query schema refuses anything else. */
const statusQueries = fc.oneof(
  { weight: 1, arbitrary: fc.constant<QueryPart[]>([]) },
  {
    weight: 4,
    arbitrary: strictQueries({
      status: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...EVENT_STATUSES) },
        { weight: 1, arbitrary: fc.constantFrom('won', 'NEW', '', 'new ', 'new,lost') },
      ),
    }),
  },
);
const isStatus = (value: string) => (EVENT_STATUSES as readonly string[]).includes(value);

const getInquiries = family({
  name: 'GET /api/events/inquiries?status= (staff)',
  runs: 150,
  cases: fc.record({ parts: statusQueries, auth: authCases }),
  route: ({ parts, auth }) => {
    // `status` is optional: only a status sent may be refused.
    const sentStatus = parts.some(([key]) => key.toWellFormed() === 'status');
    return {
      method: 'GET',
      url: `/api/events/inquiries${queryOf(parts)}`,
      auth,
      paramRefusals: queryRefusals(parts, { status: isStatus }).filter(
        (field) => field !== 'status' || sentStatus,
      ),
      handler: async () => {
        const status = sentStatus ? queryValue(parts, 'status') : undefined;
        const rows = await app.db.selectFrom('event_inquiries').selectAll().execute();
        const expected = rows
          .filter((row) => status === undefined || row.status === status)
          .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
          .map(({ id, status }) => ({ id, status }));
        return noWrites((response) =>
          expect(
            response.json<{ id: number; status: string }[]>().map(({ id, status }) => ({
              id,
              status,
            })),
          ).toEqual(expected),
        );
      },
    };
  },
});

const holdRule: FieldRule = {
  valid: fc.oneof(fc.integer({ min: 0, max: EVENT_HOLD_MAX }), fc.constant('all')),
  invalid: fc.constantFrom(-1, EVENT_HOLD_MAX + 1, 2.5, 1e9, 'some', 'ALL', 'all ', '', '10'),
  wrongType: fc.oneof(junk.boolean, junk.null, junk.array, junk.object),
};
const patchRules = {
  status: optional(
    text(
      fc.constantFrom('new', 'talking', 'confirmed', 'confirmed', 'lost'),
      fc.constantFrom('won', 'CONFIRMED', '', ' new', 'confirmed '),
    ),
  ),
  holdCovers: optional(holdRule),
  // This restaurant draws no floor plan: an area's id names none (400), null is anywhere.
  holdArea: optional({
    valid: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 2 ** 31 - 1 })),
    invalid: fc.constantFrom(0, -1, 1.5, 2 ** 31, 1e21),
    wrongType: fc.oneof(junk.boolean, junk.array, junk.object, fc.constant('1')),
  }),
};
/** A change: a status, covers to hold, an area, or any of them. */
const validPatches = fc
  .record(
    {
      status: patchRules.status.valid,
      holdCovers: holdRule.valid,
      holdArea: patchRules.holdArea.valid,
    },
    { requiredKeys: [] },
  )
  .filter((body) => Object.keys(body).length > 0);
/** Any body, or an empty change, refused as a whole. */
const patchBodies = fc.oneof(
  { weight: 15, arbitrary: bodies(patchRules, validPatches) },
  {
    weight: 1,
    arbitrary: fc.constant<BodyCase>({
      kind: 'invalid',
      field: 'body',
      json: {},
      contentType: 'application/json',
    }),
  },
);

/** How the API says what a request holds (HOLD_ALL is "all"). */
const holdAnswer = (hold: number | null) => (hold === HOLD_ALL ? 'all' : hold);

const patchInquiry = family({
  name: 'PATCH /api/events/inquiries/:id (staff)',
  runs: 600,
  cases: staffCases(patchBodies, validPatches),
  route: async ({ id, auth, body }) => {
    const { param, valid, before } = await inquiryOf(id);
    const answer = before && (await answerOf(before));
    const version = await bookingsVersion();
    return {
      method: 'PATCH',
      url: `/api/events/inquiries/${param.raw}`,
      auth,
      body,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      bodySchema: true,
      handler: (): Expected => {
        if (!before || !answer) return refused(404, 'message');
        const sent = (
          body as {
            json: { status?: EventStatus; holdCovers?: number | 'all'; holdArea?: number | null };
          }
        ).json;
        const status = sent.status ?? before.status;
        if (sent.holdCovers !== undefined && status !== 'confirmed') {
          return refused(400, 'fields', { field: 'holdCovers' });
        }
        if (typeof sent.holdArea === 'number') return refused(400, 'fields', { field: 'holdArea' });
        // Only a confirmed event holds covers: what was asked, else what it held, else its guests.
        const wasHeld = before.status === 'confirmed' ? before.hold_covers : null;
        const hold =
          status !== 'confirmed'
            ? null
            : sent.holdCovers === 'all'
              ? HOLD_ALL
              : (sent.holdCovers ?? wasHeld ?? before.adults + before.children);
        const holdChanged = hold !== wasHeld;
        return {
          accepted: {
            status: 200,
            mayWrite: [
              'event_inquiries',
              'audit_log',
              // The bookings' version, so every instance's bookings see the covers at once.
              ...(holdChanged ? ['reservation_settings' as const] : []),
            ],
            async verify(response) {
              const holdArea = sent.holdArea === undefined ? before.hold_area : null;
              expect(response.json()).toEqual({
                ...answer,
                status,
                holdCovers: holdAnswer(hold),
                holdArea,
              });
              expect(await inquiryRow(before.id)).toMatchObject({
                status,
                hold_covers: hold,
                hold_area: holdArea,
              });
              expect(await bookingsVersion()).toBe(version + (holdChanged ? 1 : 0));
              await expectAudited('event.update');
            },
          },
        };
      },
    };
  },
});

const REPLY_BLANK = ['', ' ', '\n\t ', '\u00a0', '\u2028'];
/** Staff's Italian, or a translation: trimmed, 1 to EVENT_REPLY_MAX characters. */
const replyRule = text(
  padded(trimmedText(EVENT_REPLY_MAX)),
  fc.oneof(fc.constantFrom(...REPLY_BLANK), tooLongText(EVENT_REPLY_MAX)),
);

const replyRules = { text: replyRule, translation: optional(replyRule) };
const validReplies = fc.record(
  { text: replyRule.valid, translation: replyRule.valid },
  { requiredKeys: ['text'] },
);
const validPreviews = fc.record({ text: replyRule.valid });

const unavailable = () => refused(503, 'refusal', { code: 'translation-unavailable' });

const postReply = family({
  name: 'POST /api/events/inquiries/:id/messages (staff)',
  runs: 400,
  cases: staffCases(bodies(replyRules, validReplies), validReplies),
  route: async ({ id, auth, body }) => {
    const { param, valid, before } = await inquiryOf(id);
    const answer = before && (await answerOf(before));
    return {
      method: 'POST',
      url: `/api/events/inquiries/${param.raw}/messages`,
      auth,
      body,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      bodySchema: true,
      handler: (): Expected => {
        if (!before || !answer) return refused(404, 'message');
        const sent = (body as { json: { text: string; translation?: string } }).json;
        const italian = before.lang === 'it';
        // No machine here: only the translation staff wrote reaches a guest in another language.
        if (!italian && sent.translation === undefined) return unavailable();
        const message = {
          at: new Date(CLOCK).toISOString(),
          from: 'staff',
          text: stored(sent.text.trim()),
          translation: italian ? null : stored(sent.translation!.trim()),
        };
        return {
          accepted: {
            status: 201,
            mayWrite: ['event_messages', 'event_inquiries', 'outbox', 'audit_log'],
            async verify(response) {
              expect(response.json()).toEqual({
                ...answer,
                status: before.status === 'new' ? 'talking' : before.status,
                messages: [...answer.messages, message],
              });
              await expectAudited('event.reply');
              const mail = await app.db
                .selectFrom('outbox')
                .select(['kind', 'recipient'])
                .orderBy('id', 'desc')
                .executeTakeFirstOrThrow();
              expect(mail).toEqual({ kind: 'event-reply', recipient: before.email });
            },
          },
        };
      },
    };
  },
});

const postPreview = family({
  name: 'POST /api/events/inquiries/:id/messages/preview (staff)',
  runs: 300,
  cases: staffCases(bodies({ text: replyRule }, validPreviews), validPreviews),
  route: async ({ id, auth, body }) => {
    const { param, valid, before } = await inquiryOf(id);
    return {
      method: 'POST',
      url: `/api/events/inquiries/${param.raw}/messages/preview`,
      auth,
      body,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      bodySchema: true,
      handler: (): Expected => {
        if (!before) return refused(404, 'message');
        if (before.lang !== 'it') return unavailable();
        // A guest who reads Italian gets the Italian itself.
        const { text } = (body as { json: { text: string } }).json;
        return noWrites((response) =>
          expect(response.json()).toEqual({ translation: text.trim() }),
        );
      },
    };
  },
});

const [getDeclinePending, postDeclinePending] = declinePendingFamilies({
  family: 'events',
  stored: () => app.db.selectFrom('event_inquiries').select(['id', 'email', 'phone']).execute(),
  async pending(who) {
    const named = namedBy(await app.db.selectFrom('event_inquiries').selectAll().execute(), who);
    return (
      named &&
      named.filter((row) => (row.status === 'new' || row.status === 'talking') && row.date >= TODAY)
    );
  },
  writes: (mailed) => ['event_inquiries', 'audit_log', ...(mailed ? ['outbox' as const] : [])],
  async declined(rows) {
    for (const row of rows) {
      const after = await app.db
        .selectFrom('event_inquiries')
        .select('status')
        .where('id', '=', row.id)
        .executeTakeFirst();
      expect(after?.status).toBe('lost');
    }
  },
});

hostileFamilies('events', [
  postInquiry,
  getInquiries,
  patchInquiry,
  postReply,
  postPreview,
  getDeclinePending,
  postDeclinePending,
]);
// After the common set-up (hostileFamilies' own beforeAll).
beforeAll(seedInquiries);
