import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ReservationsTable, ReservationSettingsTable } from '../../db/database.ts';
import { FALLBACK_LANG, toLang } from '../../../shared/languages.ts';
import {
  addDays,
  romeDate,
  romeDateReader,
  romeInstant,
  type Schedule,
} from '../../../shared/opening-hours.ts';
import {
  SEATED_STATUSES,
  type AvailabilityAnswer,
  type OccupancyAnswer,
  type Reservation,
  type ReservationBody,
  type ReservationSettings,
  type ReservationSettingsAnswer,
  type ReservationStatus,
  type PendingOf,
  type ReservationStatusBody,
  type StaffReservationBody,
} from '../../../shared/schemas/reservations.ts';
import { recordAudit, type AuditActor } from '../audit-log.ts';
import { decideUnderLock, type Refusal } from '../capacity.ts';
import { ContentMemo, type ContentChanges, type ContentVersion } from '../content-version.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { OutgoingMail } from '../../mail/message.ts';
import { readRestaurantFacts } from '../restaurant-facts.ts';
import { nowIso } from '../tokens.ts';
import { cancelToken, readCancelToken } from './cancel-links.ts';
import { guestsBookings } from './guest-match.ts';
import {
  bookingSummaryIt,
  declinedAllMail,
  guestMail,
  restaurantNotice,
  type GuestMailKind,
  type RestaurantNoticeKind,
} from '../../mail/reservation-mails.ts';
import { pendingCoversLimit, pendingCoversOf } from './pending-covers.ts';
import { bookableNow, daySlots, fits, seatedAt, slotsOn, type Seated, type Slot } from './slots.ts';
import { restaurantFeed, type MailedBooking } from './calendar.ts';

type Actor = NonNullable<AuditActor>;
type Row = Selectable<ReservationsTable>;

const MINUTE_MS = 60_000;
/** How far back declining by address reaches (#pendingOf). */
const ADDRESS_BURST_MS = 48 * 60 * MINUTE_MS;

/** Why a booking was refused (the API answers 409 with the code of RESERVATION_REFUSALS). */
export type BookingRefusal = 'not-a-slot' | 'slot-full' | 'party-too-large' | 'too-many-pending';
/** Staff's bookings by phone hold no pending covers, so their limit never refuses one. */
export type StaffBookingRefusal = Exclude<BookingRefusal, 'too-many-pending'>;

export type BookingOutcome<Reason extends BookingRefusal = BookingRefusal> =
  { ok: true; reservation: Reservation } | Refusal<Reason>;

type BookingSource =
  /** `clientKey`: the address it came from (plugins/staff-auth.ts), for declining all of its requests. */
  { source: 'online'; clientKey: string } | { source: 'staff'; actor: Actor; override: boolean };

export type StatusOutcome =
  | { ok: true; reservation: Reservation }
  | { ok: false; reason: 'not-found' | 'invalid-transition' };

/** Which status may follow which (staff's changes; a guest's link only cancels). */
const TRANSITIONS: Record<ReservationStatus, readonly ReservationStatus[]> = {
  pending: ['confirmed', 'declined', 'cancelled'],
  confirmed: ['cancelled', 'no-show'],
  declined: [],
  cancelled: [],
  'no-show': [],
};

const STATUS_IT: Record<ReservationStatus, string> = {
  pending: 'in attesa',
  confirmed: 'confermata',
  declined: 'rifiutata',
  cancelled: 'annullata',
  'no-show': 'cliente non presentato',
};

/** A reminder goes out at this time (Rome) on the day before the booking. */
const REMINDER_TIME = '10:00';

export function toSettings(row: Selectable<ReservationSettingsTable>): ReservationSettings {
  return {
    coversPerSlot: row.covers_per_slot,
    turnMinutes: row.turn_minutes,
    minNoticeMinutes: row.min_notice_minutes,
    horizonDays: row.horizon_days,
    maxPartyOnline: row.max_party_online,
    autoConfirmMaxParty: row.auto_confirm_max_party,
    retentionMonths: row.retention_months,
  };
}

export function toReservation(row: Row): Reservation {
  return {
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
  };
}

const toMailed = (row: Row): MailedBooking => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  party: row.party,
  date: row.date,
  time: row.time,
  startsAt: new Date(row.starts_at),
  endsAt: new Date(row.ends_at),
  notes: row.notes,
  lang: row.lang,
  sequence: row.sequence,
});

const toSeated = (row: Pick<Row, 'party' | 'starts_at' | 'ends_at'>): Seated => ({
  party: row.party,
  startsAt: Date.parse(row.starts_at),
  endsAt: Date.parse(row.ends_at),
});

