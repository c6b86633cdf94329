import { useMemo } from 'react';
import type { TargetLang } from '../../../shared/languages.ts';
import {
  closureNoteField,
  type ClosureNotes,
  type ClosureTranslationsAnswer,
} from '../../../shared/schemas/closure-translations.ts';
import {
  CLOSURE_NOTE_MAX,
  italianDate,
  type OpeningHoursAnswer,
} from '../../../shared/schemas/opening-hours.ts';
import { LoadedPanel, useStaffSave, type Loading } from '../../staff/index.ts';
import {
  FieldTranslationsReview,
  type LanguageFieldsReview,
  type ReviewField,
  TranslationsSection,
  useTranslationPoll,
} from '../../staff-kit/index.ts';
import { removeClosureTranslation, saveClosureTranslation } from './opening-hours-api.ts';
import { HOURS_TEXTS as T } from './opening-hours-texts.ts';

type Translations = ClosureTranslationsAnswer['translations'];

const period = (closure: { from: string; to: string }) =>
  closure.from === closure.to
    ? T.noteOfDay(italianDate(closure.from))
    : T.noteOfPeriod(italianDate(closure.from), italianDate(closure.to));

/**
 * The closure notes' translations in the review every translated text uses
 * (translations/field-translations-review.tsx): a field per noted closure,
 * its Italian from the hours as stored, each language's machine and staff
 * texts from GET /api/opening-hours/translations.
 */
export function ClosureNotesReview({
  hours,
  translations,
}: {
  hours: OpeningHoursAnswer;
  translations: Loading<Translations>;
}) {
  const noted = hours.closures.filter((closure) => closure.note !== null);
  if (noted.length === 0) return null;
  return (
    <TranslationsSection
      className="hours-editor__translations"
      title={T.translations}
      intro={T.translationsIntro}
    >
      <LoadedPanel
        loading={translations}
        texts={{
          loading: T.translationsLoading,
          loadFailed: T.translationsLoadFailed,
          retry: T.retry,
        }}
      >
        {(data, setData) => (
          <NotesReview
            hours={hours}
            translations={data}
            setTranslations={(next) => setData(() => next)}
          />
        )}
      </LoadedPanel>
    </TranslationsSection>
  );
}

function NotesReview({
  hours,
  translations,
  setTranslations,
}: {
  hours: OpeningHoursAnswer;
  translations: Translations;
  setTranslations: (translations: Translations) => void;
}) {
  const { save } = useStaffSave();
  const { fields, reviews } = useMemo(() => {
    const noted = hours.closures.filter((closure) => closure.note !== null);
    const fields: ReviewField<string>[] = noted.map((closure) => ({
      key: closureNoteField(closure),
      label: period(closure),
      rows: 2,
      maxLength: CLOSURE_NOTE_MAX,
    }));
    const reviews: LanguageFieldsReview<string>[] = translations.map((language) => ({
      lang: language.lang,
      fields: Object.fromEntries(
        noted.map((closure) => {
          const key = closureNoteField(closure);
          const staff = language.staff?.[key] ?? null;
          return [
            key,
            {
              italian: closure.note!,
              machine: language.machine?.[key] ?? null,
              staff,
              // Per language: a note without staff's current text may be the one corrected before.
              staffStale: language.staffStale && staff === null,
            },
          ];
        }),
      ),
    }));
    return { fields, reviews };
  }, [hours, translations]);
  const machineSeen = reviews.some((review) =>
    Object.values(review.fields).some((field) => field.machine !== null),
  );
  useTranslationPoll(
    machineSeen &&
      reviews.some((review) =>
        Object.values(review.fields).some((field) => field.machine === null),
      ),
  );

  return (
    <FieldTranslationsReview
      fields={fields}
      reviews={reviews}
      pending={machineSeen}
      onSave={async (lang: TargetLang, notes, italian) => {
        const result = await save(
          (token) =>
            saveClosureTranslation(token, lang, notes as ClosureNotes, italian as ClosureNotes),
          { then: false, onSaved: setTranslations, success: T.translationSaved },
        );
        return result?.ok === true;
      }}
      onReset={async (lang) => {
        const result = await save((token) => removeClosureTranslation(token, lang), {
          then: false,
          onSaved: setTranslations,
          success: T.translationReset,
        });
        return result?.ok === true;
      }}
    />
  );
}
