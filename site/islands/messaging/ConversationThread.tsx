import { ArrowLeft, LoaderCircle, MessageSquare, Send } from 'lucide-react';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { MESSAGE_LIMITS } from '../../../shared/domain/messaging/limits.ts';
import { characterCount } from '../../../shared/domain/plain-text.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { conversationMessages } from '../../i18n/messages/messaging.ts';
import { messageOf } from '../../lib/api.ts';
import { localizedMessageOf } from '../../lib/server-messages.ts';
import { toast } from '../../stores/toasts.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { fetchMessages, markRead, sendMessage, threadStores, type ConversationKind, type Message } from './api.ts';
import { subscribeLive } from './live.ts';
import { MessageList } from './MessageList.tsx';
import { displayName, subjectLine } from './names.ts';
import { useQuery } from '../../lib/first-reads.ts';

export { displayName, subjectLine } from './names.ts';

export type ConversationThreadProps = {
  kind: ConversationKind;
  id: string;
  locale: Locale;
  /** Shows a back button in the header (the one-pane /messages view on a phone). */
  onBack?: () => void;
  /** Height of the message list; the default suits a card on a detail page. */
  listClassName?: string;
};

/** Keeps each message once, in posting order (a sent message may also arrive on the live stream). */
function merge(current: Message[], incoming: Message[]): Message[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.postedAt.localeCompare(b.postedAt));
}

