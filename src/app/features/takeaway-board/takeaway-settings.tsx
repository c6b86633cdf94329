import { useId, type FormEvent } from 'react';
import {
  DEFAULT_TAKEAWAY_SETTINGS,
  TAKEAWAY_SLOT_MINUTES,
  takeawaySettingsBody,
  type TakeawaySettings,
} from '../../../shared/schemas/takeaway.ts';
import { FormProblems } from '../../components/form-problems.tsx';
import {
  issuesOf,
  NumberField,
  SaveBar,
  StaffPanel,
  typedNumber,
  useCheckedSave,
  useDraft,
} from '../../staff/index.ts';
import { saveTakeawaySettings } from './takeaway-board-api.ts';
import { SETTINGS_TEXTS as T } from './takeaway-board-texts.ts';

/** The settings typed as numbers, in the form's order. */
const NUMBERS = ['oven', 'kitchen', 'prepMinutes', 'horizonDays'] as const;
type NumberSetting = (typeof NUMBERS)[number];
type Draft = Record<NumberSetting, string> & { enabled: boolean; slotMinutes: number };

const draftOf = (settings: TakeawaySettings): Draft => ({
  enabled: settings.enabled,
  slotMinutes: settings.slotMinutes,
  oven: String(settings.limits.oven),
  kitchen: String(settings.limits.kitchen),
  prepMinutes: String(settings.prepMinutes),
  horizonDays: String(settings.horizonDays),
});

const bodyOf = (draft: Draft): unknown => ({
  enabled: draft.enabled,
  slotMinutes: draft.slotMinutes,
  limits: { oven: typedNumber(draft.oven), kitchen: typedNumber(draft.kitchen) },
  prepMinutes: typedNumber(draft.prepMinutes),
  horizonDays: typedNumber(draft.horizonDays),
});

const DEFAULTS: Record<NumberSetting, number> = {
  ...DEFAULT_TAKEAWAY_SETTINGS.limits,
  prepMinutes: DEFAULT_TAKEAWAY_SETTINGS.prepMinutes,
  horizonDays: DEFAULT_TAKEAWAY_SETTINGS.horizonDays,
};

/**
 * The owner's takeaway settings: whether guests can order online at all
 * (off hides the guest's page and its links), the slots, the limits per
 * slot of the oven and the kitchen, the preparation time and how far ahead.
 * The form is checked with the server's own schema (its Italian messages).
 */
export function TakeawaySettingsPanel({ settings }: { settings: TakeawaySettings }) {
  const id = useId();
  const { submit, busy, problems } = useCheckedSave();
  // New settings from the board's polling: shown, unless being edited.
  const { draft, setDraft, dirty, keep } = useDraft(settings, draftOf);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = takeawaySettingsBody.safeParse(bodyOf(draft));
    await submit(event, issuesOf(parsed), (token) => saveTakeawaySettings(token, parsed.data!), {
      onSaved: keep,
      success: T.saved,
      then: false,
    });
  }

  return (
    <StaffPanel title={T.title} intro={T.intro}>
      <form className="staff-form staff-form--grid" onSubmit={onSubmit} aria-busy={busy} noValidate>
        <div className="staff-field staff-field--wide">
          <label className="staff-switch">
            <input
              type="checkbox"
              role="switch"
              checked={draft.enabled}
              aria-describedby={`${id}-enabled-hint`}
              onChange={(event) => set({ enabled: event.target.checked })}
            />
            {T.enabled}
          </label>
          <p className="staff-hint" id={`${id}-enabled-hint`}>
            {T.enabledHint}
          </p>
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-slot`}>{T.slotMinutes}</label>
          <select
            id={`${id}-slot`}
            value={draft.slotMinutes}
            onChange={(event) => set({ slotMinutes: Number(event.target.value) })}
          >
            {TAKEAWAY_SLOT_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes}
              </option>
            ))}
          </select>
        </div>
        {NUMBERS.map((key) => (
          <NumberField
            key={key}
            id={`${id}-${key}`}
            label={T[key]}
            value={draft[key]}
            hint={T.defaultIs(DEFAULTS[key])}
            onChange={(value) => set({ [key]: value })}
          />
        ))}
        <FormProblems title={T.fix} problems={problems} className="staff-field--wide" />
        <SaveBar
          label={T.save}
          savingLabel={T.saving}
          saving={busy}
          unsaved={dirty}
          unsavedNote={T.unsaved}
          className="staff-field--wide"
        />
      </form>
    </StaffPanel>
  );
}
