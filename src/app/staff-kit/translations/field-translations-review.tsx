import { useId, useState, type FormEvent } from 'react';
import { SaveBar } from '../../staff/index.ts';
import type { TargetLang } from '../../../shared/languages.ts';
import { splitList } from '../../../shared/lists.ts';
import { showToast } from '../../components/toasts.tsx';
import { LANGUAGE_NAMES, REVIEW_TEXTS as T } from './texts.ts';

/** One text of one language, as the translation engine reports it. */
export interface FieldReview {
  italian: string;
  /** The machine translation of the current Italian; null while computed or without a provider. */
  machine: string | null;
  /** Staff's translation of the current Italian; null if none. */
  staff: string | null;
  /** Staff had translated an earlier Italian text: shown no more, to be checked. */
  staffStale: boolean;
}

export interface LanguageFieldsReview<K extends string> {
  lang: TargetLang;
  fields: Record<K, FieldReview>;
}

/** A translated text as the review shows it: its label, and how big its box is. */
export interface ReviewField<K extends string> {
  key: K;
  label: string;
  rows: number;
  maxLength: number;
  hint?: string;
  /** A comma-separated list (dishes, extras): the sources show as a list. */
  list?: boolean;
}

/** Sentences a record may word in its own terms ("il menu in italiano…"). */
export interface ReviewTexts {
  stale: string;
  staleDetail: string;
  /** Shown while a machine translation is awaited and visitors see the Italian. */
  pendingNote?: string;
}

export type Texts<K extends string> = Partial<Record<K, string>>;

type Status = 'staff' | 'machine' | 'pending' | 'none';

const BADGES: Record<Status, string> = {
  staff: T.badgeStaff,
  machine: T.badgeMachine,
  pending: T.badgePending,
  none: T.badgeNone,
};

/**
 * The staff review of any translated record's texts (a dish, the daily
 * menu…): for each language, each field's Italian next to its machine
 * translation and a box to correct it. A correction is kept per field until
 * that field's Italian changes. The caller talks to the server:
 * `onSave` / `onReset` answer whether it worked, and the caller then
 * passes the new `reviews`.
 */
export function FieldTranslationsReview<K extends string>({
  fields,
  reviews,
  pending,
  onSave,
  onReset,
  texts = { stale: T.stale, staleDetail: T.staleDetail },
  wholeRecord = false,
}: {
  fields: readonly ReviewField<K>[];
  reviews: readonly LanguageFieldsReview<K>[];
  /** A machine translation is on its way (a provider is configured, or a save is being followed). */
  pending: boolean;
  onSave: (lang: TargetLang, texts: Texts<K>, italian: Texts<K>) => Promise<boolean>;
  onReset: (lang: TargetLang) => Promise<boolean>;
  texts?: ReviewTexts;
  /**
   * The record is translated whole (the daily menu): every field is saved
   * together and each is required where its Italian has text. Otherwise
   * (a dish) a field is staff's only where it differs from the machine's.
   */
  wholeRecord?: boolean;
}) {
  return (
    <div className="staff-translations">
      {reviews.map((review) => (
        <LanguagePanel
          key={review.lang}
          fields={fields}
          review={review}
          pending={pending}
          onSave={onSave}
          onReset={onReset}
          texts={texts}
          wholeRecord={wholeRecord}
        />
      ))}
    </div>
  );
}

/** What the form starts from: staff's text, else the machine's. */
function baseTexts<K extends string>(
  fields: readonly ReviewField<K>[],
  review: LanguageFieldsReview<K>,
): Record<K, string> {
  return Object.fromEntries(
    fields.map(({ key }) => [key, review.fields[key].staff ?? review.fields[key].machine ?? '']),
  ) as Record<K, string>;
}

const sameTexts = <K extends string>(a: Record<K, string>, b: Record<K, string>) =>
  (Object.keys(a) as K[]).every((key) => a[key] === b[key]);