/** Whether `element` is on screen in a visible tab (a thread marks itself read only then). */
function useOnScreen(element: HTMLElement | null): boolean {
  const [intersecting, setIntersecting] = useState(false);
  const [tabVisible, setTabVisible] = useState(true);
  useEffect(() => {
    const update = () => setTabVisible(document.visibilityState === 'visible');
    update();
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') {
      setIntersecting(Boolean(element));
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setIntersecting(Boolean(entry?.isIntersecting)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return intersecting && tabVisible;
}

/**
 * One conversation about a booking or a work order: its messages (sender and time), a composer
 * with the character counter (Enter sends, Shift+Enter starts a new line), live updates from the
 * page's shared stream, and "read" marked while the thread is on screen. Pages and other islands
 * embed it: `<ConversationThread client:visible kind="booking" id={bookingId} locale={locale} />`
 * (the default export), or the named export inside another island.
 */
export function ConversationThread({
  kind,
  id,
  locale,
  onBack,
  listClassName = 'h-96 sm:h-[28rem]',
}: ConversationThreadProps) {
  const m = conversationMessages[locale];
  // The conversation and its latest page come from the thread's stores; older pages, live
  // messages and my sent ones are added here, each once.
  const stores = useMemo(() => threadStores(kind, id), [kind, id]);
  const conversationRead = useQuery(stores.$conversation);
  const latestRead = useQuery(stores.$latest);
  const [added, setAdded] = useState<Message[]>([]);
  const [older, setOlder] = useState<{ hasMore: boolean; loading: boolean } | null>(null);
  const [liveUnread, setUnread] = useState<number | null>(null);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [log, setLog] = useState<HTMLDivElement | null>(null);
  const onScreen = useOnScreen(log);
  const stickToBottom = useRef(true);
  const keepOffsetFromBottom = useRef<number | null>(null);
  const markingUpTo = useRef<string | null>(null);
  const composerId = useId();
  const hintId = `${composerId}-hint`;
  const counterId = `${composerId}-counter`;

  const conversation = conversationRead.data;
  const latest = latestRead.data;
  const failure = conversationRead.error ?? latestRead.error;
  const state =
    conversation && latest
      ? ({
          status: 'ready',
          conversation,
          hasMore: older?.hasMore ?? latest.hasMore,
          loadingOlder: older?.loading ?? false,
        } as const)
      : failure
        ? ({ status: 'error', message: messageOf(failure, m.threadFailed) } as const)
        : ({ status: 'loading' } as const);
  const unread = liveUnread ?? conversation?.unreadCount ?? 0;

  useEffect(
    () =>
      subscribeLive((event) => {
        // After a break the thread is read again; what is on screen stays and what was missed is added.
        if (event.type === 'reconnected') {
          setUnread(null);
          return stores.reload();
        }
        if (event.conversation?.kind !== kind || event.conversation.id !== id) return;
        if (event.type === 'unread') return setUnread(event.conversation.unreadCount);
        setAdded((previous) => merge(previous, [event.message]));
      }),
    [kind, id, stores],
  );

  const messages = useMemo(() => (latest ? merge(latest.messages, added) : []), [latest, added]);
  const latestId = messages.at(-1)?.id ?? null;

  // Read while on screen: up to the latest message, whenever the other party's are unread.
  useEffect(() => {
    if (!onScreen || unread === 0 || !latestId || markingUpTo.current === latestId) return;
    markingUpTo.current = latestId;
    markRead(kind, id, latestId)
      .then((count) => setUnread(count))
      .catch(() => {
        markingUpTo.current = null; // Try again with the next change.
      });
  }, [onScreen, unread, latestId, kind, id]);

  // New messages scroll into view when the reader is at the bottom; older ones keep the place.
  useLayoutEffect(() => {
    if (!log) return;
    if (keepOffsetFromBottom.current !== null) {
      log.scrollTop = log.scrollHeight - keepOffsetFromBottom.current;
      keepOffsetFromBottom.current = null;
    } else if (stickToBottom.current) {
      log.scrollTop = log.scrollHeight;
    }
  }, [log, messages.length, latestId]);

  async function loadOlder() {
    if (state.status !== 'ready' || !messages[0]) return;
    setOlder({ hasMore: state.hasMore, loading: true });
    try {
      const page = await fetchMessages(kind, id, messages[0].id);
      if (log) keepOffsetFromBottom.current = log.scrollHeight - log.scrollTop;
      setAdded((previous) => merge(page.messages, previous));
      setOlder({ hasMore: page.hasMore, loading: false });
    } catch (error) {
      setOlder((previous) => ({ hasMore: previous?.hasMore ?? state.hasMore, loading: false }));
      toast({ title: m.error, description: messageOf(error, m.threadFailed), variant: 'destructive' });
    }
  }

  const length = characterCount(draft.trim());
  const over = length - MESSAGE_LIMITS.bodyMax;
  const canSend = state.status === 'ready' && state.conversation.otherParty !== null && length > 0 && over <= 0;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend || sending) return;
    setSending(true);
    try {
      const message = await sendMessage(kind, id, draft);
      stickToBottom.current = true;
      setAdded((previous) => merge(previous, [message]));
      setDraft('');
    } catch (error) {
      toast({ title: m.error, description: localizedMessageOf(error, m.sendFailed, locale), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  const other = state.status === 'ready' ? state.conversation.otherParty : null;
  const otherName = other ? displayName(other.name, m) : '';

  return (
    <div className="flex min-w-0 flex-col rounded-xl border border-border bg-surface" data-testid="conversation-thread">
      <div className="flex items-center gap-2 border-b border-border px-4 py-3">
        {onBack && (
          <button
            type="button"
            onClick={onBack}
            aria-label={m.back}
            title={m.back}
            className={buttonClasses('ghost', 'icon', 'h-8 w-8 md:hidden')}
          >
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          </button>
        )}
        {state.status === 'ready' ? (
          <div className="min-w-0">
            <h2 className="truncate font-semibold">{otherName || subjectLine(state.conversation, m, locale)}</h2>
            {otherName && <p className="truncate text-sm text-muted">{subjectLine(state.conversation, m, locale)}</p>}
          </div>
        ) : (
          <div className="flex-1 space-y-1.5" aria-hidden="true">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
          </div>
        )}
      </div>

      {state.status === 'loading' && (
        <div role="status" aria-label={m.loadingThread} className={`space-y-4 p-4 ${listClassName}`}>
          {Array.from({ length: 4 }, (_, index) => (
            <div key={index} className={`flex ${index % 2 ? 'justify-end' : ''}`}>
              <Skeleton className="h-12 w-2/3 rounded-2xl" />
            </div>
          ))}
        </div>
      )}

      {state.status === 'error' && (
        <div
          role="alert"
          className={`flex flex-col items-center justify-center gap-3 p-6 text-center ${listClassName}`}
        >
          <p className="text-sm text-muted">{state.message}</p>
          <button type="button" onClick={stores.reload} className={buttonClasses('outline', 'sm')}>
            {m.tryAgain}
          </button>
        </div>
      )}

      {state.status === 'ready' && (
        <div
          ref={setLog}
          role="log"
          aria-live="polite"
          aria-label={format(m.threadLabel, { name: otherName || subjectLine(state.conversation, m, locale) })}
          aria-busy={state.loadingOlder}
          tabIndex={0}
          onScroll={(event) => {
            const el = event.currentTarget;
            stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
          }}
          className={`overflow-y-auto px-4 py-3 focus-visible:outline-2 ${listClassName}`}
        >
          {state.hasMore && (
            <div className="mb-3 text-center">
              <button
                type="button"
                disabled={state.loadingOlder}
                onClick={() => void loadOlder()}
                className={buttonClasses('ghost', 'sm')}
              >
                {m.loadOlder}
              </button>
            </div>
          )}
          {messages.length === 0 ? (
            <div className="flex h-full flex-col items-center justify-center gap-2 text-center">
              <MessageSquare aria-hidden="true" className="h-10 w-10 text-muted" />
              <p className="font-medium">{m.emptyThread}</p>
              <p className="text-sm text-muted">{other ? m.emptyThreadHint : m.noContractor}</p>
            </div>
          ) : (
            <MessageList messages={messages} locale={locale} />
          )}
        </div>
      )}

      <form onSubmit={(event) => void submit(event)} className="space-y-2 border-t border-border p-3">
        <label htmlFor={composerId} className="block text-sm font-medium">
          {other ? format(m.composerLabel, { name: otherName }) : m.composerPlaceholder}
        </label>
        <textarea
          id={composerId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          placeholder={m.composerPlaceholder}
          disabled={state.status !== 'ready' || other === null}
          aria-describedby={`${hintId} ${counterId}`}
          aria-invalid={over > 0}
          className="max-h-40 min-h-16 w-full resize-y rounded-lg border border-border bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted focus-visible:outline-2 disabled:opacity-50 aria-[invalid=true]:border-danger"
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p id={hintId} className="text-xs text-muted">
            {m.composerHint}
          </p>
          <div className="flex items-center gap-3">
            <p id={counterId} className={`text-xs tabular-nums ${over > 0 ? 'text-danger' : 'text-muted'}`}>
              {format(m.counter, { count: length, max: MESSAGE_LIMITS.bodyMax })}
            </p>
            <button type="submit" disabled={!canSend || sending} className={buttonClasses('primary', 'sm')}>
              {sending ? (
                <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
              ) : (
                <Send aria-hidden="true" className="h-4 w-4" />
              )}
              {sending ? m.sending : m.send}
            </button>
          </div>
        </div>
        {over > 0 && (
          <p role="alert" className="text-sm text-danger">
            {format(m.tooLong, { over })}
          </p>
        )}
      </form>
    </div>
  );
}

export default island(ConversationThread);
