import { z } from 'zod';

/** SECURITY.md item 18: each daily-menu field at most 2,000 characters. */
export const DAILY_MENU_FIELD_MAX = 2000;

const field = z
  .string({ error: 'Campo obbligatorio.' })
  .max(DAILY_MENU_FIELD_MAX, `Al massimo ${DAILY_MENU_FIELD_MAX} caratteri.`);

/** PUT /api/daily-menu/1 (SPEC.md section 7; no further rule: section 5). */
export const dailyMenuBody = z.strictObject({
  titolo: field,
  descrizione: field,
  infoAggiuntive: field,
});
export type DailyMenuBody = z.infer<typeof dailyMenuBody>;

/** SPEC.md section 9: the list separator is the comma. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}
