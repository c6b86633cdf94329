import fc from 'fast-check';
import { type Selectable } from 'kysely';
import { expect } from 'vitest';
import { LANGUAGES } from '../../../shared/languages.ts';
import {
  DEFAULT_RESERVATION_SETTINGS,
  PARTY_MAX,
  RESERVATION_NOTES_MAX,
  type ReservationStatus,
} from '../../../shared/schemas/reservations.ts';
import { type ReservationsTable } from '../../db/database.ts';
import { nowIso } from '../../services/tokens.ts';
import type { BodyCase, FieldRule } from './harness.ts';
import {
  actor,
  anyText,
  app,
  bodies,
  CLOCK,
  encode,
  harness,
  hhmm,
  invalidEmails,
  junk,
  NAME_MAX,
  notABoolean,
  notAString,
  optional,
  padded,
  personName,
  phoneNumbers,
  publicUrl,
  simpleEmail,
  stored,
  text,
  tooLongText,
} from './harness.ts';

/*
 * The reservation families' oracle, shared by reservations.test.ts (the
 * guest's routes) and reservations-staff.test.ts (staff's). The app's clock
 * stands still at CLOCK (harness.ts). The oracle knows the seeded opening
 * hours (checked by `setUpReservations` before a file's families run) and
 * works out slots, notice, horizon and capacity on its own, from the
 * settings and the bookings stored when each request is sent.
 */

export const TODAY = '2026-01-13';
export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
/**
 * A cancel link's token: the schema writes it as a literal (reservations.ts
 * `cancelBody`), so there is no constant to import.
 */
export const CANCEL_TOKEN_MAX = 200;
/** The seeded hours, Tuesday to Sunday (Monday closed), in minutes of Rome's day. */
const SEEDED_RANGES: [number, number][] = [
  [12 * 60, 15 * 60],
  [19 * 60, 23 * 60 + 30],
];
const SEATED: ReservationStatus[] = ['pending', 'confirmed'];
/** Which status staff may set after which (a guest's link only cancels). */
export const TRANSITIONS: Record<ReservationStatus, ReservationStatus[]> = {
  pending: ['confirmed', 'declined', 'cancelled'],
  confirmed: ['cancelled', 'no-show'],
  declined: [],
  cancelled: [],
  'no-show': [],
};
/** The guest's mail a change sends (none for a no-show). */
export const STATUS_MAIL: Partial<Record<ReservationStatus, string>> = {
  confirmed: 'reservation-confirmed',
  declined: 'reservation-declined',
  cancelled: 'reservation-cancelled',
};

export type Settings = typeof DEFAULT_RESERVATION_SETTINGS;
export type BookingRow = Selectable<ReservationsTable>;
export type QueryPart = [string, string] | [string];

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** `date` moved by `days` on the calendar (in UTC, where no day has 23 or 25 hours). */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** A real calendar date written YYYY-MM-DD; the server takes none in the years 0 to 99. */
export function isRealDate(text: string): boolean {
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(text);
  if (!match || Number(match[1]) < 100) return false;
  const at = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === text;
}
const isMonday = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`)).getUTCDay() === 1;

const romeClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const romeWall = (ms: number) => {
  const part = Object.fromEntries(romeClock.formatToParts(ms).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
};
/** The instant Rome's clocks read `time` on `date` (UTC+1 in winter, UTC+2 in summer). */
function romeInstant(date: string, time: string): number {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const at = [1, 2]
    .map((hours) => wall - hours * 60 * MINUTE_MS)
    .find((ms) => romeWall(ms) === `${date} ${time}`);
  if (at === undefined) throw new Error(`Rome's clocks never read ${date} ${time}`);
  return at;
}

/** Every time a table can be booked at on `date` (staff's view): each quarter hour from opening, the last a turn before closing. */
export function slotTimes(date: string, turnMinutes: number): string[] {
  if (isMonday(date)) return [];
  return SEEDED_RANGES.flatMap(([open, close]) => {
    const times: string[] = [];
    for (let minute = open; minute + turnMinutes <= close; minute += 15) times.push(hhmm(minute));
    return times;
  });
}
/** What a guest may book on `date`: from today to the horizon, none sooner than the notice. */
export function guestSlotTimes(date: string, settings: Settings): string[] {
  if (date < TODAY || date > addDays(TODAY, settings.horizonDays)) return [];
  const earliest = CLOCK + settings.minNoticeMinutes * MINUTE_MS;
  return slotTimes(date, settings.turnMinutes).filter(
    (time) => romeInstant(date, time) >= earliest,
  );
}

