import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';
import { dailyMenuAnswer, type DailyMenuFields } from '../../../shared/schemas/daily-menu.ts';

export type { DailyMenuFields };
/** Each field's limit, the server's own. */
export { DAILY_MENU_FIELD_MAX } from '../../../shared/schemas/daily-menu.ts';

export const DAILY_MENU_FIELDS = ['titolo', 'descrizione', 'infoAggiuntive'] as const;
export type DailyMenuField = (typeof DAILY_MENU_FIELDS)[number];

export function sameDailyMenu(a: DailyMenuFields, b: DailyMenuFields): boolean {
  return DAILY_MENU_FIELDS.every((field) => a[field] === b[field]);
}

/** The three texts of a daily-menu answer (the editor and the review work on these). */
const fieldsOf = ({ titolo, descrizione, infoAggiuntive }: DailyMenuFields): DailyMenuFields => ({
  titolo,
  descrizione,
  infoAggiuntive,
});

/** GET /api/daily-menu/1 (the Italian text, as staff typed it). */
export async function fetchDailyMenu(signal?: AbortSignal): Promise<ApiResult<DailyMenuFields>> {
  const result = parseAnswer(await apiRequest('GET', '/daily-menu/1', { signal }), dailyMenuAnswer);
  return result.ok ? { ...result, data: fieldsOf(result.data) } : result;
}

/** PUT /api/daily-menu/1 with the bearer token: 200 with the stored record. */
export async function saveDailyMenu(
  token: string,
  fields: DailyMenuFields,
): Promise<ApiResult<DailyMenuFields>> {
  const result = parseAnswer(
    await apiRequest('PUT', '/daily-menu/1', { token, body: fields }),
    dailyMenuAnswer,
  );
  return result.ok ? { ...result, data: fieldsOf(result.data) } : result;
}
