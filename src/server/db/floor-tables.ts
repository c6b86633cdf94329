// The dining room as tables (migration 029): the owner's floor plan and
// which tables each booking holds. Booleans are integers 0/1, as everywhere.
import type { Generated } from 'kysely';

export interface FloorAreasTable {
  id: Generated<number>;
  name: string;
  online_bookable: number;
  /** The order the owner drew them in. */
  position: number;
}

export interface FloorTablesTable {
  id: Generated<number>;
  area_id: number;
  name: string;
  min_seats: number;
  max_seats: number;
  online_bookable: number;
  /** 0-9, lower offered first among tables that fit as well. */
  priority: number;
  shape: 'round' | 'square' | 'rect';
  /** Its place on the area's 100 × 100 plan. */
  x: number;
  y: number;
  w: number;
  h: number;
  position: number;
}

export interface FloorCombinationsTable {
  id: Generated<number>;
  name: string;
  min_seats: number;
  max_seats: number;
  online_bookable: number;
  position: number;
}

export interface FloorCombinationTablesTable {
  combination_id: number;
  table_id: number;
}

/** A booking's tables: none in covers mode or while it is unassigned. */
export interface ReservationTablesTable {
  reservation_id: number;
  table_id: number;
}
