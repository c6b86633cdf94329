import { useEffect, useMemo, useState } from 'react';
import type { TargetLang } from '../../../shared/languages.ts';
import { answered, LoadedPanel, useStaffSave, useUser, StaffPanel } from '../../staff/index.ts';
import {
  DAILY_MENU_FIELD_MAX,
  sameDailyMenu,
  type DailyMenuField,
  type DailyMenuFields,
} from './daily-menu-api.ts';
import {
  fetchOverview,
  italianChangedMeanwhile,
  removeTranslation,
  saveTranslation,
  type LanguageReview,
  type TranslationsOverview,
} from './translations-api.ts';
import {
  FieldTranslationsReview,
  LANGUAGE_NAMES,
  type FieldReview,
  type LanguageFieldsReview,
  type ReviewField,
  type ReviewTexts,
  type Texts,
  useLoad,
} from '../../staff-kit/index.ts';
import { TRANSLATIONS_TEXTS as T } from './translations-texts.ts';

/** The daily menu's texts as the review shows them: a title, then two comma-separated lists. */
const REVIEW_FIELDS: readonly ReviewField<DailyMenuField>[] = [
  { key: 'titolo', label: T.titolo, rows: 2, maxLength: DAILY_MENU_FIELD_MAX },
  {
    key: 'descrizione',
    label: T.piatti,
    rows: 3,
    maxLength: DAILY_MENU_FIELD_MAX,
    hint: T.commaHint,
    list: true,
  },
  {
    key: 'infoAggiuntive',
    label: T.info,
    rows: 2,
    maxLength: DAILY_MENU_FIELD_MAX,
    hint: T.commaHint,
    list: true,
  },
];

const REVIEW_WORDS: ReviewTexts = {
  stale: T.stale,
  staleDetail: T.staleDetail,
  pendingNote: T.pendingNote,
};

/** A language's review of the whole menu, field by field, as the review component reads it. */
function byField(
  review: LanguageReview,
  italian: DailyMenuFields,
): LanguageFieldsReview<DailyMenuField> {
  const fieldOf = (key: DailyMenuField): FieldReview => ({
    italian: italian[key],
    machine: review.machine?.[key] ?? null,
    staff: review.staff?.[key] ?? null,
    staffStale: review.staffStale,
  });
  return {
    lang: review.lang,
    fields: {
      titolo: fieldOf('titolo'),
      descrizione: fieldOf('descrizione'),
      infoAggiuntive: fieldOf('infoAggiuntive'),
    },
  };
}

/** How often, and how many times, the review asks again while the server translates. */
export const POLL_INTERVAL_MS = 2000;
export const MAX_POLLS = 10;

/** Told by the dashboard each time the daily-menu form is submitted, with what was sent. */
export interface MenuSaveSignal {
  seq: number;
  fields: DailyMenuFields;
}

function isEmptyMenu(menu: DailyMenuFields): boolean {
  return !menu.titolo.trim() && !menu.descrizione.trim() && !menu.infoAggiuntive.trim();
}

/**
 * Done waiting: the save has landed (the server's Italian is what was sent)
 * and every language has its machine translation.
 */
function settled(data: TranslationsOverview, expected: DailyMenuFields | null): boolean {
  if (expected && !sameDailyMenu(data.italian, expected)) return false;
  return isEmptyMenu(data.italian) || data.translations.every((entry) => entry.machine !== null);
}

interface Poll {
  /** What the form sent; null: waiting for translations only. */
  expected: DailyMenuFields | null;
}

/** Some language has a machine translation: a provider is configured. */
function machineTranslated(data: TranslationsOverview): boolean {
  return data.translations.some((entry) => entry.machine !== null);
}

/**
 * The staff review of the daily menu's translations: for each
 * language, the Italian next to the machine translation, what visitors see,
 * and a form to correct it. The server translates in the background after a
 * save, so the review asks again every 2 s for a while.
 */