/**
 * The bookings that hold seats on `date`, in minutes of its day: no range
 * runs past midnight or over a change of the clocks, so wall-clock minutes
 * measure a turn exactly.
 */
export async function seatsHeld(date: string) {
  const rows = await app.db
    .selectFrom('reservations')
    .select(['time', 'party', 'starts_at', 'ends_at'])
    .where('date', '=', date)
    .where('status', 'in', SEATED)
    .execute();
  return rows.map((row) => {
    const from = minutesOf(row.time);
    const minutes = (Date.parse(row.ends_at) - Date.parse(row.starts_at)) / MINUTE_MS;
    return { from, to: from + minutes, party: row.party };
  });
}
type Held = Awaited<ReturnType<typeof seatsHeld>>;

/**
 * The most covers `sent`'s e-mail (whatever its case) or its phone (its
 * digits and a leading +) already holds in pending bookings on its date.
 */
export async function pendingHeldBy(sent: SentBooking): Promise<number> {
  const rows = await app.db
    .selectFrom('reservations')
    .select(['party', 'email', 'phone'])
    .where('date', '=', sent.date)
    .where('status', '=', 'pending')
    .execute();
  const email = limitEmail(sent.email ?? '');
  const phone = limitPhone(sent.phone);
  const sum = (matches: (row: (typeof rows)[number]) => boolean) =>
    rows.filter(matches).reduce((covers, row) => covers + row.party, 0);
  return Math.max(
    (sent.email ?? '').trim() === ''
      ? 0
      : sum((row) => row.email !== '' && limitEmail(row.email) === email),
    sum((row) => limitPhone(row.phone) === phone),
  );
}
/** A phone's digits after a leading + (how the server compares phones). */
export const normalisedPhone = (text: string) =>
  `${text.trim().startsWith('+') ? '+' : ''}${text.replace(/\D/g, '')}`;
/** One guest as the booking limits count them: `00` dialled for `+`, an e-mail without its +tag. */
export const limitPhone = (text: string) => normalisedPhone(text.trim().replace(/^00/, '+'));
export const limitEmail = (text: string) => {
  const [local = '', domain = ''] = text
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  return `${local.replace(/\+.*$/, '')}@${domain}`;
};
export const coversAt = (held: Held, minute: number) =>
  held.reduce(
    (sum, booking) => (booking.from <= minute && minute < booking.to ? sum + booking.party : sum),
    0,
  );
/** Whether `party` more fit at every quarter hour of a turn from `time` (bookings start on quarter hours). */
export function roomFor(held: Held, time: string, party: number, settings: Settings): boolean {
  const start = minutesOf(time);
  for (let minute = start; minute < start + settings.turnMinutes; minute += 15) {
    if (coversAt(held, minute) + party > settings.coversPerSlot) return false;
  }
  return true;
}

/** The settings as stored, and the calendar feed's secret. */
export async function readSettings(): Promise<{ settings: Settings; secret: string }> {
  const row = await app.db.selectFrom('reservation_settings').selectAll().executeTakeFirstOrThrow();
  return {
    settings: {
      coversPerSlot: row.covers_per_slot,
      turnMinutes: row.turn_minutes,
      minNoticeMinutes: row.min_notice_minutes,
      horizonDays: row.horizon_days,
      maxPartyOnline: row.max_party_online,
      autoConfirmMaxParty: row.auto_confirm_max_party,
      retentionMonths: row.retention_months,
    },
    secret: row.calendar_feed_secret,
  };
}
export const feedUrl = (secret: string) => `${publicUrl()}/api/reservations/calendar/${secret}.ics`;

