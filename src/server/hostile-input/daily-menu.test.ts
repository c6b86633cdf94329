import fc from 'fast-check';
import { type HTTPMethods } from 'fastify';
import { expect } from 'vitest';
import { LANGUAGES, TARGET_LANGS } from '../../shared/languages.ts';
import { DAILY_MENU_FIELD_MAX } from '../../shared/schemas/daily-menu.ts';
import { app, expectAudited } from '../testing/hostile-input/app-under-test.ts';
import { authCases, authorizationHeader } from '../testing/hostile-input/authorization.ts';
import {
  anyBody,
  bodies,
  type BodyCase,
  type FieldRule,
  junk,
  text,
} from '../testing/hostile-input/bodies.ts';
import { noWrites, refused } from '../testing/hostile-input/expected.ts';
import {
  encode,
  fitsRoute,
  isTargetLang,
  menuIds,
  translationLangs,
} from '../testing/hostile-input/paths.ts';
import { hasQueryKeys, junkQuery } from '../testing/hostile-input/queries.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import { anyText, stored, tooLongText } from '../testing/hostile-input/texts.ts';

// The daily menu and its translations, in Italian and the four target languages.

const langValues = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<string>(...LANGUAGES) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'EN',
      'It',
      'pt',
      'xx',
      '',
      'en-GB',
      'de_DE',
      'en ',
      ' en',
      'null',
      '*',
      'en\u0000',
    ),
  },
  { weight: 2, arbitrary: anyText(300) },
);
const isLanguage = (value: string) => (LANGUAGES as readonly string[]).includes(value);

/** A query string for GET /api/daily-menu/1: the language it names, or the fields it gets refused at. */
interface QueryCase {
  query: string;
  lang: string | 'absent' | null;
  refusals: string[];
}
const percentEveryByte = (value: string) =>
  [...Buffer.from(value.toWellFormed())]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .join('');

const menuQueries: fc.Arbitrary<QueryCase> = fc.oneof(
  fc.constantFrom('', '?', '?&', '?&&').map((query) => ({ query, lang: 'absent', refusals: [] })),
  fc.tuple(langValues, fc.boolean(), fc.boolean()).map(([value, everyByte, trailingAmpersand]) => ({
    query: `?lang=${everyByte ? percentEveryByte(value) : encode(value)}${trailingAmpersand ? '&' : ''}`,
    lang: isLanguage(value) ? value : null,
    refusals: isLanguage(value) ? [] : ['lang'],
  })),
  // Twice: an array, not a language.
  fc.tuple(langValues, langValues).map(([first, second]) => ({
    query: `?lang=${encode(first)}&lang=${encode(second)}`,
    lang: null,
    refusals: ['lang'],
  })),
  // An unknown key, with or without a language.
  fc
    .tuple(
      fc.option(langValues, { nil: undefined }),
      anyText(20).filter((key) => key.toWellFormed() !== 'lang'),
      anyText(20),
    )
    .map(([lang, key, value]) => ({
      query: `?${lang === undefined ? '' : `lang=${encode(lang)}&`}${encode(key)}=${encode(value)}`,
      lang: null,
      refusals: lang === undefined || isLanguage(lang) ? ['querystring'] : ['querystring', 'lang'],
    })),
  fc.constantFrom<QueryCase>(
    { query: '?lang', lang: null, refusals: ['lang'] },
    { query: '?lang=en;x=1', lang: null, refusals: ['lang'] },
    { query: '?LANG=en', lang: null, refusals: ['querystring'] },
    { query: '?lang[]=en', lang: null, refusals: ['querystring'] },
  ),
);

