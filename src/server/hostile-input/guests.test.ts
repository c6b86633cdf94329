import fc from 'fast-check';
import { type HTTPMethods } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { guestsQuery, type GuestDetail } from '../../shared/schemas/guest-records.ts';
import { actor, app, expectAudited } from '../testing/hostile-input/app-under-test.ts';
import { authCases, ownerAuthCases } from '../testing/hostile-input/authorization.ts';
import {
  bodies,
  notAnArray,
  optional,
  text,
  type BodyCase,
} from '../testing/hostile-input/bodies.ts';
import { noWrites, refused, type Expected } from '../testing/hostile-input/expected.ts';
import {
  BAD_TAGS,
  expectedSearch,
  records,
  searchValues,
  isKeyForm,
  otherKeySegments,
  TAG_POOL,
  TAG_SPELLINGS,
} from '../testing/hostile-input/guests.ts';
import { fitsRoute } from '../testing/hostile-input/paths.ts';
import {
  hasQueryKeys,
  junkQuery,
  queryOf,
  type QueryPart,
} from '../testing/hostile-input/queries.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import { tooLongText } from '../testing/hostile-input/texts.ts';
import { seedBooking, seedOrder } from '../testing/guests.ts';

// Guest records (GET /api/guests, GET|PATCH /api/guests/:key, GET|PUT
// /api/guests/tags). The oracle keeps its own reading of the contract: which
// guests a search finds (name or e-mail holding q case-folded, or the
// phone's digits holding q's when it has three), in which order and how
// many; each guest's counts from every row ("came" in covers mode: this
// harness has no table); which tags the owner's list takes. Bad input is a
// 4xx in the contract's shapes and changes nothing.

const GUEST_TABLE_WRITES = [
  'guests',
  'audit_log',
  'reservation_settings',
  'takeaway_settings',
] as const;

/** The guests every family finds: a few with rows of every kind, and enough for the cap. */
async function seedGuests() {
  const { db } = app;
  const people = [
    { name: 'Anna Bellini', email: 'Anna.B@Example.com', phone: '+39 333 123 4567' },
    { name: 'Sconto 100% Bar', email: 'a_b@example.com', phone: '' },
    { name: 'Back\\slash Rossi', email: '', phone: '0049 171 5550101' },
    { name: 'Zoë Ünal', email: 'zoe@example.de', phone: '+49 30 1234567' },
    { name: 'Jonas Weber', email: '', phone: '+41 79 333 12 34' },
  ];
  for (const [i, person] of people.entries()) {
    await seedBooking(db, person, { date: `2025-12-0${i + 1}`, status: 'finished' });
    await seedBooking(db, person, { date: `2026-01-0${i + 1}`, status: 'no-show' });
    await seedOrder(db, person, { date: `2026-01-1${i}`, status: 'collected' });
  }
  // Enough for the cap: 60 guests whose names all hold "ospite".
  for (let i = 0; i < 60; i += 1) {
    await seedBooking(
      db,
      { name: `Ospite ${i}`, email: `ospite${i}@example.it` },
      {
        date: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      },
    );
  }
  await app.guests.setTags(TAG_POOL, actor());
  await db.deleteFrom('audit_log').execute();
}

const searchQueries: fc.Arbitrary<QueryPart[]> = fc.oneof(
  { weight: 6, arbitrary: searchValues.map((q): QueryPart[] => [['q', q]]) },
  { weight: 2, arbitrary: fc.constant<QueryPart[]>([]) },
  { weight: 1, arbitrary: fc.constant<QueryPart[]>([['q']]) },
  {
    weight: 1,
    arbitrary: fc.tuple(searchValues, searchValues).map(([a, b]): QueryPart[] => [
      ['q', a],
      ['q', b],
    ]),
  },
  {
    weight: 1,
    arbitrary: searchValues.map((q): QueryPart[] => [
      ['q', q],
      ['limit', '5'],
    ]),
  },
);

