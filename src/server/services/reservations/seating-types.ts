/**
 * What seating (seating.ts) decides on: the plan's tables and
 * combinations, what holds them when, and a party asking for a seat. Plain
 * data, no database: availability, online and phone bookings, walk-ins,
 * moves, the switch to table mode and events' holds all build these and
 * ask the same pure functions (CONTRACT.md part four, "Tables and the floor
 * plan").
 */

export interface SeatingTable {
  id: number;
  areaId: number;
  minSeats: number;
  maxSeats: number;
  onlineBookable: boolean;
  /** 0-9, lower first among tables that fit as well. */
  priority: number;
}

export interface SeatingCombination {
  id: number;
  /** Two to eight tables of one area. */
  tableIds: readonly number[];
  minSeats: number;
  maxSeats: number;
  onlineBookable: boolean;
}

export interface SeatingPlan {
  areas: readonly { id: number; onlineBookable: boolean }[];
  tables: readonly SeatingTable[];
  combinations: readonly SeatingCombination[];
}

/** Something holding tables over [startsAt, endsAt) (ms): a booking, or an event's hold. */
export interface TableHold {
  /** The booking's id; null for an event's hold. */
  bookingId: number | null;
  tableIds: readonly number[];
  startsAt: number;
  /** Its effective end (seating.ts `holdEnd`: a finished booking's finish, a late party's now). */
  endsAt: number;
}

/** A party asking for a seat over [startsAt, endsAt) (ms). */
export interface SeatRequest {
  party: number;
  startsAt: number;
  endsAt: number;
  /** A guest online: only online-bookable tables, combinations and areas are offered. */
  online: boolean;
  /** Only tables of this area (the guest's choice, an event's `holdArea`), or null: anywhere. */
  area: number | null;
  /** A booking being moved or re-seated: its own holds do not count against it. */
  bookingId?: number;
}

/** A way to seat a party: one table, or a combination of tables. */
export interface SeatOption {
  kind: 'table' | 'combination';
  /** The table's or the combination's id. */
  id: number;
  tableIds: readonly number[];
  /** The area its tables are in (a booking's `area`). */
  areaId: number;
  /** Seats left empty: `maxSeats - party`. */
  spare: number;
}
