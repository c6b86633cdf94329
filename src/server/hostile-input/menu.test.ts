// Over 400 lines: one route family, /api/menu (sections, dishes and a dish's translations), as routes/api/menu.test.ts has it.
import fc from 'fast-check';
import { type HTTPMethods } from 'fastify';
import { expect } from 'vitest';
import { ALLERGENS } from '../../shared/allergens.ts';
import { TARGET_LANGS } from '../../shared/languages.ts';
import { MENU_DESCRIPTION_MAX, MENU_INGREDIENTS_MAX } from '../../shared/schemas/menu.ts';
import { app, expectAudited } from '../testing/hostile-input/app-under-test.ts';
import { authCases, authorizationHeader } from '../testing/hostile-input/authorization.ts';
import { anyBody, bodies, junk, optional } from '../testing/hostile-input/bodies.ts';
import { noWrites, refused } from '../testing/hostile-input/expected.ts';
import { fitsRoute, isTargetLang, translationLangs } from '../testing/hostile-input/paths.ts';
import { hasQueryKeys, junkQuery, menuLangQueries } from '../testing/hostile-input/queries.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import { stored } from '../testing/hostile-input/texts.ts';
import {
  itemRow,
  itemRules,
  longMenuText,
  MENU_TABLES,
  menuName,
  menuRowIds,
  menuTarget,
  newItem,
  newSection,
  normalAmount,
  kitchenRule,
  placementRule,
  positionRule,
  sectionExists,
} from '../testing/hostile-input/menu.ts';

// The menu in the database: sections, dishes and their translations.

const getMenu = family({
  name: 'GET /api/menu?lang=',
  runs: 300,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: menuLangQueries,
    auth: authCases,
  }),
  route: ({ method, query, auth }) => ({
    method,
    url: `/api/menu${query.query}`,
    headers: authorizationHeader(auth),
    paramRefusals: query.refusals,
    handler: () =>
      noWrites((response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        const body = response.json<{ lang: string; sections: unknown[] }>();
        expect(body.lang).toBe(/lang=(\w\w)/.exec(query.query)?.[1] ?? 'it');
        expect(body.sections.length).toBeGreaterThan(0);
      }),
  }),
});

const postSection = family({
  name: 'POST /api/menu/sections (staff)',
  runs: 300,
  cases: fc.record({
    query: junkQuery,
    auth: authCases,
    body: bodies({ name: menuName, placement: placementRule, kitchen: kitchenRule }),
  }),
  route: ({ query, auth, body }) => ({
    method: 'POST',
    url: `/api/menu/sections${query}`,
    unknownQuery: hasQueryKeys(query),
    body,
    auth,
    bodySchema: true,
    handler: () => ({
      accepted: {
        status: 201,
        mayWrite: ['menu_sections', 'content_version', 'audit_log'],
        async verify(response) {
          await expectAudited('menu.section.create');
          const { json } = body as {
            json: { name: string; placement?: string; kitchen?: string };
          };
          const row = await app.db
            .selectFrom('menu_sections')
            .selectAll()
            .where('id', '=', response.json<{ id: number }>().id)
            .executeTakeFirstOrThrow();
          // A section added without a kitchen group counts against the kitchen's limit.
          expect([row.name, row.placement, row.kitchen]).toEqual([
            stored(json.name.trim()),
            json.placement ?? 'carousel',
            json.kitchen ?? 'kitchen',
          ]);
        },
      },
    }),
  }),
});