const getDailyMenu = family({
  name: 'GET /api/daily-menu/:id?lang=: ids other than 1 are 404, unknown languages 400',
  runs: 1300,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    id: menuIds,
    query: menuQueries,
    auth: authCases,
  }),
  route: ({ method, id, query, auth }) => ({
    method,
    url: `/api/daily-menu/${id.raw}${query.query}`,
    headers: authorizationHeader(auth),
    unmatched: !fitsRoute(id),
    unknownId: id.decoded !== '1',
    paramRefusals: query.refusals,
    handler: () =>
      noWrites(async (response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        const body = response.json<Record<string, unknown>>();
        const italian = await app.db.selectFrom('daily_menu').selectAll().executeTakeFirstOrThrow();
        const fields = ['id', 'titolo', 'descrizione', 'infoAggiuntive', 'updatedAt'];
        if (query.lang === 'absent') {
          expect(Object.keys(body).sort()).toEqual(fields.sort());
          expect(body.titolo).toBe(italian.titolo);
          return;
        }
        expect(Object.keys(body).sort()).toEqual([...fields, 'lang', 'translation'].sort());
        expect(body.lang).toBe(query.lang);
        expect(['staff', 'machine', 'none']).toContain(body.translation);
        if (body.translation === 'none') expect(body.titolo).toBe(italian.titolo);
      }),
  }),
});

const menuField = text(anyText(DAILY_MENU_FIELD_MAX), tooLongText(DAILY_MENU_FIELD_MAX));
const menuBodies = bodies({ titolo: menuField, descrizione: menuField, infoAggiuntive: menuField });
const sentMenu = (body: BodyCase | undefined) => {
  const json = (body as { json: Record<string, string> }).json;
  return [json.titolo!, json.descrizione!, json.infoAggiuntive!].map(stored);
};

const putDailyMenu = family({
  name: 'PUT /api/daily-menu/:id (staff)',
  runs: 1400,
  cases: fc.record({ id: menuIds, query: junkQuery, auth: authCases, body: menuBodies }),
  route: ({ id, query, auth, body }) => ({
    method: 'PUT',
    url: `/api/daily-menu/${id.raw}${query}`,
    unknownQuery: hasQueryKeys(query),
    body,
    auth,
    unmatched: !fitsRoute(id),
    unknownId: id.decoded !== '1',
    bodySchema: true,
    handler: () => ({
      accepted: {
        status: 200,
        mayWrite: ['daily_menu', 'daily_menu_history', 'content_version', 'audit_log'],
        async verify(response) {
          await expectAudited('daily_menu.update');
          const [titolo, descrizione, infoAggiuntive] = sentMenu(body);
          expect(response.json()).toEqual({
            id: 1,
            titolo,
            descrizione,
            infoAggiuntive,
            updatedAt: expect.any(String),
          });
          const current = await app.db
            .selectFrom('daily_menu')
            .selectAll()
            .executeTakeFirstOrThrow();
          const last = await app.db
            .selectFrom('daily_menu_history')
            .selectAll()
            .orderBy('id', 'desc')
            .executeTakeFirstOrThrow();
          for (const row of [current, last]) {
            expect([row.titolo, row.descrizione, row.info_aggiuntive]).toEqual(sentMenu(body));
          }
          expect(last.version).toBe(current.version);
        },
      },
    }),
  }),
});

/** Staff's translation of the daily menu's fields, in order (none: an empty list). */
const staffTranslation = async (lang: string) => {
  const rows = await app.db
    .selectFrom('text_translations')
    .select(['field', 'text'])
    .where('entity', '=', 'daily_menu')
    .where('lang', '=', lang)
    .where('kind', '=', 'staff')
    .execute();
  return rows.length === 0
    ? []
    : ['titolo', 'descrizione', 'infoAggiuntive'].map(
        (field) => rows.find((row) => row.field === field)?.text,
      );
};

