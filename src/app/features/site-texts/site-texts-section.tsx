import { useId, useMemo, type FormEvent } from 'react';
import {
  SITE_TEXT_KEYS,
  SITE_TEXT_MAX,
  type SiteTextKey,
} from '../../../shared/schemas/site-texts.ts';
import { FormProblems } from '../../components/form-problems.tsx';
import { showToast } from '../../components/toasts.tsx';
import {
  LoadedPanel,
  SaveBar,
  StaffPanel,
  useCheckedSave,
  useDraft,
  useStaffSave,
  type Loading,
} from '../../staff/index.ts';
import {
  FieldTranslationsReview,
  type ReviewField,
  TranslationsSection,
  useTranslationPoll,
} from '../../staff-kit/index.ts';
import {
  removeSiteTextsTranslation,
  saveSiteTexts,
  saveSiteTextsTranslation,
  type SiteTexts,
  type TextsReview,
} from './site-texts-api.ts';
import { SITE_TEXT_FIELDS, SITE_TEXTS_TEXTS as T } from './site-texts-texts.ts';

type Group = keyof typeof T.groups;
type Texts = Record<SiteTextKey, string>;

const groupOf = (key: SiteTextKey) => key.split('.')[0] as Group;

/** Every key's Italian as stored (`{years}` unfilled): each language's review names it. */
const italianOf = (review: TextsReview): Texts =>
  Object.fromEntries(
    SITE_TEXT_KEYS.map((key) => [key, review[0]?.fields[key].italian ?? '']),
  ) as Texts;

const same = (texts: Texts) => texts;

export interface SiteTextsData {
  review: Loading<TextsReview>;
}

/**
 * The back office's "Testi del sito" section (/dashboard/texts): the
 * restaurant's own words on the home and about-us pages and each page's
 * description, in Italian, then their translations to check.
 */
export function SiteTextsSection({ data }: { data: SiteTextsData }) {
  return (
    <StaffPanel title={T.title} intro={T.intro} heading="h1" className="site-texts">
      <LoadedPanel
        loading={data.review}
        texts={{ loading: T.loading, loadFailed: T.loadFailed, retry: T.retry }}
      >
        {(review, setReview) => <TextsAndTranslations review={review} setReview={setReview} />}
      </LoadedPanel>
    </StaffPanel>
  );
}

function TextsAndTranslations({
  review,
  setReview,
}: {
  review: TextsReview;
  setReview: (update: (review: TextsReview) => TextsReview) => void;
}) {
  // One object while the review is the same: the form's draft starts again only when it changes.
  const italian = useMemo(() => italianOf(review), [review]);
  return (
    <>
      <TextsForm italian={italian} />
      <TextsTranslations review={review} setReview={setReview} />
    </>
  );
}

function TextsForm({ italian }: { italian: Texts }) {
  const id = useId();
  const { submit, busy, problems } = useCheckedSave();
  const { draft, setDraft, dirty, keep } = useDraft(italian, same);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const changed: SiteTexts = Object.fromEntries(
      SITE_TEXT_KEYS.filter((key) => draft[key] !== italian[key]).map((key) => [key, draft[key]]),
    );
    if (Object.keys(changed).length === 0) {
      event.preventDefault();
      void showToast('info', T.nothingChanged);
      return;
    }
    await submit(event, [], (token) => saveSiteTexts(token, changed), {
      success: T.saved,
      onSaved: (answer) => keep(answer.texts),
    });
  }

  return (
    <form className="staff-form site-texts__form" onSubmit={onSubmit} aria-busy={busy} noValidate>
      <p className="staff-hint">{T.yearsNote}</p>
      {(Object.keys(T.groups) as Group[]).map((group) => (
        <fieldset key={group} className="staff-fieldset">
          <legend>{T.groups[group]}</legend>
          {SITE_TEXT_KEYS.filter((key) => groupOf(key) === group).map((key) => {
            const { label, long, hint } = SITE_TEXT_FIELDS[key];
            const fieldId = `${id}-${key}`;
            const props = {
              id: fieldId,
              name: key,
              maxLength: SITE_TEXT_MAX,
              value: draft[key],
              'aria-describedby': hint ? `${fieldId}-hint` : undefined,
              onChange: (event: { target: { value: string } }) =>
                setDraft((current) => ({ ...current, [key]: event.target.value })),
            };
            return (
              <div key={key} className="staff-field">
                <label htmlFor={fieldId}>{label}</label>
                {long ? <textarea rows={4} {...props} /> : <input type="text" {...props} />}
                {hint ? (
                  <p className="staff-hint" id={`${fieldId}-hint`}>
                    {hint}
                  </p>
                ) : null}
              </div>
            );
          })}
        </fieldset>
      ))}
      <FormProblems title={T.fix} problems={problems} />
      <SaveBar
        label={T.save}
        savingLabel={T.saving}
        saving={busy}
        unsaved={dirty}
        unsavedNote={T.unsaved}
      />
    </form>
  );
}

const REVIEW_FIELDS: readonly ReviewField<SiteTextKey>[] = SITE_TEXT_KEYS.map((key) => ({
  key,
  label: SITE_TEXT_FIELDS[key].label,
  rows: SITE_TEXT_FIELDS[key].long ? 4 : 1,
  maxLength: SITE_TEXT_MAX,
  hint: SITE_TEXT_FIELDS[key].hint,
}));

function TextsTranslations({
  review,
  setReview,
}: {
  review: TextsReview;
  setReview: (update: (review: TextsReview) => TextsReview) => void;
}) {
  const { save } = useStaffSave();
  const fields = review.flatMap((entry) => Object.values(entry.fields));
  const machineSeen = fields.some((field) => field.machine !== null);
  useTranslationPoll(machineSeen && fields.some((field) => field.machine === null));

  return (
    <TranslationsSection
      className="site-texts__translations"
      title={T.translations}
      intro={T.translationsIntro}
    >
      <FieldTranslationsReview
        fields={REVIEW_FIELDS}
        reviews={review}
        pending={machineSeen}
        onSave={async (lang, texts, shown) => {
          const result = await save(
            (token) => saveSiteTextsTranslation(token, lang, texts, shown),
            {
              then: false,
              onSaved: (answer) => setReview(() => answer),
              success: T.translationSaved,
            },
          );
          return result?.ok === true;
        }}
        onReset={async (lang) => {
          const result = await save((token) => removeSiteTextsTranslation(token, lang), {
            then: false,
            onSaved: (answer) => setReview(() => answer),
            success: T.translationReset,
          });
          return result?.ok === true;
        }}
      />
    </TranslationsSection>
  );
}
