import { useStore } from '@nanostores/react';
import { Mail } from 'lucide-react';
import { format } from '../../i18n/index.ts';
import { htmlLang, type Locale } from '../../i18n/locales.ts';
import { contactMessages } from '../../i18n/messages/contact.ts';
import { $session } from '../../stores/session.ts';
import { Button } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { dateTimeFormat } from '../../i18n/intl.ts';
import type { ContactInbox as Inbox } from '../../../shared/http/contact.ts';
import { $contactInbox, $inboxOffset, INBOX_PAGE_SIZE } from '../contact/stores.ts';

export { INBOX_PAGE_SIZE };

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; inbox: Inbox };

/**
 * The admin dashboard's contact inbox: messages from the Contact Us form, newest first, a page at
 * a time. Only an admin's session loads it; the server refuses everyone else as well.
 */
function ContactInbox({ locale }: { locale: Locale }) {
  const m = contactMessages[locale];
  const session = useStore($session);
  const isAdmin = session.status === 'authenticated' && session.user.role === 'admin';
  const offset = useStore($inboxOffset);
  const page = useStore($contactInbox);
  const load: Load = page.loading
    ? { status: 'loading' }
    : page.data
      ? { status: 'ready', inbox: page.data }
      : page.error
        ? { status: 'error' }
        : { status: 'loading' };
  const setOffset = (at: number) => $inboxOffset.set(at);

  if (!isAdmin) return null;
  const dates = dateTimeFormat(htmlLang[locale], { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section aria-labelledby="contact-inbox-title" className="mt-8 space-y-4">
      <div>
        <h2 id="contact-inbox-title" className="text-xl font-semibold">
          {m.inboxTitle}
        </h2>
        <p className="text-sm text-muted">{m.inboxDescription}</p>
      </div>
      {load.status === 'loading' ? (
        <div role="status" aria-label={m.inboxLoading} className="space-y-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : load.status === 'error' ? (
        <div role="alert" className="space-y-3 rounded-xl border border-border p-4">
          <p className="font-medium">{m.inboxError}</p>
          <Button variant="outline" onClick={() => $contactInbox.revalidate()}>
            {m.inboxRetry}
          </Button>
        </div>
      ) : load.inbox.messages.length === 0 ? (
        <p className="rounded-xl border border-border p-4 text-muted">{m.inboxEmpty}</p>
      ) : (
        <>
          <ul className="space-y-3">
            {load.inbox.messages.map((message) => (
              <li key={message.id} className="space-y-2 rounded-xl border border-border p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-semibold break-words">{message.subject ?? m.inboxNoSubject}</h3>
                  <time dateTime={message.receivedAt} className="text-xs text-muted">
                    {dates.format(new Date(message.receivedAt))}
                  </time>
                </div>
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  {message.name !== null && message.email !== null ? (
                    <>
                      <span>{format(m.inboxFrom, { name: message.name })}</span>
                      <a
                        href={`mailto:${message.email}`}
                        className="inline-flex items-center gap-1 text-accent-text underline underline-offset-2"
                      >
                        <Mail aria-hidden="true" className="h-3.5 w-3.5" />
                        {message.email}
                      </a>
                    </>
                  ) : (
                    <span className="text-muted italic">{m.inboxErased}</span>
                  )}
                  {message.senderId ? (
                    <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs">{m.inboxMember}</span>
                  ) : null}
                </p>
                <p className="text-sm break-words whitespace-pre-line">{message.message}</p>
              </li>
            ))}
          </ul>
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="text-muted">
              {format(m.inboxRange, {
                from: offset + 1,
                to: offset + load.inbox.messages.length,
                total: load.inbox.total,
              })}
            </span>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - INBOX_PAGE_SIZE))}
              >
                {m.inboxPrevious}
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={offset + INBOX_PAGE_SIZE >= load.inbox.total}
                onClick={() => setOffset(offset + INBOX_PAGE_SIZE)}
              >
                {m.inboxNext}
              </Button>
            </div>
          </div>
        </>
      )}
    </section>
  );
}

export default island(ContactInbox);
