import fc from 'fast-check';
import { expect } from 'vitest';
import { authCases } from './authorization.ts';
import { anyBody } from './bodies.ts';
import { fitsRoute, isTargetLang, translationLangs } from './paths.ts';
import { family } from './runner.ts';
import type { Table } from './snapshot.ts';

/** What saving or removing staff's translation of a section of the site writes. */
export const TRANSLATION_TABLES: Table[] = ['text_translations', 'content_version', 'audit_log'];

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
