import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { DIALOG_WIDTHS, useRestoreFocus, type InfoDialogProps } from './dialog-parts.ts';

/**
 * The frame every information dialog uses: a modal card that scrolls inside itself, fits a 360 px
 * screen, traps focus, closes on Escape, the close button or a click outside, and gives focus back
 * to what opened it.
 */
export default function InfoDialogFrame({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  size = 'lg',
  footer,
  busy = false,
  children,
}: InfoDialogProps) {
  const opener = useRestoreFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content
          // Radix wants either a Description or an explicit "no description".
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.restore();
          }}
          className={`dialog-content fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] ${DIALOG_WIDTHS[size]} -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl border border-border bg-surface text-fg shadow-2xl outline-none`}
        >
          <div className="flex items-start gap-3 border-b border-border px-5 pt-5 pb-4 sm:px-7">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-xl font-bold tracking-tight sm:text-2xl">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label={closeLabel}
              disabled={busy}
              className="-mt-1 -mr-2 flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-muted transition hover:bg-surface-2 hover:text-fg focus-visible:outline-2 disabled:opacity-50"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          {/* Focusable so keyboard users can scroll a long body that holds no control (axe scrollable-region-focusable). */}
          <div
            tabIndex={0}
            className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-5 focus-visible:outline-2 focus-visible:-outline-offset-2 sm:px-7"
          >
            {children}
          </div>
          {footer ? (
            <div className="flex flex-wrap justify-end gap-2 border-t border-border px-5 py-4 sm:px-7">{footer}</div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
