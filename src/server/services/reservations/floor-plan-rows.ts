import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { FloorPlan } from '../../../shared/schemas/floor.ts';

/**
 * The stored floor plan (migration 029) as the API writes it: areas,
 * tables and combinations in the order the owner drew them. Read through
 * `db`: the app's database, or a transaction's, under the bookings' lock.
 */
export async function readFloorPlan(db: Kysely<Database>): Promise<FloorPlan> {
  const [areas, tables, combinations, joined] = await Promise.all([
    db.selectFrom('floor_areas').selectAll().orderBy('position').orderBy('id').execute(),
    db.selectFrom('floor_tables').selectAll().orderBy('position').orderBy('id').execute(),
    db.selectFrom('floor_combinations').selectAll().orderBy('position').orderBy('id').execute(),
    db
      .selectFrom('floor_combination_tables')
      .innerJoin('floor_tables', 'floor_tables.id', 'floor_combination_tables.table_id')
      .select(['floor_combination_tables.combination_id', 'floor_combination_tables.table_id'])
      .orderBy('floor_tables.position')
      .orderBy('floor_tables.id')
      .execute(),
  ]);
  return {
    areas: areas.map((area) => ({
      id: area.id,
      name: area.name,
      onlineBookable: area.online_bookable === 1,
    })),
    tables: tables.map((table) => ({
      id: table.id,
      name: table.name,
      areaId: table.area_id,
      minSeats: table.min_seats,
      maxSeats: table.max_seats,
      onlineBookable: table.online_bookable === 1,
      priority: table.priority,
      shape: table.shape,
      x: table.x,
      y: table.y,
      w: table.w,
      h: table.h,
    })),
    combinations: combinations.map((combination) => ({
      id: combination.id,
      name: combination.name,
      tableIds: joined
        .filter((row) => row.combination_id === combination.id)
        .map((row) => row.table_id),
      minSeats: combination.min_seats,
      maxSeats: combination.max_seats,
      onlineBookable: combination.online_bookable === 1,
    })),
  };
}

/** Whether the plan has a table: with none, bookings are decided by covers (part two). */
export const tableMode = (plan: Pick<FloorPlan, 'tables'>): boolean => plan.tables.length > 0;