const getTranslations = family({
  name: 'GET /api/daily-menu/:id/translations (staff)',
  runs: 300,
  cases: fc.record({ id: menuIds, query: junkQuery, auth: authCases }),
  route: ({ id, query, auth }) => ({
    method: 'GET',
    url: `/api/daily-menu/${id.raw}/translations${query}`,
    unknownQuery: hasQueryKeys(query),
    auth,
    unmatched: !fitsRoute(id),
    unknownId: id.decoded !== '1',
    handler: () =>
      noWrites((response) => {
        const { translations } = response.json<{ translations: { lang: string }[] }>();
        expect(translations.map((entry) => entry.lang)).toEqual([...TARGET_LANGS]);
      }),
  }),
});

/** The Italian a translation is for: any menu object, or not an object at all. */
const italianField: FieldRule = {
  valid: fc.record({
    titolo: menuField.valid,
    descrizione: menuField.valid,
    infoAggiuntive: menuField.valid,
  }),
  wrongType: fc.oneof(junk.number, junk.boolean, junk.null, junk.string, junk.array),
};
const translationBodies = bodies({
  titolo: menuField,
  descrizione: menuField,
  infoAggiuntive: menuField,
  italian: italianField,
});
const currentItalian = async () => {
  const row = await app.db.selectFrom('daily_menu').selectAll().executeTakeFirstOrThrow();
  return { titolo: row.titolo, descrizione: row.descrizione, infoAggiuntive: row.info_aggiuntive };
};

const putTranslation = family({
  name: 'PUT /api/daily-menu/:id/translations/:lang (staff)',
  runs: 700,
  cases: fc.record({
    id: menuIds,
    lang: translationLangs,
    auth: authCases,
    body: translationBodies,
    // Most valid bodies name the Italian as it is now (a translation the
    // server takes); the others an Italian that is not (refused with 409).
    forCurrentItalian: fc.constantFrom(true, true, true, false),
  }),
  route: async ({ id, lang, auth, body, forCurrentItalian }) => {
    const sent: BodyCase =
      body.kind === 'valid' && forCurrentItalian
        ? { ...body, json: { ...body.json, italian: await currentItalian() } }
        : body;
    return {
      method: 'PUT',
      url: `/api/daily-menu/${id.raw}/translations/${lang.raw}`,
      body: sent,
      auth,
      unmatched: !fitsRoute(id, lang),
      unknownId: id.decoded !== '1',
      paramRefusals: isTargetLang(lang) ? [] : ['lang'],
      bodySchema: true,
      handler: async () => {
        const italian = (sent as { json: { italian: Record<string, string> } }).json.italian;
        const current = await currentItalian();
        const same = (['titolo', 'descrizione', 'infoAggiuntive'] as const).every(
          (field) => stored(italian[field]!) === current[field],
        );
        if (!same) return refused(409, 'refusal');
        return {
          accepted: {
            status: 200,
            mayWrite: ['text_translations', 'content_version', 'audit_log'],
            async verify() {
              await expectAudited('daily_menu.translation.update');
              expect(await staffTranslation(lang.decoded)).toEqual(sentMenu(sent));
            },
          },
        };
      },
    };
  },
});

const deleteTranslation = family({
  name: 'DELETE /api/daily-menu/:id/translations/:lang (staff)',
  runs: 400,
  cases: fc.record({ id: menuIds, lang: translationLangs, auth: authCases, body: anyBody }),
  route: ({ id, lang, auth, body }) => ({
    method: 'DELETE',
    url: `/api/daily-menu/${id.raw}/translations/${lang.raw}`,
    body,
    auth,
    unmatched: !fitsRoute(id, lang),
    unknownId: id.decoded !== '1',
    paramRefusals: isTargetLang(lang) ? [] : ['lang'],
    handler: () => ({
      accepted: {
        status: 200,
        mayWrite: ['text_translations', 'content_version', 'audit_log'],
        async verify() {
          expect(await staffTranslation(lang.decoded)).toEqual([]);
        },
      },
    }),
  }),
});

hostileFamilies('daily-menu', [
  getDailyMenu,
  putDailyMenu,
  getTranslations,
  putTranslation,
  deleteTranslation,
]);
