import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { bumpBookingsVersion } from '../services/reservations/rows.ts';

/**
 * A floor plan written straight into its tables (migration 029), for the
 * bookings' tests: what PUT /api/floor stores, without its checks. Tables
 * and combinations name their area and tables by the names given here.
 */
export interface TestPlan {
  areas: { name: string; onlineBookable?: boolean }[];
  tables: {
    name: string;
    area: string;
    minSeats?: number;
    maxSeats: number;
    onlineBookable?: boolean;
    priority?: number;
  }[];
  combinations?: {
    name: string;
    tables: string[];
    minSeats?: number;
    maxSeats: number;
    onlineBookable?: boolean;
  }[];
}

/** Writes `plan` and counts the bookings' version up; answers the ids by name. */
export async function insertPlan(
  db: Kysely<Database>,
  plan: TestPlan,
): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [position, area] of plan.areas.entries()) {
    const row = await db
      .insertInto('floor_areas')
      .values({ name: area.name, online_bookable: area.onlineBookable === false ? 0 : 1, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[area.name] = row.id;
  }
  for (const [position, table] of plan.tables.entries()) {
    const row = await db
      .insertInto('floor_tables')
      .values({
        area_id: ids[table.area]!,
        name: table.name,
        min_seats: table.minSeats ?? 1,
        max_seats: table.maxSeats,
        online_bookable: table.onlineBookable === false ? 0 : 1,
        priority: table.priority ?? 0,
        shape: 'square',
        x: (position * 10) % 90,
        y: Math.floor(position / 9) * 10,
        w: 8,
        h: 8,
        position,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[table.name] = row.id;
  }
  for (const [position, combination] of (plan.combinations ?? []).entries()) {
    const row = await db
      .insertInto('floor_combinations')
      .values({
        name: combination.name,
        min_seats: combination.minSeats ?? 1,
        max_seats: combination.maxSeats,
        online_bookable: combination.onlineBookable === false ? 0 : 1,
        position,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[combination.name] = row.id;
    await db
      .insertInto('floor_combination_tables')
      .values(combination.tables.map((name) => ({ combination_id: row.id, table_id: ids[name]! })))
      .execute();
  }
  await bumpBookingsVersion(db);
  return ids;
}
