import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Gives focus back to what had it when a dialog opened. Radix returns focus only to a
 * Dialog.Trigger, and dialogs opened through the dialog host (openDialog, data-open-dialog) have
 * none, so without this a keyboard user lands on <body> after Escape.
 * (The same fix belongs in InfoDialog for every hosted dialog; until then this dialog does it.)
 */
export function useReturnFocus(open: boolean): void {
  const origin = useRef<HTMLElement | null>(null);

  // A layout effect runs before Radix's focus scope (a passive effect) moves focus into the dialog.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      origin.current = document.activeElement;
  }, [open]);

  useEffect(() => {
    if (open || !origin.current) return;
    const element = origin.current;
    origin.current = null;
    // After Radix's own (empty) restore; only if focus has nowhere better to be.
    const timer = window.setTimeout(() => {
      const active = document.activeElement;
      if (element.isConnected && (!active || active === document.body)) element.focus();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [open]);
}
