import type { FloorPlan, FloorPlanBody } from '../../../shared/schemas/floor.ts';

/*
 * What PUT /api/floor's body must be beyond its schema (shared/schemas/floor.ts),
 * checked against the stored plan: pure, so the service decides under the
 * bookings' lock on the plan it read there.
 */

/** Problems by field, as the API's 400 writes them (`tables.3.areaId`). */
export type PlanErrors = Record<string, string[]>;

/**
 * The body's ids: a positive one must name a stored entry of its kind, a
 * negative one is a placeholder of a new entry; no id twice in one list; a
 * table's area and a combination's tables must be entries of the body, a
 * combination's tables all of one area. Empty when the plan may be stored.
 */
export function planErrors(body: FloorPlanBody, stored: FloorPlan): PlanErrors {
  const errors: PlanErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const checkIds = (
    list: 'areas' | 'tables' | 'combinations',
    entries: readonly { id?: number | undefined }[],
    storedIds: ReadonlySet<number>,
    unknown: string,
  ) => {
    const seen = new Set<number>();
    entries.forEach((entry, index) => {
      if (entry.id === undefined) return;
      if (seen.has(entry.id)) add(`${list}.${index}.id`, 'Questo id compare due volte.');
      seen.add(entry.id);
      if (entry.id > 0 && !storedIds.has(entry.id)) add(`${list}.${index}.id`, unknown);
    });
    return seen;
  };
  const areaIds = checkIds(
    'areas',
    body.areas,
    new Set(stored.areas.map((area) => area.id)),
    'Area non trovata: ricarica la pianta.',
  );
  const tableIds = checkIds(
    'tables',
    body.tables,
    new Set(stored.tables.map((table) => table.id)),
    'Tavolo non trovato: ricarica la pianta.',
  );
  checkIds(
    'combinations',
    body.combinations,
    new Set(stored.combinations.map((combination) => combination.id)),
    'Combinazione non trovata: ricarica la pianta.',
  );
  body.tables.forEach((table, index) => {
    if (!areaIds.has(table.areaId)) {
      add(`tables.${index}.areaId`, "L'area del tavolo non è nella pianta.");
    }
  });
  const areaOfTable = new Map(
    body.tables.flatMap((table) => (table.id === undefined ? [] : [[table.id, table.areaId]])),
  );
  body.combinations.forEach((combination, index) => {
    const missing = combination.tableIds.filter((id) => !tableIds.has(id));
    if (missing.length > 0) {
      add(`combinations.${index}.tableIds`, 'Un tavolo della combinazione non è nella pianta.');
      return;
    }
    const areas = new Set(combination.tableIds.map((id) => areaOfTable.get(id)));
    if (areas.size > 1) {
      add(`combinations.${index}.tableIds`, 'I tavoli di una combinazione sono di una sola area.');
    }
  });
  return errors;
}

/** A name as uniqueness compares it: trimmed, case-folded. */
const nameKey = (name: string) => name.trim().toLocaleLowerCase('it');

/**
 * The first name used twice: among areas, or among tables and combinations
 * together (CONTRACT.md part four). Null when every name is its own.
 */
export function takenName(body: FloorPlanBody): string | null {
  const twice = (names: readonly string[]) => {
    const seen = new Set<string>();
    for (const name of names) {
      if (seen.has(nameKey(name))) return name.trim();
      seen.add(nameKey(name));
    }
    return null;
  };
  return (
    twice(body.areas.map((area) => area.name)) ??
    twice([
      ...body.tables.map((table) => table.name),
      ...body.combinations.map((combination) => combination.name),
    ])
  );
}

/** The stored entries the body leaves out: they are removed. */
export function removedEntries(body: FloorPlanBody, stored: FloorPlan) {
  const kept = (entries: readonly { id?: number | undefined }[]) =>
    new Set(entries.flatMap((entry) => (entry.id === undefined ? [] : [entry.id])));
  const areas = kept(body.areas);
  const tables = kept(body.tables);
  const combinations = kept(body.combinations);
  return {
    areas: stored.areas.filter((area) => !areas.has(area.id)),
    tables: stored.tables.filter((table) => !tables.has(table.id)),
    combinations: stored.combinations.filter((combination) => !combinations.has(combination.id)),
  };
}

/**
 * The stored combinations the body keeps by id but joins other tables: a
 * booking seated on the old join would sit on a combination that is no
 * more, so they count as removed for `table-in-use` (they are updated, not
 * deleted, when the plan is stored).
 */
export function rejoinedCombinations(body: FloorPlanBody, stored: FloorPlan) {
  return stored.combinations.filter((combination) => {
    const kept = body.combinations.find((entry) => entry.id === combination.id);
    if (!kept) return false;
    const joined = new Set(kept.tableIds);
    return (
      joined.size !== combination.tableIds.length ||
      combination.tableIds.some((id) => !joined.has(id))
    );
  });
}
