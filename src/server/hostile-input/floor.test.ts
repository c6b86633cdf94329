import fc from 'fast-check';
import { type HTTPMethods } from 'fastify';
import { expect } from 'vitest';
import { FLOOR_LIMITS, TABLE_SHAPES, type FloorPlan } from '../../shared/schemas/floor.ts';
import { app, expectAudited } from '../testing/hostile-input/app-under-test.ts';
import { ownerAuthCases } from '../testing/hostile-input/authorization.ts';
import { bodies, junk, type BodyCase } from '../testing/hostile-input/bodies.ts';
import { noWrites, refused } from '../testing/hostile-input/expected.ts';
import { hasQueryKeys, junkQuery } from '../testing/hostile-input/queries.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';

// The owner's floor plan (GET|PUT /api/floor). Valid bodies are whole plans
// drawn from small pools of names (so that names clash now and then, trimmed
// and in other cases), new entries with or without placeholder ids, tables
// and combinations that sometimes name an area or table the plan lacks, and
// now and then the stored entries' own ids or one that does not exist. The
// oracle decides on its own, from the body and the stored plan, whether the
// plan is stored (200), refused as bad (400) or refused for a name (409).
// No booking holds a table here, so no removal is refused as in use
// (routes/api/floor.test.ts tests that).

const AREA_NAMES = ['Sala', 'Terrazza', ' sala', 'GIARDINO', 'Veranda interna'];
const TABLE_NAMES = ['T1', 'T2', 't1 ', 'T3', 'Tavolo 4', 'Divano', 'T1+T2', 'Sala'];

/** A name from `pool` now and then (null: the entry's own, which clashes with nothing). */
const sometimes = (pool: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom(...pool) },
  );

/** Placeholders: area i is -(i + 1), table i -(100 + i). */
const areaPlaceholder = (index: number) => -(index + 1);
const tablePlaceholder = (index: number) => -(100 + index);

const seeds = fc.record({
  areas: fc.array(fc.record({ name: sometimes(AREA_NAMES), onlineBookable: fc.boolean() }), {
    maxLength: 3,
  }),
  tables: fc.array(
    fc.record({
      name: sometimes(TABLE_NAMES),
      area: fc.nat(9),
      withId: fc.nat(4).map((n) => n > 0),
      minSeats: fc.integer({ min: 1, max: 6 }),
      extra: fc.integer({ min: 0, max: 6 }),
      onlineBookable: fc.boolean(),
      priority: fc.integer({ min: 0, max: 9 }),
      shape: fc.constantFrom(...TABLE_SHAPES),
      x: fc.integer({ min: 0, max: 80 }),
      y: fc.integer({ min: 0, max: 80 }),
      w: fc.integer({ min: 1, max: 20 }),
      h: fc.integer({ min: 1, max: 20 }),
    }),
    { maxLength: 6 },
  ),
  combinations: fc.array(
    fc.record({
      name: sometimes([...TABLE_NAMES, 'Tavolata']),
      tables: fc.uniqueArray(fc.nat(5), { minLength: 2, maxLength: 3 }),
      minSeats: fc.integer({ min: 2, max: 8 }),
      extra: fc.integer({ min: 0, max: 6 }),
      onlineBookable: fc.boolean(),
    }),
    { maxLength: 2 },
  ),
});

type PlanSeed = typeof seeds extends fc.Arbitrary<infer Seed> ? Seed : never;

