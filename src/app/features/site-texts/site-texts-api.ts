import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';
import type { TargetLang } from '../../../shared/languages.ts';
import {
  siteTextsView,
  type SiteTextKey,
  type SiteTextsView,
} from '../../../shared/schemas/site-texts.ts';
import {
  siteTextsReview,
  type SiteTextsReview,
} from '../../../shared/schemas/translation-review.ts';

/** The calls of docs/api.md, "Page texts", as the back office makes them. */

export type SiteTexts = Partial<Record<SiteTextKey, string>>;
export type TextsReview = SiteTextsReview['translations'];

/** GET /api/site-texts?lang=it: the Italian of every key (public: no token needed). */
export async function fetchSiteTexts(signal?: AbortSignal): Promise<ApiResult<SiteTextsView>> {
  return parseAnswer(await apiRequest('GET', '/site-texts?lang=it', { signal }), siteTextsView);
}

/** PUT /api/site-texts: the new Italian of the keys it names; the others stay. */
export function saveSiteTexts(token: string, texts: SiteTexts): Promise<ApiResult<unknown>> {
  return apiRequest('PUT', '/site-texts', { token, body: texts });
}

async function review(request: Promise<ApiResult<unknown>>): Promise<ApiResult<TextsReview>> {
  const result = parseAnswer(await request, siteTextsReview);
  return result.ok ? { ...result, data: result.data.translations } : result;
}

/** GET /api/site-texts/translations: every key in every target language. */
export function fetchSiteTextsReview(
  token: string,
  signal?: AbortSignal,
): Promise<ApiResult<TextsReview>> {
  return review(apiRequest('GET', '/site-texts/translations', { token, signal }));
}

/**
 * PUT /api/site-texts/translations/{lang}: staff's texts in `lang` for the
 * keys named, with the Italian the review showed (409 if it changed meanwhile).
 */
export function saveSiteTextsTranslation(
  token: string,
  lang: TargetLang,
  texts: SiteTexts,
  italian: SiteTexts,
): Promise<ApiResult<TextsReview>> {
  return review(
    apiRequest('PUT', `/site-texts/translations/${lang}`, { token, body: { ...texts, italian } }),
  );
}

/** DELETE /api/site-texts/translations/{lang}: that language back to the machine translations. */
export function removeSiteTextsTranslation(
  token: string,
  lang: TargetLang,
): Promise<ApiResult<TextsReview>> {
  return review(apiRequest('DELETE', `/site-texts/translations/${lang}`, { token }));
}
