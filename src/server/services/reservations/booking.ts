import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { Schedule } from '../../../shared/opening-hours.ts';
import type {
  Reservation,
  ReservationBody,
  ReservationSettings,
  ReservationStatus,
  StaffReservationBody,
} from '../../../shared/schemas/reservations.ts';
import { recordAudit } from '../audit-log.ts';
import { decideUnderLock, type Refusal } from '../capacity.ts';
import { nowIso } from '../tokens.ts';
import { lockBookings } from './lock.ts';
import { seatedBetween, type Availability } from './availability.ts';
import { heldSeats, holdsOn } from './held-covers.ts';
import type { ReservationMailQueue } from './mail-queue.ts';
import { notifyNewBooking } from '../push/notify.ts';
import { bookingSummaryIt } from '../../mail/reservation-mails.ts';
import { isSameGuestSql } from '../guests/guest-match.ts';
import { pendingCoversLimit, pendingCoversOf } from '../guests/pending-caps.ts';
import {
  bumpBookingsVersion,
  coverCapacity,
  MINUTE_MS,
  readSettingsRow,
  toReservation,
  toSettings,
  type Actor,
} from './rows.ts';
import type { ReservationSettingsStore } from './settings.ts';
import type { Slot } from '../opening-slots.ts';
import { daySlots, fits, slotsOn, type Seated } from './slots.ts';
import { SLOT_MINUTES } from '../../../shared/schemas/reservations.ts';
import { tableMode } from './floor-plan-rows.ts';
import { storeTables } from './moves.ts';
import type { SeatOption } from './seating-types.ts';
import { judgeByTables } from './table-booking.ts';
import { readTableDay, type TableMemory } from './table-state.ts';
import { attachGuest } from '../guests/guest-records.ts';

/** Why a booking was refused (the API answers 409 with the code of RESERVATION_REFUSALS). */
export type BookingRefusal = 'not-a-slot' | 'slot-full' | 'party-too-large' | 'too-many-pending';
/** Staff's bookings by phone hold no pending covers, so their limit never refuses one. */
export type StaffBookingRefusal = Exclude<BookingRefusal, 'too-many-pending'>;

export type BookingOutcome<Reason extends BookingRefusal = BookingRefusal> =
  { ok: true; reservation: Reservation } | Refusal<Reason>;

type BookingSource =
  /** `clientKey`: the address it came from (plugins/staff-auth.ts), for declining all of its requests. */
  { source: 'online'; clientKey: string } | { source: 'staff'; actor: Actor; override: boolean };

/** A booking that may be taken: its slot, and how it is stored. */
interface Accepted {
  slot: Slot;
  overCapacity: boolean;
  status: ReservationStatus;
  /** Table mode: its turn's end by its party, and its tables (null: none, past the plan). */
  endsAt?: number;
  seat?: SeatOption | null;
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
    capacity: coverCapacity(settings),
  });
  if (!room && !(how.source === 'staff' && how.override)) return { reason: 'slot-full' };
  const status: ReservationStatus =
    !online || (settings.autoConfirmMaxParty !== null && body.party <= settings.autoConfirmMaxParty)
      ? 'confirmed'
      : 'pending';
  return { slot, overCapacity: !room, status };
}

/**
 * Taking a booking, a guest's from the site or staff's by phone, never
 * overbooked: decided by `decideUnderLock` (capacity.ts), refused at once
 * from what this instance keeps in memory when it cannot fit, else checked
 * afresh and inserted in one transaction that first writes the settings row
 * (`lockBookings`), so bookings on every connection and every instance take
 * turns; a refusal there is rolled back, not committed.
 */
export class Booking {
  readonly #db: Kysely<Database>;
  readonly #dialect: SqlDialect;
  readonly #schedule: () => Promise<Schedule>;
  readonly #settings: ReservationSettingsStore;
  readonly #availability: Availability;
  readonly #mails: ReservationMailQueue;
  readonly #now: () => number;
  readonly #changed: () => void;
  readonly #tables: TableMemory;

  constructor(options: {
    db: Kysely<Database>;
    dialect: SqlDialect;
    schedule: () => Promise<Schedule>;
    settings: ReservationSettingsStore;
    availability: Availability;
    mails: ReservationMailQueue;
    now: () => number;
    /** After a committed booking: this instance's next read sees it; mail goes. */
    changed: () => void;
    /** The plan and each date's tables, as this instance keeps them (table-state.ts). */
    tables: TableMemory;
  }) {
    this.#tables = options.tables;
    this.#db = options.db;
    this.#dialect = options.dialect;
    this.#schedule = options.schedule;
    this.#settings = options.settings;
    this.#availability = options.availability;
    this.#mails = options.mails;
    this.#now = options.now;
    this.#changed = options.changed;
  }

