import fc from 'fast-check';
import { expect } from 'vitest';
import { ALLERGENS } from '../../shared/allergens.ts';
import { LANGUAGES } from '../../shared/languages.ts';
import { closureOn, type Schedule } from '../../shared/opening-hours.ts';
import { RESERVATION_NOTES_MAX } from '../../shared/schemas/reservations.ts';
import { INQUIRY_LIMITS } from '../services/events/guest-inquiry.ts';
import { actor, app } from '../testing/hostile-input/app-under-test.ts';
import { authCases, authorizationHeader } from '../testing/hostile-input/authorization.ts';
import { bodies, junk, notAString, optional, text } from '../testing/hostile-input/bodies.ts';
import { type Expected, refused } from '../testing/hostile-input/expected.ts';
import { hasQueryKeys, junkQuery } from '../testing/hostile-input/queries.ts';
import { addDays, TODAY } from '../testing/hostile-input/reservations-calendar.ts';
import {
  BAD_DATES,
  bookingRules,
  guestFormRules,
} from '../testing/hostile-input/reservations-generators.ts';
import { limitEmail, limitPhone } from '../testing/hostile-input/reservations.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import { anyText, tooLongText } from '../testing/hostile-input/texts.ts';

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
  dietaryNotes: optional(text(anyText(RESERVATION_NOTES_MAX), tooLongText(RESERVATION_NOTES_MAX))),
  notes: optional(text(anyText(RESERVATION_NOTES_MAX), tooLongText(RESERVATION_NOTES_MAX))),
  name: bookingRules.name,
  email: bookingRules.email,
  phone: bookingRules.phone,
  lang: text(fc.constantFrom(...LANGUAGES), fc.constantFrom('pt', 'EN', 'it-IT', '', 'xx')),
  ...guestFormRules,
});

interface SentInquiry {
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
    handler: (): Expected => {
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
      return {
        accepted: {
          status: 201,
          mayWrite: ['event_inquiries', 'outbox'],
          async verify(response) {
            const { id } = response.json<{ id: number }>();
            const row = await app.db
              .selectFrom('event_inquiries')
              .selectAll()
              .where('id', '=', id)
              .executeTakeFirstOrThrow();
            expect(row).toMatchObject({
              date: sent.date,
              alt_date: sent.altDate ?? null,
              adults: Number(sent.adults),
              children: Number(sent.children),
              status: 'new',
              hold_covers: null,
            });
          },
        },
      };
    },
  }),
});

hostileFamilies('events', [postInquiry]);