const getGuests = family({
  name: 'GET /api/guests?q= (staff)',
  runs: 400,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'GET', 'HEAD'),
    parts: searchQueries,
    auth: authCases,
  }),
  route: ({ method, parts, auth }) => {
    const values = parts.filter(([key]) => key === 'q');
    const q = values.length === 1 ? (values[0]![1] ?? '').toWellFormed() : undefined;
    const refusals: string[] = [];
    if (values.length > 1 || (values.length === 1 && !guestsQuery.safeParse({ q }).success)) {
      refusals.push('q');
    }
    if (parts.some(([key]) => key !== 'q')) refusals.push('querystring');
    return {
      method,
      url: `/api/guests${queryOf(parts)}`,
      auth,
      paramRefusals: refusals,
      handler: async () => {
        const expected = await expectedSearch(q?.trim());
        return noWrites((response) => {
          if (method === 'HEAD') return expect(response.body).toBe('');
          expect(response.headers['cache-control']).toBe('no-store');
          expect(response.json()).toEqual(expected);
        });
      },
    };
  },
});

/** A key segment: a stored record's (by index, resolved at request time) or any other. */
const keys = fc.oneof(
  { weight: 5, arbitrary: fc.nat().map((index) => ({ stored: index })) },
  { weight: 3, arbitrary: otherKeySegments.map((param) => ({ param })) },
);
async function keyOf(choice: { stored: number } | { param: { raw: string; decoded: string } }) {
  if ('param' in choice) return choice.param;
  const stored = await app.db.selectFrom('guests').select('key').orderBy('id').execute();
  const key = stored[choice.stored % stored.length]!.key;
  return { raw: key, decoded: key };
}

const getGuest = family({
  name: 'GET /api/guests/:key (staff)',
  runs: 300,
  cases: fc
    .record({
      method: fc.constantFrom<HTTPMethods>('GET', 'GET', 'HEAD'),
      key: keys,
      query: junkQuery,
      auth: authCases,
    })
    .filter(({ key }) => !('param' in key) || key.param.decoded !== 'tags'),
  route: async ({ method, key: choice, query, auth }) => {
    const key = await keyOf(choice);
    return {
      method,
      url: `/api/guests/${key.raw}${query}`,
      auth,
      unmatched: !fitsRoute(key),
      unknownQuery: hasQueryKeys(query),
      paramRefusals: isKeyForm(key.decoded) ? [] : ['key'],
      handler: async (): Promise<Expected> => {
        const record = (await records()).find(({ row }) => row.key === key.decoded);
        if (!record) return refused(404, 'message');
        const rows = await Promise.all(
          (['reservations', 'takeaway_orders', 'event_inquiries'] as const).map((table) =>
            app.db.selectFrom(table).select('id').where('guest_id', '=', record.row.id).execute(),
          ),
        );
        return noWrites((response) => {
          if (method === 'HEAD') return expect(response.body).toBe('');
          const answer = response.json<GuestDetail>();
          expect(answer).toMatchObject({ ...record.answer, lang: record.row.lang });
          expect(answer.history).toHaveLength(rows.flat().length);
          const order = answer.history.map((entry) => `${entry.date} ${entry.time ?? ''}`);
          expect(order).toEqual([...order].sort().reverse());
        });
      },
    };
  },
});

const getTags = family({
  name: 'GET /api/guests/tags (staff)',
  runs: 100,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: junkQuery,
    auth: authCases,
  }),
  route: ({ method, query, auth }) => ({
    method,
    url: `/api/guests/tags${query}`,
    auth,
    unknownQuery: hasQueryKeys(query),
    handler: async () => {
      const tags = await app.guests.tags();
      return noWrites((response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        expect(response.json()).toEqual({ tags });
      });
    },
  }),
});

/** Tag lists the schema takes: each name once, whatever its case (some not on the owner's list). */
const tagLists = (max: number) =>
  fc.uniqueArray(fc.constantFrom(...TAG_SPELLINGS), {
    maxLength: max,
    selector: (tag) => tag.trim().toLowerCase(),
  });
const badTagLists = fc.oneof(
  fc.constantFrom(...BAD_TAGS).map((tag) => ['VIP', tag]),
  fc.constant(['VIP', 'vip']),
  fc.constant([' Allergie', 'allergie ']),
  fc.constant(Array.from({ length: 31 }, (_, i) => `T${i}`)),
  fc.constant([1, 2]),
  fc.constant([null]),
);

const patchBodies: fc.Arbitrary<BodyCase> = bodies(
  {
    notes: optional(
      text(
        fc.oneof(
          fc.constantFrom('Celiaca', 'Allergico ai crostacei\nSedia per bambini', '', '  spazi  '),
          fc.string({ maxLength: 300 }),
        ),
        tooLongText(1000),
      ),
    ),
    tags: optional({ valid: tagLists(4), invalid: badTagLists, wrongType: notAnArray }),
  },
  fc
    .record(
      {
        notes: fc.constantFrom('Celiaca', 'Tavolo vicino alla finestra', ''),
        tags: tagLists(4),
      },
      { requiredKeys: [] },
    )
    .filter((body) => 'notes' in body || 'tags' in body),
);

