import { toPhotoSlot, type PhotoSlot } from '../../../shared/photo-slots.ts';
import type { PhotoView } from '../../../shared/schemas/photos.ts';
import type { ApiResult } from '../../api/client.ts';
import { fetchMenu } from '../../staff-kit/index.ts';
import { withSessionToken, type Loading } from '../../staff/index.ts';
import { fetchAltTranslations, fetchPhotos, type AltReview } from './photos-api.ts';

/** Every slot, with the names of the menu's sections whose cards they are. */
export interface PhotoSlots {
  photos: PhotoView[];
  sectionNames: ReadonlyMap<number, string>;
}

export interface PhotosData {
  /** The slot whose form is open (`?foto=hero`), else null: the list. */
  slot: PhotoSlot | null;
  /** The address named a slot that does not exist. */
  unknownSlot: boolean;
  slots: Loading<PhotoSlots>;
  /** The open slot's alt text in every language; shown for an uploaded photo only. */
  translations: Loading<AltReview> | null;
}

async function fetchSlots(signal: AbortSignal): Promise<ApiResult<PhotoSlots>> {
  const [photos, menu] = await Promise.all([fetchPhotos(signal), fetchMenu(signal)]);
  if (!photos.ok) return photos;
  if (!menu.ok) return menu;
  const sectionNames = new Map(menu.data.sections.map((section) => [section.id, section.name]));
  return { ...photos, data: { photos: photos.data, sectionNames } };
}

/**
 * The open slot's alt text in every language, asked for only when the slot
 * holds an upload: a shipped picture's texts come with the site, and the
 * server has no review of them to give (404).
 */
async function fetchUploadTranslations(
  slots: Loading<PhotoSlots>,
  slot: PhotoSlot,
  signal: AbortSignal,
): Loading<AltReview> {
  const answer = await slots;
  const uploaded =
    answer?.ok && answer.data.photos.some((photo) => photo.slot === slot && photo.custom);
  return uploaded ? withSessionToken((token) => fetchAltTranslations(token, slot, signal)) : null;
}

/**
 * The /dashboard/photos route's client loader: the list, or one slot's form
 * when the address names it (so the phone's back button closes the form).
 * Not awaited: the section opens at once with its loading text.
 */
export function loadPhotos(request: Request): PhotosData {
  const name = new URL(request.url).searchParams.get('foto');
  const slot = name === null ? null : toPhotoSlot(name);
  const slots = withSessionToken(() => fetchSlots(request.signal));
  return {
    slot,
    unknownSlot: name !== null && slot === null,
    slots,
    translations: slot ? fetchUploadTranslations(slots, slot, request.signal) : null,
  };
}
