import { ExternalLink, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { AnnouncementTexts } from '../../i18n/messages/announcements.ts';
import type { Locale } from '../../i18n/locales.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import type { AnnouncementEntry } from './catalogue.ts';
import { localizeAnnouncement } from './localize.ts';
import { CLOSE_DELAY_MS, actionLink } from './rules.ts';
import { announcementStore } from './store.ts';
import { AnnouncementDate, TypeBadge } from './TypeBadge.tsx';

export type AnnouncementOutcome = 'dismissed' | 'snoozed';

export type AnnouncementPopupProps = {
  locale: Locale;
  entry: AnnouncementEntry;
  /** The announcements' texts in the page's language (fetched with the popup, that language only). */
  texts: AnnouncementTexts;
  /** Reports, by id, that the popup has closed (CLOSE_DELAY_MS after the visitor's choice). */
  onClose: (id: string, outcome: AnnouncementOutcome) => void;
};

/**
 * The announcement popup (docs/product.md#announcements), loaded by AnnouncementCheck only when one is due.
 *
 * A native modal `<dialog>` rather than Radix: this popup appears by itself on page load, so its
 * code counts in the first load, and the browser's own dialog (top layer, inert page behind it,
 * Escape as `cancel`) needs no library. The whole card and its backdrop fade during the 300 ms
 * close delay (docs/product.md#announcements), and the header carries the type badge and the date.
 *
 * The popup is 'shown, then dismissed through a close button or Got it', so the ×
 * and Escape (the keyboard's close button) dismiss for good, like Got it. A click outside does
 * nothing: a stray click should not permanently hide news the visitor has not read.
 */
export default function AnnouncementPopup({ locale, entry, texts: m, onClose }: AnnouncementPopupProps) {
  const announcement = useMemo(() => localizeAnnouncement(entry, locale, m), [entry, locale, m]);
  const action = actionLink(announcement.actionUrl);
  const [closing, setClosing] = useState<AnnouncementOutcome | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();
  // What had focus when the popup appeared gets it back.
  const [origin] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  const reportClose = useRef(onClose);
  useEffect(() => {
    reportClose.current = onClose;
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
    // The announcement is read as a whole (title, then message) rather than from its × button.
    element.focus();
  }, []);

  // The choice is saved at once (a reload during the fade keeps it); the popup leaves 300 ms later,
  // with or without motion: the delay is the rule (CLOSE_DELAY_MS), the fade is only what fills it.
  useEffect(() => {
    if (!closing) return;
    const timer = window.setTimeout(() => {
      dialog.current?.close();
      if (origin?.isConnected) origin.focus();
      reportClose.current(announcement.id, closing);
    }, CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [closing, announcement.id, origin]);

  function finish(outcome: AnnouncementOutcome) {
    if (closing) return;
    if (outcome === 'dismissed') announcementStore.dismiss(announcement.id);
    else announcementStore.snooze(announcement.id);
    setClosing(outcome);
  }

  const fade = `transition-opacity duration-300 ${closing ? 'opacity-0 backdrop:opacity-0' : 'opacity-100'}`;

  return (
    <dialog
      ref={dialog}
      tabIndex={-1}
      data-announcement={announcement.id}
      aria-labelledby={titleId}
      aria-describedby={announcement.message ? messageId : undefined}
      // Escape is the keyboard's close button: it dismisses, after the same 300 ms.
      onCancel={(event) => {
        event.preventDefault();
        finish('dismissed');
      }}
      className={`m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-2xl flex-col overflow-hidden rounded-2xl border border-border bg-surface p-0 text-fg shadow-2xl outline-none backdrop:bg-black/60 backdrop:backdrop-blur-sm backdrop:transition-opacity backdrop:duration-300 open:flex ${fade}`}
    >
      <div className="flex items-start gap-3 border-b border-border px-5 pt-5 pb-4 sm:px-7">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <TypeBadge type={announcement.type} texts={m} />
            <AnnouncementDate date={announcement.date} locale={locale} />
          </p>
          <h2 id={titleId} className="mt-2 text-xl font-bold tracking-tight sm:text-2xl">
            {announcement.title}
          </h2>
        </div>
        <button
          type="button"
          aria-label={m.close}
          onClick={() => finish('dismissed')}
          className="-mt-1 -mr-2 flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-muted transition hover:bg-surface-2 hover:text-fg focus-visible:outline-2"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>

      {/* Focusable so a keyboard can scroll the items on a small screen (nothing in here takes focus). */}
      <div
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-5 focus-visible:outline-2 focus-visible:-outline-offset-2 sm:px-7"
      >
        {announcement.message ? (
          <p id={messageId} className="text-muted">
            {announcement.message}
          </p>
        ) : null}
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {announcement.items.map((item) => (
            <li key={item.title} className="rounded-xl border border-border bg-surface-2 p-4">
              <h3 className="font-semibold">{item.title}</h3>
              <p className="mt-1 text-sm text-muted">{item.description}</p>
            </li>
          ))}
        </ul>
      </div>

      {/* On a phone the buttons share each row they fit on, full width; from sm up they sit at the end. */}
      <div className="flex flex-wrap gap-2 border-t border-border px-5 py-4 *:flex-auto sm:justify-end sm:px-7 sm:*:flex-none">
        {action && announcement.actionText ? (
          <a {...action} className={buttonClasses('outline')} onClick={() => finish('dismissed')}>
            {announcement.actionText}
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only"> {m.opensInNewTab}</span>
          </a>
        ) : null}
        <Button variant="ghost" onClick={() => finish('snoozed')}>
          {m.remindLater}
        </Button>
        <Button onClick={() => finish('dismissed')}>{m.gotIt}</Button>
      </div>
    </dialog>
  );
}