const patchGuest = family({
  name: 'PATCH /api/guests/:key (staff)',
  runs: 500,
  cases: fc
    .record({ key: keys, query: junkQuery, auth: authCases, body: patchBodies })
    .filter(({ key }) => !('param' in key) || key.param.decoded !== 'tags'),
  route: async ({ key: choice, query, auth, body }) => {
    const key = await keyOf(choice);
    return {
      method: 'PATCH',
      url: `/api/guests/${key.raw}${query}`,
      auth,
      body,
      bodySchema: true,
      unmatched: !fitsRoute(key),
      unknownQuery: hasQueryKeys(query),
      paramRefusals: isKeyForm(key.decoded) ? [] : ['key'],
      handler: async (): Promise<Expected> => {
        const before = await app.db
          .selectFrom('guests')
          .selectAll()
          .where('key', '=', key.decoded)
          .executeTakeFirst();
        if (!before) return refused(404, 'message');
        const sent = (body as { json: { notes?: string; tags?: string[] } }).json;
        const listed = await app.guests.tags();
        const spelled = (tag: string) =>
          listed.find((name) => name.toLowerCase() === tag.trim().toLowerCase());
        if (sent.tags?.some((tag) => spelled(tag) === undefined)) {
          return refused(400, 'fields', { field: 'tags' });
        }
        const notes = sent.notes === undefined ? before.notes : sent.notes.trim();
        const tags =
          sent.tags === undefined
            ? (JSON.parse(before.tags) as string[])
            : sent.tags.map((tag) => spelled(tag)!);
        const changed = notes !== before.notes || JSON.stringify(tags) !== before.tags;
        return {
          accepted: {
            status: 200,
            mayWrite: changed ? [...GUEST_TABLE_WRITES] : [],
            async verify(response) {
              expect(response.json<GuestDetail>()).toMatchObject({ key: key.decoded, notes, tags });
              if (changed) await expectAudited('guest.update');
            },
          },
        };
      },
    };
  },
});

const putTags = family({
  name: 'PUT /api/guests/tags (owner)',
  runs: 300,
  cases: fc.record({
    query: junkQuery,
    auth: ownerAuthCases,
    body: bodies({ tags: { valid: tagLists(6), invalid: badTagLists, wrongType: notAnArray } }),
  }),
  route: ({ query, auth, body }) => ({
    method: 'PUT',
    url: `/api/guests/tags${query}`,
    auth,
    ownerOnly: true,
    body,
    bodySchema: true,
    unknownQuery: hasQueryKeys(query),
    handler: async (): Promise<Expected> => {
      const tags = (body as { json: { tags: string[] } }).json.tags.map((tag) => tag.trim());
      return {
        accepted: {
          status: 200,
          mayWrite: ['guest_tags', ...GUEST_TABLE_WRITES],
          async verify(response) {
            expect(response.json()).toEqual({ tags });
            await expectAudited('guest_tags.update');
            // No guest keeps a tag the list lost, and each has the list's spelling.
            for (const guest of await app.db.selectFrom('guests').select('tags').execute()) {
              for (const tag of JSON.parse(guest.tags) as string[]) expect(tags).toContain(tag);
            }
          },
        },
      };
    },
  }),
});

/** Staff saving a guest's card as the form does: a stored key, notes and tags, mostly stored. */
const saveCards = family({
  name: 'PATCH /api/guests/:key (staff, as the form saves)',
  runs: 200,
  cases: fc.record({
    index: fc.nat(),
    json: fc
      .record(
        {
          notes: fc.oneof(fc.constantFrom('Celiaca', ''), fc.string({ maxLength: 200 })),
          tags: tagLists(3),
        },
        { requiredKeys: [] },
      )
      .filter((body) => 'notes' in body || 'tags' in body),
  }),
  route: ({ index, json }) =>
    patchGuest.route({
      key: { stored: index },
      query: '',
      auth: 'valid',
      body: { kind: 'valid', json, contentType: 'application/json' },
    }),
});

hostileFamilies('guests', [getGuests, getGuest, getTags, patchGuest, saveCards, putTags]);
// After the app's own set-up (hostileFamilies registers it first).
beforeAll(seedGuests, 60_000);
