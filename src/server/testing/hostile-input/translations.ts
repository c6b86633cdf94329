import fc from 'fast-check';
import { expect } from 'vitest';
import { expectAudited } from './app-under-test.ts';
import { authCases } from './authorization.ts';
import { anyBody } from './bodies.ts';
import { type Expected, refused } from './expected.ts';
import { fitsRoute, isTargetLang, translationLangs } from './paths.ts';
import { family } from './runner.ts';
import type { Table } from './snapshot.ts';

/** What saving or removing staff's translation of a section of the site writes. */
export const TRANSLATION_TABLES: Table[] = ['text_translations', 'content_version', 'audit_log'];

/**
 * What `PUT /api/{section}/translations/:lang` (staff) answers: 409
 * `italian-changed` unless the Italian sent for each text is the one stored
 * now (`sameItalian`); else 200, audited as `action`, staff's translations
 * in that language as before with `saved` over them.
 */
export async function translationSaved(options: {
  sameItalian: boolean;
  action: string;
  /** Staff's translations stored in the language the request names. */
  staffTranslations: () => Promise<Record<string, string>>;
  saved: Record<string, string>;
}): Promise<Expected> {
  if (!options.sameItalian) return refused(409, 'refusal', { code: 'italian-changed' });
  const before = await options.staffTranslations();
  return {
    accepted: {
      status: 200,
      mayWrite: TRANSLATION_TABLES,
      async verify() {
        await expectAudited(options.action);
        expect(await options.staffTranslations()).toEqual({ ...before, ...options.saved });
      },
    },
  };
}

/**
 * `DELETE /api/{section}/translations/:lang` (staff), for the sections whose
 * texts staff translate whole (opening hours' closure notes, the site's
 * texts): 200 and none of staff's translations left in a target language;
 * a 400 on `lang` for any other, 401 without a valid token.
 */
export function deleteTranslationFamily(options: {
  section: 'opening-hours' | 'site-texts';
  runs: number;
  /** Staff's translations stored in `lang`. */
  staffTranslations: (lang: string) => Promise<Record<string, string>>;
}) {
  return family({
    name: `DELETE /api/${options.section}/translations/:lang (staff)`,
    runs: options.runs,
    cases: fc.record({ lang: translationLangs, auth: authCases, body: anyBody }),
    route: ({ lang, auth, body }) => ({
      method: 'DELETE',
      url: `/api/${options.section}/translations/${lang.raw}`,
      body,
      auth,
      unmatched: !fitsRoute(lang),
      paramRefusals: isTargetLang(lang) ? [] : ['lang'],
      handler: () => ({
        accepted: {
          status: 200,
          mayWrite: TRANSLATION_TABLES,
          async verify() {
            expect(await options.staffTranslations(lang.decoded)).toEqual({});
          },
        },
      }),
    }),
  });
}
