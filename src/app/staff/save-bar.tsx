import type { ReactNode } from 'react';

/**
 * The end of a back-office form: its save button (saying so while it saves),
 * the form's other actions, and the note that changes are not saved yet.
 */
export function SaveBar({
  label,
  savingLabel,
  saving,
  disabled = saving,
  unsaved = false,
  unsavedNote,
  className,
  children,
}: {
  label: string;
  savingLabel: string;
  saving: boolean;
  /** Also while another of the form's actions runs; by default while saving. */
  disabled?: boolean;
  unsaved?: boolean;
  unsavedNote?: string;
  /** Layout classes of the form it sits in. */
  className?: string;
  /** The form's other actions, after the save button. */
  children?: ReactNode;
}) {
  return (
    <div className={className ? `staff-form__actions ${className}` : 'staff-form__actions'}>
      <SubmitButton label={label} busyLabel={savingLabel} busy={saving} disabled={disabled} />
      {children}
      {unsaved ? (
        <p className="staff-draft" role="status">
          {unsavedNote}
        </p>
      ) : null}
    </div>
  );
}

/** A form's submit button: disabled, and saying so, while the form is busy. */
export function SubmitButton({
  label,
  busyLabel,
  busy,
  disabled = busy,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  /** Also while another of the form's actions runs; by default while busy. */
  disabled?: boolean;
}) {
  return (
    <button type="submit" className="staff-button" disabled={disabled}>
      {busy ? busyLabel : label}
    </button>
  );
}
