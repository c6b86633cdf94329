import type { TargetLang } from './provider.ts';
import type { LanguageFieldsReview } from './translatable.ts';

/**
 * One language of a review as the daily menu's and the closure notes' APIs
 * answer it (CONTRACT.md): the machine's texts, staff's texts, and whether
 * staff translated an earlier Italian, each an object of fields.
 */
export interface LanguageTexts {
  lang: TargetLang;
  machine: Record<string, string> | null;
  staff: Record<string, string> | null;
  staffStale: boolean;
}

/**
 * `review`'s fields gathered per source. A record translated whole (the
 * daily menu) has a translation only with every field of it; otherwise
 * (the closure notes, each on its own) a source's object holds the fields it
 * has. Null when it has none.
 */
export function languageTexts(review: LanguageFieldsReview, whole: boolean): LanguageTexts {
  const entries = Object.entries(review.fields);
  const of = (kind: 'machine' | 'staff') => {
    const present = entries.filter(([, field]) => field[kind] !== null);
    if (present.length === 0 || (whole && present.length < entries.length)) return null;
    return Object.fromEntries(present.map(([key, field]) => [key, field[kind]!]));
  };
  return {
    lang: review.lang,
    machine: of('machine'),
    staff: of('staff'),
    staffStale: entries.some(([, field]) => field.staffStale),
  };
}
