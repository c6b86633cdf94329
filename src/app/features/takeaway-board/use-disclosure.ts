import { useEffect, useId, useRef, type KeyboardEvent } from 'react';

/**
 * A button that shows and hides a panel (WAI-ARIA's disclosure pattern):
 * the button says whether the panel is open (aria-expanded) and which it is
 * (aria-controls); an opened panel takes the focus, so the keyboard goes on
 * inside it, and Escape there closes it and gives the focus back to the
 * button. The caller keeps `open`, so a toolbar can keep one panel open at a
 * time; the panel is in the page even closed (hidden), for aria-controls.
 */
export function useDisclosure(open: boolean, setOpen: (open: boolean) => void) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const clicked = useRef(false);

  useEffect(() => {
    // Only an opening staff asked for moves the focus, never the first render.
    if (open && clicked.current) panel.current?.focus();
    clicked.current = false;
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return {
    close,
    buttonProps: {
      ref: button,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': `${id}-panel`,
      onClick: () => {
        clicked.current = true;
        setOpen(!open);
      },
    },
    panelProps: {
      ref: panel,
      id: `${id}-panel`,
      tabIndex: -1,
      hidden: !open,
      onKeyDown: (event: KeyboardEvent) => {
        // A field's own Escape (the guest lookup's list) has closed its part already.
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        close();
      },
    },
  };
}
