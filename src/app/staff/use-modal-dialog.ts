import { useEffect, useRef } from 'react';

/**
 * A native modal dialog shown while its component is mounted: the browser
 * traps focus, closes it on Escape and gives focus back. Put the ref on the
 * `<dialog>`; jsdom (and very old browsers) lack showModal, and get an open,
 * non-modal dialog.
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);
  return ref;
}
