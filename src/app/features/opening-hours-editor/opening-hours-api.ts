import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';
import type { TargetLang } from '../../../shared/languages.ts';
import {
  closureTranslationsAnswer,
  type ClosureNotes,
  type ClosureTranslationsAnswer,
} from '../../../shared/schemas/closure-translations.ts';
import {
  openingHoursAnswer,
  type OpeningHoursAnswer,
  type OpeningHoursBody,
} from '../../../shared/schemas/opening-hours.ts';

/** GET /api/opening-hours in Italian: the week, closures and special days as staff typed them. */
export async function fetchOpeningHours(
  signal?: AbortSignal,
): Promise<ApiResult<OpeningHoursAnswer>> {
  return parseAnswer(await apiRequest('GET', '/opening-hours', { signal }), openingHoursAnswer);
}

/** PUT /api/opening-hours: the whole schedule at once. */
export async function saveOpeningHours(
  token: string,
  body: OpeningHoursBody,
): Promise<ApiResult<OpeningHoursAnswer>> {
  return parseAnswer(
    await apiRequest('PUT', '/opening-hours', { token, body }),
    openingHoursAnswer,
  );
}

async function closureReview(
  request: Promise<ApiResult<unknown>>,
): Promise<ApiResult<ClosureTranslationsAnswer['translations']>> {
  const result = parseAnswer(await request, closureTranslationsAnswer);
  return result.ok ? { ...result, data: result.data.translations } : result;
}

/** GET /api/opening-hours/translations: each closure note's machine and staff texts per language. */
export function fetchClosureTranslations(token: string, signal?: AbortSignal) {
  return closureReview(apiRequest('GET', '/opening-hours/translations', { token, signal }));
}

/**
 * PUT /api/opening-hours/translations/{lang}: staff's texts of some notes,
 * with the Italian the review showed (409 if it changed meanwhile).
 */
export function saveClosureTranslation(
  token: string,
  lang: TargetLang,
  notes: ClosureNotes,
  italian: ClosureNotes,
) {
  return closureReview(
    apiRequest('PUT', `/opening-hours/translations/${lang}`, {
      token,
      body: { ...notes, italian },
    }),
  );
}

/** DELETE /api/opening-hours/translations/{lang}: that language's notes back to the machine's. */
export function removeClosureTranslation(token: string, lang: TargetLang) {
  return closureReview(apiRequest('DELETE', `/opening-hours/translations/${lang}`, { token }));
}
