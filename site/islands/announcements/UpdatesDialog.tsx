import { useStore } from '@nanostores/react';
import { Clock, ExternalLink, RotateCcw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { announcementMessages } from '../../i18n/messages/announcements.ts';
import { format, type Locale } from '../../i18n/index.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { InfoDialog, type HostedDialogProps } from '../../ui/Dialog.tsx';
import { ANNOUNCEMENTS } from './catalogue.ts';
import { formatRemindAfter, localizeAnnouncement } from './localize.ts';
import { actionLink, announcementStatus, newestFirst, type AnnouncementStatus } from './rules.ts';
import { announcementStore } from './store.ts';
import { AnnouncementDate, TypeBadge } from './TypeBadge.tsx';

/**
 * The footer's Updates dialog (docs/product.md#announcements): every announcement, newest first, with its items
 * and whether the visitor dismissed it, snoozed it (until when) or has not answered it yet; and
 * the 'clearing' of docs/product.md#announcements, which brings dismissed and snoozed announcements back.
 */
export default function UpdatesDialog({ locale, open, onOpenChange }: HostedDialogProps) {
  const m = announcementMessages[locale];
  const state = useStore(announcementStore.$state);
  const [cleared, setCleared] = useState(false);
  const announcements = useMemo(
    () => newestFirst(ANNOUNCEMENTS).map((entry) => localizeAnnouncement(entry, locale, m)),
    [locale, m],
  );

  // Another tab, or the popup, may have changed the state since this dialog last opened.
  useEffect(() => {
    if (!open) return;
    announcementStore.refresh();
    setCleared(false);
  }, [open]);

  const now = Date.now();

  return (
    <InfoDialog
      open={open}
      onOpenChange={onOpenChange}
      title={m.updatesTitle}
      description={m.updatesDescription}
      closeLabel={m.close}
      size="lg"
      footer={
        <>
          <p role="status" className={cleared ? 'w-full text-sm text-muted' : 'sr-only'}>
            {cleared ? m.showAgainDone : ''}
          </p>
          <Button
            variant="outline"
            onClick={() => {
              announcementStore.clear();
              setCleared(true);
            }}
          >
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            {m.showAgain}
          </Button>
        </>
      }
    >
      {announcements.length === 0 ? (
        <p className="text-muted">{m.updatesEmpty}</p>
      ) : (
        <ul className="space-y-8">
          {announcements.map((announcement) => {
            const action = actionLink(announcement.actionUrl);
            const headingId = `update-${announcement.id}`;
            return (
              <li key={announcement.id}>
                <article aria-labelledby={headingId}>
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <TypeBadge type={announcement.type} texts={m} />
                    <AnnouncementDate date={announcement.date} locale={locale} />
                    <StatusChip status={announcementStatus(state, announcement.id, now)} locale={locale} />
                  </p>
                  <h3 id={headingId} className="mt-2 text-lg font-bold">
                    {announcement.title}
                  </h3>
                  {announcement.message ? <p className="mt-1 text-muted">{announcement.message}</p> : null}
                  <ul className="mt-4 space-y-3">
                    {announcement.items.map((item) => (
                      <li key={item.title} className="rounded-xl border border-border bg-surface-2 px-4 py-3">
                        <h4 className="font-semibold">{item.title}</h4>
                        <p className="mt-0.5 text-sm text-muted">{item.description}</p>
                      </li>
                    ))}
                  </ul>
                  {action && announcement.actionText ? (
                    <a {...action} className={buttonClasses('outline', 'sm', 'mt-4')}>
                      {announcement.actionText}
                      <ExternalLink aria-hidden="true" className="h-4 w-4" />
                      <span className="sr-only"> {m.opensInNewTab}</span>
                    </a>
                  ) : null}
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </InfoDialog>
  );
}

function StatusChip({ status, locale }: { status: AnnouncementStatus; locale: Locale }) {
  const m = announcementMessages[locale];
  const base = 'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium';
  const label =
    status.kind === 'new'
      ? m.statusNew
      : status.kind === 'dismissed'
        ? m.statusDismissed
        : format(m.statusSnoozed, { time: formatRemindAfter(status.remindAfter, locale) });
  return (
    <span
      data-status={status.kind}
      className={`${base} ${status.kind === 'new' ? 'border-accent-text text-accent-text' : 'border-border text-muted'}`}
    >
      {status.kind === 'snoozed' ? <Clock aria-hidden="true" className="h-3.5 w-3.5" /> : null}
      <span className="sr-only">{m.statusLabel} </span>
      {label}
    </span>
  );
}
