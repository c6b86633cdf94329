import { TARGET_LANGS } from '../languages.ts';
import { ONE_LINE_TEXT, z } from './zod.ts';

/**
 * The photos' API shapes (docs/api.md, "Photos"): GET /api/photos answers
 * `PhotoView[]`; PUT /api/photos/{slot} takes the image as its body and the
 * Italian alt text as `?alt=`; PATCH takes `PhotoPatch`. Messages are
 * Italian: only staff write.
 */

export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
export const PHOTO_MAX_PIXELS = 50_000_000;
export const PHOTO_ALT_MAX = 300;
/** What the upload's Content-Type may say; the server checks the bytes too. */
export const PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const PHOTO_SOURCE_TYPES = ['image/avif', 'image/webp', 'image/jpeg'] as const;

export const photoAlt = z
  .string({ error: 'Testo alternativo: campo obbligatorio.' })
  .trim()
  .min(1, 'Testo alternativo: campo obbligatorio.')
  .max(PHOTO_ALT_MAX, `Testo alternativo: al massimo ${PHOTO_ALT_MAX} caratteri.`)
  .regex(ONE_LINE_TEXT, 'Testo alternativo: una sola riga, senza caratteri di controllo.');

/** Where the page centres its crop: 0-1 from the left and from the top. */
export const photoFocus = z.strictObject({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
});
export type PhotoFocus = z.infer<typeof photoFocus>;
export const CENTRE: PhotoFocus = { x: 0.5, y: 0.5 };

export const photoPatch = z.strictObject({
  alt: photoAlt.optional(),
  focus: photoFocus.optional(),
});
export type PhotoPatch = z.infer<typeof photoPatch>;

export const photoView = z.object({
  slot: z.string(),
  custom: z.boolean(),
  alt: z.string(),
  focus: photoFocus,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  sources: z.array(z.object({ type: z.enum(PHOTO_SOURCE_TYPES), srcset: z.string() })),
});
export type PhotoView = z.infer<typeof photoView>;

/** The fields of a photo that staff write in Italian and the engine translates. */
export const photoTexts = z.object({ alt: z.string() });
export type PhotoTexts = z.infer<typeof photoTexts>;

/**
 * PUT /api/photos/{slot}/translations/{lang}: staff's alt text in that
 * language, and the Italian it translates as the review showed it (refused
 * with 409 if the Italian has changed since), as the daily menu's.
 */
export const photoTranslationBody = z.strictObject({
  alt: photoAlt,
  italian: z.strictObject({ alt: z.string().max(PHOTO_ALT_MAX) }),
});
export type PhotoTranslationBody = z.infer<typeof photoTranslationBody>;

/** GET /api/photos/{slot}/translations: per target language, the machine's and staff's alt. */
export const photoTranslationsAnswer = z.object({
  translations: z.array(
    z.object({
      lang: z.enum(TARGET_LANGS),
      /** The machine's translation of the current Italian; null while computed or without a provider. */
      machine: photoTexts.nullable(),
      /** Staff's translation of the current Italian; null if none. */
      staff: photoTexts.nullable(),
      /** Staff translated an earlier Italian text: that correction is no longer shown. */
      staffStale: z.boolean(),
    }),
  ),
});
export type PhotoTranslationsAnswer = z.infer<typeof photoTranslationsAnswer>;
