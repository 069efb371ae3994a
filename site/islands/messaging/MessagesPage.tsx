import { useStore } from '@nanostores/react';
import { MessagesSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { conversationMessages } from '../../i18n/messages/messaging.ts';
import { badgeText, formatTimestamp } from '../notifications/format.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import {
  $conversations,
  conversationParam,
  parseConversationParam,
  reloadConversations,
  type ConversationKind,
} from './api.ts';
import { ConversationThread, displayName, subjectLine } from './ConversationThread.tsx';
import { subscribeLive } from './live.ts';

type Selection = { kind: ConversationKind; id: string } | null;

function selectionFromUrl(): Selection {
  return parseConversationParam(new URLSearchParams(window.location.search).get('c'));
}

/**
 * /messages: my conversations (unread badges, the latest first) beside the open thread on a wide
 * screen; on a phone one pane at a time, the list or the thread with a way back. The open
 * conversation is in the address (`?c=booking:<id>`), so a link or a reload opens it again.
 */
function MessagesPage({ locale }: { locale: Locale }) {
  const m = conversationMessages[locale];
  const conversations = useStore($conversations);
  const [selected, setSelected] = useState<Selection>(null);

  useEffect(() => {
    setSelected(selectionFromUrl());
    const onPop = () => setSelected(selectionFromUrl());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // A new message or a changed count moves a conversation up or changes its badge (the list on
  // screen stays while it is read again, and stays if that read fails).
  useEffect(
    () =>
      subscribeLive((event) => {
        if (event.type === 'unread' && !event.conversation) return;
        reloadConversations();
      }),
    [],
  );

  function open(next: Selection) {
    setSelected(next);
    const url = new URL(window.location.href);
    if (next) url.searchParams.set('c', conversationParam(next.kind, next.id));
    else url.searchParams.delete('c');
    window.history.pushState(null, '', url);
  }

  const now = new Date();
  const items = conversations.data ?? [];
  const status = conversations.data ? 'ready' : conversations.error ? 'error' : 'loading';

  return (
    <div className="mt-6 grid gap-4 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <nav aria-label={m.listLabel} className={selected ? 'hidden md:block' : ''}>
        <div className="rounded-xl border border-border bg-surface">
          {status === 'loading' && (
            <div role="status" aria-label={m.loadingList} className="divide-y divide-border">
              {Array.from({ length: 4 }, (_, index) => (
                <div key={index} className="space-y-2 px-4 py-3">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3 w-3/4" />
                  <Skeleton className="h-3 w-full" />
                </div>
              ))}
            </div>
          )}
          {status === 'error' && (
            <div role="alert" className="flex flex-col items-center gap-3 px-4 py-10 text-center">
              <p className="text-sm text-muted">{m.listFailed}</p>
              <button type="button" onClick={reloadConversations} className={buttonClasses('outline', 'sm')}>
                {m.tryAgain}
              </button>
            </div>
          )}
          {status === 'ready' && items.length === 0 && (
            <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
              <MessagesSquare aria-hidden="true" className="h-10 w-10 text-muted" />
              <p className="font-medium">{m.emptyList}</p>
              <p className="text-sm text-muted">{m.emptyListHint}</p>
            </div>
          )}
          {items.length > 0 && (
            <ul className="divide-y divide-border">
              {items.map((item) => {
                const current = selected?.kind === item.kind && selected.id === item.id;
                const badge = badgeText(item.unreadCount);
                const name = item.otherParty ? displayName(item.otherParty.name, m) : '';
                const preview = item.lastMessage
                  ? item.lastMessage.mine
                    ? format(m.youPrefix, { text: item.lastMessage.preview })
                    : item.lastMessage.preview
                  : m.emptyThread;
                return (
                  <li key={`${item.kind}:${item.id}`}>
                    <button
                      type="button"
                      data-testid="conversation-item"
                      aria-current={current ? 'true' : undefined}
                      onClick={() => open({ kind: item.kind, id: item.id })}
                      className="flex w-full gap-3 px-4 py-3 text-left transition-colors hover:bg-surface-2 focus-visible:outline-2 aria-[current=true]:bg-surface-2"
                    >
                      <span className="min-w-0 flex-1">
                        <span className="flex items-baseline justify-between gap-2">
                          <span className={`truncate text-sm ${item.unreadCount ? 'font-semibold' : 'font-medium'}`}>
                            {name}
                          </span>
                          {item.lastMessage && (
                            <time dateTime={item.lastMessage.postedAt} className="shrink-0 text-xs text-muted">
                              {formatTimestamp(item.lastMessage.postedAt, now, locale, m.yesterday)}
                            </time>
                          )}
                        </span>
                        <span className="block truncate text-xs text-muted">{subjectLine(item, m, locale)}</span>
                        <span className="mt-0.5 flex items-center justify-between gap-2">
                          <span className="truncate text-sm text-muted">{preview}</span>
                          {badge && (
                            <span
                              data-testid="conversation-unread"
                              className="shrink-0 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg"
                            >
                              <span aria-hidden="true">{badge}</span>
                              <span className="sr-only">{format(m.unreadCount, { count: item.unreadCount })}</span>
                            </span>
                          )}
                        </span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </nav>

      <section aria-label={m.title} className={selected ? 'min-w-0' : 'hidden min-w-0 md:block'}>
        {selected ? (
          <ConversationThread
            key={`${selected.kind}:${selected.id}`}
            kind={selected.kind}
            id={selected.id}
            locale={locale}
            onBack={() => open(null)}
            listClassName="h-[calc(100dvh-22rem)] min-h-64 md:h-[32rem]"
          />
        ) : (
          <div className="flex h-full min-h-64 items-center justify-center rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted">
            {m.choose}
          </div>
        )}
      </section>
    </div>
  );
}

export default island(MessagesPage);
