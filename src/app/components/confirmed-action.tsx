import { useState, type ReactNode } from 'react';

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
  children,
}: {
  label: string;
  question: string;
  onConfirm: () => Promise<unknown>;
  danger?: boolean;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Asked together with the question, above its buttons (a message to send along). */
  children?: ReactNode;
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
      {children ? <div className="staff-confirm__details">{children}</div> : null}
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
