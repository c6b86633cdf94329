import { useId, useRef, useState, type FormEvent } from 'react';
import {
  DEFAULT_RESERVATION_SETTINGS,
  reservationSettingsBody,
  type ReservationSettings,
  type ReservationSettingsAnswer,
} from '../../../shared/schemas/reservations.ts';
import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import { showToast } from '../../components/toasts.tsx';
import {
  issuesOf,
  LoadedPanel,
  NumberField,
  SaveBar,
  typedNumber,
  useCheckedSave,
  useDraft,
  useStaffSave,
  type Loading,
  StaffPanel,
} from '../../staff/index.ts';
import { rotateCalendarFeed, saveReservationSettings } from './reservations-office-api.ts';
import { RESERVATIONS_TEXTS, SETTINGS_TEXTS as T } from './reservations-office-texts.ts';
import { FormProblems } from '../../components/form-problems.tsx';
import { TurnByPartyField, turnRowsOf, turnsOf, type TurnRow } from './turn-by-party-field.tsx';
import { isReviewsField, ReviewRequestsField } from './review-requests-field.tsx';

/** The settings typed as numbers, in the form's order. */
const NUMBERS = [
  'coversPerSlot',
  'turnMinutes',
  'minNoticeMinutes',
  'horizonDays',
  'maxPartyOnline',
  'retentionMonths',
] as const;
type NumberSetting = (typeof NUMBERS)[number];

/**
 * What "fino a N persone" starts from when the owner first switches automatic
 * confirmation on: a table for four, the party a restaurant seats without a
 * second look.
 */
const AUTO_CONFIRM_SUGGESTION = 4;

/** The form's state: numbers as typed, the switch apart from its party size, the turns' rows. */
type Draft = Record<NumberSetting, string> & {
  autoConfirm: boolean;
  autoConfirmMaxParty: string;
  turns: TurnRow[];
  areaChoice: boolean;
  reviewsEnabled: boolean;
  reviewsUrl: string;
};

const draftOf = (settings: ReservationSettings): Draft => ({
  ...(Object.fromEntries(NUMBERS.map((key) => [key, String(settings[key] ?? '')])) as Record<
    NumberSetting,
    string
  >),
  autoConfirm: settings.autoConfirmMaxParty !== null,
  autoConfirmMaxParty: String(settings.autoConfirmMaxParty ?? AUTO_CONFIRM_SUGGESTION),
  turns: turnRowsOf(settings.turnByParty),
  areaChoice: settings.areaChoice,
  reviewsEnabled: settings.reviews.enabled,
  reviewsUrl: settings.reviews.url,
});

const bodyOf = (draft: Draft): unknown => ({
  ...Object.fromEntries(NUMBERS.map((key) => [key, typedNumber(draft[key])])),
  // Empty: no pace (table mode only; the server refuses it while the plan has no table).
  coversPerSlot: draft.coversPerSlot.trim() === '' ? null : typedNumber(draft.coversPerSlot),
  autoConfirmMaxParty: draft.autoConfirm ? typedNumber(draft.autoConfirmMaxParty) : null,
  turnByParty: turnsOf(draft.turns, typedNumber),
  areaChoice: draft.areaChoice,
  reviews: { enabled: draft.reviewsEnabled, url: draft.reviewsUrl.trim() },
});

/** The same zod schema as the server's, with its Italian messages. */

/** The owner's settings and the secret calendar address (the route asks for them for owners only). */
export function ReservationSettingsPanel({
  settings,
}: {
  settings: Loading<ReservationSettingsAnswer>;
}) {
  return (
    <StaffPanel title={T.title} intro={T.intro}>
      <LoadedPanel
        loading={settings}
        texts={{ loading: T.loading, loadFailed: T.loadFailed, retry: RESERVATIONS_TEXTS.retry }}
      >
        {(data, setData) => (
          <>
            <SettingsForm settings={data} />
            <CalendarFeed
              url={data.calendarFeedUrl}
              onRotated={(answer) => setData((current) => ({ ...current, ...answer }))}
            />
          </>
        )}
      </LoadedPanel>
    </StaffPanel>
  );
}