/** Counts a change of the bookings, inside the caller's transaction (the availability cache follows it). */
export async function bumpBookingsVersion(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('reservation_settings')
    .set((eb) => ({ bookings_version: eb('bookings_version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

/** The bookings' version, as `ContentVersion` reads a counter. */
export const readBookingsVersion = async (db: Kysely<Database>) =>
  (
    await db
      .selectFrom('reservation_settings')
      .select('bookings_version')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
  ).bookings_version;

const HOUR_MS = 60 * MINUTE_MS;

/**
 * The lock every booking takes first (`decideUnderLock`): a write to the
 * settings row that changes nothing, which bookings on every connection and
 * every instance wait for in turn until the holder commits or rolls back.
 */
async function lockBookings(trx: Kysely<Database>): Promise<void> {
  await trx
    .updateTable('reservation_settings')
    .set((eb) => ({ covers_per_slot: eb.ref('covers_per_slot') }))
    .where('id', '=', 1)
    .execute();
}

/** A booking that may be taken: its slot, and how it is stored. */
interface Accepted {
  slot: Slot;
  overCapacity: boolean;
  status: ReservationStatus;
}

/**
 * Whether a booking may be taken, from the settings, the date's bookable
 * slots (online: at the guest's clock) and the bookings seated around its
 * time: the same rules before the lock, on what an instance keeps in memory,
 * and under it, on rows read afresh. A guest's pending covers are counted
 * under the lock only (`#mayHoldPending`).
 */
function judgeBooking(
  body: Pick<ReservationBody, 'party' | 'time'>,
  how: BookingSource,
  state: { settings: ReservationSettings; slots: readonly Slot[]; seated: readonly Seated[] },
): Accepted | { reason: StaffBookingRefusal } {
  const { settings } = state;
  const online = how.source === 'online';
  if (online && body.party > settings.maxPartyOnline) return { reason: 'party-too-large' };
  const slot = state.slots.find((candidate) => candidate.time === body.time);
  if (!slot) return { reason: 'not-a-slot' };
  const room = fits(state.seated, slot.at.getTime(), body.party, {
    turnMinutes: settings.turnMinutes,
    capacity: settings.coversPerSlot,
  });
  if (!room && !(how.source === 'staff' && how.override)) return { reason: 'slot-full' };
  const status: ReservationStatus =
    !online || (settings.autoConfirmMaxParty !== null && body.party <= settings.autoConfirmMaxParty)
      ? 'confirmed'
      : 'pending';
  return { slot, overCapacity: !room, status };
}

/**
 * Table reservations (docs/decisions/011): slots from the opening hours,
 * capacity that is never exceeded, the guest's and the restaurant's mails
 * through the outbox, staff's changes with an audit entry each, the cancel
 * links, and the reminders.
 *
 * Never overbooked: a booking is decided by `decideUnderLock` (capacity.ts):
 * refused at once from what this instance keeps in memory when it cannot
 * fit, else checked afresh and inserted in one transaction that first writes
 * the settings row (`lockBookings`), so bookings on every connection and
 * every instance take turns; a refusal there is rolled back, not committed.
 */
export class ReservationsService {
  readonly #db: Kysely<Database>;
  readonly #content: ContentChanges;
  readonly #schedule: () => Promise<Schedule>;
  readonly #settings: ContentMemo<'settings', ReservationSettings>;
  /** Every slot of a date, by date: they change only with the hours or the turn (content version). */
  readonly #daySlots: ContentMemo<string, Slot[]>;
  /** The bookings that hold seats around a date, by date, while the bookings' version stays. */
  readonly #seatedAround: ContentMemo<string, Seated[]>;
  readonly #bookingsVersion: ContentVersion;
  readonly #publicUrl: string;
  readonly #deliverTo: string | undefined;
  readonly #now: () => number;
  /** Today's date in Rome at the app's clock, worked out again only when the day changes. */
  readonly #today: () => string;
  readonly #onMail: () => void;
  #cancelKey: string | undefined;

  constructor(options: {
    db: Kysely<Database>;
    content: ContentChanges;
    contentVersion: () => Promise<number | undefined>;
    /** The opening hours (read from their service, which keeps them per content version). */
    schedule: () => Promise<Schedule>;
    /** The bookings' version (`readBookingsVersion`), as each instance knows it. */
    bookingsVersion: ContentVersion;
    publicUrl: string;
    /** CONTACT_EMAIL: where the restaurant's notices go; the restaurant's e-mail when unset. */
    deliverTo?: string;
    now?: () => number;
    onMail?: () => void;
  }) {
    this.#db = options.db;
    this.#content = options.content;
    this.#schedule = options.schedule;
    // Settings change with the content version (a save bumps it), like the pages showing them.
    this.#settings = new ContentMemo(options.contentVersion);
    this.#daySlots = new ContentMemo(options.contentVersion);
    this.#bookingsVersion = options.bookingsVersion;
    this.#seatedAround = new ContentMemo(() => this.#bookingsVersion.current());
    this.#publicUrl = options.publicUrl;
    this.#deliverTo = options.deliverTo;
    this.#now = options.now ?? Date.now;
    this.#today = romeDateReader(this.#now);
    this.#onMail = options.onMail ?? (() => {});
  }

  // -------------------------------------------------------------------------
  // Settings

  async settings(): Promise<ReservationSettings> {
    return this.#settings.get('settings', async () => toSettings(await this.#settingsRow()));
  }

  /**
   * A date's slots that can be booked at `now` (staff: `now` null, every
   * slot). Kept per date while the content version stays, for dates a guest
   * can book (so the memo holds at most the horizon's days).
   */
  async #slots(date: string, settings: ReservationSettings, now: Date | null): Promise<Slot[]> {
    const today = this.#today();
    const withinHorizon = date >= today && date <= addDays(today, settings.horizonDays);
    // A guest's date in the past or past the horizon has no slot, whatever the hours say:
    // known before any is worked out (anyone can ask for any date, as often as they like).
    if (now && !withinHorizon) return [];
    const compute = async () => daySlots(await this.#schedule(), date, settings.turnMinutes);
    const all = withinHorizon ? await this.#daySlots.get(date, compute) : await compute();
    return bookableNow(all, date, settings, now, today);
  }

  async #settingsRow(db: Kysely<Database> = this.#db) {
    return db
      .selectFrom('reservation_settings')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
  }

  /** The owner's view: the settings and the calendar feed's secret address. */
  async settingsForOwner(db: Kysely<Database> = this.#db): Promise<ReservationSettingsAnswer> {
    const row = await this.#settingsRow(db);
    return { ...toSettings(row), calendarFeedUrl: this.#feedUrl(row.calendar_feed_secret) };
  }

  #feedUrl(secret: string): string {
    return `${this.#publicUrl}/api/reservations/calendar/${secret}.ics`;
  }

  /** Saves the owner's settings; what a guest's page shows follows (content version). */
  async updateSettings(
    settings: ReservationSettings,
    actor: Actor,
  ): Promise<ReservationSettingsAnswer> {
    return this.#content.change(async (trx) => {
      const before = toSettings(await this.#settingsRow(trx));
      await trx
        .updateTable('reservation_settings')
        .set({
          covers_per_slot: settings.coversPerSlot,
          turn_minutes: settings.turnMinutes,
          min_notice_minutes: settings.minNoticeMinutes,
          horizon_days: settings.horizonDays,
          max_party_online: settings.maxPartyOnline,
          auto_confirm_max_party: settings.autoConfirmMaxParty,
          retention_months: settings.retentionMonths,
          updated_at: nowIso(this.#now()),
        })
        .where('id', '=', 1)
        .execute();
      const changes = (Object.keys(settings) as (keyof ReservationSettings)[])
        .filter((key) => before[key] !== settings[key])
        .map((key) => `${SETTING_NAMES_IT[key]} ${before[key] ?? 'no'} → ${settings[key] ?? 'no'}`);
      await recordAudit(trx, actor, {
        action: 'reservations.settings',
        target: 'reservation_settings',
        summary: changes.length
          ? `Impostazioni delle prenotazioni: ${changes.join('; ')}.`
          : 'Impostazioni delle prenotazioni salvate senza modifiche.',
      });
      return this.settingsForOwner(trx);
    });
  }

  /** A new secret address for the calendar feed: the old one stops working at once. */
  async rotateCalendarFeed(actor: Actor): Promise<ReservationSettingsAnswer> {
    return this.#db.transaction().execute(async (trx) => {
      await trx
        .updateTable('reservation_settings')
        .set({
          calendar_feed_secret: randomBytes(32).toString('base64url'),
          updated_at: nowIso(this.#now()),
        })
        .where('id', '=', 1)
        .execute();
      await recordAudit(trx, actor, {
        action: 'reservations.calendar_feed',
        target: 'reservation_settings',
        summary:
          'Nuovo indirizzo del calendario delle prenotazioni: il precedente non funziona più.',
      });
      return this.settingsForOwner(trx);
    });
  }

  /** The calendar of confirmed bookings at `secret`, or null when it is not the current address. */
  async calendarFeed(secret: string): Promise<string | null> {
    const row = await this.#settingsRow();
    if (!constantTimeEqual(row.calendar_feed_secret, secret)) return null;
    // From a week back: the phone keeps what it already had of the past.
    const from = nowIso(this.#now() - 7 * 24 * 60 * MINUTE_MS);
    const rows = await this.#db
      .selectFrom('reservations')
      .selectAll()
      .where('status', '=', 'confirmed')
      .where('starts_at', '>=', from)
      .orderBy('starts_at')
      .execute();
    return restaurantFeed(rows.map(toMailed), {
      restaurant: await readRestaurantFacts(this.#db),
      publicUrl: this.#publicUrl,
    });
  }

  // -------------------------------------------------------------------------
  // What a guest can book

  /** Every date from today to the horizon, open when it has a slot (capacity aside). */
  async calendar(): Promise<{ maxPartyOnline: number; days: { date: string; open: boolean }[] }> {
    const settings = await this.settings();
    const now = new Date(this.#now());
    const today = romeDate(now);
    const days = [];
    for (let offset = 0; offset <= settings.horizonDays; offset += 1) {
      const date = addDays(today, offset);
      days.push({ date, open: (await this.#slots(date, settings, now)).length > 0 });
    }
    return { maxPartyOnline: settings.maxPartyOnline, days };
  }

  /** The slots of a date for a party: which have room for it. */
  async availability(
    date: string,
    party: number,
  ): Promise<{ ok: true; answer: AvailabilityAnswer } | { ok: false; reason: 'party-too-large' }> {
    const settings = await this.settings();
    if (party > settings.maxPartyOnline) return { ok: false, reason: 'party-too-large' };
    const slots = await this.#slots(date, settings, new Date(this.#now()));
    if (slots.length === 0) return { ok: true, answer: { date, party, slots: [] } };
    const seated = await this.#seatedOn(date);
    const rules = { turnMinutes: settings.turnMinutes, capacity: settings.coversPerSlot };
    return {
      ok: true,
      answer: {
        date,
        party,
        slots: slots.map((slot) => ({
          time: slot.time,
          available: fits(seated, slot.at.getTime(), party, rules),
        })),
      },
    };
  }

  /**
   * The bookings that hold seats at some moment of a date's slots (from its
   * midnight to 8 hours, the longest turn, past the next), kept per date
   * while the bookings' version stays: a guest browsing times costs no query.
   * Another instance's booking shows within the version's 250 ms; a booking
   * may be refused early from this, but is only ever taken after a fresh
   * check under the lock.
   */
  #seatedOn(date: string): Promise<Seated[]> {
    return this.#seatedAround.get(date, () => {
      const from = romeInstant(date, '00:00').getTime();
      const to = romeInstant(addDays(date, 1), '00:00').getTime() + 8 * HOUR_MS;
      return this.#seatedBetween(this.#db, from, to);
    });
  }

  /** Bookings that hold seats at some moment of [from, to). */
  async #seatedBetween(db: Kysely<Database>, from: number, to: number): Promise<Seated[]> {
    const rows = await db
      .selectFrom('reservations')
      .select(['party', 'starts_at', 'ends_at'])
      .where('status', 'in', SEATED_STATUSES)
      .where('starts_at', '<', nowIso(to))
      .where('ends_at', '>', nowIso(from))
      .execute();
    return rows.map(toSeated);
  }

  // -------------------------------------------------------------------------
  // Booking

  /** A guest's booking from the site (the honeypot is the route's business). */
  async book(body: ReservationBody, clientKey: string): Promise<BookingOutcome> {
    return this.#book(body, { source: 'online', clientKey });
  }

  /** A booking staff took by phone: confirmed at once; past the capacity only with `override`. */
  async bookByStaff(
    body: StaffReservationBody,
    actor: Actor,
  ): Promise<BookingOutcome<StaffBookingRefusal>> {
    const how = { source: 'staff', actor, override: body.override === true } as const;
    // Staff's bookings are confirmed at once: the pending covers' limit never applies (#book).
    return this.#book(body, how) as Promise<BookingOutcome<StaffBookingRefusal>>;
  }

  /**
   * A booking, decided as `decideUnderLock` decides (capacity.ts): refused
   * early from the settings, slots and seats this instance keeps, else
   * judged again under the lock on fresh rows, where a guest's pending
   * covers are counted too, and inserted with its mails.
   */
  async #book(
    body: Omit<StaffReservationBody, 'override'>,
    how: BookingSource,
  ): Promise<BookingOutcome> {
    const nowMs = this.#now();
    const online = how.source === 'online';
    const schedule = await this.#schedule();
    const outcome = await decideUnderLock(this.#db, {
      refuseEarly: async () => {
        const settings = await this.settings();
        const slots = await this.#slots(body.date, settings, online ? new Date(nowMs) : null);
        const seated = slots.length ? await this.#seatedOn(body.date) : [];
        const judged = judgeBooking(body, how, { settings, slots, seated });
        return 'reason' in judged ? { ok: false, reason: judged.reason } : null;
      },
      lock: lockBookings,
      decide: async (trx): Promise<BookingOutcome> => {
        const settings = toSettings(await this.#settingsRow(trx));
        const slots = slotsOn(schedule, body.date, settings, online ? new Date(nowMs) : null);
        const slot = slots.find((candidate) => candidate.time === body.time);
        const seated = slot
          ? await this.#seatedBetween(
              trx,
              slot.at.getTime(),
              slot.at.getTime() + settings.turnMinutes * MINUTE_MS,
            )
          : [];
        const judged = judgeBooking(body, how, { settings, slots, seated });
        if ('reason' in judged) return { ok: false, reason: judged.reason };
        if (judged.status === 'pending' && !(await this.#mayHoldPending(trx, body, settings))) {
          return { ok: false, reason: 'too-many-pending' };
        }
        return this.#insertBooking(trx, body, how, { ...judged, settings, nowMs });
      },
    });
    if (outcome.ok) this.#changed();
    return outcome;
  }

  /**
   * Whether the guest's e-mail and phone, each, may hold `body.party` more
   * covers in pending bookings on its date (pending-covers.ts). Under the
   * booking lock, so that a guest's requests racing each other cannot pass
   * the limit together.
   */
  async #mayHoldPending(
    trx: Kysely<Database>,
    body: Pick<ReservationBody, 'date' | 'party' | 'phone'> & { email?: string },
    settings: ReservationSettings,
  ): Promise<boolean> {
    const pending = await trx
      .selectFrom('reservations')
      .select(['party', 'email', 'phone'])
      .where('date', '=', body.date)
      .where('status', '=', 'pending')
      .execute();
    const held = pendingCoversOf(pending, { email: body.email ?? '', phone: body.phone });
    const most = Math.max(body.email ? held.byEmail : 0, held.byPhone);
    return most + body.party <= pendingCoversLimit(settings);
  }

  /** The accepted booking's row, the bookings' version, its mails and (by phone) its audit entry. */
  async #insertBooking(
    trx: Kysely<Database>,
    body: Omit<StaffReservationBody, 'override'>,
    how: BookingSource,
    {
      slot,
      overCapacity,
      status,
      settings,
      nowMs,
    }: Accepted & { settings: ReservationSettings; nowMs: number },
  ): Promise<BookingOutcome> {
    const online = how.source === 'online';
    const startsAt = slot.at.getTime();
    const endsAt = startsAt + settings.turnMinutes * MINUTE_MS;
    const now = nowIso(nowMs);
    const row = await trx
      .insertInto('reservations')
      .values({
        name: body.name,
        email: body.email ?? '',
        phone: body.phone,
        party: body.party,
        date: body.date,
        time: body.time,
        starts_at: nowIso(startsAt),
        ends_at: nowIso(endsAt),
        status,
        notes: body.notes ?? '',
        lang: body.lang,
        source: how.source,
        over_capacity: overCapacity ? 1 : 0,
        privacy_accepted_at: online ? now : null,
        invited: status === 'confirmed' && body.email ? 1 : 0,
        created_by: how.source === 'staff' ? how.actor.id : null,
        client_key: how.source === 'online' ? how.clientKey : null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await bumpBookingsVersion(trx);
    if (row.email) {
      await this.#mailGuest(trx, status === 'confirmed' ? 'confirmed' : 'received', row);
    }
    if (online) await this.#noticeRestaurant(trx, 'new', row);
    if (how.source === 'staff') {
      await recordAudit(
        trx,
        how.actor,
        {
          action: 'reservation.create',
          target: `reservation:${row.id}`,
          summary: `Prenotazione telefonica n. ${row.id}: ${bookingSummaryIt(row)}${overCapacity ? ', oltre la capienza' : ''}.`,
        },
        now,
      );
    }
    return { ok: true, reservation: toReservation(row) };
  }

  /** After a committed change of the bookings: this instance's next read sees it; mail goes. */
  #changed(): void {
    this.#bookingsVersion.expire();
    this.#onMail();
  }

  // -------------------------------------------------------------------------
  // Staff

  /** A day's bookings in every status, by time. */
  async day(date: string): Promise<Reservation[]> {
    const rows = await this.#db
      .selectFrom('reservations')
      .selectAll()
      .where('date', '=', date)
      .orderBy('starts_at')
      .orderBy('id')
      .execute();
    return rows.map(toReservation);
  }

  /** Covers seated at each slot of a day (staff's view: every slot of the opening hours). */
  async occupancy(date: string): Promise<OccupancyAnswer> {
    const settings = await this.settings();
    const slots = await this.#slots(date, settings, null);
    const dayStart = romeInstant(date, '00:00').getTime();
    const from = Math.min(dayStart, slots[0]?.at.getTime() ?? dayStart);
    const to = (slots.at(-1)?.at.getTime() ?? dayStart) + settings.turnMinutes * MINUTE_MS;
    const seated = await this.#seatedBetween(this.#db, from, to);
    return {
      date,
      capacity: settings.coversPerSlot,
      turnMinutes: settings.turnMinutes,
      slots: slots.map((slot) => ({
        time: slot.time,
        covers: seatedAt(seated, slot.at.getTime()),
      })),
    };
  }

  /** Staff confirm, decline, cancel or mark a no-show; the guest is told (but of a no-show). */
  async setStatus(id: number, change: ReservationStatusBody, actor: Actor): Promise<StatusOutcome> {
    const outcome = await this.#db.transaction().execute(async (trx): Promise<StatusOutcome> => {
      const row = await this.#changeStatus(trx, id, change.status, change.message);
      if (!row.ok) return row;
      const updated = row.row;
      await recordAudit(trx, actor, {
        action: `reservation.${change.status}`,
        target: `reservation:${id}`,
        summary: `Prenotazione n. ${id} (${bookingSummaryIt(updated)}) ${STATUS_IT[change.status]}${
          change.message ? `, con un messaggio al cliente` : ''
        }.`,
      });
      return { ok: true, reservation: toReservation(updated) };
    });
    if (outcome.ok) this.#changed();
    return outcome;
  }

  /**
   * How many pending requests `guest` has, or null when `addressOf` names no
   * booking (staff's own bookings have no address: none).
   */
  async pendingCount(guest: PendingOf): Promise<number | null> {
    const rows = await this.#pendingOf(this.#db, guest);
    return rows === null ? null : rows.length;
  }

  /**
   * Declines every pending request of one e-mail, phone or client address
   * at once (SECURITY.md item 41): each audited by its number, and one mail
   * to each guest listing theirs (never one per booking). Null when
   * `addressOf` names no booking.
   */
  async declinePending(
    guest: PendingOf,
    message: string | undefined,
    actor: Actor,
  ): Promise<number | null> {
    const declined = await this.#db.transaction().execute(async (trx) => {
      const pending = await this.#pendingOf(trx, guest);
      if (pending === null) return null;
      const done: Row[] = [];
      for (const row of pending) {
        const updated = await trx
          .updateTable('reservations')
          .set((eb) => ({
            status: 'declined' as const,
            staff_message: message || row.staff_message,
            sequence: eb('sequence', '+', 1),
            client_key: null,
            updated_at: nowIso(this.#now()),
          }))
          .where('id', '=', row.id)
          .where('status', '=', 'pending')
          .returningAll()
          .executeTakeFirst();
        if (!updated) continue;
        await recordAudit(trx, actor, {
          action: 'reservation.declined',
          target: `reservation:${row.id}`,
          summary: `Prenotazione n. ${row.id} (${bookingSummaryIt(updated)}) rifiutata con tutte le richieste in attesa ${
            'email' in guest
              ? 'della stessa email'
              : 'phone' in guest
                ? 'dello stesso telefono'
                : 'dello stesso indirizzo'
          }${message ? ', con un messaggio al cliente' : ''}.`,
        });
        done.push(updated);
      }
      if (done.length === 0) return 0;
      await bumpBookingsVersion(trx);
      const byGuest = new Map<string, Row[]>();
      for (const row of done.filter((booking) => booking.email !== '')) {
        const key = row.email.toLowerCase();
        byGuest.set(key, [...(byGuest.get(key) ?? []), row]);
      }
      const restaurant = await readRestaurantFacts(trx);
      for (const rows of byGuest.values()) {
        await enqueueMail(
          trx,
          declinedAllMail(rows.map(toMailed), {
            restaurant,
            publicUrl: this.#publicUrl,
            ...(message ? { staffMessage: message } : {}),
          }),
        );
      }
      return done.length;
    });
    if (declined) this.#changed();
    return declined;
  }

  /** The pending requests of `guest`, soonest first; null when `addressOf` names no booking. */
  async #pendingOf(db: Kysely<Database>, guest: PendingOf): Promise<Row[] | null> {
    let clientKey: string | null = null;
    if ('addressOf' in guest) {
      const named = await db
        .selectFrom('reservations')
        .select('client_key')
        .where('id', '=', guest.addressOf)
        .executeTakeFirst();
      if (!named) return null;
      if (named.client_key === null) return [];
      clientKey = named.client_key;
    }
    const now = this.#now();
    let query = db
      .selectFrom('reservations')
      .selectAll()
      .where('status', '=', 'pending')
      // A request whose time has passed is no longer anyone's to decline.
      .where('starts_at', '>', nowIso(now))
      .where((eb) =>
        'addressOf' in guest ? eb('client_key', '=', clientKey) : guestsBookings(guest)(eb),
      );
    // One address may be many households (a carrier's shared IPv4, a /56):
    // only a burst of requests from it is declined, never what it asked days ago.
    if ('addressOf' in guest) {
      query = query.where('created_at', '>', nowIso(now - ADDRESS_BURST_MS));
    }
    return query.orderBy('starts_at').orderBy('id').execute();
  }

  /**
   * Moves a booking to `status` if its current one allows it, in `trx`,
   * with the guest's mail. The update names the status it read, so a change
   * that raced it (staff on two phones, the guest's link) makes it fail
   * rather than both succeed.
   */
  async #changeStatus(
    trx: Kysely<Database>,
    id: number,
    status: ReservationStatus,
    message?: string,
  ): Promise<{ ok: true; row: Row } | { ok: false; reason: 'not-found' | 'invalid-transition' }> {
    const current = await trx
      .selectFrom('reservations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) return { ok: false, reason: 'not-found' };
    if (!TRANSITIONS[current.status].includes(status)) {
      return { ok: false, reason: 'invalid-transition' };
    }
    const willInvite = status === 'confirmed' && current.email !== '';
    const updated = await trx
      .updateTable('reservations')
      .set((eb) => ({
        status,
        staff_message: status === 'declined' && message ? message : current.staff_message,
        sequence: eb('sequence', '+', 1),
        invited: willInvite ? 1 : current.invited,
        // Only a pending request is ever declined by its address: kept no longer.
        client_key: null,
        updated_at: nowIso(this.#now()),
      }))
      .where('id', '=', id)
      .where('status', '=', current.status)
      .returningAll()
      .executeTakeFirst();
    if (!updated) return { ok: false, reason: 'invalid-transition' };
    await bumpBookingsVersion(trx);
    const mail: GuestMailKind | null =
      status === 'confirmed'
        ? 'confirmed'
        : status === 'declined'
          ? 'declined'
          : status === 'cancelled'
            ? 'cancelled'
            : null;
    if (mail && updated.email) {
      await this.#mailGuest(trx, mail, updated, {
        ...(status === 'declined' && message ? { staffMessage: message } : {}),
        invited: current.invited === 1,
      });
    }
    return { ok: true, row: updated };
  }

  // -------------------------------------------------------------------------
  // The guest's cancel link

  /**
   * The key that signs cancel links, read through `db` (inside a transaction,
   * its own: SQLite's one connection is the transaction's until it ends).
   * Only the value read is kept, never a read under way: a read started on
   * another handle would wait behind the transaction asking for it.
   */
  async #key(db: Kysely<Database>): Promise<string> {
    if (this.#cancelKey !== undefined) return this.#cancelKey;
    const { value } = await db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'cancel-links')
      .executeTakeFirstOrThrow();
    // The key never changes (a migration made it).
    this.#cancelKey = value;
    return value;
  }

  /** The booking a link names, while the link works: signed, same start, not yet begun. */
  async #linked(db: Kysely<Database>, token: string): Promise<Row | null> {
    const claim = readCancelToken(await this.#key(db), token);
    if (!claim || claim.startsAt <= this.#now()) return null;
    const row = await db
      .selectFrom('reservations')
      .selectAll()
      .where('id', '=', claim.id)
      .executeTakeFirst();
    if (!row || Date.parse(row.starts_at) !== claim.startsAt) return null;
    return row;
  }

  /** What the cancel page shows: the booking, or null when the link does not (or no longer) work. */
  async cancellation(token: string): Promise<Row | null> {
    return this.#linked(this.#db, token);
  }

  /** The guest pressed "cancel" on the link's page: cancelled, the guest and the restaurant told. */
  async cancelByGuest(token: string): Promise<Row | null> {
    // A forged or malformed token costs no transaction (anyone can post one).
    if (!readCancelToken(await this.#key(this.#db), token)) return null;
    let changed = false;
    const row = await this.#db.transaction().execute(async (trx) => {
      const linked = await this.#linked(trx, token);
      if (!linked) return null;
      if (!TRANSITIONS[linked.status].includes('cancelled')) return linked; // already done with
      const change = await this.#changeStatus(trx, linked.id, 'cancelled');
      if (!change.ok) {
        // Staff changed it a moment before: answer what it is now.
        return (
          (await trx
            .selectFrom('reservations')
            .selectAll()
            .where('id', '=', linked.id)
            .executeTakeFirst()) ?? null
        );
      }
      await this.#noticeRestaurant(trx, 'cancelled-by-guest', change.row);
      await recordAudit(trx, null, {
        action: 'reservation.cancelled_by_guest',
        target: `reservation:${linked.id}`,
        summary: `Il cliente ha annullato la prenotazione n. ${linked.id} (${bookingSummaryIt(linked)}) dal link nell'e-mail.`,
      });
      changed = true;
      return change.row;
    });
    if (changed) this.#changed();
    return row;
  }

  // -------------------------------------------------------------------------
  // Reminders

  /**
   * Queues the day-before reminder of every confirmed booking that is due
   * one. Each is claimed by an update that only succeeds while no reminder
   * was queued, in the same transaction as its mail: however many instances
   * run this, and across restarts, a booking gets one reminder.
   * A booking confirmed after the reminder time of its day before gets
   * none: its confirmation has just arrived.
   */
  async queueReminders(): Promise<number> {
    const now = this.#now();
    const today = romeDate(new Date(now));
    const tomorrow = addDays(today, 1);
    const due = romeInstant(today, REMINDER_TIME).getTime();
    if (now < due) return 0;
    const candidates = await this.#db
      .selectFrom('reservations')
      .select('id')
      .where('status', '=', 'confirmed')
      .where('date', '=', tomorrow)
      .where('email', '<>', '')
      .where('reminder_queued_at', 'is', null)
      // Booked and confirmed before the reminder time: a later confirmation has just arrived.
      .where('updated_at', '<', nowIso(due))
      .execute();
    let queued = 0;
    for (const { id } of candidates) {
      const sent = await this.#db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('reservations')
          .set({ reminder_queued_at: nowIso(now) })
          .where('id', '=', id)
          .where('reminder_queued_at', 'is', null)
          .where('status', '=', 'confirmed')
          .returningAll()
          .executeTakeFirst();
        if (!claimed) return false;
        await this.#mailGuest(trx, 'reminder', claimed);
        return true;
      });
      if (sent) queued += 1;
    }
    if (queued) this.#onMail();
    return queued;
  }

  // -------------------------------------------------------------------------
  // Mails

  async #mailGuest(
    trx: Kysely<Database>,
    kind: GuestMailKind,
    row: Row,
    extra: { staffMessage?: string; invited?: boolean } = {},
  ): Promise<void> {
    const startsAt = Date.parse(row.starts_at);
    // A booking that has begun (a walk-in, a late confirmation) has nothing left to cancel,
    // and a link already expired would make the outbox drop the whole mail.
    const offersCancel =
      (kind === 'received' || kind === 'confirmed' || kind === 'reminder') &&
      startsAt > this.#now();
    const cancelLink = offersCancel
      ? {
          url: `${this.#publicUrl}/reservations/cancel?token=${cancelToken(await this.#key(trx), {
            id: row.id,
            startsAt,
          })}`,
          // The outbox runs on the wall clock; the calendar on the app's (moved by
          // CLOCK_START in tests, the same in production): the start, on the outbox's.
          expiresAt: nowIso(startsAt + (Date.now() - this.#now())),
        }
      : undefined;
    const mail: OutgoingMail = guestMail(kind, toMailed(row), {
      restaurant: await readRestaurantFacts(trx),
      publicUrl: this.#publicUrl,
      ...(cancelLink ? { cancelLink } : {}),
      ...extra,
    });
    await enqueueMail(trx, mail);
  }

  async #noticeRestaurant(trx: Kysely<Database>, kind: RestaurantNoticeKind, row: Row) {
    const restaurant = await readRestaurantFacts(trx);
    await enqueueMail(
      trx,
      restaurantNotice(
        kind,
        { ...toMailed(row), status: row.status },
        {
          restaurant,
          publicUrl: this.#publicUrl,
          to: this.#deliverTo ?? restaurant.email,
        },
      ),
    );
  }
}

const SETTING_NAMES_IT: Record<keyof ReservationSettings, string> = {
  coversPerSlot: 'coperti per fascia',
  turnMinutes: 'durata del turno',
  minNoticeMinutes: 'preavviso minimo',
  horizonDays: 'giorni prenotabili',
  maxPartyOnline: 'persone al massimo online',
  autoConfirmMaxParty: 'conferma automatica fino a',
  retentionMonths: 'conservazione dei dati (mesi)',
};

/** Compares secrets in a time that tells nothing of where they differ (hashes have one length). */
function constantTimeEqual(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** The language a booking's mails and pages use. */
export const bookingLang = (row: Pick<Row, 'lang'>) => toLang(row.lang) ?? FALLBACK_LANG;
