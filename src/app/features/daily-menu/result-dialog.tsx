import { useId } from 'react';
import { useModalDialog } from '../../staff/index.ts';
import { DASHBOARD_TEXTS } from './daily-menu-texts.ts';
import type { DialogContent } from './dialog-content.ts';

/**
 * The menu update's result: a native modal dialog, so the
 * browser traps focus, closes it on Escape and gives focus back to "Aggiorna".
 */
export function ResultDialog({
  content,
  tone,
  onClose,
}: {
  content: DialogContent;
  tone: 'success' | 'failure';
  onClose: () => void;
}) {
  const ref = useModalDialog();
  const id = useId();

  return (
    <dialog
      ref={ref}
      className={`staff-dialog staff-dialog--${tone}`}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`} className="staff-dialog__title">
        {content.title}
      </h2>
      <p id={`${id}-body`}>{content.body}</p>
      <button type="button" className="staff-button" onClick={onClose} autoFocus>
        {DASHBOARD_TEXTS.close}
      </button>
    </dialog>
  );
}
