import { TARGET_LANGS } from '../languages.ts';
import { z } from './zod.ts';

/** Each daily-menu field holds at most 2,000 characters, so one save cannot bloat every page. */
export const DAILY_MENU_FIELD_MAX = 2000;

const field = z
  .string({ error: 'Campo obbligatorio.' })
  .max(DAILY_MENU_FIELD_MAX, `Al massimo ${DAILY_MENU_FIELD_MAX} caratteri.`);

/** PUT /api/daily-menu/1: no rule on the fields beyond their length. */
export const dailyMenuBody = z.strictObject({
  titolo: field,
  descrizione: field,
  infoAggiuntive: field,
});
export type DailyMenuBody = z.infer<typeof dailyMenuBody>;

/**
 * PUT /api/daily-menu/1/translations/{lang}: staff's translation, and the
 * Italian text it translates, as the review showed it. If the Italian has
 * changed since, the translation would describe another menu: it is refused.
 */
export const staffTranslationBody = dailyMenuBody.extend({ italian: dailyMenuBody });
export type StaffTranslationBody = z.infer<typeof staffTranslationBody>;

// ---------------------------------------------------------------------------
// Answers: the server's response schemas, and what the back office parses.

export const dailyMenuFields = z.object({
  titolo: z.string(),
  descrizione: z.string(),
  infoAggiuntive: z.string(),
});
export type DailyMenuFields = z.infer<typeof dailyMenuFields>;

/** GET (without `lang`) and PUT /api/daily-menu/1: the Italian record. */
export const dailyMenuAnswer = dailyMenuFields.extend({ id: z.literal(1), updatedAt: z.string() });

/** The translation review: every target language, in TARGET_LANGS order. */
export const translationReviewAnswer = z.object({
  translations: z.array(
    z.object({
      lang: z.enum(TARGET_LANGS),
      /** The machine translation of the current Italian; null while computed or without a provider. */
      machine: dailyMenuFields.nullable(),
      /** Staff's translation of the current Italian; null if none. */
      staff: dailyMenuFields.nullable(),
      /** Staff translated an earlier Italian text: that correction is no longer shown. */
      staffStale: z.boolean(),
    }),
  ),
});
export type LanguageReview = z.infer<typeof translationReviewAnswer>['translations'][number];
