import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Gives focus back to what opened a hosted dialog when it closes. Radix returns focus to a
 * `Dialog.Trigger`, but the dialog host opens dialogs from buttons elsewhere on the page (the
 * footer, `data-open-dialog` buttons), so without this focus falls to <body> after Escape.
 * This belongs in InfoDialog for every dialog; until it is there, the pricing dialogs call it.
 */
export function useFocusReturn(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);

  // A layout effect runs before Radix moves focus into the dialog (in a passive effect).
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    }
  }, [open]);

  // A passive effect runs after Radix has released its focus trap for the closing dialog.
  useEffect(() => {
    if (open || !opener.current) return;
    const target = opener.current;
    opener.current = null;
    const active = document.activeElement;
    // Leave focus alone if the person already moved it somewhere else (a click outside).
    const lost = !active || active === document.body || active.closest('[role="dialog"]') !== null;
    if (lost && target.isConnected) target.focus();
  }, [open]);
}
