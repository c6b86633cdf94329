import { describe, expect, it } from 'vitest';
import { floorPlanBody, type FloorPlan } from '../../../shared/schemas/floor.ts';
import {
  addArea,
  addCombination,
  addTable,
  bodyOf,
  duplicateTable,
  nudgeTable,
  problemsOf,
  removeArea,
  removeTable,
  updateTable,
} from './floor-draft.ts';

const table = (id: number, name: string, x: number, y: number, areaId = 1) => ({
  id,
  name,
  areaId,
  minSeats: 2,
  maxSeats: 4,
  onlineBookable: true,
  priority: 5,
  shape: 'square' as const,
  x,
  y,
  w: 10,
  h: 10,
});

const PLAN: FloorPlan = {
  areas: [{ id: 1, name: 'Sala', onlineBookable: true }],
  tables: [table(11, 'T1', 0, 0), table(12, 'T2', 20, 0), table(13, 'T3', 40, 0)],
  combinations: [
    { id: 21, name: 'T1+T2', tableIds: [11, 12], minSeats: 5, maxSeats: 8, onlineBookable: true },
  ],
};

describe('placeholders', () => {
  it('a new area and a new table in it carry negative ids that the body keeps, and the schema accepts', () => {
    const area = addArea(PLAN);
    const added = addTable(area.draft, area.id);
    expect(area.id).toBe(-1);
    expect(added.id).toBe(-2);
    const body = bodyOf(added.draft);
    expect(body.areas.at(-1)).toEqual({ id: -1, name: 'Area 1', onlineBookable: true });
    expect(body.tables.at(-1)).toMatchObject({ id: -2, areaId: -1, name: 'T4' });
    expect(floorPlanBody.safeParse(body).success).toBe(true);
  });

  it('a combination of new tables names their placeholders', () => {
    const first = addTable(PLAN, 1);
    const second = addTable(first.draft, 1);
    const joined = addCombination(second.draft, [first.id, second.id]);
    expect(bodyOf(joined.draft).combinations.at(-1)).toEqual({
      id: -3,
      name: 'T4+T5',
      tableIds: [-1, -2],
      minSeats: 5,
      maxSeats: 8,
      onlineBookable: true,
    });
  });

  it('a new table takes a free place of its area, with room around it', () => {
    const added = addTable(PLAN, 1);
    const placed = added.draft.tables.find((entry) => entry.id === added.id)!;
    expect(placed).toMatchObject({ x: 52, y: 2, w: 10, h: 10 });
  });
});

describe('moves and sizes', () => {
  it('moves by whole units and stays inside the plan', () => {
    const moved = nudgeTable(PLAN, 11, { dx: -1, dy: 1 });
    expect(moved.tables[0]).toMatchObject({ x: 0, y: 1 });
    const far = updateTable(PLAN, 13, { x: 90, y: 90 });
    expect(nudgeTable(far, 13, { dx: 1, dy: 1 }).tables[2]).toMatchObject({ x: 90, y: 90 });
  });

  it('resizes down to 1 × 1 and up to the edge of the plan', () => {
    let draft = PLAN;
    for (let step = 0; step < 12; step += 1) draft = nudgeTable(draft, 11, { dw: -1, dh: -1 });
    expect(draft.tables[0]).toMatchObject({ w: 1, h: 1 });
    const edge = updateTable(PLAN, 13, { x: 88 });
    expect(nudgeTable(edge, 13, { dw: 5 }).tables[2]).toMatchObject({ x: 88, w: 12 });
  });
});

describe('duplicate and remove', () => {
  it('a duplicate keeps seats, shape and size, with its own name and place', () => {
    const copy = duplicateTable(updateTable(PLAN, 12, { shape: 'round', maxSeats: 6 }), 12);
    const made = copy.draft.tables.find((entry) => entry.id === copy.id)!;
    expect(made).toMatchObject({ name: 'T4', shape: 'round', maxSeats: 6, w: 10, h: 10 });
    expect(made.x === 20 && made.y === 0).toBe(false);
  });

  it('removing a table drops it from its combinations, and a combination left with one table', () => {
    const draft = removeTable(PLAN, 12);
    expect(draft.tables.map((entry) => entry.id)).toEqual([11, 13]);
    expect(draft.combinations).toEqual([]);
  });

  it('removing an area removes its tables and their combinations', () => {
    const draft = removeArea(PLAN, 1);
    expect(draft).toEqual({ areas: [], tables: [], combinations: [] });
  });
});

describe('problems before saving', () => {
  it('names the entry a message is about, and names used twice', () => {
    const draft = updateTable(updateTable(PLAN, 12, { name: 't1' }), 13, { minSeats: 9 });
    expect(problemsOf(draft)).toEqual([
      'T3: Posti minimi: non più dei massimi.',
      '«T1» è il nome di due tavoli o combinazioni: ogni nome una volta.',
    ]);
  });

  it('a plan as drawn has none', () => {
    expect(problemsOf(PLAN)).toEqual([]);
  });
});
