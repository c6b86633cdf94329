import { useState } from 'react';

/**
 * A staff action that asks first: the button, then the question with
 * "Conferma" / "Annulla" in its place. One tap never deletes or changes
 * something that matters; the second tap is on a button at the same spot.
 */
export function ConfirmedAction({
  label,
  question,
  onConfirm,
  danger = false,
  confirmLabel = 'Conferma',
  cancelLabel = 'Annulla',
}: {
  label: string;
  question: string;
  onConfirm: () => Promise<unknown>;
  danger?: boolean;
  confirmLabel?: string;
  cancelLabel?: string;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className={`staff-button staff-button--small ${danger ? 'staff-button--danger' : 'staff-button--ghost'}`}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <div className="staff-confirm" role="group" aria-label={question}>
      <p className="staff-confirm__question">{question}</p>
      <button
        type="button"
        className="staff-button staff-button--small"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await onConfirm();
          setBusy(false);
          setAsking(false);
        }}
      >
        {confirmLabel}
      </button>
      <button
        type="button"
        className="staff-button staff-button--small staff-button--ghost"
        onClick={() => setAsking(false)}
      >
        {cancelLabel}
      </button>
    </div>
  );
}
