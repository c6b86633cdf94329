import { type Selectable } from 'kysely';
import { expect } from 'vitest';
import { LANGUAGES } from '../../../shared/languages.ts';
import {
  DEFAULT_RESERVATION_SETTINGS,
  type ReservationStatus,
} from '../../../shared/schemas/reservations.ts';
import { type ReservationsTable } from '../../db/database.ts';
import { nowIso } from '../../services/tokens.ts';
import { actor, app, CLOCK, harness, publicUrl } from './app-under-test.ts';
import {
  addDays,
  BUSY_DATES,
  MINUTE_MS,
  minutesOf,
  romeInstant,
  SEEDED_RANGES,
  type Settings,
} from './reservations-calendar.ts';
import { hhmm, stored } from './texts.ts';

/*
 * The reservation families' oracle, shared by reservations.test.ts (the
 * guest's routes) and reservations-staff.test.ts (staff's). The app's clock
 * stands still at CLOCK (app-under-test.ts). The oracle knows the seeded opening
 * hours (checked by `setUpReservations` before a file's families run) and
 * works out slots, notice, horizon and capacity on its own, from the
 * settings and the bookings stored when each request is sent.
 *
 * This module holds what the oracle reads and makes in the database: seats
 * held, settings, bookings, mails and audit entries. The calendar it works
 * out slots on is in reservations-calendar.ts; the bodies, dates, parties
 * and bookings a request is generated with are in reservations-generators.ts.
 */

const SEATED: ReservationStatus[] = ['pending', 'confirmed', 'arrived', 'seated', 'finished'];
/** Which status staff may set after which (a guest's link only cancels). */
export const TRANSITIONS: Record<ReservationStatus, ReservationStatus[]> = {
  pending: ['confirmed', 'declined', 'cancelled', 'arrived', 'seated'],
  confirmed: ['cancelled', 'no-show', 'arrived', 'seated', 'finished'],
  declined: [],
  cancelled: [],
  'no-show': [],
  arrived: ['seated', 'finished', 'cancelled', 'no-show'],
  seated: ['finished'],
  finished: ['seated'],
};
/** The guest's mail a change sends (none for a no-show). */
export const STATUS_MAIL: Partial<Record<ReservationStatus, string>> = {
  confirmed: 'reservation-confirmed',
  declined: 'reservation-declined',
  cancelled: 'reservation-cancelled',
};

export type BookingRow = Selectable<ReservationsTable>;

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
/** One guest as the booking limits count them: `00` dialled for `+` (however spaced), an e-mail without its +tag. */
export const limitPhone = (text: string) => {
  const digits = normalisedPhone(text);
  return digits.startsWith('00') ? `+${digits.slice(2)}` : digits;
};
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
      // Null (no pace) only in table mode, which these families never draw.
      coversPerSlot: row.covers_per_slot ?? DEFAULT_RESERVATION_SETTINGS.coversPerSlot,
      turnMinutes: row.turn_minutes,
      minNoticeMinutes: row.min_notice_minutes,
      horizonDays: row.horizon_days,
      maxPartyOnline: row.max_party_online,
      autoConfirmMaxParty: row.auto_confirm_max_party,
      retentionMonths: row.retention_months,
      turnByParty: JSON.parse(row.turn_by_party) as Settings['turnByParty'],
      areaChoice: row.area_choice === 1,
      reviews: { enabled: row.reviews_enabled === 1, url: row.reviews_url },
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
  turnByParty: DEFAULT_RESERVATION_SETTINGS.turnByParty,
  areaChoice: false,
  reviews: DEFAULT_RESERVATION_SETTINGS.reviews,
};
/** Stores `wanted` through the service (before a family's requests) unless it is so already. */
export async function applySettings(wanted: Settings) {
  const { settings } = await readSettings();
  if (JSON.stringify(settings) !== JSON.stringify(wanted)) {
    await app.reservations.updateSettings(wanted, actor());
  }
}

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
      .where('name', '=', 'guest-links')
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
 * Whether `sent`'s e-mail or phone, as the limits read them, already holds
 * two of `pending` (takeaway orders still received, event requests new or
 * talking): the third is 409 too-many-pending (docs/security.md item 41).
 */
export function holdsTwoPending(
  pending: readonly { email: string; phone: string }[],
  sent: { email?: string; phone: string },
): boolean {
  const email = limitEmail(sent.email ?? '');
  const phone = limitPhone(sent.phone);
  const byEmail = pending.filter((row) => row.email !== '' && limitEmail(row.email) === email);
  const byPhone = pending.filter((row) => limitPhone(row.phone) === phone);
  return Math.max(byEmail.length, byPhone.length) >= 2;
}
