import type { ConversationView, MessagePage, MessageView } from '../../../shared/http/messaging.ts';
import { apiRequest, getJson } from '../../lib/api.ts';
import { createFetcherStore, revalidateKeys } from '../../lib/query.ts';

/** Spelled as in the API: `/api/conversations/{kind}/{id}`. */
export type ConversationKind = ConversationView['kind'];
export type Message = MessageView;
export type Conversation = ConversationView;
export type { MessagePage };

/** My conversations, latest activity first (the /messages list). */
export const CONVERSATIONS_KEY = '/api/conversations?limit=100';
export const $conversations = createFetcherStore<Conversation[]>([CONVERSATIONS_KEY], {
  fetcher: async () => (await getJson<Conversation[]>(CONVERSATIONS_KEY)) ?? [],
});

/** Reads the list again: a message or a read changed a preview, an order or a badge. */
export const reloadConversations = () => revalidateKeys(CONVERSATIONS_KEY);

const base = (kind: ConversationKind, id: string) =>
  `/api/conversations/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;

/** A page of older messages ("Load older"), before the message `before`. */
export async function fetchMessages(kind: ConversationKind, id: string, before?: string): Promise<MessagePage> {
  const query = new URLSearchParams({ limit: '50', ...(before ? { before } : {}) });
  return (await getJson<MessagePage>(`${base(kind, id)}/messages?${query}`)) ?? { messages: [], hasMore: false };
}

/** Sends a message; the conversation list (its preview and order) is read again. */
export async function sendMessage(kind: ConversationKind, id: string, body: string): Promise<Message> {
  const response = await apiRequest('POST', `${base(kind, id)}/messages`, { body });
  const { message } = (await response.json()) as { message: Message };
  reloadConversations();
  return message;
}

/** Marks the thread read up to a message; the list's badge is read again. Answers my unread count in it. */
export async function markRead(kind: ConversationKind, id: string, upToMessageId: string): Promise<number> {
  const response = await apiRequest('POST', `${base(kind, id)}/read`, { upToMessageId });
  const { unreadCount } = (await response.json()) as { unreadCount: number };
  reloadConversations();
  return unreadCount;
}

/** The `?c=` value of /messages that opens one conversation: `booking:<id>`. */
export function conversationParam(kind: ConversationKind, id: string): string {
  return `${kind}:${id}`;
}

export function parseConversationParam(value: string | null): { kind: ConversationKind; id: string } | null {
  const match = /^(booking|work-order):([0-9a-f-]{36})$/i.exec(value ?? '');
  return match ? { kind: match[1] as ConversationKind, id: match[2]!.toLowerCase() } : null;
}

/**
 * One thread's reads: the conversation (other party, subject, my unread count) and its latest
 * page of messages. A thread opened again shows what it had and reads both again at once.
 */
export function threadStores(kind: ConversationKind, id: string) {
  const conversationUrl = base(kind, id);
  const latestUrl = `${conversationUrl}/messages?limit=50`;
  const fresh = { dedupeTime: 0 };
  return {
    $conversation: createFetcherStore<Conversation>([conversationUrl], fresh),
    $latest: createFetcherStore<MessagePage>([latestUrl], fresh),
    /** Reads both again, keeping what is on screen meanwhile. */
    reload: () => revalidateKeys([conversationUrl, latestUrl]),
  };
}