/** Fewer covers, shorter turns, more notice, a week ahead, small parties confirmed at once. */
export const TIGHT_SETTINGS: Settings = {
  coversPerSlot: 12,
  turnMinutes: 90,
  minNoticeMinutes: 240,
  horizonDays: 7,
  maxPartyOnline: 4,
  autoConfirmMaxParty: 2,
  retentionMonths: 24,
};
/** Stores `wanted` through the service (before a family's requests) unless it is so already. */
export async function applySettings(wanted: Settings) {
  const { settings } = await readSettings();
  if (JSON.stringify(settings) !== JSON.stringify(wanted)) {
    await app.reservations.updateSettings(wanted, actor());
  }
}

/**
 * A booking as staff read it (GET /api/reservations?date=, PATCH's answer).
 * The oracle's own mapping, not the server's: the answers it checks are made
 * by the server's, and an oracle must not be the code it checks.
 */
export const asStaffSees = (row: BookingRow) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  party: row.party,
  date: row.date,
  time: row.time,
  status: row.status,
  notes: row.notes,
  lang: row.lang,
  createdAt: row.created_at,
  source: row.source,
  staffMessage: row.staff_message,
  overCapacity: row.over_capacity === 1,
});
export const bookingRow = (id: number) =>
  app.db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirst();
/** The `count` newest mails, oldest first. */
export const newestMails = async (count: number) =>
  (
    await app.db
      .selectFrom('outbox')
      .select(['kind', 'recipient', 'reply_to', 'secret_link', 'calendar_method'])
      .orderBy('id', 'desc')
      .limit(count)
      .execute()
  ).reverse();
/** The newest audit entry is `action` by `actorId` (null: the guest), and names no guest's address. */
export async function expectAuditedBy(action: string, actorId: number | null, email = '') {
  const entry = await app.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'summary'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect({ action: entry.action, actor_id: entry.actor_id }).toEqual({ action, actor_id: actorId });
  if (email) expect(entry.summary.toLowerCase()).not.toContain(email.toLowerCase());
}

let madeBookings = 0;
interface MadeBooking {
  id: number;
  startsAt: number;
  email: string;
}
/**
 * Bookings straight in the database, in one statement: by default for two,
 * in February (their cancel links work), each with an address of its own.
 */
export async function newBookings(
  count: number,
  status: ReservationStatus,
  options: {
    email?: (index: number) => string;
    phone?: (index: number) => string;
    clientKey?: (index: number) => string;
    date?: string;
    time?: string;
  } = {},
): Promise<MadeBooking[]> {
  const time = options.time ?? '20:00';
  const rows = Array.from({ length: count }, (_, index) => {
    madeBookings += 1;
    const date = options.date ?? addDays('2026-02-03', madeBookings % 26);
    const email = options.email?.(index) ?? `ospite-${madeBookings}@example.com`;
    const startsAt = romeInstant(date, time);
    return {
      name: `Ospite ${madeBookings}`,
      email,
      phone: options.phone?.(index) ?? '+39 333 555 0187',
      party: 2,
      date,
      time,
      starts_at: nowIso(startsAt),
      ends_at: nowIso(startsAt + 120 * MINUTE_MS),
      status,
      notes: '',
      lang: LANGUAGES[madeBookings % LANGUAGES.length]!,
      source: 'online' as const,
      over_capacity: 0,
      staff_message: null,
      privacy_accepted_at: nowIso(CLOCK),
      sequence: 0,
      invited: status === 'confirmed' && email ? 1 : 0,
      reminder_queued_at: null,
      created_by: null,
      created_at: nowIso(CLOCK),
      updated_at: nowIso(CLOCK),
      client_key: options.clientKey?.(index) ?? null,
    };
  });
  const ids = await app.db.insertInto('reservations').values(rows).returning('id').execute();
  return rows.map((row, index) => ({
    id: ids[index]!.id,
    startsAt: Date.parse(row.starts_at),
    email: row.email,
  }));
}

/**
 * Bookings made ahead, a batch at a time, one pool per kind: each request
 * takes one no other request has seen, and a batch is one write (so one
 * new snapshot) for many requests.
 */
