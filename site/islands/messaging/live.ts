import { atom } from 'nanostores';
import { closeWhileAway } from '../../lib/page-lifecycle.ts';
import { $session } from '../../stores/session.ts';
import type { ConversationKind, Message } from './api.ts';

export const STREAM_URL = '/api/conversations/stream';

export type LiveEvent =
  | { type: 'message'; conversation: { kind: ConversationKind; id: string }; message: Message }
  | {
      type: 'unread';
      count: number;
      conversation: { kind: ConversationKind; id: string; unreadCount: number } | null;
    }
  /** The stream came back after a break: what was missed must be fetched again. */
  | { type: 'reconnected' };

/** My unread messages over every conversation, as the live stream last told it. */
export const $messagesUnread = atom(0);

const listeners = new Set<(event: LiveEvent) => void>();
let source: EventSource | null = null;
let stopSessionWatch: (() => void) | null = null;
let stopClosingWhileAway: (() => void) | null = null;

function emit(event: LiveEvent) {
  for (const listener of listeners) listener(event);
}

function parse<T>(event: Event): T | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
}

/** Opens the stream; `afterBreak`: its first opening is a reconnection (listeners fetch what they missed). */
function open(afterBreak = false) {
  if (source || typeof EventSource === 'undefined') return;
  const stream = new EventSource(STREAM_URL);
  source = stream;
  let opened = afterBreak;
  stream.addEventListener('open', () => {
    if (opened) emit({ type: 'reconnected' });
    opened = true;
  });
  stream.addEventListener('message', (event) => {
    const data = parse<Omit<Extract<LiveEvent, { type: 'message' }>, 'type'>>(event);
    if (data?.message && data.conversation) emit({ type: 'message', ...data });
  });
  stream.addEventListener('unread', (event) => {
    const data = parse<Omit<Extract<LiveEvent, { type: 'unread' }>, 'type'>>(event);
    if (!data || typeof data.count !== 'number') return;
    $messagesUnread.set(data.count);
    emit({ type: 'unread', ...data });
  });
}

function close() {
  source?.close();
  source = null;
}

/**
 * One live stream per page, shared by every island that listens (the /messages list and its
 * thread, or a thread embedded in another page): it opens with the first listener, closes with
 * the last one, and closes at once when the user signs out.
 */
export function subscribeLive(listener: (event: LiveEvent) => void): () => void {
  listeners.add(listener);
  if (!stopSessionWatch) {
    stopSessionWatch = $session.subscribe((session) => {
      if (session.status === 'unauthenticated') close();
      else if (session.status === 'authenticated' && listeners.size > 0) open();
    });
  }
  // Closed while the page is away (lib/page-lifecycle.ts); back from the back/forward cache, the
  // listeners fetch again what the closed stream missed, as after any break.
  stopClosingWhileAway ??= closeWhileAway({
    close,
    reopen: () => {
      if ($session.get().status === 'authenticated') open(true);
    },
  });
  if ($session.get().status === 'authenticated') open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      close();
      stopSessionWatch?.();
      stopSessionWatch = null;
      stopClosingWhileAway?.();
      stopClosingWhileAway = null;
    }
  };
}
