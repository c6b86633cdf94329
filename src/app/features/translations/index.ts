/** The translation review any translated record uses (a dish, the daily menu, a photo, the page texts). */
export {
  FieldTranslationsReview,
  type FieldReview,
  type LanguageFieldsReview,
  type ReviewField,
  type ReviewTexts,
  type Texts,
} from './field-translations-review.tsx';
export { LANGUAGE_NAMES, REVIEW_TEXTS } from './texts.ts';
export { useTranslationPoll } from './use-translation-poll.ts';
export { TranslationsSection } from './translations-section.tsx';