const bookingPools = new Map<string, MadeBooking[]>();
const BOOKING_BATCH = 25;
export async function freshBooking(kind: {
  status: ReservationStatus;
  email: boolean;
  date?: string;
}): Promise<MadeBooking> {
  const key = `${kind.status} ${kind.email} ${kind.date ?? ''}`;
  let pool = bookingPools.get(key);
  if (!pool?.length) {
    pool = await newBookings(BOOKING_BATCH, kind.status, {
      ...(kind.email ? {} : { email: () => '' }),
      ...(kind.date ? { date: kind.date } : {}),
    });
    bookingPools.set(key, pool);
  }
  return pool.pop()!;
}

/** The cancel links' signing key, which every instance shares (read by `setUpReservations`). */
export let cancelKey: string;

/**
 * Before a reservation file's families: what the oracle assumes (the seeded
 * hours, no closures, no special days, the default settings), and the cancel
 * links' key.
 */
export async function setUpReservations() {
  cancelKey = (
    await app.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'cancel-links')
      .executeTakeFirstOrThrow()
  ).value;
  const hours = await app.openingHours.get('it');
  expect(hours.weekly.filter((day) => day.ranges.length > 0)).toEqual(
    [2, 3, 4, 5, 6, 7].map((day) => ({
      day,
      ranges: SEEDED_RANGES.map(([open, close]) => ({ open: hhmm(open), close: hhmm(close) })),
    })),
  );
  expect([hours.closures, hours.exceptions]).toEqual([[], []]);
  expect((await readSettings()).settings).toEqual(DEFAULT_RESERVATION_SETTINGS);
}

const BAD_DATES = [
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
/** The days most bookings aim at: their slots fill up, and the last covers are fought over. */
const BUSY_DATES = [addDays(TODAY, 1), addDays(TODAY, 2)];
/** Phone bookings (outside any request) that leave a busy day's slots only a few covers. */
export async function fillUp(date: string, bookings: [time: string, party: number][]) {
  for (const [time, party] of bookings) {
    const booked = await app.reservations.bookByStaff(
      {
        name: 'Tavolata',
        phone: '+39 333 555 0187',
        party,
        date,
        time,
        lang: 'it',
        override: true,
      },
      actor(),
    );
    if (!booked.ok) throw new Error(booked.reason);
  }
}

/**
 * The phone bookings that leave each busy day's slots only a few covers: the
 * day after tomorrow under the tight settings, tomorrow under the default ones.
 */
export const BUSY_DAY_FILLS: Record<'tight' | 'default', [string, [string, number][]]> = {
  tight: [
    BUSY_DATES[1]!,
    [
      ['12:00', 8],
      ['19:00', 9],
      ['21:00', 7],
    ],
  ],
  default: [
    BUSY_DATES[0]!,
    [
      ['12:00', 34],
      ['19:00', 33],
      ['21:00', 35],
    ],
  ],
};

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
const bookingRules = {
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
  notes: optional(text(anyText(RESERVATION_NOTES_MAX), tooLongText(RESERVATION_NOTES_MAX))),
  lang: text(fc.constantFrom(...LANGUAGES), fc.constantFrom('pt', 'EN', 'it-IT', '', 'xx')),
};
export const guestBookingBodies = bodies({
  ...bookingRules,
  privacy: {
    valid: fc.constant(true),
    invalid: fc.constant(false),
    wrongType: fc.oneof(junk.number, junk.null, junk.string, junk.array, junk.object),
  },
  // The honeypot: anything but blank, and a robot is told "received".
  website: optional({
    valid: fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom('', ' ', '\t') },
      { weight: 1, arbitrary: anyText(200) },
    ),
    invalid: tooLongText(200),
    wrongType: notAString,
  }),
});
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