const patchSection = family({
  name: 'PATCH /api/menu/sections/:id (staff)',
  runs: 300,
  cases: fc.record({
    id: menuRowIds(),
    auth: authCases,
    body: bodies({
      name: optional(menuName),
      position: positionRule,
      placement: placementRule,
      kitchen: kitchenRule,
    }),
  }),
  route: async ({ id, auth, body }) => {
    const { param, valid, number } = await menuTarget(id, newSection);
    const exists = valid && (await sectionExists(number));
    const kitchenBefore = exists
      ? (
          await app.db
            .selectFrom('menu_sections')
            .select('kitchen')
            .where('id', '=', number)
            .executeTakeFirstOrThrow()
        ).kitchen
      : undefined;
    return {
      method: 'PATCH',
      url: `/api/menu/sections/${param.raw}`,
      body,
      auth,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      bodySchema: true,
      handler: () => {
        if (!exists) return refused(404, 'message');
        return {
          accepted: {
            status: 204,
            mayWrite: ['menu_sections', 'content_version', 'audit_log'],
            async verify() {
              await expectAudited('menu.section.update');
              const { json } = body as { json: { name?: string; kitchen?: string } };
              const row = await app.db
                .selectFrom('menu_sections')
                .select(['name', 'kitchen'])
                .where('id', '=', number)
                .executeTakeFirstOrThrow();
              if (json.name !== undefined) expect(row.name).toBe(stored(json.name.trim()));
              // Left out, the kitchen group stays as it was.
              expect(row.kitchen).toBe(json.kitchen ?? kitchenBefore);
            },
          },
        };
      },
    };
  },
});

const deleteSection = family({
  name: 'DELETE /api/menu/sections/:id (staff)',
  runs: 300,
  cases: fc.record({
    id: fc.oneof(menuRowIds(), fc.constant('seeded' as const)),
    auth: authCases,
    body: anyBody,
  }),
  route: async ({ id, auth, body }) => {
    const { param, valid, number } = await menuTarget(id === 'seeded' ? '1' : id, newSection);
    const exists = valid && (await sectionExists(number));
    const hasItems =
      exists &&
      (await app.db
        .selectFrom('menu_items')
        .select('id')
        .where('section_id', '=', number)
        .executeTakeFirst()) !== undefined;
    return {
      method: 'DELETE',
      url: `/api/menu/sections/${param.raw}`,
      body,
      auth,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      handler: () => {
        if (!exists) return refused(404, 'message');
        if (hasItems) return refused(409, 'refusal', { code: 'section-not-empty' });
        return {
          accepted: {
            status: 204,
            mayWrite: ['menu_sections', 'text_translations', 'content_version', 'audit_log'],
            async verify() {
              await expectAudited('menu.section.delete');
              expect(await sectionExists(number)).toBe(false);
            },
          },
        };
      },
    };
  },
});

/** What a dish answer must be, for the body that made or changed it. */
const expectItem = (answer: Record<string, unknown>, sent: Record<string, unknown>) => {
  if (sent.name !== undefined) expect(answer.name).toBe(stored((sent.name as string).trim()));
  for (const field of ['description', 'ingredients'] as const) {
    if (sent[field] !== undefined)
      expect(answer[field]).toBe(stored((sent[field] as string).trim()));
  }
  if (sent.prices !== undefined) {
    expect(answer.prices).toEqual(
      (sent.prices as { label?: string; amount: string }[]).map((price) => ({
        label: (price.label ?? '').trim(),
        amount: normalAmount(price.amount),
      })),
    );
  }
  if (sent.allergens !== undefined) {
    const codes = sent.allergens as string[] | null;
    expect(answer.allergens).toEqual(
      codes === null ? null : ALLERGENS.filter((code) => codes.includes(code)),
    );
  }
  for (const field of ['available', 'frozen', 'takeaway'] as const) {
    if (sent[field] !== undefined) expect(answer[field]).toBe(sent[field]);
  }
};

const postItem = family({
  name: 'POST /api/menu/items (staff)',
  runs: 500,
  cases: fc.record({ query: junkQuery, auth: authCases, body: bodies(itemRules) }),
  route: ({ query, auth, body }) => ({
    method: 'POST',
    url: `/api/menu/items${query}`,
    unknownQuery: hasQueryKeys(query),
    body,
    auth,
    bodySchema: true,
    handler: async () => {
      const { json } = body as { json: Record<string, unknown> };
      if (!(await sectionExists(json.sectionId as number))) {
        return refused(400, 'fields', { field: 'sectionId' });
      }
      return {
        accepted: {
          status: 201,
          mayWrite: ['menu_items', 'menu_item_prices', 'content_version', 'audit_log'],
          async verify(response) {
            await expectAudited('menu.item.create');
            const answer = response.json<Record<string, unknown>>();
            expectItem(answer, json);
            expect(answer.sectionId).toBe(json.sectionId);
            expect(answer.available).toBe(json.available ?? true);
            // Added without saying: orderable for takeaway, as every seeded dish is.
            expect(answer.takeaway).toBe(json.takeaway ?? true);
          },
        },
      };
    },
  }),
});

