import { z } from '../../../shared/schemas/zod.ts';
import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';
import type { TargetLang } from '../../../shared/languages.ts';
import type { PhotoSlot } from '../../../shared/photo-slots.ts';
import {
  photoTranslationsAnswer,
  photoView,
  type PhotoPatch,
  type PhotoTranslationsAnswer,
  type PhotoView,
} from '../../../shared/schemas/photos.ts';

/** The calls of docs/api.md, "Photos", as the back office makes them. */

const photoList = z.array(photoView);

/** GET /api/photos: every slot, in Italian (public: no token needed). */
export async function fetchPhotos(signal?: AbortSignal): Promise<ApiResult<PhotoView[]>> {
  return parseAnswer(await apiRequest('GET', '/photos', { signal }), photoList);
}

/** PUT /api/photos/{slot}: the file itself as the body, the Italian alt text in the address. */
export async function uploadPhoto(
  token: string,
  slot: PhotoSlot,
  file: File,
  alt: string,
): Promise<ApiResult<PhotoView>> {
  const path = `/photos/${slot}?alt=${encodeURIComponent(alt)}`;
  return parseAnswer(await apiRequest('PUT', path, { token, file }), photoView);
}

/** PATCH /api/photos/{slot}: the alt text or the focus of the photo there. */
export async function patchPhoto(
  token: string,
  slot: PhotoSlot,
  body: PhotoPatch,
): Promise<ApiResult<PhotoView>> {
  return parseAnswer(await apiRequest('PATCH', `/photos/${slot}`, { token, body }), photoView);
}

/** DELETE /api/photos/{slot}: the slot shows its default picture again. */
export function resetPhoto(token: string, slot: PhotoSlot): Promise<ApiResult<unknown>> {
  return apiRequest('DELETE', `/photos/${slot}`, { token });
}

export type AltReview = PhotoTranslationsAnswer['translations'];

async function review(request: Promise<ApiResult<unknown>>): Promise<ApiResult<AltReview>> {
  const result = parseAnswer(await request, photoTranslationsAnswer);
  return result.ok ? { ...result, data: result.data.translations } : result;
}

/** GET /api/photos/{slot}/translations: the alt text in every target language. */
export function fetchAltTranslations(
  token: string,
  slot: PhotoSlot,
  signal?: AbortSignal,
): Promise<ApiResult<AltReview>> {
  return review(apiRequest('GET', `/photos/${slot}/translations`, { token, signal }));
}

/**
 * PUT /api/photos/{slot}/translations/{lang}: staff's alt text in `lang`, for
 * the Italian the review showed (409 if it changed meanwhile).
 */
export function saveAltTranslation(
  token: string,
  slot: PhotoSlot,
  lang: TargetLang,
  alt: string,
  italian: string,
): Promise<ApiResult<AltReview>> {
  return review(
    apiRequest('PUT', `/photos/${slot}/translations/${lang}`, {
      token,
      body: { alt, italian: { alt: italian } },
    }),
  );
}

/** DELETE /api/photos/{slot}/translations/{lang}: back to the machine translation. */
export function removeAltTranslation(
  token: string,
  slot: PhotoSlot,
  lang: TargetLang,
): Promise<ApiResult<AltReview>> {
  return review(apiRequest('DELETE', `/photos/${slot}/translations/${lang}`, { token }));
}
