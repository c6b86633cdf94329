import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';
import { showToast } from '../../components/toasts.tsx';
import { splitList } from '../../../shared/lists.ts';
import type { ApiFailure } from '../../api/client.ts';
import { useApiErrorHandler, useUser } from '../auth/index.ts';
import {
  DAILY_MENU_FIELD_MAX,
  EMPTY_DAILY_MENU,
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
import { LANGUAGE_NAMES, TRANSLATIONS_TEXTS as T } from './translations-texts.ts';

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
  const id = useId();
  const { token } = useUser();
  const handleFailure = useApiErrorHandler();
  const [data, setData] = useState<TranslationsOverview | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  /** Some language had a machine translation: a provider is configured. */
  const [providerSeen, setProviderSeen] = useState(false);
  const [poll, setPoll] = useState<Poll | null>(null);
  const [lastSignal, setLastSignal] = useState(saveSignal);
  /** Bumped to load the review again (someone changed the Italian meanwhile). */
  const [loads, setLoads] = useState(0);

  // A new save of the Italian menu: follow it until its translations are in.
  if (saveSignal !== lastSignal) {
    setLastSignal(saveSignal);
    if (saveSignal) setPoll({ expected: saveSignal.fields });
  }

  const receive = useEffectEvent((overview: TranslationsOverview) => {
    setData(overview);
    setLoadFailed(false);
    if (overview.translations.some((entry) => entry.machine !== null)) setProviderSeen(true);
  });
  const onLoadFailure = useEffectEvent((failure: ApiFailure) => {
    setLoadFailed(true);
    handleFailure(failure);
  });

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    fetchOverview(token, controller.signal).then(
      (result) => {
        if (!result.ok) {
          onLoadFailure(result.failure);
          return;
        }
        receive(result.data);
        // Some languages translated, others not yet: the server is still at it.
        const { translations } = result.data;
        if (translations.some((entry) => entry.machine !== null) && !settled(result.data, null)) {
          setPoll((current) => current ?? { expected: null });
        }
      },
      () => {
        // aborted: the component went away
      },
    );
    return () => controller.abort();
  }, [token, loads]);

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
            receive(result.data);
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
  }, [poll, token, pollIntervalMs, maxPolls]);

  function update(translations: LanguageReview[]) {
    setData((current) => (current ? { ...current, translations } : current));
  }

  const waiting = poll !== null;
  return (
    <section className="staff-panel" aria-labelledby={`${id}-title`} id="traduzioni">
      <h2 id={`${id}-title`} className="staff-panel__title">
        {T.title}
      </h2>
      <p className="staff-panel__intro">{T.intro}</p>
      {waiting && data ? (
        <p className="staff-hint staff-translations__progress" role="status">
          {T.refreshing}
        </p>
      ) : null}
      {data === null ? (
        <p role="status">{loadFailed ? T.loadFailed : T.loading}</p>
      ) : isEmptyMenu(data.italian) ? (
        <p>{T.emptyMenu}</p>
      ) : (
        <div className="staff-translations">
          {data.translations.map((review) => (
            <LanguagePanel
              key={review.lang}
              review={review}
              italian={data.italian}
              pending={waiting || providerSeen}
              onUpdate={update}
              onItalianChanged={() => setLoads((count) => count + 1)}
            />
          ))}
        </div>
      )}
    </section>
  );
}

type Status = 'staff' | 'machine' | 'pending' | 'none';

const BADGES: Record<Status, string> = {
  staff: T.badgeStaff,
  machine: T.badgeMachine,
  pending: T.badgePending,
  none: T.badgeNone,
};

