import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import type { Locale } from '../i18n/locales.ts';
import { commonMessages } from '../i18n/messages/common.ts';

const widths = { md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export type InfoDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** One sentence under the title; read by screen readers as the dialog's description. */
  description?: ReactNode;
  /** The close button's accessible name, in the page's language. */
  closeLabel: string;
  size?: keyof typeof widths;
  /** Pinned under the scrolling body (actions). */
  footer?: ReactNode;
  /** Refuses Escape and outside clicks while something is pending. */
  busy?: boolean;
  children: ReactNode;
};

/**
 * The frame every information dialog uses: a modal card that scrolls inside itself, fits a 360 px
 * screen, traps focus, closes on Escape, the close button or a click outside, and gives focus back
 * to what opened it.
 */
export function InfoDialog({
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
          className={`dialog-content fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] ${widths[size]} -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl border border-border bg-surface text-fg shadow-2xl outline-none`}
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

/** The props the dialog host gives every dialog it opens. */
export type HostedDialogProps = {
  locale: Locale;
  open: boolean;
  onOpenChange: (open: boolean) => void;
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

type TitledMessages = Record<Locale, { title: string; description: string }>;

/**
 * A hosted dialog that is only a titled body: `export default bodyDialog(faqMessages, FaqBody)`.
 * The body takes the locale; the title and description come from the feature's messages.
 */
export function bodyDialog(
  messages: TitledMessages,
  Body: (props: { locale: Locale }) => ReactNode,
  size: InfoDialogProps['size'] = 'lg',
): (props: HostedDialogProps) => ReactNode {
  function BodyDialog({ locale, open, onOpenChange }: HostedDialogProps) {
    const m = messages[locale];
    return (
      <InfoDialog
        open={open}
        onOpenChange={onOpenChange}
        title={m.title}
        description={m.description}
        closeLabel={commonMessages[locale].close}
        size={size}
      >
        <Body locale={locale} />
      </InfoDialog>
    );
  }
  BodyDialog.displayName = `BodyDialog(${Body.name})`;
  return BodyDialog;
}
