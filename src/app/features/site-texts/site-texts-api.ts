import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';
import type { TargetLang } from '../../../shared/languages.ts';
import {
  siteTextsItalianAnswer,
  siteTextsReviewAnswer,
  type SiteTextKey,
  type SiteTextsItalianAnswer,
  type SiteTextsReviewAnswer,
} from '../../../shared/schemas/site-texts.ts';

/** The calls of docs/api.md, "Page texts", as the back office makes them. */

export type SiteTexts = Partial<Record<SiteTextKey, string>>;
export type TextsReview = SiteTextsReviewAnswer['translations'];

/** PUT /api/site-texts: the new Italian of the keys it names; the others stay. */
export async function saveSiteTexts(
  token: string,
  texts: SiteTexts,
): Promise<ApiResult<SiteTextsItalianAnswer>> {
  return parseAnswer(
    await apiRequest('PUT', '/site-texts', { token, body: texts }),
    siteTextsItalianAnswer,
  );
}

async function review(request: Promise<ApiResult<unknown>>): Promise<ApiResult<TextsReview>> {
  const result = parseAnswer(await request, siteTextsReviewAnswer);
  return result.ok ? { ...result, data: result.data.translations } : result;
}

/**
 * GET /api/site-texts/translations: every key in every target language, with
 * the Italian as stored: the form edits that one, `{years}` unfilled (GET
 * /api/site-texts fills it in, for visitors).
 */
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
