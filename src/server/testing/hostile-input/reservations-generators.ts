import fc from 'fast-check';
import { LANGUAGES } from '../../../shared/languages.ts';
import {
  DEFAULT_RESERVATION_SETTINGS,
  PARTY_MAX,
  type ReservationStatus,
} from '../../../shared/schemas/reservations.ts';
import { GUEST_NOTES_MAX } from '../../../shared/schemas/guest.ts';
import {
  type BodyCase,
  bodies,
  type FieldRule,
  junk,
  notABoolean,
  notAString,
  optional,
  text,
} from './bodies.ts';
import { addDays, BUSY_DATES, guestSlotTimes, slotTimes, TODAY } from './reservations-calendar.ts';
import {
  anyText,
  hhmm,
  invalidEmails,
  NAME_MAX,
  padded,
  personName,
  phoneNumbers,
  simpleEmail,
  tooLongText,
} from './texts.ts';

// What the reservation families generate: booking bodies, dates, times,
// parties and the bookings a request is made for (see reservations.ts).

/**
 * A cancel link's token: the schema writes it as a literal (reservations.ts
 * `cancelBody`), so there is no constant to import.
 */
export const CANCEL_TOKEN_MAX = 200;

export const BAD_DATES = [
  '2026-02-30',
  '2026-02-29',
  '2026-13-01',
  '2026-00-10',
  '2026-01-32',
  '2026-1-5',
  '26-01-14',
  '2026-01-14T20:00',
  '2026/01/14',
  ' 2026-01-14',
  '2026-01-14 ',
  '',
  'tomorrow',
  '0000-01-01',
  '0099-12-31',
  '２０２６-01-14',
  '+02026-01-14',
  '14-01-2026',
];
const BAD_TIMES = [
  '24:00',
  '9:00',
  '12:60',
  '12:00:00',
  ' 12:00',
  '12:00 ',
  '',
  '1200',
  '12.00',
  'noon',
  '12:0',
  '１２:00',
  '-1:00',
];

/** Dates a guest picks: mostly the coming days, busy ones first; sometimes past, far or odd. */
const guestDates = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...BUSY_DATES) },
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 9 }).map((days) => addDays(TODAY, days)) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(-1, -30, 6, 7, 8, 59, 60, 61, 365)
      .map((days) => addDays(TODAY, days)),
  },
  {
    weight: 1,
    arbitrary: fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
  },
);
/**
 * Staff book on any date, past ones too, but none before 2026: the retention
 * chore (whose period the owner may set to a month) would delete such a
 * booking whenever it ran, behind the snapshots' back.
 */
const staffDates = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: -2, max: 30 }).map((days) => addDays(TODAY, days)) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 0, max: 27_000 }).map((days) => addDays(TODAY, days)),
  },
);
/** Slots under the default settings, the edges around them, and any time at all. */
const bookingTimes = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(...slotTimes(TODAY, DEFAULT_RESERVATION_SETTINGS.turnMinutes)),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '11:45',
      '13:15',
      '13:30',
      '15:00',
      '18:45',
      '21:45',
      '22:00',
      '23:30',
      '00:00',
      '12:05',
      '19:59',
      '23:59',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 24 * 60 - 1 }).map(hhmm) },
);
/** A party: a whole number in JSON, or its digits as text (as a form sends it). */
const partyRule: FieldRule = {
  valid: fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: 1, max: 8 }) },
    { weight: 1, arbitrary: fc.integer({ min: 9, max: PARTY_MAX }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 12 }).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('08', '002') },
  ),
  invalid: fc.constantFrom(
    0,
    -1,
    PARTY_MAX + 1,
    1000,
    2.5,
    '0',
    '201',
    '1e1',
    ' 2',
    '',
    '0x2',
    '2.0',
    '-3',
    '１',
  ),
  wrongType: fc.oneof(junk.boolean, junk.null, junk.array, junk.object),
};
export const guestPhones = padded(
  fc.oneof(phoneNumbers, fc.stringMatching(/^\(?0\d{2,4}\)? ?\d{3}[-. /]?\d{3,4}$/)),
);
export const BAD_GUEST_PHONES = [
  '',
  '   ',
  '12345',
  '+39 333 TONNARA',
  '1'.repeat(21),
  '+',
  '++39 333 1234567',
  '333\n1234567',
  '333\t1234567',
  '+39\u00a0333 1234567',
  '+39\u2028333 1234567',
  '３３３１２３４５６７',
  `+39 ${'1 '.repeat(14)}`,
];
export const bookingRules = {
  name: text(
    personName,
    fc.oneof(
      fc.constantFrom('', '   ', 'Eve\r\nBcc: victim@example.com', 'a\u0000', 'Eve\u202Egnp.exe'),
      tooLongText(NAME_MAX),
    ),
  ),
  email: text(simpleEmail('example.com'), invalidEmails),
  phone: text(guestPhones, fc.constantFrom(...BAD_GUEST_PHONES)),
  party: partyRule,
  date: text(guestDates, fc.constantFrom(...BAD_DATES)),
  time: text(bookingTimes, fc.constantFrom(...BAD_TIMES)),
  notes: optional(text(anyText(GUEST_NOTES_MAX), tooLongText(GUEST_NOTES_MAX))),
  lang: text(fc.constantFrom(...LANGUAGES), fc.constantFrom('pt', 'EN', 'it-IT', '', 'xx')),
};
/**
 * What every guest's form sends besides its own fields (a booking, a
 * takeaway order, an event request): the privacy consent, and the honeypot
 * (anything but blank, and a robot is told "received").
 */
