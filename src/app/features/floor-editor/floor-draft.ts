import {
  COMBINATION_TABLES,
  floorPlanBody,
  type FloorCombination,
  type FloorPlan,
  type FloorPlanBody,
  type FloorTable,
} from '../../../shared/schemas/floor.ts';
import { PARTY_MAX } from '../../../shared/schemas/reservations.ts';
import { FLOOR_EDITOR_TEXTS as T } from './floor-editor-texts.ts';

/**
 * The editor's draft: the plan as GET /api/floor answers it, where an entry
 * added here carries a negative placeholder id (src/shared/schemas/floor.ts)
 * until the save's answer gives it a real one. Every change is a pure
 * function from one draft to the next, so the screen and its tests share them.
 */
export type FloorDraft = FloorPlan;
export type Place = Pick<FloorTable, 'x' | 'y' | 'w' | 'h'>;

/** The plan's side: places and sizes are whole units of a 100 × 100 grid. */
export const GRID = 100;
const NEW_TABLE: Place = { x: 0, y: 0, w: 10, h: 10 };

export const draftOf = (plan: FloorPlan): FloorDraft => structuredClone(plan);

/** PUT /api/floor's body: every entry with its id, real or placeholder. */
export const bodyOf = (draft: FloorDraft): FloorPlanBody => ({
  areas: draft.areas.map(({ id, name, onlineBookable }) => ({ id, name, onlineBookable })),
  tables: draft.tables.map((table) => ({ ...table })),
  combinations: draft.combinations.map((combination) => ({
    ...combination,
    tableIds: [...combination.tableIds],
  })),
});

/** The next placeholder id: below every id of the draft, real or placeholder. */
export function placeholderId(draft: FloorDraft): number {
  const ids = [...draft.areas, ...draft.tables, ...draft.combinations].map((entry) => entry.id);
  return Math.min(0, ...ids) - 1;
}

