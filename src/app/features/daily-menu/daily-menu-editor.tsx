import { useId, useState, type FormEvent } from 'react';
import { isUnauthorized, type ApiFailure } from '../../api/client.ts';
import { SaveBar, useStaffSave, StaffPanel } from '../../staff/index.ts';
import {
  DAILY_MENU_FIELD_MAX,
  sameDailyMenu,
  saveDailyMenu,
  type DailyMenuField,
  type DailyMenuFields,
} from './daily-menu-api.ts';
import { DASHBOARD_TEXTS } from './daily-menu-texts.ts';
import { resultDialogContent, type SaveOutcome } from './dialog-content.ts';
import { clearDrafts, writeDraft } from './drafts.ts';
import { ResultDialog } from './result-dialog.tsx';

/**
 * The daily-menu form: three multi-line fields, "Aggiorna", and a dialog with
 * the result. Typed text is kept as a draft until saved, so an expired
 * session loses none of it.
 */
export function DailyMenuEditor({
  saved: initialSaved,
  initial,
  onSaved,
}: {
  /** The server's record. */
  saved: DailyMenuFields;
  /** What to show: the server's record with any unsaved draft on top. */
  initial: DailyMenuFields;
  /** Told the stored record after each successful save. */
  onSaved?: (record: DailyMenuFields) => void;
}) {
  const id = useId();
  const { save, busy: saving, reportFailure } = useStaffSave();
  const [saved, setSaved] = useState(initialSaved);
  const [fields, setFields] = useState(initial);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);

  const unsaved = !sameDailyMenu(fields, saved);

  function change(field: DailyMenuField, value: string) {
    writeDraft(field, value);
    setFields((current) => ({ ...current, [field]: value }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    // The dialog tells the outcome, success or failure; the data on screen is the answer's.
    const result = await save((token) => saveDailyMenu(token, fields), {
      then: false,
      onFailure: () => true,
    });
    if (!result) return;
    if (result.ok) {
      clearDrafts();
      setSaved(result.data);
      setFields(result.data);
      setOutcome({ ok: true, statusText: result.statusText });
      onSaved?.(result.data);
    } else {
      setOutcome({ ok: false, failure: result.failure });
    }
  }

  function closeDialog() {
    const failure: ApiFailure | null = outcome && !outcome.ok ? outcome.failure : null;
    setOutcome(null);
    // The session expired: log in again; the drafts wait in local storage.
    if (failure && isUnauthorized(failure)) reportFailure(failure);
  }

  return (
    <StaffPanel title={DASHBOARD_TEXTS.formTitle}>
      <form className="staff-form" onSubmit={onSubmit} aria-busy={saving}>
        <div className="staff-field">
          <label htmlFor={`${id}-titolo`}>{DASHBOARD_TEXTS.titolo}</label>
          <textarea
            id={`${id}-titolo`}
            name="titolo"
            rows={2}
            maxLength={DAILY_MENU_FIELD_MAX}
            value={fields.titolo}
            onChange={(event) => change('titolo', event.target.value)}
          />
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-descrizione`}>{DASHBOARD_TEXTS.descrizione}</label>
          <textarea
            id={`${id}-descrizione`}
            name="descrizione"
            rows={4}
            maxLength={DAILY_MENU_FIELD_MAX}
            aria-describedby={`${id}-descrizione-hint`}
            value={fields.descrizione}
            onChange={(event) => change('descrizione', event.target.value)}
          />
          <p className="staff-hint" id={`${id}-descrizione-hint`}>
            {DASHBOARD_TEXTS.commaHint}
          </p>
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-info`}>{DASHBOARD_TEXTS.infoAggiuntive}</label>
          <textarea
            id={`${id}-info`}
            name="infoAggiuntive"
            rows={4}
            maxLength={DAILY_MENU_FIELD_MAX}
            aria-describedby={`${id}-info-hint`}
            value={fields.infoAggiuntive}
            onChange={(event) => change('infoAggiuntive', event.target.value)}
          />
          <p className="staff-hint" id={`${id}-info-hint`}>
            {DASHBOARD_TEXTS.commaHint}
          </p>
        </div>
        <SaveBar
          label={DASHBOARD_TEXTS.submit}
          savingLabel={DASHBOARD_TEXTS.saving}
          saving={saving}
          unsaved={unsaved}
          unsavedNote={DASHBOARD_TEXTS.draftNotice}
        />
      </form>
      {outcome ? (
        <ResultDialog
          content={resultDialogContent(outcome)}
          tone={outcome.ok ? 'success' : 'failure'}
          onClose={closeDialog}
        />
      ) : null}
    </StaffPanel>
  );
}
