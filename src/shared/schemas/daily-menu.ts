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