function LanguagePanel({
  review,
  italian,
  pending,
  onUpdate,
  onItalianChanged,
}: {
  review: LanguageReview;
  italian: DailyMenuFields;
  /** A machine translation is expected (a provider is configured, or a save is being followed). */
  pending: boolean;
  onUpdate: (translations: LanguageReview[]) => void;
  /** The server refused a save: the Italian shown here is no longer the menu's. */
  onItalianChanged: () => void;
}) {
  const id = useId();
  const { token } = useUser();
  const handleFailure = useApiErrorHandler();
  const names = LANGUAGE_NAMES[review.lang];
  const base = review.staff ?? review.machine ?? EMPTY_DAILY_MENU;
  const [draft, setDraft] = useState(base);
  const [shownBase, setShownBase] = useState(base);
  const [open, setOpen] = useState(review.staffStale);
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null);

  // The server's text changed (a machine translation arrived, the Italian
  // changed): refill the form, unless staff have typed in it.
  if (!sameDailyMenu(base, shownBase)) {
    setShownBase(base);
    if (sameDailyMenu(draft, shownBase)) setDraft(base);
  }

  const status: Status = review.staff
    ? 'staff'
    : review.machine
      ? 'machine'
      : pending
        ? 'pending'
        : 'none';
  const shown = review.staff ?? review.machine;
  const dirty = !sameDailyMenu(draft, base);

  function change(field: DailyMenuField, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !token) return;
    const fields: DailyMenuFields = {
      titolo: draft.titolo.trim(),
      descrizione: draft.descrizione.trim(),
      infoAggiuntive: draft.infoAggiuntive.trim(),
    };
    setBusy('save');
    const result = await saveTranslation(token, review.lang, fields, italian);
    setBusy(null);
    if (!result.ok) {
      // The server's refusal says what happened; the new Italian then shows
      // next to what staff typed, which stays in the form.
      handleFailure(result.failure);
      if (italianChangedMeanwhile(result.failure)) onItalianChanged();
      return;
    }
    const saved = result.data.find((entry) => entry.lang === review.lang)?.staff ?? fields;
    setDraft(saved);
    onUpdate(result.data);
    void showToast('success', T.saved(names.inName));
  }

  async function onRemove() {
    if (busy || !token) return;
    setBusy('remove');
    const result = await removeTranslation(token, review.lang);
    setBusy(null);
    if (!result.ok) {
      handleFailure(result.failure);
      return;
    }
    const entry = result.data.find((item) => item.lang === review.lang);
    setDraft(entry?.staff ?? entry?.machine ?? EMPTY_DAILY_MENU);
    onUpdate(result.data);
    void showToast('success', T.removed(names.inName, !!entry?.machine));
  }

  const bodyId = `${id}-body`;
  const fieldProps = (field: DailyMenuField) => ({
    id: `${id}-${field}`,
    name: field,
    lang: review.lang,
    maxLength: DAILY_MENU_FIELD_MAX,
    // Whatever the Italian has, the translation needs too.
    required: italian[field].trim() !== '',
    value: draft[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
  });

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
            {shown.titolo || T.emptyValue}
          </q>
        </p>
      ) : status === 'pending' ? (
        <p className="staff-translation__preview">{T.pendingNote}</p>
      ) : null}
      {review.staffStale ? (
        <div className="staff-warning">
          <p className="staff-warning__title">{T.stale}</p>
          <p>{T.staleDetail}</p>
        </div>
      ) : null}
      {open ? (
        <div id={bodyId} className="staff-translation__body">
          <div className="staff-compare">
            <div className="staff-compare__column">
              <h4 className="staff-compare__title">{T.italian}</h4>
              <MenuText menu={italian} lang="it" />
            </div>
            <div className="staff-compare__column">
              <h4 className="staff-compare__title">{T.machine}</h4>
              {review.machine ? (
                <MenuText menu={review.machine} lang={review.lang} />
              ) : (
                <p className="staff-hint">{pending ? T.machinePending : T.machineNone}</p>
              )}
            </div>
          </div>
          <form
            className="staff-form staff-translation__form"
            onSubmit={onSubmit}
            aria-busy={!!busy}
          >
            <fieldset className="staff-fieldset">
              <legend>{T.legend(names.inName)}</legend>
              <div className="staff-field">
                <label htmlFor={`${id}-titolo`}>{T.titolo}</label>
                <textarea rows={2} {...fieldProps('titolo')} />
              </div>
              <div className="staff-field">
                <label htmlFor={`${id}-descrizione`}>{T.piatti}</label>
                <textarea
                  rows={3}
                  aria-describedby={`${id}-descrizione-hint`}
                  {...fieldProps('descrizione')}
                />
                <p className="staff-hint" id={`${id}-descrizione-hint`}>
                  {T.commaHint}
                </p>
              </div>
              <div className="staff-field">
                <label htmlFor={`${id}-infoAggiuntive`}>{T.info}</label>
                <textarea
                  rows={2}
                  aria-describedby={`${id}-infoAggiuntive-hint`}
                  {...fieldProps('infoAggiuntive')}
                />
                <p className="staff-hint" id={`${id}-infoAggiuntive-hint`}>
                  {T.commaHint}
                </p>
              </div>
            </fieldset>
            <div className="staff-form__actions">
              <button type="submit" className="staff-button" disabled={busy !== null}>
                {busy === 'save' ? T.busy : T.save}
              </button>
              {review.staff || review.staffStale ? (
                <button
                  type="button"
                  className="staff-button staff-button--ghost"
                  disabled={busy !== null}
                  onClick={() => void onRemove()}
                >
                  {busy === 'remove' ? T.busy : T.useMachine}
                </button>
              ) : null}
              {dirty ? (
                <p className="staff-draft" role="status">
                  {T.unsaved}
                </p>
              ) : null}
            </div>
          </form>
        </div>
      ) : null}
    </div>
  );
}

/** A daily menu as title, list of dishes and list of extras (read-only). */
function MenuText({ menu, lang }: { menu: DailyMenuFields; lang: string }) {
  const dishes = splitList(menu.descrizione);
  const extras = splitList(menu.infoAggiuntive);
  const list = (items: string[]) =>
    items.length > 0 ? (
      <ul lang={lang}>
        {items.map((item, index) => (
          <li key={`${index}-${item}`}>{item}</li>
        ))}
      </ul>
    ) : (
      T.emptyValue
    );
  return (
    <dl className="staff-menu-text">
      <dt>{T.titolo}</dt>
      <dd lang={lang}>{menu.titolo.trim() || T.emptyValue}</dd>
      <dt>{T.piatti}</dt>
      <dd>{list(dishes)}</dd>
      <dt>{T.info}</dt>
      <dd>{list(extras)}</dd>
    </dl>
  );
}
