import type { PhotoSlot } from '../../../shared/photo-slots.ts';
import { PHOTO_ALT_MAX } from '../../../shared/schemas/photos.ts';
import { LoadedPanel, useStaffSave, type Loading } from '../../staff/index.ts';
import {
  FieldTranslationsReview,
  type LanguageFieldsReview,
  type ReviewField,
  TranslationsSection,
  useTranslationPoll,
} from '../../staff-kit/index.ts';
import { removeAltTranslation, saveAltTranslation, type AltReview } from './photos-api.ts';
import { PHOTOS_TEXTS as T } from './photos-texts.ts';

const REVIEW_FIELDS: readonly ReviewField<'alt'>[] = [
  { key: 'alt', label: T.alt, rows: 2, maxLength: PHOTO_ALT_MAX },
];

/** An uploaded photo's alt text in every language, to check and correct. */
export function AltTranslations({
  slot,
  italian,
  translations,
}: {
  slot: PhotoSlot;
  /** The Italian alt text the translations translate. */
  italian: string;
  translations: Loading<AltReview>;
}) {
  return (
    <TranslationsSection
      className="photo-editor__translations"
      title={T.translations}
      intro={T.translationsIntro}
    >
      <LoadedPanel
        loading={translations}
        texts={{ loading: T.translationsLoading, loadFailed: T.translationsFailed }}
      >
        {(review, setReview) => (
          <Review slot={slot} italian={italian} review={review} setReview={setReview} />
        )}
      </LoadedPanel>
    </TranslationsSection>
  );
}

function Review({
  slot,
  italian,
  review,
  setReview,
}: {
  slot: PhotoSlot;
  italian: string;
  review: AltReview;
  setReview: (update: (review: AltReview) => AltReview) => void;
}) {
  const { save } = useStaffSave();
  const machineSeen = review.some((entry) => entry.machine !== null);
  useTranslationPoll(machineSeen && review.some((entry) => entry.machine === null));

  const reviews: LanguageFieldsReview<'alt'>[] = review.map((entry) => ({
    lang: entry.lang,
    fields: {
      alt: {
        italian,
        machine: entry.machine?.alt ?? null,
        staff: entry.staff?.alt ?? null,
        staffStale: entry.staffStale,
      },
    },
  }));

  return (
    <FieldTranslationsReview
      fields={REVIEW_FIELDS}
      reviews={reviews}
      pending={machineSeen}
      onSave={async (lang, texts, shown) => {
        const result = await save(
          (token) => saveAltTranslation(token, slot, lang, texts.alt ?? '', shown.alt ?? italian),
          {
            then: false,
            onSaved: (answer) => setReview(() => answer),
            success: T.translationSaved,
          },
        );
        return result?.ok === true;
      }}
      onReset={async (lang) => {
        const result = await save((token) => removeAltTranslation(token, slot, lang), {
          then: false,
          onSaved: (answer) => setReview(() => answer),
          success: T.translationReset,
        });
        return result?.ok === true;
      }}
    />
  );
}
