import { apiRequest, parseAnswer, type ApiFailure, type ApiResult } from '../../api/client.ts';
import type { TargetLang } from '../../../shared/languages.ts';
import {
  translationReviewAnswer,
  type LanguageReview,
} from '../../../shared/schemas/daily-menu.ts';
import { fetchDailyMenu, type DailyMenuFields } from './daily-menu-api.ts';

export type TranslationLang = TargetLang;
export type { LanguageReview };

/** A review answer: one entry per language, in TARGET_LANGS order. */
async function review(request: Promise<ApiResult<unknown>>): Promise<ApiResult<LanguageReview[]>> {
  const result = parseAnswer(await request, translationReviewAnswer);
  return result.ok ? { ...result, data: result.data.translations } : result;
}

const PATH = '/daily-menu/1/translations';

/** GET /api/daily-menu/1/translations with the bearer token. */
async function fetchTranslations(
  token: string,
  signal?: AbortSignal,
): Promise<ApiResult<LanguageReview[]>> {
  return review(apiRequest('GET', PATH, { token, signal }));
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
  return review(apiRequest('PUT', `${PATH}/${lang}`, { token, body: { ...fields, italian } }));
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
  return review(apiRequest('DELETE', `${PATH}/${lang}`, { token }));
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