/** A body the schema accepts, built from a seed (references may dangle: the service refuses those). */
function planOf(seed: PlanSeed): Record<string, unknown> {
  return {
    areas: seed.areas.map((area, index) => ({
      id: areaPlaceholder(index),
      ...area,
      name: area.name ?? `Area ${index + 1}`,
    })),
    tables: seed.tables.map(({ area, withId, extra, ...table }, index) => ({
      ...(withId ? { id: tablePlaceholder(index) } : {}),
      ...table,
      name: table.name ?? `Tavolo ${index + 1}`,
      // Now and then an area the plan lacks.
      areaId: areaPlaceholder(
        area === 9 ? seed.areas.length : area % Math.max(seed.areas.length, 1),
      ),
      maxSeats: table.minSeats + extra,
    })),
    // Tables of one area by their index among that area's tables, so most combinations are whole.
    combinations: seed.combinations.map(({ tables, extra, ...combination }, position) => ({
      ...combination,
      name: combination.name ?? `Unione ${position + 1}`,
      tableIds: tables.map((index) => {
        const ofFirstArea = seed.tables.flatMap((table, i) =>
          table.area % Math.max(seed.areas.length, 1) ===
          (seed.tables[0]?.area ?? 0) % Math.max(seed.areas.length, 1)
            ? [i]
            : [],
        );
        // Past that area's tables: a table the plan lacks (distinct, so the schema still takes it).
        return tablePlaceholder(ofFirstArea[index] ?? 10 + index);
      }),
      maxSeats: combination.minSeats + extra,
    })),
  };
}

const anArea = { name: 'Sala', onlineBookable: true };
const aTable = {
  name: 'T1',
  areaId: -1,
  minSeats: 2,
  maxSeats: 4,
  onlineBookable: true,
  priority: 0,
  shape: 'square',
  x: 0,
  y: 0,
  w: 10,
  h: 10,
};
const aCombination = {
  name: 'C',
  tableIds: [-100, -101],
  minSeats: 4,
  maxSeats: 8,
  onlineBookable: true,
};
const notAnArray = fc.oneof(junk.number, junk.boolean, junk.null, junk.string, junk.object);
const planBodies: fc.Arbitrary<BodyCase> = bodies(
  {
    areas: {
      valid: fc.constant([]),
      invalid: fc.constantFrom(
        Array.from({ length: FLOOR_LIMITS.areas + 1 }, (_, i) => ({ ...anArea, name: `A${i}` })),
        [{ ...anArea, name: '   ' }],
        [{ ...anArea, name: 'x'.repeat(41) }],
        [{ ...anArea, name: 'Sala\nGrande' }],
        [{ ...anArea, id: 0 }],
        [{ ...anArea, id: 1.5 }],
        [{ ...anArea, onlineBookable: 'sì' }],
        [{ ...anArea, colour: 'red' }],
        [{ name: 'Sala' }],
        [null],
      ),
      wrongType: notAnArray,
    },
    tables: {
      valid: fc.constant([]),
      invalid: fc.constantFrom(
        Array.from({ length: FLOOR_LIMITS.tables + 1 }, (_, i) => ({ ...aTable, name: `T${i}` })),
        [{ ...aTable, minSeats: 6, maxSeats: 4 }],
        [{ ...aTable, minSeats: 0 }],
        [{ ...aTable, maxSeats: 51 }],
        [{ ...aTable, x: 95, w: 10 }],
        [{ ...aTable, y: 100 }],
        [{ ...aTable, w: 0 }],
        [{ ...aTable, shape: 'oval' }],
        [{ ...aTable, priority: 10 }],
        [{ ...aTable, areaId: '1' }],
        [{ ...aTable, id: -10_001 }],
        [{ ...aTable, seats: 4 }],
      ),
      wrongType: notAnArray,
    },
    combinations: {
      valid: fc.constant([]),
      invalid: fc.constantFrom(
        Array.from({ length: FLOOR_LIMITS.combinations + 1 }, (_, i) => ({
          ...aCombination,
          name: `C${i}`,
        })),
        [{ ...aCombination, tableIds: [-100] }],
        [{ ...aCombination, tableIds: [-100, -100] }],
        [{ ...aCombination, tableIds: Array.from({ length: 9 }, (_, i) => -(100 + i)) }],
        [{ ...aCombination, minSeats: 9, maxSeats: 8 }],
        [{ ...aCombination, maxSeats: 201 }],
        [{ ...aCombination, areaId: -1 }],
      ),
      wrongType: notAnArray,
    },
  },
  seeds.map(planOf),
);

