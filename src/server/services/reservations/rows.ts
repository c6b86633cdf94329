import type { Kysely, Selectable } from 'kysely';
import type { Database, ReservationsTable, ReservationSettingsTable } from '../../db/database.ts';
import { FALLBACK_LANG, toLang } from '../../../shared/languages.ts';
import {
  DEFAULT_RESERVATION_SETTINGS,
  type Reservation,
  type ReservationSettings,
  type TurnByParty,
} from '../../../shared/schemas/reservations.ts';
import type { AuditActor } from '../audit-log.ts';
import type { MailedBooking } from './calendar.ts';
import type { Seated } from './slots.ts';

/**
 * The reservations' two tables as every part of the service reads and
 * writes them: their rows turned into answers, mails and seats, the one
 * settings row, and the bookings' version that it counts.
 */

export type Row = Selectable<ReservationsTable>;
/** Who changed something (a staff member): every change by staff is audited under their name. */
export type Actor = NonNullable<AuditActor>;

export const MINUTE_MS = 60_000;

export function toSettings(row: Selectable<ReservationSettingsTable>): ReservationSettings {
  return {
    coversPerSlot: row.covers_per_slot,
    turnMinutes: row.turn_minutes,
    minNoticeMinutes: row.min_notice_minutes,
    horizonDays: row.horizon_days,
    maxPartyOnline: row.max_party_online,
    autoConfirmMaxParty: row.auto_confirm_max_party,
    retentionMonths: row.retention_months,
    turnByParty: JSON.parse(row.turn_by_party) as TurnByParty[],
    areaChoice: row.area_choice === 1,
    reviews: { enabled: row.reviews_enabled === 1, url: row.reviews_url },
  };
}

/**
 * The covers a slot holds in covers mode. Null only in table mode (no pace):
 * the settings refuse it while the plan has no table, so this is the
 * default there only for a plan emptied since.
 */
export const coverCapacity = (settings: Pick<ReservationSettings, 'coversPerSlot'>): number =>
  settings.coversPerSlot ?? DEFAULT_RESERVATION_SETTINGS.coversPerSlot;

/** A booking's row as staff read it, without tables (the floor's seating adds them in table mode). */
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
    tableIds: [],
    area: row.area_id,
    arrivedAt: row.arrived_at,
    seatedAt: row.seated_at,
    finishedAt: row.finished_at,
    conflict: false,
    guestConfirmedAt: row.guest_confirmed_at,
    noReview: row.review_held === 1,
  };
}

export const toMailed = (row: Row): MailedBooking => ({
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

/** A booking's covers as capacity counts them: a finished party's from its start to its finish. */
export const toSeated = (
  row: Pick<Row, 'party' | 'starts_at' | 'ends_at' | 'status' | 'finished_at'>,
): Seated => ({
  party: row.party,
  startsAt: Date.parse(row.starts_at),
  endsAt: Date.parse(
    row.status === 'finished' && row.finished_at !== null ? row.finished_at : row.ends_at,
  ),
});

/** The language a booking's mails and pages use. */
export const bookingLang = (row: Pick<Row, 'lang'>) => toLang(row.lang) ?? FALLBACK_LANG;

/** The one settings row, read through `db` (a transaction's, to read it under its lock). */
export function readSettingsRow(db: Kysely<Database>) {
  return db
    .selectFrom('reservation_settings')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
}

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