function SettingsForm({ settings }: { settings: ReservationSettings }) {
  const id = useId();
  const { submit, busy, problems } = useCheckedSave();
  // New settings from the server (saved here or by another owner): shown, unless being edited.
  const { draft, setDraft, dirty, keep } = useDraft(settings, draftOf);

  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  // The review link's messages, shown under it too (the list above the button has them all).
  const [reviewProblems, setReviewProblems] = useState<string[]>([]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = reservationSettingsBody.safeParse(bodyOf(draft));
    setReviewProblems(
      (parsed.error?.issues ?? [])
        .filter((issue) => isReviewsField(issue.path.join('.')))
        .map((issue) => issue.message),
    );
    // Sent only when the check passed: the numbers as the schema reads them.
    await submit(event, issuesOf(parsed), (token) => saveReservationSettings(token, parsed.data!), {
      onSaved: keep,
      success: T.saved,
      onInvalid: (fields) =>
        setReviewProblems(
          Object.entries(fields).flatMap(([field, messages]) =>
            isReviewsField(field) ? messages : [],
          ),
        ),
    });
  }

  const hintOf = (key: string) => `${id}-${key}-hint`;
  const numberField = (key: NumberSetting) => (
    <NumberField
      key={key}
      id={`${id}-${key}`}
      label={T[key]}
      value={draft[key]}
      hint={`${T[`${key}Hint`]} ${T.defaultIs(DEFAULT_RESERVATION_SETTINGS[key])}`}
      onChange={(value) => set({ [key]: value })}
    />
  );

  return (
    <form className="staff-form staff-form--grid" onSubmit={onSubmit} aria-busy={busy} noValidate>
      <div className="staff-field">
        <label htmlFor={`${id}-coversPerSlot`}>{T.coversPerSlot}</label>
        <input
          id={`${id}-coversPerSlot`}
          type="text"
          inputMode="numeric"
          placeholder={T.noPace}
          value={draft.coversPerSlot}
          aria-describedby={`${id}-coversPerSlot-hint`}
          onChange={(event) => set({ coversPerSlot: event.target.value })}
        />
        <p className="staff-hint" id={`${id}-coversPerSlot-hint`}>
          {T.coversPerSlotHint} {T.defaultIs(DEFAULT_RESERVATION_SETTINGS.coversPerSlot)}{' '}
          {T.coversPerSlotTablesHint}
        </p>
      </div>
      {NUMBERS.slice(1, 5).map(numberField)}
      <div className="staff-field bookings__auto">
        <label className="staff-switch">
          <input
            type="checkbox"
            role="switch"
            checked={draft.autoConfirm}
            aria-describedby={hintOf('autoConfirm')}
            onChange={(event) => set({ autoConfirm: event.target.checked })}
          />
          {T.autoConfirm}
          {/* The switch itself says whether it is on: this is for the eye. */}
          <span className="bookings__switch-state" aria-hidden="true">
            {draft.autoConfirm ? T.autoConfirmOn : T.autoConfirmOff}
          </span>
        </label>
        {draft.autoConfirm ? (
          <p className="bookings__up-to">
            <label htmlFor={`${id}-up-to`}>{T.autoConfirmUpTo}</label>
            <input
              id={`${id}-up-to`}
              type="text"
              inputMode="numeric"
              required
              aria-label={T.autoConfirmMaxParty}
              value={draft.autoConfirmMaxParty}
              onChange={(event) => set({ autoConfirmMaxParty: event.target.value })}
            />
            <span>{T.autoConfirmPersons}</span>
          </p>
        ) : null}
        <p className="staff-hint" id={hintOf('autoConfirm')}>
          {T.autoConfirmHint} {T.defaultIs(T.autoConfirmOff.toLowerCase())}
        </p>
      </div>
      <TurnByPartyField rows={draft.turns} onChange={(turns) => set({ turns })} />
      <div className="staff-field">
        <label className="staff-switch">
          <input
            type="checkbox"
            checked={draft.areaChoice}
            aria-describedby={hintOf('areaChoice')}
            onChange={(event) => set({ areaChoice: event.target.checked })}
          />
          {T.areaChoice}
        </label>
        <p className="staff-hint" id={hintOf('areaChoice')}>
          {T.areaChoiceHint}
        </p>
      </div>
      {numberField('retentionMonths')}
      <ReviewRequestsField
        enabled={draft.reviewsEnabled}
        url={draft.reviewsUrl}
        problems={reviewProblems}
        onChange={set}
      />
      <FormProblems
        title={T.fix}
        problems={problems}
        className="staff-field--wide bookings__problems"
      />
      <SaveBar
        label={T.save}
        savingLabel={T.saving}
        saving={busy}
        unsaved={dirty}
        unsavedNote={T.unsaved}
        className="staff-field--wide"
      />
    </form>
  );
}

/** The secret address of the confirmed bookings' calendar: copied to a phone, replaced when it leaks. */
function CalendarFeed({
  url,
  onRotated,
}: {
  url: string;
  onRotated: (answer: ReservationSettingsAnswer) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { save } = useStaffSave();

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      void showToast('success', T.copied);
    } catch {
      // No clipboard (an old browser, a page not allowed to write it): the
      // address is selected, for the phone's own copy menu.
      input.current?.select();
      void showToast('warning', T.copyFailed);
    }
  }

  async function rotate() {
    await save(rotateCalendarFeed, { onSaved: onRotated, success: T.rotated });
  }

  return (
    <section className="bookings__feed" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="staff-panel__subtitle">
        {T.feedTitle}
      </h3>
      <p className="staff-panel__intro">{T.feedIntro}</p>
      <div className="staff-field">
        <label htmlFor={`${id}-url`}>{T.feedUrl}</label>
        <input
          id={`${id}-url`}
          ref={input}
          type="url"
          readOnly
          value={url}
          aria-describedby={`${id}-secret`}
          onFocus={(event) => event.target.select()}
        />
        <p className="staff-hint" id={`${id}-secret`}>
          {T.feedSecret}
        </p>
      </div>
      <div className="staff-form__actions bookings__feed-actions">
        <button
          type="button"
          className="staff-button staff-button--small"
          onClick={() => void copy()}
        >
          {T.copy}
        </button>
        <ConfirmedAction
          label={T.rotate}
          question={T.rotateQuestion}
          confirmLabel={T.rotateYes}
          cancelLabel={RESERVATIONS_TEXTS.back}
          danger
          onConfirm={rotate}
        />
      </div>
    </section>
  );
}