type SentPlan = {
  areas: { id?: number; name: string; onlineBookable: boolean }[];
  tables: ({ id?: number; name: string; areaId: number } & Record<string, unknown>)[];
  combinations: ({ id?: number; name: string; tableIds: number[] } & Record<string, unknown>)[];
};

/**
 * Gives entries the stored plan's own ids (every reference follows), or an
 * id nothing has: `reuse` stored ids, `unknown` for a positive id no entry has.
 */
function withIds(sent: SentPlan, stored: FloorPlan, reuse: boolean, unknown: boolean): SentPlan {
  const plan = structuredClone(sent);
  if (reuse) {
    const areaIds = new Map<number, number>();
    plan.areas.forEach((area, i) => {
      const real = stored.areas[i]?.id;
      if (real !== undefined && area.id !== undefined) areaIds.set(area.id, real);
    });
    const tableIds = new Map<number, number>();
    plan.tables.forEach((table, i) => {
      const real = stored.tables[i]?.id;
      if (real !== undefined && table.id !== undefined) tableIds.set(table.id, real);
    });
    for (const area of plan.areas) area.id = areaIds.get(area.id!) ?? area.id;
    for (const table of plan.tables) {
      table.areaId = areaIds.get(table.areaId) ?? table.areaId;
      if (table.id !== undefined) table.id = tableIds.get(table.id) ?? table.id;
    }
    for (const combination of plan.combinations) {
      combination.tableIds = combination.tableIds.map((id) => tableIds.get(id) ?? id);
    }
  }
  if (unknown && plan.areas[0]) plan.areas[0].id = 2 ** 31 - 1;
  return plan;
}

/** What the service must answer of a plan the schema accepts: the oracle's own reading of the contract. */
function verdict(plan: SentPlan, stored: FloorPlan): 'bad' | 'name-taken' | 'stored' {
  const idsOk = (entries: { id?: number }[], storedIds: number[]) => {
    const ids = entries.flatMap((entry) => (entry.id === undefined ? [] : [entry.id]));
    return new Set(ids).size === ids.length && ids.every((id) => id < 0 || storedIds.includes(id));
  };
  if (
    !idsOk(
      plan.areas,
      stored.areas.map((area) => area.id),
    ) ||
    !idsOk(
      plan.tables,
      stored.tables.map((table) => table.id),
    ) ||
    !idsOk(
      plan.combinations,
      stored.combinations.map((combination) => combination.id),
    )
  ) {
    return 'bad';
  }
  const areaIds = plan.areas.map((area) => area.id);
  if (plan.tables.some((table) => !areaIds.includes(table.areaId))) return 'bad';
  const areaOf = new Map(plan.tables.map((table) => [table.id, table.areaId]));
  for (const combination of plan.combinations) {
    if (combination.tableIds.some((id) => !areaOf.has(id))) return 'bad';
    if (new Set(combination.tableIds.map((id) => areaOf.get(id))).size > 1) return 'bad';
  }
  const clash = (names: string[]) =>
    new Set(names.map((name) => name.trim().toLowerCase())).size < names.length;
  if (clash(plan.areas.map((area) => area.name))) return 'name-taken';
  if (clash([...plan.tables, ...plan.combinations].map((entry) => entry.name))) {
    return 'name-taken';
  }
  return 'stored';
}

