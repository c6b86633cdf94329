// What guests send: contact messages, bookings and their settings, takeaway
// orders, their lines and settings, event requests and their threads.
// Timestamps are ISO-8601 strings, booleans integers 0/1, so the same code
// runs on SQLite and PostgreSQL; `Database` (database.ts) names each table.
import type { ColumnType, Generated } from 'kysely';

export interface ContactMessagesTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  message: string;
  lang: string;
  privacy_accepted_at: string;
  created_at: string;
  read_at: string | null;
  /** 1 when the honeypot was filled: kept, never delivered nor listed. */
  spam: Generated<number>;
  outbox_id: number | null;
}

export interface ReservationsTable {
  id: Generated<number>;
  name: string;
  /** Empty for a booking taken by phone without one. */
  email: string;
  phone: string;
  party: number;
  /** Rome's wall clock, as the guest picked it: YYYY-MM-DD and HH:MM. */
  date: string;
  time: string;
  /** The real instants of its table-turn (ISO, UTC): capacity is counted on these. */
  starts_at: string;
  ends_at: string;
  status:
    | 'pending'
    | 'confirmed'
    | 'declined'
    | 'cancelled'
    | 'no-show'
    | 'arrived'
    | 'seated'
    | 'finished';
  notes: string;
  lang: string;
  source: 'online' | 'staff' | 'walk-in';
  over_capacity: Generated<number>;
  staff_message: string | null;
  privacy_accepted_at: string | null;
  sequence: Generated<number>;
  invited: Generated<number>;
  reminder_queued_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /**
   * The client address an online booking came from (plugins/staff-auth.ts
   * `clientKey`), so that staff can decline all of one address's requests;
   * null for staff's bookings. Never in the guest's or staff's JSON.
   */
  client_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The floor area the guest chose (migration 029), or null. */
  area_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The evening's steps (ISO instants): a finished booking frees its tables from `finished_at`. */
  arrived_at: ColumnType<string | null, string | null | undefined, string | null>;
  seated_at: ColumnType<string | null, string | null | undefined, string | null>;
  finished_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The guest's record (migration 030); null for a walk-in who gave no phone. */
  guest_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the guest pressed "I'll be there" in the reminder. */
  guest_confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: staff held back this booking's review request ("non inviare"). */
  review_held: Generated<number>;
  /** When the review request of this booking was decided (sent, or not due: another went lately). */
  review_decided_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When retention emptied its personal data (migration 032); null until then. */
  anonymised_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The owner's reservation settings: one row, id 1, which every booking locks. */
export interface ReservationSettingsTable {
  id: number;
  /** Covers per slot: the capacity in covers mode, the pace in table mode (null: no pace). */
  covers_per_slot: number | null;
  turn_minutes: number;
  min_notice_minutes: number;
  horizon_days: number;
  max_party_online: number;
  auto_confirm_max_party: number | null;
  retention_months: number;
  calendar_feed_secret: string;
  /** Counts every change of the bookings (docs/decisions/011: the availability cache). */
  bookings_version: Generated<number>;
  updated_at: string;
  /** JSON of `TurnByParty[]` (shared/schemas/reservations.ts). */
  turn_by_party: Generated<string>;
  area_choice: Generated<number>;
  /** Review requests (migration 030): on or off, and the restaurant's https review address. */
  reviews_enabled: Generated<number>;
  reviews_url: Generated<string>;
}

/** Takeaway's settings: one row, id 1 (migration 019). */
export interface TakeawaySettingsTable {
  id: number;
  enabled: number;
  slot_minutes: number;
  oven_limit: number;
  kitchen_limit: number;
  prep_minutes: number;
  horizon_days: number;
  /** The instant staff's pause ends (ISO), null when not paused. */
  paused_until: string | null;
  /**
   * Counted up by every write to orders, the settings or the pause (migration
   * 021): the kitchen board's polling compares it, on every instance.
   */
  orders_version: Generated<number>;
  updated_at: string;
}

/** A takeaway order (migration 020): `date`/`time` are its pickup slot, Rome's wall clock. */
export interface TakeawayOrdersTable {
  id: Generated<number>;
  name: string;
  phone: string;
  /** Empty when staff took it by phone without one. */
  email: string;
  lang: string;
  date: string;
  time: string;
  status: 'received' | 'accepted' | 'ready' | 'collected' | 'declined' | 'cancelled' | 'no-show';
  notes: string;
  source: 'online' | 'phone';
  /** The sum of its lines' amounts × quantities, whole cents. */
  total_cents: number;
  privacy_accepted_at: string | null;
  /** The client address an online order came from (plugins/staff-auth.ts `clientKey`); null by phone. */
  client_key: string | null;
  /** When someone first opened it on the kitchen board (migration 021); null: nobody yet, it rings. */
  opened_at: string | null;
  /** Staff's last word to the guest (a decline's reason), empty if none. */
  message: Generated<string>;
  created_at: string;
  updated_at: string;
  /** The guest's record (migration 030). */
  guest_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the review request after this order was decided. */
  review_decided_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When retention emptied its personal data (migration 032); null until then. */
  anonymised_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * A guest's request for an event (migration 022): `date`/`alt_date` are days
 * in Rome, `allergens` codes joined by commas (Annex order).
 */
export interface EventInquiriesTable {
  id: Generated<number>;
  kind: 'baptism' | 'communion' | 'confirmation' | 'wedding' | 'birthday' | 'business' | 'other';
  date: string;
  alt_date: string | null;
  service: 'lunch' | 'dinner';
  adults: number;
  children: number;
  area: 'terrace' | 'indoor' | 'whole' | 'any';
  /** The guest's budget per person in whole cents; null when not given. */
  budget_cents: number | null;
  allergens: string;
  dietary_notes: string;
  notes: string;
  name: string;
  email: string;
  phone: string;
  lang: string;
  status: Generated<'new' | 'talking' | 'confirmed' | 'lost'>;
  /** Covers a confirmed event holds: a number, -1 for every cover, null for none. */
  hold_covers: number | null;
  /** The floor area whose tables a hold of N covers takes (migration 029), or null: anywhere. */
  hold_area: ColumnType<number | null, number | null | undefined, number | null>;
  /** The guest's record (migration 030). */
  guest_id: ColumnType<number | null, number | null | undefined, number | null>;
  privacy_accepted_at: string;
  /** The client address the request came from (plugins/staff-auth.ts `clientKey`). */
  client_key: string;
  created_at: string;
  updated_at: string;
  /** When retention emptied its personal data (migration 032); null until then. */
  anonymised_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A reply in an event request's thread (migration 022). */
export interface EventMessagesTable {
  id: Generated<number>;
  inquiry_id: number;
  at: string;
  from: 'guest' | 'staff';
  text: string;
  /** A staff reply as the guest received it in their language; null for Italian or the guest's. */
  translation: string | null;
}

/** A line of a takeaway order: what the menu said when it was ordered. */
export interface TakeawayOrderLinesTable {
  order_id: number;
  /** 0-based, in the order's order. */
  position: number;
  item_id: number;
  name: string;
  /** The name in the guest's language when ordered (migration 021); empty: as `name`. */
  guest_name: ColumnType<string, string | undefined, string>;
  /** The size's label; empty for a dish of one price. */
  label: string;
  quantity: number;
  /** The unit price, whole cents. */
  amount_cents: number;
  kitchen: 'oven' | 'kitchen' | 'none';
}

/**
 * One guest's record (migration 030, CONTRACT.md part four): found by
 * `identity` (shared/schemas/guest-records.ts `guestIdentity`), named in
 * addresses by `key`. Notes and tags are staff-only (docs/security.md).
 */
export interface GuestsTable {
  id: Generated<number>;
  key: string;
  identity: string;
  /** The latest name, e-mail, phone and language the guest gave. */
  name: string;
  email: string;
  phone: string;
  lang: string;
  /** Lower-case name and e-mail and the phone's digits, one per line: what a search looks in. */
  search_text: string;
  notes: Generated<string>;
  /** A JSON array of the owner's tags. */
  tags: Generated<string>;
  /** The newest day of the guest's bookings, orders and requests: retention counts from it. */
  last_seen_on: string;
  review_asked_at: ColumnType<string | null, string | null | undefined, string | null>;
  reviews_stopped_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** The owner's list of guest tags, in order. */
export interface GuestTagsTable {
  name: string;
  position: number;
}
