import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Lang } from '../../../shared/languages.ts';
import type { FloorPlan, FloorPlanBody } from '../../../shared/schemas/floor.ts';
import { RUNNING_LATE_AT_MOST_MS } from './seating.ts';
import { DEFAULT_RESERVATION_SETTINGS } from '../../../shared/schemas/reservations.ts';
import { recordAudit } from '../audit-log.ts';
import { decideUnderLock } from '../capacity.ts';
import { bumpContentVersion, ContentMemo } from '../content-version.ts';
import { nowIso } from '../tokens.ts';
import type { TextTranslations } from '../translation/text-translations.ts';
import {
  planErrors,
  rejoinedCombinations,
  removedEntries,
  takenName,
  type PlanErrors,
} from './floor-plan-checks.ts';
import { readFloorPlan, tableMode } from './floor-plan-rows.ts';
import { bumpBookingsVersion, lockBookings } from './index.ts';
import type { Actor } from './rows.ts';

/** The key the area names' translations are stored under (services/translation). */
export const AREA_TEXTS = 'floor_areas';

/** The statuses of a booking that still holds its tables (not declined, cancelled, no-show or finished). */
const HOLDING = ['pending', 'confirmed', 'arrived', 'seated'] as const;

/**
 * What seats the bookings still unassigned on the plan just stored, in the
 * transaction that stored it (CONTRACT.md part four: "the switch, and every
 * later PUT /api/floor, assigns the bookings still unassigned"). Handed out
 * before the transaction opens: it reads what cannot be read beside an open
 * write transaction on SQLite (the opening hours).
 */
export type Assigner = () => Promise<(trx: Kysely<Database>) => Promise<unknown>>;

export type FloorPlanRefusal =
  | { ok: false; reason: 'invalid'; errors: PlanErrors }
  | { ok: false; reason: 'name-taken'; name: string }
  | { ok: false; reason: 'table-in-use'; bookingIds: number[] };

type Stored = { ok: true; plan: FloorPlan };

/**
 * The owner's floor plan (GET|PUT /api/floor): read, and replaced whole
 * under the bookings' lock, so that no booking is seated on a table while it
 * is being removed; area names go to the translation engine for the guest
 * page.
 */
export class FloorPlanService {
  readonly #db: Kysely<Database>;
  readonly #translations: TextTranslations;
  readonly #now: () => number;
  readonly #assigner: Assigner;
  readonly #changed: () => void;
  readonly #areas: ContentMemo<Lang, { id: number; name: string }[]>;

  constructor(options: {
    db: Kysely<Database>;
    translations: TextTranslations;
    contentVersion: () => Promise<number | undefined>;
    now: () => number;
    /** The bookings' assignment, called after a plan with tables is stored. */
    assigner: Assigner;
    /** After a plan committed: the versions expire, the machine translates new area names. */
    changed: () => void;
  }) {
    this.#db = options.db;
    this.#translations = options.translations;
    this.#now = options.now;
    this.#assigner = options.assigner;
    this.#changed = options.changed;
    this.#areas = new ContentMemo(options.contentVersion);
    this.#translations.register({
      name: AREA_TEXTS,
      records: async () =>
        (
          await this.#db.selectFrom('floor_areas').select(['id', 'name']).orderBy('id').execute()
        ).map((area) => ({ id: area.id, fields: { name: area.name } })),
    });
  }

  plan(): Promise<FloorPlan> {
    return readFloorPlan(this.#db);
  }

  /**
   * The areas a guest may choose, named in `lang` (Italian where no
   * translation is stored yet): those online-bookable with something in them
   * a guest can book online (a table or a combination). Kept per content
   * version, which every saved plan and translation counts up.
   */
  bookableAreas(lang: Lang): Promise<{ id: number; name: string }[]> {
    return this.#areas.get(lang, async () => {
      const plan = await readFloorPlan(this.#db);
      const areaOf = new Map(plan.tables.map((table) => [table.id, table.areaId]));
      const bookable = new Set([
        ...plan.tables.filter((table) => table.onlineBookable).map((table) => table.areaId),
        ...plan.combinations
          .filter((combination) => combination.onlineBookable)
          .map((combination) => areaOf.get(combination.tableIds[0]!)),
      ]);
      const areas = plan.areas.filter((area) => area.onlineBookable && bookable.has(area.id));
      const localized = await this.#translations.localize(
        AREA_TEXTS,
        lang,
        areas.map((area) => ({ id: area.id, fields: { name: area.name } })),
      );
      return areas.map((area) => ({
        id: area.id,
        name: localized.get(area.id)?.fields.name ?? area.name,
      }));
    });
  }

  /**
   * Replaces the whole plan (CONTRACT.md part four): a bad plan (400), a
   * name used twice (409 `name-taken`) or the removal of a table or
   * combination a booking still to come holds (409 `table-in-use`) changes
   * nothing. A plan without tables returns to covers mode whatever bookings
   * hold: they forget their tables and keep their covers.
   */
  async replace(body: FloorPlanBody, actor: Actor): Promise<Stored | FloorPlanRefusal> {
    const now = this.#now();
    const assign = await this.#assigner();
    const outcome = await decideUnderLock<FloorPlanRefusal['reason'], Stored>(this.#db, {
      lock: lockBookings,
      decide: async (trx) => {
        const stored = await readFloorPlan(trx);
        const errors = planErrors(body, stored);
        if (Object.keys(errors).length > 0) return { ok: false, reason: 'invalid', errors };
        const name = takenName(body);
        if (name !== null) return { ok: false, reason: 'name-taken', name };
        const removed = removedEntries(body, stored);
        const emptying = body.tables.length === 0;
        if (!emptying) {
          const bookingIds = await bookingsHolding(
            trx,
            {
              ...removed,
              combinations: [...removed.combinations, ...rejoinedCombinations(body, stored)],
            },
            now,
          );
          if (bookingIds.length > 0) return { ok: false, reason: 'table-in-use', bookingIds };
        }
        const forgotten = emptying ? await forgetAllTables(trx) : 0;
        await writePlan(trx, body, removed);
        for (const area of removed.areas) {
          await this.#translations.forget(trx, AREA_TEXTS, area.id);
        }
        const paceRestored = emptying && (await restorePace(trx));
        await bumpBookingsVersion(trx);
        await bumpContentVersion(trx);
        const plan = await readFloorPlan(trx);
        if (tableMode(plan)) await assign(trx);
        await recordAudit(
          trx,
          actor,
          {
            action: 'floor.update',
            target: 'floor_plan',
            summary: auditSummary(plan, removed, { forgotten, paceRestored }),
          },
          nowIso(now),
        );
        return { ok: true, plan };
      },
    });
    if (outcome.ok) this.#changed();
    // decideUnderLock hands back the refusal object `decide` returned, whole.
    return outcome as Stored | FloorPlanRefusal;
  }
}