/** The answer, checked against what was sent: names trimmed, references followed, kept ids kept. */
function expectStored(answer: FloorPlan, sent: SentPlan) {
  expect(answer.areas.map(({ name, onlineBookable }) => ({ name, onlineBookable }))).toEqual(
    sent.areas.map((area) => ({ name: area.name.trim(), onlineBookable: area.onlineBookable })),
  );
  const areaIdOf = new Map(sent.areas.map((area, i) => [area.id, answer.areas[i]!.id]));
  const tableIdOf = new Map(sent.tables.map((table, i) => [table.id, answer.tables[i]!.id]));
  sent.areas.forEach((area, i) => {
    if (area.id! > 0) expect(answer.areas[i]!.id).toBe(area.id);
  });
  expect(answer.tables).toEqual(
    sent.tables.map((table, i) => ({
      ...table,
      id: table.id !== undefined && table.id > 0 ? table.id : answer.tables[i]!.id,
      name: table.name.trim(),
      areaId: areaIdOf.get(table.areaId),
    })),
  );
  expect(answer.combinations.map(({ id: _id, ...combination }) => combination)).toEqual(
    sent.combinations.map(({ id: _id, ...combination }) => ({
      ...combination,
      name: combination.name.trim(),
      // In the order the tables are drawn, as the plan keeps them.
      tableIds: combination.tableIds
        .map((id) => sent.tables.findIndex((table) => table.id === id))
        .sort((a, b) => a - b)
        .map((index) => tableIdOf.get(sent.tables[index]!.id)),
    })),
  );
  expect(new Set([...answer.areas, ...answer.tables].map((entry) => entry.id > 0))).not.toContain(
    false,
  );
}

const getFloor = family({
  name: 'GET /api/floor (owner)',
  runs: 150,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: junkQuery,
    auth: ownerAuthCases,
  }),
  route: ({ method, query, auth }) => ({
    method,
    url: `/api/floor${query}`,
    unknownQuery: hasQueryKeys(query),
    auth,
    ownerOnly: true,
    handler: async () => {
      const plan = await app.floorPlan.plan();
      return noWrites((response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        expect(response.json()).toEqual(plan);
      });
    },
  }),
});

const putFloor = family({
  name: 'PUT /api/floor (owner)',
  runs: 900,
  cases: fc.record({
    query: junkQuery,
    auth: ownerAuthCases,
    body: planBodies,
    reuse: fc.boolean(),
    unknown: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  }),
  route: async ({ query, auth, body, reuse, unknown }) => {
    const stored = await app.floorPlan.plan();
    const sent: BodyCase =
      body.kind === 'valid'
        ? { ...body, json: withIds(body.json as SentPlan, stored, reuse, unknown) }
        : body;
    return {
      method: 'PUT',
      url: `/api/floor${query}`,
      unknownQuery: hasQueryKeys(query),
      body: sent,
      auth,
      ownerOnly: true,
      bodySchema: true,
      handler: () => {
        const plan = (sent as { json: SentPlan }).json;
        switch (verdict(plan, stored)) {
          case 'bad':
            return refused(400, 'fields');
          case 'name-taken':
            return refused(409, 'refusal', { code: 'name-taken' });
          case 'stored':
            return {
              accepted: {
                status: 200,
                mayWrite: [
                  'floor_areas',
                  'floor_tables',
                  'floor_combinations',
                  'floor_combination_tables',
                  'reservation_settings',
                  'content_version',
                  'text_translations',
                  'audit_log',
                ],
                async verify(response) {
                  const answer = response.json<FloorPlan>();
                  expectStored(answer, plan);
                  expect(await app.floorPlan.plan()).toEqual(answer);
                  await expectAudited('floor.update');
                },
              },
            };
        }
      },
    };
  },
});

/** The owner saving whole plans one after another, as the editor does: most are stored, some refused. */
const putPlans = family({
  name: 'PUT /api/floor (owner, whole plans in a row)',
  runs: 300,
  cases: fc.record({
    seed: seeds,
    reuse: fc.nat(3).map((n) => n > 0),
    unknown: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
  }),
  route: (generated) =>
    putFloor.route({
      query: '',
      auth: 'valid',
      body: { kind: 'valid', json: planOf(generated.seed), contentType: 'application/json' },
      reuse: generated.reuse,
      unknown: generated.unknown,
    }),
});

hostileFamilies('floor', [getFloor, putFloor, putPlans]);