  /** A guest's booking from the site (its limits and honeypot are guest-booking.ts's). */
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
   * early from the settings, slots, seats and tables this instance keeps,
   * else judged again under the lock on fresh rows, where a guest's pending
   * covers are counted too, and inserted with its tables and mails. With a
   * table in the plan it is decided by tables (table-booking.ts), else by
   * covers as in part two.
   */
  async #book(
    body: Omit<StaffReservationBody, 'override'> & { area?: number },
    how: BookingSource,
  ): Promise<BookingOutcome> {
    const nowMs = this.#now();
    const online = how.source === 'online';
    const byTables = { online, override: how.source === 'staff' && how.override };
    const schedule = await this.#schedule();
    const outcome = await decideUnderLock<BookingRefusal, { ok: true; reservation: Reservation }>(
      this.#db,
      {
        refuseEarly: async () => {
          const settings = await this.#settings.settings();
          const slots = await this.#availability.slots(
            body.date,
            settings,
            online ? new Date(nowMs) : null,
          );
          const seated = slots.length ? await this.#availability.seatedOn(body.date, settings) : [];
          const plan = await this.#tables.plan();
          const judged = tableMode(plan)
            ? judgeByTables(body, byTables, {
                settings,
                slots,
                starting: await this.#availability.bookedAround(body.date),
                day: await this.#tables.day(
                  body.date,
                  await this.#availability.daySlots(body.date, settings),
                  settings,
                  nowMs,
                ),
              })
            : judgeBooking(body, how, { settings, slots, seated });
          return 'reason' in judged ? { ok: false, reason: judged.reason } : null;
        },
        lock: lockBookings,
        // Guests' bookings come in bursts: those waiting together share a
        // transaction and its flush to disk, each writing in a savepoint (capacity.ts).
        together: true,
        // What it reads is read once for the decisions sharing the lock's
        // turn (turn.ts `Turn`): a full evening's refusals read nothing
        // again; an accepted booking changes those rows, and forgets them.
        decide: async (trx, turn): Promise<BookingOutcome> => {
          const settings = toSettings(
            await turn.once('reservation settings', () => readSettingsRow(trx)),
          );
          const slots = slotsOn(schedule, body.date, settings, online ? new Date(nowMs) : null);
          const slot = slots.find((candidate) => candidate.time === body.time);
          const day = await readTableDay(trx, {
            date: body.date,
            schedule,
            settings,
            now: nowMs,
            turn,
          });
          const seatedIn = (from: number, to: number) =>
            turn.once(`seated ${from} ${to}`, () => seatedBetween(trx, from, to));
          let judged: Accepted | { reason: StaffBookingRefusal };
          if (tableMode(day.plan)) {
            const at = slot?.at.getTime() ?? 0;
            const starting = slot ? await seatedIn(at, at + SLOT_MINUTES * MINUTE_MS) : [];
            judged = judgeByTables(body, byTables, { settings, slots, day, starting });
          } else {
            const seated = slot
              ? [
                  ...(await seatedIn(
                    slot.at.getTime(),
                    slot.at.getTime() + settings.turnMinutes * MINUTE_MS,
                  )),
                  ...heldSeats(
                    await turn.once(`event holds ${body.date}`, () => holdsOn(trx, body.date)),
                    daySlots(schedule, body.date, settings.turnMinutes),
                    settings,
                  ),
                ]
              : [];
            judged = judgeBooking(body, how, { settings, slots, seated });
          }
          if ('reason' in judged) return { ok: false, reason: judged.reason };
          if (judged.status === 'pending' && !(await this.#mayHoldPending(trx, body, settings))) {
            return { ok: false, reason: 'too-many-pending' };
          }
          await turn.writing();
          const accepted = await this.#insertBooking(trx, body, how, {
            ...judged,
            settings,
            nowMs,
          });
          turn.forget();
          return accepted;
        },
      },
    );
    if (outcome.ok) this.#changed();
    return outcome;
  }

  /**
   * Whether the guest's e-mail and phone, each, may hold `body.party` more
   * covers in pending bookings on its date (guests/pending-caps.ts). Under the
   * booking lock, so that a guest's requests racing each other cannot pass
   * the limit together.
   */
  async #mayHoldPending(
    trx: Kysely<Database>,
    body: Pick<ReservationBody, 'date' | 'party' | 'phone'> & { email?: string },
    settings: ReservationSettings,
  ): Promise<boolean> {
    const guest = { email: body.email ?? '', phone: body.phone };
    const pending = await trx
      .selectFrom('reservations')
      .select(['party', 'email', 'phone'])
      .where('date', '=', body.date)
      .where('status', '=', 'pending')
      .where(isSameGuestSql(guest, this.#dialect))
      .execute();
    const held = pendingCoversOf(pending, guest);
    const most = Math.max(body.email ? held.byEmail : 0, held.byPhone);
    return most + body.party <= pendingCoversLimit(settings);
  }

  /** The accepted booking's row, the bookings' version, its mails and (by phone) its audit entry. */
  async #insertBooking(
    trx: Kysely<Database>,
    body: Omit<StaffReservationBody, 'override'> & { area?: number },
    how: BookingSource,
    {
      slot,
      overCapacity,
      status,
      settings,
      nowMs,
      ...tables
    }: Accepted & { settings: ReservationSettings; nowMs: number },
  ): Promise<BookingOutcome> {
    const online = how.source === 'online';
    const startsAt = slot.at.getTime();
    const endsAt = tables.endsAt ?? startsAt + settings.turnMinutes * MINUTE_MS;
    const now = nowIso(nowMs);
    const guestId = await attachGuest(
      trx,
      {
        name: body.name,
        email: body.email ?? '',
        phone: body.phone,
        lang: body.lang,
        date: body.date,
      },
      nowMs,
    );
    const row = await trx
      .insertInto('reservations')
      .values({
        guest_id: guestId,
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
        area_id: body.area ?? null,
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
    const tableIds = tables.seat?.tableIds ?? [];
    await storeTables(trx, row.id, tableIds);
    await bumpBookingsVersion(trx);
    if (row.email) {
      await this.#mails.toGuest(trx, status === 'confirmed' ? 'confirmed' : 'received', row);
    }
    if (online) await this.#mails.toRestaurant(trx, 'new', row);
    await notifyNewBooking(trx, row);
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
    return {
      ok: true,
      reservation: {
        ...toReservation(row),
        tableIds: [...tableIds],
        conflict: overCapacity && tableIds.length > 0,
      },
    };
  }
}
