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
