import { apiRequest, isRecord, type ApiResult } from '../../api/client.ts';

/** The single daily menu, id 1. */
export interface DailyMenuFields {
  titolo: string;
  descrizione: string;
  infoAggiuntive: string;
}

export const DAILY_MENU_FIELDS = ['titolo', 'descrizione', 'infoAggiuntive'] as const;
export type DailyMenuField = (typeof DAILY_MENU_FIELDS)[number];

export const EMPTY_DAILY_MENU: DailyMenuFields = {
  titolo: '',
  descrizione: '',
  infoAggiuntive: '',
};

export function sameDailyMenu(a: DailyMenuFields, b: DailyMenuFields): boolean {
  return DAILY_MENU_FIELDS.every((field) => a[field] === b[field]);
}

/** Each field at most 2,000 characters, as the server allows. */
export const DAILY_MENU_MAX_LENGTH = 2000;

export function parseDailyMenu(value: unknown): DailyMenuFields {
  const record = isRecord(value) ? value : {};
  const text = (field: unknown) => (typeof field === 'string' ? field : '');
  return {
    titolo: text(record.titolo),
    descrizione: text(record.descrizione),
    infoAggiuntive: text(record.infoAggiuntive),
  };
}

/** GET /api/daily-menu/1 (the Italian text, as staff typed it). */
export async function fetchDailyMenu(signal?: AbortSignal): Promise<ApiResult<DailyMenuFields>> {
  const result = await apiRequest('GET', '/daily-menu/1', { signal });
  return result.ok ? { ...result, data: parseDailyMenu(result.data) } : result;
}

/** PUT /api/daily-menu/1 with the bearer token: 200 with the stored record. */
export async function saveDailyMenu(
  token: string,
  fields: DailyMenuFields,
): Promise<ApiResult<DailyMenuFields>> {
  const result = await apiRequest('PUT', '/daily-menu/1', { token, body: fields });
  return result.ok ? { ...result, data: parseDailyMenu(result.data) } : result;
}
