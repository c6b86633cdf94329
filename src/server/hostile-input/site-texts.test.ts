import fc from 'fast-check';
import { type HTTPMethods } from 'fastify';
import { expect } from 'vitest';
import { TARGET_LANGS } from '../../shared/languages.ts';
import { SITE_TEXT_KEYS, SITE_TEXT_MAX } from '../../shared/schemas/site-texts.ts';
import { app, expectAudited } from '../testing/hostile-input/app-under-test.ts';
import { authCases, authorizationHeader } from '../testing/hostile-input/authorization.ts';
import {
  bodies,
  type BodyCase,
  type FieldRule,
  junk,
  optional,
  text,
} from '../testing/hostile-input/bodies.ts';
import { noWrites } from '../testing/hostile-input/expected.ts';
import { fitsRoute, isTargetLang, translationLangs } from '../testing/hostile-input/paths.ts';
import { hasQueryKeys, junkQuery, menuLangQueries } from '../testing/hostile-input/queries.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import {
  deleteTranslationFamily,
  translationSaved,
} from '../testing/hostile-input/translations.ts';
import type { Table } from '../testing/hostile-input/snapshot.ts';
import { padded, stored, tooLongText, trimmedText } from '../testing/hostile-input/texts.ts';

// The page texts: visitors' reads in every language, staff's Italian, and
// the translations' review, corrections and resets. Valid texts are built
// valid (something left after trimming, at most SITE_TEXT_MAX characters);
// a valid body names one to four keys, so that most fit the body limit.

const TEXT_TABLES: Table[] = ['site_texts', 'content_version', 'audit_log'];

/** Mostly short, sometimes up to the limit. */
const siteText = padded(
  fc.oneof(
    { weight: 4, arbitrary: trimmedText(200) },
    { weight: 1, arbitrary: trimmedText(SITE_TEXT_MAX) },
  ),
);
const textRule = optional(
  text(siteText, fc.oneof(fc.constantFrom('', ' ', '\n\t '), tooLongText(SITE_TEXT_MAX))),
);
const keyRules = Object.fromEntries(SITE_TEXT_KEYS.map((key) => [key, textRule])) as Record<
  string,
  FieldRule
>;
/** One to four keys, each with a valid text. */
const someTexts = fc
  .subarray([...SITE_TEXT_KEYS], { minLength: 1, maxLength: 4 })
  .chain((keys) => fc.record(Object.fromEntries(keys.map((key) => [key, siteText]))));

/** The texts a body names, as the server stores them. */
const sentTexts = (body: BodyCase) =>
  Object.fromEntries(
    Object.entries((body as { json: Record<string, unknown> }).json)
      .filter(([key]) => key !== 'italian')
      .map(([key, value]) => [key, stored((value as string).trim())]),
  );
const italianNow = () => app.siteTexts.italian();

const getTexts = family({
  name: 'GET /api/site-texts?lang=',
  runs: 300,
  cases: fc.record({
    method: fc.constantFrom<HTTPMethods>('GET', 'HEAD'),
    query: menuLangQueries,
    auth: authCases,
  }),
  route: ({ method, query, auth }) => ({
    method,
    url: `/api/site-texts${query.query}`,
    headers: authorizationHeader(auth),
    paramRefusals: query.refusals,
    handler: () =>
      noWrites(async (response) => {
        if (method === 'HEAD') return expect(response.body).toBe('');
        const lang = new URLSearchParams(query.query).get('lang') ?? 'it';
        expect(response.json()).toEqual(await app.siteTexts.view(lang as 'it'));
      }),
  }),
});

const putTexts = family({
  name: 'PUT /api/site-texts (staff)',
  runs: 700,
  cases: fc.record({ query: junkQuery, auth: authCases, body: bodies(keyRules, someTexts) }),
  route: async ({ query, auth, body }) => {
    const before = await italianNow();
    return {
      method: 'PUT',
      url: `/api/site-texts${query}`,
      unknownQuery: hasQueryKeys(query),
      body,
      auth,
      bodySchema: true,
      handler: () => {
        const sent = sentTexts(body);
        const expected = { ...before, ...sent };
        const changes = Object.entries(sent).some(
          ([key, value]) => before[key as keyof typeof before] !== value,
        );
        return {
          accepted: {
            status: 200,
            mayWrite: changes ? TEXT_TABLES : [],
            async verify(response) {
              expect(response.json()).toEqual({ texts: expected });
              expect(await italianNow()).toEqual(expected);
              if (changes) await expectAudited('site_texts.update');
            },
          },
        };
      },
    };
  },
});

