import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Locale } from '../i18n/locales.ts';
import { commonMessages } from '../i18n/messages/common.ts';
import type { InfoDialogProps } from './dialog-parts.ts';

export { useRestoreFocus, type InfoDialogProps } from './dialog-parts.ts';

/** Radix's dialog and the frame: fetched when a dialog of the page first opens, not with the page. */
const InfoDialogFrame = lazy(() => import('./InfoDialogFrame.tsx'));

/**
 * The frame every information dialog uses (InfoDialogFrame.tsx): a modal card that scrolls inside
 * itself, fits a 360 px screen, traps focus, closes on Escape, the close button or a click outside,
 * and gives focus back to what opened it. Nothing is rendered, and no dialog code is loaded, until
 * the dialog first opens; from then on the frame stays, so it closes as Radix closes it.
 */
export function InfoDialog(props: InfoDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <InfoDialogFrame {...props} />
    </Suspense>
  );
}

/** The props the dialog host gives every dialog it opens. */
export type HostedDialogProps = {
  locale: Locale;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

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