function LanguagePanel<K extends string>({
  fields,
  review,
  pending,
  onSave,
  onReset,
  texts: words,
  wholeRecord,
}: {
  fields: readonly ReviewField<K>[];
  review: LanguageFieldsReview<K>;
  pending: boolean;
  onSave: (lang: TargetLang, texts: Texts<K>, italian: Texts<K>) => Promise<boolean>;
  onReset: (lang: TargetLang) => Promise<boolean>;
  texts: ReviewTexts;
  wholeRecord: boolean;
}) {
  const id = useId();
  const names = LANGUAGE_NAMES[review.lang];
  // Only the texts that exist in Italian have something to translate.
  const shownFields = fields.filter(({ key }) => review.fields[key].italian.trim() !== '');
  const base = baseTexts(fields, review);
  const [draft, setDraft] = useState(base);
  const [shownBase, setShownBase] = useState(base);
  const stale = shownFields.some(({ key }) => review.fields[key].staffStale);
  const [open, setOpen] = useState(stale);
  const [busy, setBusy] = useState<'save' | 'reset' | null>(null);

  // The server's text changed (a machine translation arrived, the Italian
  // changed): refill the form, unless staff have typed in it.
  if (!sameTexts(base, shownBase)) {
    setShownBase(base);
    if (sameTexts(draft, shownBase)) setDraft(base);
  }

  const hasStaff = shownFields.some(({ key }) => review.fields[key].staff !== null);
  const allMachine =
    shownFields.length > 0 && shownFields.every(({ key }) => review.fields[key].machine !== null);
  const status: Status = hasStaff ? 'staff' : allMachine ? 'machine' : pending ? 'pending' : 'none';
  const first = shownFields[0];
  const shown = first
    ? (review.fields[first.key].staff ?? review.fields[first.key].machine ?? null)
    : null;
  const dirty = !sameTexts(draft, base);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const texts: Texts<K> = {};
    const italian: Texts<K> = {};
    for (const { key } of wholeRecord ? fields : shownFields) {
      const typed = draft[key].trim();
      const entry = review.fields[key];
      // Field by field, staff's are those that differ from the machine's, or were staff's already.
      const untouched = typed === '' || (typed === (entry.machine ?? '') && entry.staff === null);
      if (!wholeRecord && untouched) continue;
      texts[key] = typed;
      italian[key] = entry.italian;
    }
    if (Object.keys(texts).length === 0) {
      void showToast('info', T.nothingToSave);
      return;
    }
    setBusy('save');
    // Saved: the form holds what the server now stores (trimmed), nothing left unsaved.
    if (await onSave(review.lang, texts, italian))
      setDraft((current) => ({ ...current, ...texts }));
    setBusy(null);
  }

  async function onUseMachine() {
    if (busy) return;
    setBusy('reset');
    // Back to the machine's texts, whatever was typed.
    if (await onReset(review.lang)) {
      setDraft(
        Object.fromEntries(
          fields.map(({ key }) => [key, review.fields[key].machine ?? '']),
        ) as Record<K, string>,
      );
    }
    setBusy(null);
  }

  const bodyId = `${id}-body`;
  return (
    <div className={`staff-translation staff-translation--${status}`}>
      <h3 className="staff-translation__heading">
        <button
          type="button"
          className="staff-translation__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="staff-translation__name">{names.name}</span>{' '}
          <span className={`staff-status staff-status--${status}`}>{BADGES[status]}</span>
        </button>
      </h3>
      {shown ? (
        <p className="staff-translation__preview">
          {T.visitorsSee}{' '}
          <q lang={review.lang} className="staff-translation__shown">
            {shown}
          </q>
        </p>
      ) : status === 'pending' && words.pendingNote ? (
        <p className="staff-translation__preview">{words.pendingNote}</p>
      ) : null}
      {stale ? (
        <div className="staff-warning">
          <p className="staff-warning__title">{words.stale}</p>
          <p>{words.staleDetail}</p>
        </div>
      ) : null}
      {open ? (
        <form
          id={bodyId}
          className="staff-form staff-translation__body staff-translation__form"
          onSubmit={onSubmit}
          aria-busy={!!busy}
        >
          <fieldset className="staff-fieldset">
            <legend>{T.legend(names.inName)}</legend>
            {shownFields.map(({ key, label, rows, maxLength, hint, list }) => {
              const entry = review.fields[key];
              const inputId = `${id}-${key}`;
              return (
                <div key={key} className="staff-field-review">
                  <p className="staff-field-review__label">{label}</p>
                  <dl className="staff-field-review__sources">
                    <dt>{T.italian}</dt>
                    <dd lang="it">
                      <SourceText text={entry.italian} list={list} />
                    </dd>
                    <dt>{T.machine}</dt>
                    <dd lang={review.lang}>
                      {entry.machine === null ? (
                        <span className="staff-hint">
                          {pending ? T.machinePending : T.machineNone}
                        </span>
                      ) : (
                        <SourceText text={entry.machine} list={list} />
                      )}
                    </dd>
                  </dl>
                  <div className="staff-field">
                    <label htmlFor={inputId}>{label}</label>
                    <textarea
                      id={inputId}
                      name={key}
                      lang={review.lang}
                      rows={rows}
                      maxLength={maxLength}
                      required={wholeRecord}
                      value={draft[key]}
                      aria-describedby={hint ? `${inputId}-hint` : undefined}
                      onChange={(event) =>
                        setDraft((current) => ({ ...current, [key]: event.target.value }))
                      }
                    />
                    {hint ? (
                      <p className="staff-hint" id={`${inputId}-hint`}>
                        {hint}
                      </p>
                    ) : null}
                  </div>
                </div>
              );
            })}
          </fieldset>
          <SaveBar
            label={T.save}
            savingLabel={T.busy}
            saving={busy === 'save'}
            disabled={busy !== null}
            unsaved={dirty}
            unsavedNote={T.unsaved}
          >
            {hasStaff || stale ? (
              <button
                type="button"
                className="staff-button staff-button--ghost"
                disabled={busy !== null}
                onClick={() => void onUseMachine()}
              >
                {busy === 'reset' ? T.busy : T.useMachine}
              </button>
            ) : null}
          </SaveBar>
        </form>
      ) : null}
    </div>
  );
}

/** A source text as read: plain, or a comma-separated list as a list. */
function SourceText({ text, list }: { text: string; list: boolean | undefined }) {
  if (!list) return text || T.emptyValue;
  const items = splitList(text);
  if (items.length === 0) return T.emptyValue;
  return (
    <ul>
      {items.map((item, index) => (
        <li key={`${index}-${item}`}>{item}</li>
      ))}
    </ul>
  );
}