/** `base` followed by the first number no name in `taken` has: "T7", "Area 2". */
export function freshName(base: string, taken: readonly string[]): string {
  const names = new Set(taken.map((name) => name.trim().toLowerCase()));
  for (let number = 1; ; number += 1) {
    const name = `${base}${number}`;
    if (!names.has(name.toLowerCase())) return name;
  }
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A place kept on the grid: whole units, at least 1 × 1, inside 100 × 100. */
export function placeOnGrid({ x, y, w, h }: Place): Place {
  const width = clamp(Math.round(w), 1, GRID);
  const height = clamp(Math.round(h), 1, GRID);
  return {
    x: clamp(Math.round(x), 0, GRID - width),
    y: clamp(Math.round(y), 0, GRID - height),
    w: width,
    h: height,
  };
}

const overlaps = (a: Place, b: Place) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Room left between tables, and along the walls, where a new table is put. */
const GAP = 2;

/**
 * The first place of `size`, row by row, with room around it that no table
 * of the area covers (so a new table never sits on another); the corner when
 * the area is full.
 */
export function freePlace(draft: FloorDraft, areaId: number, size: Place): Place {
  const taken = draft.tables.filter((table) => table.areaId === areaId);
  for (let y = GAP; y + size.h <= GRID; y += GAP) {
    for (let x = GAP; x + size.w <= GRID; x += GAP) {
      const room = { x: x - GAP, y: y - GAP, w: size.w + 2 * GAP, h: size.h + 2 * GAP };
      if (!taken.some((table) => overlaps(table, room))) return { x, y, w: size.w, h: size.h };
    }
  }
  return placeOnGrid({ ...size, x: 0, y: 0 });
}

const tableNames = (draft: FloorDraft) =>
  [...draft.tables, ...draft.combinations].map((entry) => entry.name);

export function addArea(draft: FloorDraft): { draft: FloorDraft; id: number } {
  const id = placeholderId(draft);
  const name = freshName(
    T.newAreaName,
    draft.areas.map((area) => area.name),
  );
  return { draft: { ...draft, areas: [...draft.areas, { id, name, onlineBookable: true }] }, id };
}

/** The area goes with its tables and their combinations. */
export function removeArea(draft: FloorDraft, areaId: number): FloorDraft {
  const gone = new Set(draft.tables.filter((t) => t.areaId === areaId).map((t) => t.id));
  return {
    areas: draft.areas.filter((area) => area.id !== areaId),
    tables: draft.tables.filter((table) => !gone.has(table.id)),
    combinations: draft.combinations.filter((c) => !c.tableIds.some((id) => gone.has(id))),
  };
}

export function addTable(draft: FloorDraft, areaId: number): { draft: FloorDraft; id: number } {
  const id = placeholderId(draft);
  const table: FloorTable = {
    id,
    name: freshName(T.newTableName, tableNames(draft)),
    areaId,
    minSeats: 2,
    maxSeats: 4,
    onlineBookable: true,
    priority: 5,
    shape: 'square',
    ...freePlace(draft, areaId, NEW_TABLE),
  };
  return { draft: { ...draft, tables: [...draft.tables, table] }, id };
}

/** A copy of the table beside it (its seats, shape and size), with a name of its own. */
export function duplicateTable(draft: FloorDraft, tableId: number) {
  const source = draft.tables.find((table) => table.id === tableId);
  if (!source) return { draft, id: tableId };
  const id = placeholderId(draft);
  const copy: FloorTable = {
    ...source,
    id,
    name: freshName(T.newTableName, tableNames(draft)),
    ...freePlace(draft, source.areaId, source),
  };
  return { draft: { ...draft, tables: [...draft.tables, copy] }, id };
}

/** The table goes; a combination it was in keeps its other tables while they are two or more. */
export function removeTable(draft: FloorDraft, tableId: number): FloorDraft {
  return {
    ...draft,
    tables: draft.tables.filter((table) => table.id !== tableId),
    combinations: draft.combinations
      .map((c) => ({ ...c, tableIds: c.tableIds.filter((id) => id !== tableId) }))
      .filter((c) => c.tableIds.length >= COMBINATION_TABLES.min),
  };
}

export function updateTable(draft: FloorDraft, tableId: number, change: Partial<FloorTable>) {
  return {
    ...draft,
    tables: draft.tables.map((table) => (table.id === tableId ? { ...table, ...change } : table)),
  };
}

/** Moves (dx, dy) and resizes (dw, dh) by whole units, staying on the grid. */
export function nudgeTable(
  draft: FloorDraft,
  tableId: number,
  { dx = 0, dy = 0, dw = 0, dh = 0 }: { dx?: number; dy?: number; dw?: number; dh?: number },
): FloorDraft {
  const table = draft.tables.find((entry) => entry.id === tableId);
  if (!table) return draft;
  const w = clamp(table.w + dw, 1, GRID - table.x);
  const h = clamp(table.h + dh, 1, GRID - table.y);
  return updateTable(draft, tableId, placeOnGrid({ x: table.x + dx, y: table.y + dy, w, h }));
}

/** A combination's seats when first made: from one more than its largest table to all their seats. */
export function seatsOfJoined(tables: readonly FloorTable[]) {
  const all = tables.reduce((sum, table) => sum + table.maxSeats, 0);
  const largest = Math.max(0, ...tables.map((table) => table.maxSeats));
  const maxSeats = clamp(all, 1, PARTY_MAX);
  return { minSeats: clamp(largest + 1, 1, maxSeats), maxSeats };
}

export function addCombination(draft: FloorDraft, tableIds: number[]) {
  const id = placeholderId(draft);
  const tables = draft.tables.filter((table) => tableIds.includes(table.id));
  const combination: FloorCombination = {
    id,
    name: tables.map((table) => table.name).join('+'),
    tableIds: tables.map((table) => table.id),
    ...seatsOfJoined(tables),
    onlineBookable: true,
  };
  if (tableNames(draft).includes(combination.name)) {
    combination.name = freshName(`${combination.name}-`, tableNames(draft));
  }
  return { draft: { ...draft, combinations: [...draft.combinations, combination] }, id };
}

export function updateCombination(
  draft: FloorDraft,
  combinationId: number,
  change: Partial<FloorCombination>,
): FloorDraft {
  return {
    ...draft,
    combinations: draft.combinations.map((c) => (c.id === combinationId ? { ...c, ...change } : c)),
  };
}

export const removeCombination = (draft: FloorDraft, combinationId: number): FloorDraft => ({
  ...draft,
  combinations: draft.combinations.filter((c) => c.id !== combinationId),
});

/**
 * What the server would refuse, said before sending: the shared schema's
 * messages with the name of the entry they are about, names used twice, a
 * combination across two areas. Each once, in the plan's order.
 */
export function problemsOf(draft: FloorDraft): string[] {
  const found: string[] = [];
  const parsed = floorPlanBody.safeParse(bodyOf(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [list, index] = issue.path;
      const entry =
        typeof index === 'number' &&
        (list === 'areas' || list === 'tables' || list === 'combinations')
          ? draft[list][index]
          : undefined;
      found.push(entry?.name.trim() ? `${entry.name.trim()}: ${issue.message}` : issue.message);
    }
  }
  found.push(...twice(draft.areas.map((area) => area.name)).map(T.areaNameTwice));
  found.push(...twice(tableNames(draft)).map(T.nameTwice));
  for (const combination of draft.combinations) {
    const areas = new Set(
      draft.tables.filter((t) => combination.tableIds.includes(t.id)).map((t) => t.areaId),
    );
    if (areas.size > 1) found.push(T.combinationAcrossAreas(combination.name));
  }
  return [...new Set(found)];
}

/** The names used more than once, ignoring case and spaces around them. */
function twice(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  for (const name of names) {
    const key = name.trim().toLowerCase();
    if (key) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return names.filter((name, index) => {
    const key = name.trim().toLowerCase();
    return (
      (seen.get(key) ?? 0) > 1 && names.findIndex((n) => n.trim().toLowerCase() === key) === index
    );
  });
}