/**
 * The bookings still to come (or under way at `now`) that hold a removed
 * table, or every table of a removed combination, by id.
 */
async function bookingsHolding(
  trx: Kysely<Database>,
  removed: ReturnType<typeof removedEntries>,
  now: number,
): Promise<number[]> {
  const tableIds = removed.tables.map((table) => table.id);
  const combinationTables = removed.combinations.flatMap((combination) => combination.tableIds);
  const watched = [...new Set([...tableIds, ...combinationTables])];
  if (watched.length === 0) return [];
  const rows = await trx
    .selectFrom('reservation_tables')
    .innerJoin('reservations', 'reservations.id', 'reservation_tables.reservation_id')
    .select(['reservations.id', 'reservation_tables.table_id'])
    .where('reservations.status', 'in', HOLDING)
    // A party still seated past its turn keeps its tables (running late), within the day.
    .where((eb) =>
      eb.or([
        eb('reservations.ends_at', '>', nowIso(now)),
        eb.and([
          eb('reservations.status', '=', 'seated'),
          eb('reservations.ends_at', '>', nowIso(now - RUNNING_LATE_AT_MOST_MS)),
        ]),
      ]),
    )
    .where('reservations.id', 'in', (eb) =>
      eb.selectFrom('reservation_tables').select('reservation_id').where('table_id', 'in', watched),
    )
    .execute();
  const tablesOf = new Map<number, Set<number>>();
  for (const row of rows) {
    const held = tablesOf.get(row.id) ?? new Set<number>();
    held.add(row.table_id);
    tablesOf.set(row.id, held);
  }
  const ids = [...tablesOf.entries()]
    .filter(
      ([, held]) =>
        tableIds.some((id) => held.has(id)) ||
        removed.combinations.some((combination) =>
          combination.tableIds.every((id) => held.has(id)),
        ),
    )
    .map(([id]) => id);
  return ids.sort((a, b) => a - b);
}

/** Back to covers mode: no booking holds a table any more. How many bookings had some. */
async function forgetAllTables(trx: Kysely<Database>): Promise<number> {
  const { count } = await trx
    .selectFrom('reservation_tables')
    .select((eb) => eb.fn.count<number | string>('reservation_id').distinct().as('count'))
    .executeTakeFirstOrThrow();
  await trx.deleteFrom('reservation_tables').execute();
  return Number(count);
}