export const guestFormRules = {
  privacy: {
    valid: fc.constant(true),
    invalid: fc.constant(false),
    wrongType: fc.oneof(junk.number, junk.null, junk.string, junk.array, junk.object),
  },
  website: optional({
    valid: fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom('', ' ', '\t') },
      { weight: 1, arbitrary: anyText(200) },
    ),
    invalid: tooLongText(200),
    wrongType: notAString,
  }),
};
export const guestBookingBodies = bodies({ ...bookingRules, ...guestFormRules });
/**
 * One guest who books again and again, valid bookings only: one e-mail in two
 * cases, one phone written two ways, large parties on one open day that no
 * other family fills. Random e-mails and phones are almost never drawn twice,
 * and each has a budget of 8 requests a day, so only such a guest reaches the
 * covers one guest may hold pending on a date (then the budget's 429).
 */
const RETURNING_DATE = [3, 4, 5, 6, 7, 8, 9]
  .map((days) => addDays(TODAY, days))
  .find(
    (date) =>
      !BUSY_DATES.includes(date) && guestSlotTimes(date, DEFAULT_RESERVATION_SETTINGS).length > 0,
  )!;
export const returningGuestBodies: fc.Arbitrary<BodyCase> = fc
  .record({
    name: personName,
    email: fc.constantFrom('habitue@example.com', ' Habitue@Example.COM'),
    phone: fc.constantFrom('+39 347 1112223', '+39 (347) 111-22-23'),
    party: fc.integer({ min: 5, max: 8 }),
    date: fc.constant(RETURNING_DATE),
    time: fc.constantFrom(...guestSlotTimes(RETURNING_DATE, DEFAULT_RESERVATION_SETTINGS)),
    privacy: fc.constant(true),
    lang: fc.constantFrom(...LANGUAGES),
  })
  .map((json) => ({ kind: 'valid', json, contentType: 'application/json' }));
export const staffBookingBodies = bodies({
  ...bookingRules,
  // By phone the guest may give no e-mail: then none is sent.
  email: optional(
    text(
      fc.oneof(simpleEmail('example.com'), fc.constant('')),
      invalidEmails.filter((email) => email !== ''),
    ),
  ),
  date: text(staffDates, fc.constantFrom(...BAD_DATES)),
  override: optional({ valid: fc.boolean(), wrongType: notABoolean }),
});

export const queryDates = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BUSY_DATES) },
  { weight: 4, arbitrary: fc.integer({ min: -3, max: 40 }).map((days) => addDays(TODAY, days)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '2026-03-29',
      '2026-10-25',
      '2028-02-29',
      '9999-12-31',
      '0100-03-01',
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
  },
  { weight: 2, arbitrary: fc.constantFrom(...BAD_DATES) },
  { weight: 1, arbitrary: anyText(20) },
);
export const partyTexts = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 8 }).map(String) },
  { weight: 1, arbitrary: fc.integer({ min: 9, max: PARTY_MAX }).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '0',
      '201',
      '1000',
      '-1',
      '1.5',
      '1e1',
      ' 2',
      '0x2',
      '',
      'abc',
      '08',
      '002',
      '٢',
      '２',
      'true',
    ),
  },
);
/** The party as a query names it: its digits, 1 to 200. */
export const isPartyText = (text: string) =>
  /^\d{1,3}$/.test(text) && Number(text) >= 1 && Number(text) <= PARTY_MAX;

/** A booking made for the request in one of the statuses (with an e-mail or, by phone, none). */
export const madeBookingCases = fc.record({
  status: fc.constantFrom<ReservationStatus>(
    'pending',
    'pending',
    'confirmed',
    'confirmed',
    'declined',
    'cancelled',
    'no-show',
  ),
  email: fc.boolean(),
});
