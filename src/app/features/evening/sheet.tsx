import { useId, type ReactNode } from 'react';
import { useModalDialog } from '../../staff/index.ts';
import { EVENING_TEXTS as T } from './evening-texts.ts';

/**
 * The evening view's sheet: a native modal dialog (the browser traps focus,
 * closes it on Escape and gives focus back), at the bottom of a phone's
 * screen and in the middle of a tablet's.
 */
export function Sheet({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useModalDialog();
  const id = useId();

  return (
    <dialog
      ref={ref}
      className="staff-dialog evening-sheet"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="evening-sheet__head">
        <h2 id={`${id}-title`} className="staff-dialog__title">
          {title}
        </h2>
        <button
          type="button"
          className="staff-button staff-button--small staff-button--ghost"
          onClick={onClose}
        >
          {T.close}
        </button>
      </div>
      {children}
    </dialog>
  );
}
