import { TARGET_LANGS } from '../languages.ts';
import { z } from './zod.ts';

/**
 * A translation review's answer (`GET …/translations`, and what its
 * `PUT|DELETE …/translations/{lang}` answer): every target language, in
 * TARGET_LANGS order, with the record's texts as `fields` shapes them. The
 * daily menu's review (daily-menu.ts) has this shape for its three fields; a
 * photo's alt text and the page texts have it for theirs.
 */
export function translationReviewOf<F extends z.ZodType>(fields: F) {
  return z.object({
    translations: z.array(
      z.object({
        lang: z.enum(TARGET_LANGS),
        /** The machine translation of the current Italian; null while computed or without a provider. */
        machine: fields.nullable(),
        /** Staff's translation of the current Italian; null if none. */
        staff: fields.nullable(),
        /** Staff translated an earlier Italian text: that correction is no longer shown. */
        staffStale: z.boolean(),
      }),
    ),
  });
}

/** A photo's review: its one text, the alt text. */
export const photoAltReview = translationReviewOf(z.object({ alt: z.string() }));
export type PhotoAltReview = z.infer<typeof photoAltReview>;

/**
 * The page texts' review: each key's text (src/shared/schemas/site-texts.ts),
 * staff's holding only the keys staff corrected.
 */
export const siteTextsReview = translationReviewOf(z.record(z.string(), z.string()));
export type SiteTextsReview = z.infer<typeof siteTextsReview>;