const getTranslations = family({
  name: 'GET /api/site-texts/translations (staff)',
  runs: 150,
  cases: fc.record({ query: junkQuery, auth: authCases }),
  route: ({ query, auth }) => ({
    method: 'GET',
    url: `/api/site-texts/translations${query}`,
    unknownQuery: hasQueryKeys(query),
    auth,
    handler: () =>
      noWrites(async (response) => {
        const { translations } = response.json<{
          translations: { lang: string; fields: Record<string, { italian: string }> }[];
        }>();
        expect(translations.map((entry) => entry.lang)).toEqual([...TARGET_LANGS]);
        const italian = await italianNow();
        for (const { fields } of translations) {
          expect(Object.keys(fields)).toEqual([...SITE_TEXT_KEYS]);
          for (const key of SITE_TEXT_KEYS) expect(fields[key]!.italian).toBe(italian[key]);
        }
      }),
  }),
});

/** The Italian a translation is for: any texts of the keys, or not an object at all. */
const italianRule: FieldRule = {
  valid: fc.record(
    Object.fromEntries(SITE_TEXT_KEYS.map((key) => [key, fc.string({ maxLength: 40 })])),
    { requiredKeys: [] },
  ),
  wrongType: fc.oneof(junk.number, junk.boolean, junk.null, junk.string, junk.array),
};
/** One to four translated texts, with the Italian each translates (as sent: maybe stale). */
const someTranslations = someTexts.chain((texts) =>
  fc
    .record(
      Object.fromEntries(Object.keys(texts).map((key) => [key, fc.string({ maxLength: 40 })])),
    )
    .map((italian) => ({ ...texts, italian })),
);

const staffTranslations = async (lang: string) => {
  const rows = await app.db
    .selectFrom('text_translations')
    .select(['field', 'text'])
    .where('entity', '=', 'site_texts')
    .where('lang', '=', lang)
    .where('kind', '=', 'staff')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.field, row.text]));
};

const putTranslation = family({
  name: 'PUT /api/site-texts/translations/:lang (staff)',
  runs: 600,
  cases: fc.record({
    lang: translationLangs,
    auth: authCases,
    body: bodies({ ...keyRules, italian: italianRule }, someTranslations),
    // Most valid bodies name the Italian as it is now (a translation the
    // server takes); the others an Italian that is not (refused with 409).
    forCurrentItalian: fc.constantFrom(true, true, true, false),
  }),
  route: async ({ lang, auth, body, forCurrentItalian }) => {
    const italian = await italianNow();
    let sent: BodyCase = body;
    if (body.kind === 'valid' && forCurrentItalian) {
      const keys = Object.keys(sentTexts(body)) as (keyof typeof italian)[];
      const current = Object.fromEntries(keys.map((key) => [key, italian[key]]));
      sent = { ...body, json: { ...body.json, italian: current } };
    }
    return {
      method: 'PUT',
      url: `/api/site-texts/translations/${lang.raw}`,
      body: sent,
      auth,
      unmatched: !fitsRoute(lang),
      paramRefusals: isTargetLang(lang) ? [] : ['lang'],
      bodySchema: true,
      handler: async () => {
        const texts = sentTexts(sent);
        const shown = (sent as { json: { italian: Record<string, string> } }).json.italian;
        const current = await italianNow();
        const same = Object.keys(texts).every(
          (key) => stored(shown[key]!) === current[key as keyof typeof current],
        );
        return translationSaved({
          sameItalian: same,
          action: 'site_texts.translation.update',
          staffTranslations: () => staffTranslations(lang.decoded),
          saved: texts,
        });
      },
    };
  },
});

const deleteTranslation = deleteTranslationFamily({
  section: 'site-texts',
  runs: 250,
  staffTranslations: staffTranslations,
});

hostileFamilies('site-texts', [
  getTexts,
  putTexts,
  getTranslations,
  putTranslation,
  deleteTranslation,
]);
