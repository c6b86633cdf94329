import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type {
  Reservation,
  ReservationStatus,
  ReservationStatusBody,
} from '../../../shared/schemas/reservations.ts';
import type { PendingOf } from '../../../shared/schemas/guest.ts';
import { recordAudit } from '../audit-log.ts';
import { nowIso } from '../tokens.ts';
import { declineAllPending, pendingOfGuest } from '../guests/pending-guests.ts';
import type { ReservationMailQueue } from './mail-queue.ts';
import { bookingSummaryIt, type GuestMailKind } from '../../mail/reservation-mails.ts';
import { decideUnderLock } from '../capacity.ts';
import type { Schedule } from '../../../shared/opening-hours.ts';
import { lockBookings } from './lock.ts';
import { judgeTables, rowTurn, storeTables, tableNames, type TablesRefusal } from './moves.ts';
import {
  bumpBookingsVersion,
  readSettingsRow,
  toReservation,
  toSettings,
  type Actor,
  type Row,
} from './rows.ts';
import { tableMode } from './floor-plan-rows.ts';
import { holdReview } from './review-hold.ts';
import { conflicts } from './seating.ts';
import { tablesOf } from './table-holds.ts';
import { readTableDay } from './table-state.ts';

export type StatusOutcome =
  | { ok: true; reservation: Reservation }
  | { ok: false; reason: 'not-found' | 'invalid-transition' | 'review-decided' }
  | TablesRefusal;

/** Which status may follow which (staff's changes; a guest's link only cancels). */
export const TRANSITIONS: Record<ReservationStatus, readonly ReservationStatus[]> = {
  pending: ['confirmed', 'declined', 'cancelled', 'arrived', 'seated'],
  confirmed: ['cancelled', 'no-show', 'arrived', 'seated', 'finished'],
  declined: [],
  cancelled: [],
  'no-show': [],
  arrived: ['seated', 'finished', 'cancelled', 'no-show'],
  seated: ['finished'],
  // A tap on "finished" by mistake is undone by seating them again.
  finished: ['seated'],
};

const STATUS_IT: Record<ReservationStatus, string> = {
  pending: 'in attesa',
  confirmed: 'confermata',
  declined: 'rifiutata',
  cancelled: 'annullata',
  'no-show': 'cliente non presentato',
  arrived: 'arrivati',
  seated: 'al tavolo',
  finished: 'hanno finito',
};

/**
 * A booking's status changes: staff's, one at a time or every pending
 * request of one guest at once, and the one a guest's cancel link makes
 * (cancel.ts), each with the guest's mail.
 */
export class StatusChanges {
  readonly #db: Kysely<Database>;
  readonly #mails: ReservationMailQueue;
  readonly #now: () => number;
  readonly #changed: () => void;
  readonly #schedule: () => Promise<Schedule>;

  constructor(options: {
    db: Kysely<Database>;
    mails: ReservationMailQueue;
    now: () => number;
    /** After a committed change: this instance's next read sees it; mail goes. */
    changed: () => void;
    /** The opening hours: the services whose tables events hold (moves). */
    schedule: () => Promise<Schedule>;
  }) {
    this.#db = options.db;
    this.#mails = options.mails;
    this.#now = options.now;
    this.#changed = options.changed;
    this.#schedule = options.schedule;
  }

  /**
   * Staff confirm, decline, cancel or mark a no-show (the guest is told, but
   * of a no-show), mark the evening's steps (arrived, seated, finished, on a
   * booking of any date), and move a booking to other tables (`tableIds`),
   * or both at once. A move is decided under the bookings' lock
   * (`decideUnderLock`), so two moves never take one table; a refused one
   * writes nothing.
   */
  async setStatus(id: number, change: ReservationStatusBody, actor: Actor): Promise<StatusOutcome> {
    // Read before the transaction: on SQLite the hours cannot be read beside an open write.
    const schedule = await this.#schedule();
    // A move, or seating a party again (a finished one's tables may be someone else's by
    // now), takes tables: decided under the lock. Another status alone needs none: its
    // update names the status it read (`change`).
    const takesTables = change.tableIds !== undefined || change.status === 'seated';
    type Done = Extract<StatusOutcome, { ok: true }>;
    type Refused = Exclude<StatusOutcome, { ok: true }>;
    const outcome = await decideUnderLock<Refused['reason'], Done, Refused>(this.#db, {
      lock: (trx) => (takesTables ? lockBookings(trx) : Promise.resolve()),
      decide: async (trx): Promise<StatusOutcome> => {
        let moved = '';
        if (change.tableIds === undefined && change.status === 'seated') {
          const refused = await this.#refuseReseating(trx, id, change.override === true, schedule);
          if (refused) return refused;
        }
        if (change.tableIds !== undefined) {
          const current = await trx
            .selectFrom('reservations')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirst();
          if (!current) return { ok: false, reason: 'not-found' };
          const now = this.#now();
          const judged = await judgeTables(
            trx,
            {
              date: current.date,
              party: current.party,
              ...rowTurn(current, now),
              tableIds: change.tableIds,
              override: change.override === true,
              bookingId: id,
            },
            { schedule, settings: toSettings(await readSettingsRow(trx)), now },
          );
          if (!judged.ok) return judged;
          await storeTables(trx, id, change.tableIds);
          await bumpBookingsVersion(trx);
          moved = `spostata ${change.tableIds.length > 1 ? 'ai tavoli' : 'al tavolo'} ${tableNames(judged.plan, change.tableIds)}${judged.conflict ? ', nonostante un conflitto' : ''}`;
        }
        const held =
          change.noReview === undefined ? '' : await holdReview(trx, id, change.noReview);
        if (typeof held !== 'string') return held;
        const status = change.status;
        let row: Row | undefined;
        if (status !== undefined) {
          const changed = await this.change(trx, id, status, change.message);
          if (!changed.ok) return changed;
          row = changed.row;
        } else {
          row = await trx
            .selectFrom('reservations')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
        }
        const what = [status === undefined ? '' : STATUS_IT[status], moved, held].filter(Boolean);
        await recordAudit(trx, actor, {
          action:
            status !== undefined
              ? `reservation.${status}`
              : moved
                ? 'reservation.move'
                : 'reservation.review_hold',
          target: `reservation:${id}`,
          summary: `Prenotazione n. ${id} (${bookingSummaryIt(row)}) ${what.join(', ')}${
            change.message ? `, con un messaggio al cliente` : ''
          }.`,
        });
        return { ok: true, reservation: await this.#withTables(trx, row, schedule) };
      },
    });
    if (outcome.ok) this.#changed();
    return outcome;
  }