export interface SentBooking {
  name: string;
  email?: string;
  phone: string;
  party: number | string;
  date: string;
  time: string;
  notes?: string;
  lang: string;
  website?: string;
  override?: boolean;
}
/** The row a booking the server took must have stored (the schema's trimming included). */
export function storedBooking(sent: SentBooking, settings: Settings) {
  const startsAt = romeInstant(sent.date, sent.time);
  return {
    name: stored(sent.name.trim()),
    email: (sent.email ?? '').trim(),
    phone: sent.phone.trim(),
    party: Number(sent.party),
    date: sent.date,
    time: sent.time,
    notes: stored((sent.notes ?? '').trim()),
    lang: sent.lang,
    starts_at: nowIso(startsAt),
    ends_at: nowIso(startsAt + settings.turnMinutes * MINUTE_MS),
    created_at: nowIso(CLOCK),
    staff_message: null,
  };
}
export const cancelLinkPattern = () =>
  new RegExp(`^${harness.config.PUBLIC_URL.replaceAll('.', '\\.')}/reservations/cancel\\?token=`);

/**
 * How a lookup's query names its one key: mostly once; else missing, bare,
 * twice, with a key the route does not read, or with another lookup key too.
 */
export const queryShapes = fc.constantFrom(
  'once',
  'once',
  'once',
  'once',
  'missing',
  'bare',
  'twice',
  'unknown',
  'both',
);
/** The query parts of a `shape`: `named` as it says, with `other` (both) or `unknown` (unknown). */
export function shapedQuery(
  shape: typeof queryShapes extends fc.Arbitrary<infer S> ? S : never,
  named: [string, string],
  other: QueryPart,
  unknown: QueryPart,
): QueryPart[] {
  const [key] = named;
  return {
    once: [named],
    missing: [],
    bare: [[key]],
    twice: [named, named],
    unknown: [named, unknown],
    both: [named, other],
  }[shape] as QueryPart[];
}

/** A query string from its parts, each encoded: `[key, value]`, or a bare key. */
export const queryOf = (parts: QueryPart[]) =>
  parts.length === 0
    ? ''
    : `?${parts
        .map(([key, value]) =>
          value === undefined ? encode(key) : `${encode(key)}=${encode(value)}`,
        )
        .join('&')}`;
/**
 * The fields a strict query schema refuses in a query of `parts`: each key
 * it reads must come once with a value it takes (`rules`), and any other key
 * is refused as `querystring`.
 */
export function queryRefusals(
  parts: QueryPart[],
  rules: Record<string, (value: string) => boolean>,
) {
  const refusals = Object.entries(rules)
    .filter(([key, takes]) => {
      const values = parts.filter(([name]) => name.toWellFormed() === key);
      return values.length !== 1 || !takes((values[0]![1] ?? '').toWellFormed());
    })
    .map(([key]) => key);
  if (parts.some(([key]) => !Object.hasOwn(rules, key.toWellFormed()))) {
    refusals.push('querystring');
  }
  return refusals;
}
/** The value a query of `parts` gives `key` (its only one, decoded). */
export const queryValue = (parts: QueryPart[], key: string) =>
  (parts.find(([name]) => name === key)?.[1] ?? '').toWellFormed();
/** Queries of `values`' keys, each mostly once, sometimes missing, bare or twice; rarely an unknown key; in any order. */
export const strictQueries = (values: Record<string, fc.Arbitrary<string>>) =>
  fc
    .tuple(
      ...Object.entries(values).map(([key, value]) =>
        fc.oneof(
          { weight: 12, arbitrary: value.map((v): QueryPart[] => [[key, v]]) },
          { weight: 1, arbitrary: fc.constant<QueryPart[]>([]) },
          { weight: 1, arbitrary: fc.constant<QueryPart[]>([[key]]) },
          {
            weight: 1,
            arbitrary: fc.tuple(value, value).map(([first, second]): QueryPart[] => [
              [key, first],
              [key, second],
            ]),
          },
        ),
      ),
      fc.oneof(
        { weight: 8, arbitrary: fc.constant<QueryPart[]>([]) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              fc.oneof(
                fc.constantFrom('lang', 'DATE', 'date[]', '__proto__', 'constructor', ''),
                anyText(12),
              ),
              anyText(12),
            )
            .filter(([key]) => !Object.hasOwn(values, key.toWellFormed()))
            .map(([key, value]): QueryPart[] => [[key, value]]),
        },
      ),
    )
    .map((groups) => groups.flat())
    .chain((parts) => fc.shuffledSubarray(parts, { minLength: parts.length }));

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
