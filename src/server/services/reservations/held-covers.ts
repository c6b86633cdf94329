import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { mealServiceOf, type MealService } from '../../../shared/meal-service.ts';
import type { OccupancyAnswer } from '../../../shared/schemas/reservations.ts';
import type { Slot } from '../opening-slots.ts';
import { coverCapacity, MINUTE_MS } from './rows.ts';
import type { Seated } from './slots.ts';

/** `event_inquiries.hold_covers` for "every cover" (migration 022). */
export const HOLD_ALL = -1;

/** A confirmed event's hold on its date's service. */
export interface Hold {
  id: number;
  kind: string;
  service: MealService;
  name: string;
  adults: number;
  children: number;
  /** Covers, or HOLD_ALL. */
  holdCovers: number;
  /** The floor area whose tables a hold of N covers takes, or null: anywhere. */
  holdArea: number | null;
}

/**
 * The holds of the events confirmed for `date`, read through `db` (the
 * booking's transaction, under its lock, or the app's database); one
 * holding 0 covers (a room of its own) is listed for the day view, and
 * takes no seat. A request that is not confirmed holds no cover.
 */
export async function holdsOn(db: Kysely<Database>, date: string): Promise<Hold[]> {
  const rows = await db
    .selectFrom('event_inquiries')
    .select(['id', 'kind', 'service', 'name', 'adults', 'children', 'hold_covers', 'hold_area'])
    .where('date', '=', date)
    .where('status', '=', 'confirmed')
    .where('hold_covers', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    service: row.service,
    name: row.name,
    adults: row.adults,
    children: row.children,
    holdCovers: row.hold_covers ?? 0,
    holdArea: row.hold_area,
  }));
}

/**
 * An event's held covers as table capacity sees them: a party seated
 * across its service, from the service's first slot of the day to a turn
 * after its last (every cover for HOLD_ALL). Seen as seats, a held dinner
 * also takes its covers from a late lunch whose turn runs into the
 * evening, which a count per slot would miss (slots.ts `fits`).
 */
export function heldSeats(
  holds: readonly Hold[],
  daySlots: readonly Slot[],
  rules: { turnMinutes: number; coversPerSlot: number | null },
): Seated[] {
  const seats: Seated[] = [];
  for (const hold of holds) {
    if (hold.holdCovers === 0) continue;
    const window = serviceWindow(hold, daySlots, rules.turnMinutes);
    if (!window) continue;
    seats.push({
      party: hold.holdCovers === HOLD_ALL ? coverCapacity(rules) : hold.holdCovers,
      ...window,
    });
  }
  return seats;
}

/**
 * The stretch an event holds of its date: from its service's first slot to
 * a turn after its last; null for a service without slots (a rest day the
 * event opens has no booking to keep out).
 */
export function serviceWindow(
  hold: Pick<Hold, 'service'>,
  daySlots: readonly Slot[],
  turnMinutes: number,
): { startsAt: number; endsAt: number } | null {
  const inService = daySlots.filter((slot) => mealServiceOf(slot.time) === hold.service);
  const first = inService[0];
  const last = inService.at(-1);
  if (!first || !last) return null;
  return { startsAt: first.at.getTime(), endsAt: last.at.getTime() + turnMinutes * MINUTE_MS };
}

/** The day's events as the staff's day view lists them. */
export function dayEvents(holds: readonly Hold[]): OccupancyAnswer['events'] {
  return holds.map((hold) => ({
    id: hold.id,
    kind: hold.kind,
    service: hold.service,
    name: hold.name,
    guests: hold.adults + hold.children,
    holdCovers: hold.holdCovers === HOLD_ALL ? 'all' : hold.holdCovers,
  }));
}