/** Covers mode needs a pace: an empty one becomes the default. Whether it did. */
async function restorePace(trx: Kysely<Database>): Promise<boolean> {
  const result = await trx
    .updateTable('reservation_settings')
    .set({ covers_per_slot: DEFAULT_RESERVATION_SETTINGS.coversPerSlot })
    .where('id', '=', 1)
    .where('covers_per_slot', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Writes the body over the stored plan: removed entries go (with the rows
 * that name them), kept ones are updated in place, new ones inserted, each
 * placeholder id replaced by the real id its entry got.
 */
async function writePlan(
  trx: Kysely<Database>,
  body: FloorPlanBody,
  removed: ReturnType<typeof removedEntries>,
): Promise<void> {
  const removedAreas = removed.areas.map((area) => area.id);
  const removedTables = removed.tables.map((table) => table.id);
  await trx.deleteFrom('floor_combination_tables').execute();
  if (removed.combinations.length > 0) {
    await trx
      .deleteFrom('floor_combinations')
      .where(
        'id',
        'in',
        removed.combinations.map((combination) => combination.id),
      )
      .execute();
  }
  if (removedTables.length > 0) {
    // Past bookings forget a table that is no more (those to come were refused above).
    await trx.deleteFrom('reservation_tables').where('table_id', 'in', removedTables).execute();
    await trx.deleteFrom('floor_tables').where('id', 'in', removedTables).execute();
  }
  const areaIds = new Map<number, number>();
  for (const [position, area] of body.areas.entries()) {
    const values = {
      name: area.name,
      online_bookable: area.onlineBookable ? 1 : 0,
      position,
    };
    const id = await keptOrNew(
      area.id,
      (kept) => trx.updateTable('floor_areas').set(values).where('id', '=', kept).execute(),
      () => trx.insertInto('floor_areas').values(values).returning('id').executeTakeFirstOrThrow(),
    );
    areaIds.set(area.id ?? 0, id);
  }
  const tableIds = new Map<number, number>();
  for (const [position, table] of body.tables.entries()) {
    const values = {
      area_id: areaIds.get(table.areaId)!,
      name: table.name,
      min_seats: table.minSeats,
      max_seats: table.maxSeats,
      online_bookable: table.onlineBookable ? 1 : 0,
      priority: table.priority,
      shape: table.shape,
      x: table.x,
      y: table.y,
      w: table.w,
      h: table.h,
      position,
    };
    const id = await keptOrNew(
      table.id,
      (kept) => trx.updateTable('floor_tables').set(values).where('id', '=', kept).execute(),
      () => trx.insertInto('floor_tables').values(values).returning('id').executeTakeFirstOrThrow(),
    );
    tableIds.set(table.id ?? 0, id);
  }
  for (const [position, combination] of body.combinations.entries()) {
    const values = {
      name: combination.name,
      min_seats: combination.minSeats,
      max_seats: combination.maxSeats,
      online_bookable: combination.onlineBookable ? 1 : 0,
      position,
    };
    const id = await keptOrNew(
      combination.id,
      (kept) => trx.updateTable('floor_combinations').set(values).where('id', '=', kept).execute(),
      () =>
        trx
          .insertInto('floor_combinations')
          .values(values)
          .returning('id')
          .executeTakeFirstOrThrow(),
    );
    await trx
      .insertInto('floor_combination_tables')
      .values(
        combination.tableIds.map((tableId) => ({
          combination_id: id,
          table_id: tableIds.get(tableId)!,
        })),
      )
      .execute();
  }
  // Last: a kept table may have left a removed area for another.
  if (removedAreas.length > 0) {
    await trx
      .updateTable('reservations')
      .set({ area_id: null })
      .where('area_id', 'in', removedAreas)
      .execute();
    await trx
      .updateTable('event_inquiries')
      .set({ hold_area: null })
      .where('hold_area', 'in', removedAreas)
      .execute();
    await trx.deleteFrom('floor_areas').where('id', 'in', removedAreas).execute();
  }
}

/** Updates the stored entry `id` (positive), or inserts a new one: its real id. */
async function keptOrNew(
  id: number | undefined,
  update: (id: number) => Promise<unknown>,
  insert: () => Promise<{ id: number }>,
): Promise<number> {
  if (id !== undefined && id > 0) {
    await update(id);
    return id;
  }
  return (await insert()).id;
}

/** One Italian sentence for the owner's log. */
function auditSummary(
  plan: FloorPlan,
  removed: ReturnType<typeof removedEntries>,
  emptied: { forgotten: number; paceRestored: boolean },
): string {
  const parts = [
    `Pianta della sala salvata: ${plan.areas.length} aree, ${plan.tables.length} tavoli, ${plan.combinations.length} combinazioni`,
  ];
  const gone = [
    ...removed.areas.map((area) => `l'area ${area.name}`),
    ...removed.tables.map((table) => `il tavolo ${table.name}`),
    ...removed.combinations.map((combination) => `la combinazione ${combination.name}`),
  ];
  if (gone.length > 0) parts.push(`tolti ${gone.join(', ')}`);
  if (!tableMode(plan)) {
    parts.push(
      emptied.forgotten > 0
        ? `nessun tavolo: le prenotazioni tornano ai coperti (${emptied.forgotten} perdono il tavolo e tengono i coperti)`
        : 'nessun tavolo: le prenotazioni contano i coperti',
    );
  }
  if (emptied.paceRestored) {
    parts.push(
      `coperti per fascia riportati a ${DEFAULT_RESERVATION_SETTINGS.coversPerSlot} (erano senza ritmo)`,
    );
  }
  return `${parts.join('; ')}.`;
}
