import { apiRequest, isRecord, type ApiFailure, type ApiResult } from '../../api/client.ts';
import { fetchDailyMenu, parseDailyMenu, type DailyMenuFields } from './daily-menu-api.ts';

/** The four languages the Italian daily menu is translated into. */
const TRANSLATION_LANGS = ['en', 'fr', 'es', 'de'] as const;
export type TranslationLang = (typeof TRANSLATION_LANGS)[number];

/** One language's state, as GET /api/daily-menu/1/translations reports it. */
export interface LanguageReview {
  lang: TranslationLang;
  /** The machine translation of the current Italian; null while computed or without a provider. */
  machine: DailyMenuFields | null;
  /** Staff's translation of the current Italian; null if none. */
  staff: DailyMenuFields | null;
  /** Staff translated an earlier Italian text: that correction is no longer shown. */
  staffStale: boolean;
}

function isTranslationLang(value: unknown): value is TranslationLang {
  return (TRANSLATION_LANGS as readonly unknown[]).includes(value);
}

/** `{translations: [...]}` → one entry per language, in the fixed order en, fr, es, de. */
export function parseTranslations(value: unknown): LanguageReview[] {
  const list = isRecord(value) && Array.isArray(value.translations) ? value.translations : [];
  const byLang = new Map<TranslationLang, LanguageReview>();
  for (const item of list) {
    if (!isRecord(item) || !isTranslationLang(item.lang)) continue;
    byLang.set(item.lang, {
      lang: item.lang,
      machine: isRecord(item.machine) ? parseDailyMenu(item.machine) : null,
      staff: isRecord(item.staff) ? parseDailyMenu(item.staff) : null,
      staffStale: item.staffStale === true,
    });
  }
  return TRANSLATION_LANGS.map(
    (lang) => byLang.get(lang) ?? { lang, machine: null, staff: null, staffStale: false },
  );
}

const PATH = '/daily-menu/1/translations';

/** GET /api/daily-menu/1/translations with the bearer token. */
async function fetchTranslations(
  token: string,
  signal?: AbortSignal,
): Promise<ApiResult<LanguageReview[]>> {
  const result = await apiRequest('GET', PATH, { token, signal });
  return result.ok ? { ...result, data: parseTranslations(result.data) } : result;
}

/**
 * PUT …/translations/{lang}: staff's translation of `italian` (the Italian
 * text the review showed) becomes what that language's visitors see. The
 * server refuses it with 409 if the Italian has changed since
 * (`italianChangedMeanwhile`).
 */
export async function saveTranslation(
  token: string,
  lang: TranslationLang,
  fields: DailyMenuFields,
  italian: DailyMenuFields,
): Promise<ApiResult<LanguageReview[]>> {
  const result = await apiRequest('PUT', `${PATH}/${lang}`, {
    token,
    body: { ...fields, italian },
  });
  return result.ok ? { ...result, data: parseTranslations(result.data) } : result;
}

/** The refusal of a translation written for an Italian text that has changed since. */
export function italianChangedMeanwhile(failure: ApiFailure): boolean {
  return failure.kind === 'http' && failure.status === 409;
}

/** DELETE …/translations/{lang}: back to the machine translation. */
export async function removeTranslation(
  token: string,
  lang: TranslationLang,
): Promise<ApiResult<LanguageReview[]>> {
  const result = await apiRequest('DELETE', `${PATH}/${lang}`, { token });
  return result.ok ? { ...result, data: parseTranslations(result.data) } : result;
}

/** The review's data: the current Italian text and every language's translations. */
export interface TranslationsOverview {
  italian: DailyMenuFields;
  translations: LanguageReview[];
}

/** The Italian (GET /api/daily-menu/1) and the translations, fetched together. */
export async function fetchOverview(
  token: string,
  signal?: AbortSignal,
): Promise<ApiResult<TranslationsOverview>> {
  const [translations, italian] = await Promise.all([
    fetchTranslations(token, signal),
    fetchDailyMenu(signal),
  ]);
  if (!translations.ok) return translations;
  if (!italian.ok) return italian;
  return { ...translations, data: { italian: italian.data, translations: translations.data } };
}
