/** The translation review any translated record uses (a dish, the daily menu). */
export {
  FieldTranslationsReview,
  type FieldReview,
  type LanguageFieldsReview,
  type ReviewField,
  type ReviewTexts,
  type Texts,
} from './field-translations-review.tsx';
export { LANGUAGE_NAMES, REVIEW_TEXTS } from './texts.ts';