  /**
   * A finished party seated again (a mistaken tap undone) holds its tables
   * to the end of its turn once more: refused with `table-taken`, unless
   * `override`, when another booking took them meanwhile.
   */
  async #refuseReseating(
    trx: Kysely<Database>,
    id: number,
    override: boolean,
    schedule: Schedule,
  ): Promise<TablesRefusal | null> {
    const current = await trx
      .selectFrom('reservations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (current?.status !== 'finished') return null;
    const tableIds = (await tablesOf(trx, [id])).get(id) ?? [];
    if (tableIds.length === 0) return null;
    const now = this.#now();
    const judged = await judgeTables(
      trx,
      {
        date: current.date,
        party: current.party,
        ...rowTurn({ ...current, status: 'seated', finished_at: null }, now),
        tableIds,
        override,
        bookingId: id,
      },
      { schedule, settings: toSettings(await readSettingsRow(trx)), now },
    );
    return judged.ok ? null : judged;
  }

  /** The booking as staff's list shows it: with its tables and whether they clash, in table mode. */
  async #withTables(trx: Kysely<Database>, row: Row, schedule: Schedule): Promise<Reservation> {
    const now = this.#now();
    const settings = toSettings(await readSettingsRow(trx));
    const day = await readTableDay(trx, { date: row.date, schedule, settings, now });
    if (!tableMode(day.plan)) return toReservation(row);
    return {
      ...toReservation(row),
      tableIds: (await tablesOf(trx, [row.id])).get(row.id) ?? [],
      conflict: conflicts(day.index).has(row.id),
    };
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
   * at once (docs/security.md item 41; guests/pending-guests.ts `declineAllPending`):
   * each audited by its number, and one mail to each guest listing theirs
   * (never one per booking). Null when `addressOf` names no booking.
   */
  async declinePending(
    guest: PendingOf,
    message: string | undefined,
    actor: Actor,
  ): Promise<number | null> {
    const declined = await declineAllPending<Row>(
      this.#db,
      {
        pending: (trx, of) => this.#pendingOf(trx, of),
        decline: (trx, row) =>
          trx
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
            .executeTakeFirst(),
        audited: (row) => ({
          action: 'reservation.declined',
          target: `reservation:${row.id}`,
          declined: `Prenotazione n. ${row.id} (${bookingSummaryIt(row)}) rifiutata`,
          all: 'tutte le richieste',
        }),
        afterDeclined: bumpBookingsVersion,
        mail: (trx, rows) => this.#mails.declinedAll(trx, rows, message),
      },
      { guest, message, actor },
    );
    if (declined) this.#changed();
    return declined;
  }

  /** The pending requests of `guest`, soonest first; null when `addressOf` names no booking. */
  #pendingOf(db: Kysely<Database>, guest: PendingOf): Promise<Row[] | null> {
    const now = this.#now();
    return pendingOfGuest(
      db,
      'reservations',
      guest,
      (where) =>
        db
          .selectFrom('reservations')
          .selectAll()
          .where('status', '=', 'pending')
          // A request whose time has passed is no longer anyone's to decline.
          .where('starts_at', '>', nowIso(now))
          .where(where)
          .orderBy('starts_at')
          .orderBy('id')
          .execute(),
      now,
    );
  }

  /**
   * Moves a booking to `status` if its current one allows it, in `trx`,
   * with the guest's mail. The update names the status it read, so a change
   * that raced it (staff on two phones, the guest's link) makes it fail
   * rather than both succeed. The caller commits, then calls `changed`.
   */
  async change(
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
        ...stepTimes(current, status, nowIso(this.#now())),
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
      await this.#mails.toGuest(trx, mail, updated, {
        ...(status === 'declined' && message ? { staffMessage: message } : {}),
        invited: current.invited === 1,
      });
    }
    return { ok: true, row: updated };
  }
}

/**
 * The evening's steps' times: when they arrived, sat down and left. Seating
 * them again after a mistaken "finished" forgets the finish (their tables
 * are theirs again); a step marked twice keeps its first time.
 */
function stepTimes(
  current: Pick<Row, 'arrived_at' | 'seated_at' | 'finished_at'>,
  status: ReservationStatus,
  at: string,
): Partial<Pick<Row, 'arrived_at' | 'seated_at' | 'finished_at'>> {
  if (status === 'arrived') return { arrived_at: current.arrived_at ?? at };
  if (status === 'seated') return { seated_at: current.seated_at ?? at, finished_at: null };
  if (status === 'finished') {
    return { seated_at: current.seated_at ?? at, finished_at: at };
  }
  return {};
}
