import { useLayoutEffect } from 'react';

/**
 * The dialog host opens dialogs without a Radix `Dialog.Trigger`, so when one closes Radix has no
 * trigger to give focus back to and focus falls to <body>. Rendered inside a dialog's content,
 * this remembers what had focus when the content mounted (a layout effect runs before Radix moves
 * focus in) and, once the content is gone, focuses it again, unless focus has meanwhile been put
 * somewhere on purpose. It can go once site/ui/Dialog.tsx returns focus itself.
 */
export function ReturnFocus() {
  useLayoutEffect(() => {
    const opener = document.activeElement;
    return () => {
      window.setTimeout(() => {
        const current = document.activeElement;
        const lost = current === null || current === document.body;
        if (lost && opener instanceof HTMLElement && opener !== document.body && opener.isConnected) opener.focus();
      }, 0);
    };
  }, []);
  return null;
}
