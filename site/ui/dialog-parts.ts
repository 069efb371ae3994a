import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * What the information dialog's light wrapper (Dialog.tsx) and its Radix frame (InfoDialogFrame.tsx)
 * share, so the wrapper can load the frame only when a dialog first opens.
 */
export const DIALOG_WIDTHS = { md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export type InfoDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** One sentence under the title; read by screen readers as the dialog's description. */
  description?: ReactNode;
  /** The close button's accessible name, in the page's language. */
  closeLabel: string;
  size?: keyof typeof DIALOG_WIDTHS;
  /** Pinned under the scrolling body (actions). */
  footer?: ReactNode;
  /** Refuses Escape and outside clicks while something is pending. */
  busy?: boolean;
  children: ReactNode;
};

/**
 * Radix gives focus back to a `Dialog.Trigger` on close, but hosted dialogs are opened by an event
 * or a plain button elsewhere on the page: remember what had focus when the dialog opened and give
 * it back when it closes (if it is still on the page).
 */
export function useRestoreFocus(open: boolean): { restore: () => void } {
  const previous = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      previous.current = document.activeElement;
  }, [open]);
  return {
    restore() {
      const target = previous.current;
      previous.current = null;
      if (target?.isConnected) target.focus({ preventScroll: true });
    },
  };
}