export function TranslationsReview({
  saveSignal,
  pollIntervalMs = POLL_INTERVAL_MS,
  maxPolls = MAX_POLLS,
}: {
  saveSignal: MenuSaveSignal | null;
  /** Tests ask faster. */
  pollIntervalMs?: number;
  maxPolls?: number;
}) {
  const { token } = useUser();
  const [poll, setPoll] = useState<Poll | null>(null);
  const [lastSignal, setLastSignal] = useState(saveSignal);

  // A new save of the Italian menu: follow it until its translations are in.
  if (saveSignal !== lastSignal) {
    setLastSignal(saveSignal);
    if (saveSignal) setPoll({ expected: saveSignal.fields });
  }

  // The review loads itself (it is not a route: it sits on the daily menu's
  // page). A reload (someone changed the Italian meanwhile, or the session
  // changed) keeps what is on screen, typing included, until its answer is in.
  const review = useLoad(
    token ? 'overview' : null,
    (signal) => fetchOverview(token ?? '', signal),
    {
      onAnswer: (result) => {
        // Some languages translated, others not yet: the server is still at it.
        if (result.ok && machineTranslated(result.data) && !settled(result.data, null)) {
          setPoll((current) => current ?? { expected: null });
        }
      },
    },
  );
  const [loadedFor, setLoadedFor] = useState(token);
  if (token !== loadedFor) {
    setLoadedFor(token);
    if (token && loadedFor) review.reload();
  }
  const { answer } = review;
  /** The latest answer, handed to the panel once it is in; null before the first. */
  const loading = useMemo(() => (answer ? answered(answer) : null), [answer]);

  return (
    <StaffPanel title={T.title} intro={T.intro} id="traduzioni">
      {loading === null ? (
        <p role="status">{T.loading}</p>
      ) : (
        <LoadedPanel loading={loading} texts={T}>
          {(overview, setOverview) => (
            <Review
              data={overview}
              setData={setOverview}
              poll={poll}
              setPoll={setPoll}
              reload={review.reload}
              pollIntervalMs={pollIntervalMs}
              maxPolls={maxPolls}
            />
          )}
        </LoadedPanel>
      )}
    </StaffPanel>
  );
}

/** The loaded review: asks again while a poll runs, saves and resets a language's texts. */
function Review({
  data,
  setData,
  poll,
  setPoll,
  reload,
  pollIntervalMs,
  maxPolls,
}: {
  data: TranslationsOverview;
  setData: (update: (data: TranslationsOverview) => TranslationsOverview) => void;
  poll: Poll | null;
  setPoll: (update: (current: Poll | null) => Poll | null) => void;
  reload: () => void;
  pollIntervalMs: number;
  maxPolls: number;
}) {
  const { token } = useUser();
  const { save } = useStaffSave();
  /** Some language had a machine translation: a provider is configured. */
  const [providerSeen, setProviderSeen] = useState(false);
  if (!providerSeen && machineTranslated(data)) setProviderSeen(true);

  useEffect(() => {
    if (!poll || !token) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let count = 0;
    const stop = () => setPoll((current) => (current === poll ? null : current));
    const tick = () => {
      count += 1;
      fetchOverview(token, controller.signal).then(
        (result) => {
          // A failed poll stays silent: the form's own dialog reports a failed
          // save, and an expired session shows at the next action.
          if (result.ok) {
            setData(() => result.data);
            if (settled(result.data, poll.expected)) return stop();
          }
          if (count >= maxPolls) return stop();
          timer = setTimeout(tick, pollIntervalMs);
        },
        () => {
          // aborted
        },
      );
    };
    timer = setTimeout(tick, pollIntervalMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [poll, token, pollIntervalMs, maxPolls, setData, setPoll]);

  function update(translations: LanguageReview[]) {
    setData((current) => ({ ...current, translations }));
  }

  // A conflict loads the review again, not the page.
  async function onSave(lang: TargetLang, texts: Texts<DailyMenuField>): Promise<boolean> {
    const fields: DailyMenuFields = {
      titolo: texts.titolo ?? '',
      descrizione: texts.descrizione ?? '',
      infoAggiuntive: texts.infoAggiuntive ?? '',
    };
    // The Italian as the review showed it: a colleague's change meanwhile is refused (409).
    const result = await save((token) => saveTranslation(token, lang, fields, data.italian), {
      then: false,
      reloadOn: [],
      // The server's refusal says what happened (the generic handler); the new
      // Italian then shows next to what staff typed, which stays in the form.
      onFailure: (failure) => {
        if (italianChangedMeanwhile(failure)) reload();
        return false;
      },
      onSaved: update,
      success: T.saved(LANGUAGE_NAMES[lang].inName),
    });
    return result?.ok === true;
  }

  async function onReset(lang: TargetLang): Promise<boolean> {
    const result = await save((token) => removeTranslation(token, lang), {
      then: false,
      reloadOn: [],
      onSaved: update,
      success: (answer) =>
        T.removed(
          LANGUAGE_NAMES[lang].inName,
          !!answer.find((item) => item.lang === lang)?.machine,
        ),
    });
    return result?.ok === true;
  }

  const waiting = poll !== null;
  return (
    <>
      {waiting ? (
        <p className="staff-hint staff-translations__progress" role="status">
          {T.refreshing}
        </p>
      ) : null}
      {isEmptyMenu(data.italian) ? (
        <p>{T.emptyMenu}</p>
      ) : (
        <FieldTranslationsReview
          fields={REVIEW_FIELDS}
          reviews={data.translations.map((review) => byField(review, data.italian))}
          pending={waiting || providerSeen}
          texts={REVIEW_WORDS}
          wholeRecord
          onSave={onSave}
          onReset={onReset}
        />
      )}
    </>
  );
}