const patchItem = family({
  name: 'PATCH /api/menu/items/:id (staff)',
  runs: 500,
  cases: fc.record({
    id: menuRowIds(),
    auth: authCases,
    body: bodies({
      ...Object.fromEntries(
        Object.entries(itemRules).map(([name, rule]) => [name, optional(rule)]),
      ),
      position: positionRule,
    }),
  }),
  route: async ({ id, auth, body }) => {
    const { param, valid, number } = await menuTarget(id, newItem);
    const before = valid ? await itemRow(number) : undefined;
    const exists = before !== undefined;
    return {
      method: 'PATCH',
      url: `/api/menu/items/${param.raw}`,
      body,
      auth,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      bodySchema: true,
      handler: async () => {
        if (!exists) return refused(404, 'message');
        const { json } = body as { json: Record<string, unknown> };
        if (json.sectionId !== undefined && !(await sectionExists(json.sectionId as number))) {
          return refused(400, 'fields', { field: 'sectionId' });
        }
        return {
          accepted: {
            status: 200,
            mayWrite: ['menu_items', 'menu_item_prices', 'content_version', 'audit_log'],
            async verify(response) {
              await expectAudited('menu.item.update');
              const answer = response.json<Record<string, unknown>>();
              expectItem(answer, json);
              // Left out, the takeaway mark stays as it was.
              if (json.takeaway === undefined) expect(answer.takeaway).toBe(before!.takeaway === 1);
            },
          },
        };
      },
    };
  },
});

const deleteItem = family({
  name: 'DELETE /api/menu/items/:id (staff)',
  runs: 300,
  cases: fc.record({ id: menuRowIds(), auth: authCases, body: anyBody }),
  route: async ({ id, auth, body }) => {
    const { param, valid, number } = await menuTarget(id, newItem);
    const exists = valid && (await itemRow(number)) !== undefined;
    return {
      method: 'DELETE',
      url: `/api/menu/items/${param.raw}`,
      body,
      auth,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      handler: () => {
        if (!exists) return refused(404, 'message');
        return {
          accepted: {
            status: 204,
            mayWrite: MENU_TABLES,
            async verify() {
              await expectAudited('menu.item.delete');
              expect(await itemRow(number)).toBeUndefined();
            },
          },
        };
      },
    };
  },
});

const getItemTranslations = family({
  name: 'GET /api/menu/items/:id/translations (staff)',
  runs: 200,
  cases: fc.record({ id: menuRowIds(), query: junkQuery, auth: authCases }),
  route: async ({ id, query, auth }) => {
    const { param, valid, number } = await menuTarget(id, newItem);
    const exists = valid && (await itemRow(number)) !== undefined;
    return {
      method: 'GET',
      url: `/api/menu/items/${param.raw}/translations${query}`,
      unknownQuery: hasQueryKeys(query),
      auth,
      unmatched: !fitsRoute(param),
      paramRefusals: valid ? [] : ['id'],
      handler: () =>
        exists
          ? noWrites((response) => {
              const { translations } = response.json<{ translations: { lang: string }[] }>();
              expect(translations.map((entry) => entry.lang)).toEqual([...TARGET_LANGS]);
            })
          : refused(404, 'message'),
    };
  },
});

const ITEM_TEXT_FIELDS = ['name', 'description', 'ingredients'] as const;
const itemTextRules = {
  name: optional(menuName),
  description: longMenuText(MENU_DESCRIPTION_MAX),
  ingredients: longMenuText(MENU_INGREDIENTS_MAX),
};
/** Valid: some texts, each with an Italian (made the current one by the route, mostly). */
const validItemTranslation = fc
  .record(
    Object.fromEntries(Object.entries(itemTextRules).map(([name, rule]) => [name, rule.valid])),
    { requiredKeys: [] },
  )
  .filter((texts) => Object.keys(texts).length > 0)
  .map((texts) => ({
    ...texts,
    italian: Object.fromEntries(Object.keys(texts).map((field) => [field, 'Non è questo'])),
  })) as fc.Arbitrary<Record<string, unknown>>;
