import { ArrowLeft, LoaderCircle, MessageSquare, Send } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { MESSAGE_LIMITS } from '../../../shared/domain/messaging/decider.ts';
import { characterCount } from '../../../shared/domain/plain-text.ts';
import { format } from '../../i18n/index.ts';
import { htmlLang, type Locale } from '../../i18n/locales.ts';
import { conversationMessages, type ConversationMessages } from '../../i18n/messages/conversations.ts';
import { messageOf } from '../../lib/api.ts';
import { localizedMessageOf } from '../../lib/server-messages.ts';
import { toast } from '../../stores/toasts.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { formatBookingTime, formatTimestamp } from '../notifications/format.ts';
import {
  fetchConversation,
  fetchMessages,
  markRead,
  sendMessage,
  type Conversation,
  type ConversationKind,
  type Message,
} from './api.ts';
import { subscribeLive } from './live.ts';
import { dateTimeFormat } from '../../i18n/intl.ts';

export type ConversationThreadProps = {
  kind: ConversationKind;
  id: string;
  locale: Locale;
  /** Shows a back button in the header (the one-pane /messages view on a phone). */
  onBack?: () => void;
  /** Height of the message list; the default suits a card on a detail page. */
  listClassName?: string;
};

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      conversation: Conversation;
      messages: Message[];
      hasMore: boolean;
      loadingOlder: boolean;
    };

/** Keeps each message once, in posting order (a sent message may also arrive on the live stream). */
function merge(current: Message[], incoming: Message[]): Message[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.postedAt.localeCompare(b.postedAt));
}

export function subjectLine(conversation: Conversation, m: ConversationMessages, locale: Locale): string {
  const { subject } = conversation;
  if (subject.kind === 'booking') {
    return subject.startsAt
      ? format(m.bookingSubject, { date: formatBookingTime(subject.startsAt, locale) })
      : m.bookingSubjectNoDate;
  }
  return subject.title ? format(m.workOrderSubject, { title: subject.title }) : m.workOrderSubjectNoTitle;
}

export function displayName(name: string, m: ConversationMessages): string {
  return name === 'Former member' ? m.formerMember : name;
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
  const [state, setState] = useState<State>({ status: 'loading' });
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [unread, setUnread] = useState(0);
  const [log, setLog] = useState<HTMLDivElement | null>(null);
  const onScreen = useOnScreen(log);
  const stickToBottom = useRef(true);
  const keepOffsetFromBottom = useRef<number | null>(null);
  const markingUpTo = useRef<string | null>(null);
  const request = useRef(0);
  const composerId = useId();
  const hintId = `${composerId}-hint`;
  const counterId = `${composerId}-counter`;

  const load = useCallback(
    async (quiet = false) => {
      const current = ++request.current;
      if (!quiet) setState({ status: 'loading' });
      try {
        const [conversation, page] = await Promise.all([fetchConversation(kind, id), fetchMessages(kind, id)]);
        if (current !== request.current) return;
        setUnread(conversation.unreadCount);
        setState((previous) => ({
          status: 'ready',
          conversation,
          // A quiet reload (after a reconnection) keeps what is on screen and adds what was missed.
          messages: quiet && previous.status === 'ready' ? merge(previous.messages, page.messages) : page.messages,
          hasMore: quiet && previous.status === 'ready' ? previous.hasMore : page.hasMore,
          loadingOlder: false,
        }));
      } catch (error) {
        if (current === request.current && !quiet) {
          setState({ status: 'error', message: messageOf(error, m.threadFailed) });
        }
      }
    },
    [kind, id, m.threadFailed],
  );

  useEffect(() => {
    stickToBottom.current = true;
    void load();
  }, [load]);

  useEffect(
    () =>
      subscribeLive((event) => {
        if (event.type === 'reconnected') return void load(true);
        if (event.conversation?.kind !== kind || event.conversation.id !== id) return;
        if (event.type === 'unread') return setUnread(event.conversation.unreadCount);
        setState((previous) =>
          previous.status === 'ready' ? { ...previous, messages: merge(previous.messages, [event.message]) } : previous,
        );
      }),
    [kind, id, load],
  );

  const messages = state.status === 'ready' ? state.messages : [];
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
    setState({ ...state, loadingOlder: true });
    try {
      const page = await fetchMessages(kind, id, messages[0].id);
      if (log) keepOffsetFromBottom.current = log.scrollHeight - log.scrollTop;
      setState((previous) =>
        previous.status === 'ready'
          ? {
              ...previous,
              messages: merge(page.messages, previous.messages),
              hasMore: page.hasMore,
              loadingOlder: false,
            }
          : previous,
      );
    } catch (error) {
      setState((previous) => (previous.status === 'ready' ? { ...previous, loadingOlder: false } : previous));
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
      setState((previous) =>
        previous.status === 'ready' ? { ...previous, messages: merge(previous.messages, [message]) } : previous,
      );
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

  const now = new Date();
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
          <button type="button" onClick={() => void load()} className={buttonClasses('outline', 'sm')}>
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
            <ol className="space-y-3">
              {messages.map((message) => (
                <li
                  key={message.id}
                  data-testid="message"
                  data-mine={message.mine}
                  className={`flex flex-col ${message.mine ? 'items-end' : 'items-start'}`}
                >
                  <div
                    className={`max-w-[85%] rounded-2xl px-3 py-2 ${message.mine ? 'bg-accent/15' : 'bg-surface-2'}`}
                  >
                    <p className="whitespace-pre-wrap break-words text-sm">{message.body}</p>
                  </div>
                  <p className="mt-1 text-xs text-muted">
                    <span>{message.mine ? m.you : displayName(message.senderName, m)}</span>
                    {' · '}
                    <time
                      dateTime={message.postedAt}
                      title={dateTimeFormat(htmlLang[locale], { dateStyle: 'long', timeStyle: 'medium' }).format(
                        new Date(message.postedAt),
                      )}
                    >
                      {formatTimestamp(message.postedAt, now, locale, m.yesterday)}
                    </time>
                  </p>
                </li>
              ))}
            </ol>
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