const itemTranslationBodies = bodies(
  {
    ...itemTextRules,
    italian: {
      valid: fc.constant({ name: 'Non è questo' }),
      wrongType: fc.oneof(junk.number, junk.boolean, junk.null, junk.string, junk.array),
    },
  },
  validItemTranslation,
);

const putItemTranslation = family({
  name: 'PUT /api/menu/items/:id/translations/:lang (staff)',
  runs: 500,
  cases: fc.record({
    id: menuRowIds(),
    lang: translationLangs,
    auth: authCases,
    body: itemTranslationBodies,
    forCurrentItalian: fc.constantFrom(true, true, true, false),
  }),
  route: async ({ id, lang, auth, body, forCurrentItalian }) => {
    const { param, valid, number } = await menuTarget(id, newItem);
    const row = valid ? await itemRow(number) : undefined;
    let sent = body;
    if (body.kind === 'valid' && forCurrentItalian && row) {
      const json = body.json as Record<string, unknown>;
      const italian = Object.fromEntries(
        ITEM_TEXT_FIELDS.filter((field) => json[field] !== undefined).map((field) => [
          field,
          row[field],
        ]),
      );
      sent = { ...body, json: { ...json, italian } };
    }
    return {
      method: 'PUT',
      url: `/api/menu/items/${param.raw}/translations/${lang.raw}`,
      body: sent,
      auth,
      unmatched: !fitsRoute(param, lang),
      paramRefusals: [...(valid ? [] : ['id']), ...(isTargetLang(lang) ? [] : ['lang'])],
      bodySchema: true,
      handler: () => {
        if (!row) return refused(404, 'message');
        const json = (sent as { json: Record<string, unknown> }).json;
        const italian = json.italian as Record<string, string>;
        const current = ITEM_TEXT_FIELDS.every(
          (field) => json[field] === undefined || italian[field] === row[field],
        );
        if (!current) return refused(409, 'refusal', { code: 'italian-changed' });
        return {
          accepted: {
            status: 200,
            mayWrite: ['text_translations', 'content_version', 'audit_log'],
            async verify() {
              await expectAudited('menu.item.translation.update');
              const rows = await app.db
                .selectFrom('text_translations')
                .select(['field', 'text'])
                .where('entity', '=', 'menu_item')
                .where('entity_id', '=', number)
                .where('lang', '=', lang.decoded)
                .where('kind', '=', 'staff')
                .execute();
              for (const field of ITEM_TEXT_FIELDS) {
                if (json[field] === undefined) continue;
                expect(rows.find((r) => r.field === field)?.text).toBe(
                  stored((json[field] as string).trim()),
                );
              }
            },
          },
        };
      },
    };
  },
});

const deleteItemTranslation = family({
  name: 'DELETE /api/menu/items/:id/translations/:lang (staff)',
  runs: 300,
  cases: fc.record({ id: menuRowIds(), lang: translationLangs, auth: authCases, body: anyBody }),
  route: async ({ id, lang, auth, body }) => {
    const { param, valid, number } = await menuTarget(id, newItem);
    const exists = valid && (await itemRow(number)) !== undefined;
    return {
      method: 'DELETE',
      url: `/api/menu/items/${param.raw}/translations/${lang.raw}`,
      body,
      auth,
      unmatched: !fitsRoute(param, lang),
      paramRefusals: [...(valid ? [] : ['id']), ...(isTargetLang(lang) ? [] : ['lang'])],
      handler: () => {
        if (!exists) return refused(404, 'message');
        return {
          accepted: {
            status: 200,
            mayWrite: ['text_translations', 'content_version', 'audit_log'],
            async verify() {
              const left = await app.db
                .selectFrom('text_translations')
                .select('field')
                .where('entity', '=', 'menu_item')
                .where('entity_id', '=', number)
                .where('lang', '=', lang.decoded)
                .where('kind', '=', 'staff')
                .execute();
              expect(left).toEqual([]);
            },
          },
        };
      },
    };
  },
});

hostileFamilies('menu', [
  getMenu,
  postSection,
  patchSection,
  deleteSection,
  postItem,
  patchItem,
  deleteItem,
  getItemTranslations,
  putItemTranslation,
  deleteItemTranslation,
]);
