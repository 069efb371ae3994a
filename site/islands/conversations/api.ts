import { apiRequest, getJson } from '../../lib/api.ts';

/** Spelled as in the API: `/api/conversations/{kind}/{id}`. */
export type ConversationKind = 'booking' | 'work-order';

export type Message = {
  id: string;
  senderId: string;
  senderName: string;
  mine: boolean;
  body: string;
  postedAt: string;
};

export type Conversation = {
  kind: ConversationKind;
  id: string;
  subject: {
    kind: ConversationKind;
    id: string;
    title: string | null;
    startsAt: string | null;
    workOrderId: string | null;
  };
  /** Null for a work order that has no contractor yet. */
  otherParty: { id: string; name: string; role: 'customer' | 'contractor' } | null;
  lastMessage: { id: string; senderId: string; mine: boolean; preview: string; postedAt: string } | null;
  messageCount: number;
  unreadCount: number;
};

export type MessagePage = { messages: Message[]; hasMore: boolean };

const base = (kind: ConversationKind, id: string) =>
  `/api/conversations/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;

export async function fetchConversations(): Promise<Conversation[]> {
  return (await getJson<Conversation[]>('/api/conversations?limit=100')) ?? [];
}

export async function fetchConversation(kind: ConversationKind, id: string): Promise<Conversation> {
  const conversation = await getJson<Conversation>(base(kind, id));
  if (!conversation) throw new Error('No conversation');
  return conversation;
}

export async function fetchMessages(kind: ConversationKind, id: string, before?: string): Promise<MessagePage> {
  const query = new URLSearchParams({ limit: '50', ...(before ? { before } : {}) });
  return (await getJson<MessagePage>(`${base(kind, id)}/messages?${query}`)) ?? { messages: [], hasMore: false };
}

export async function sendMessage(kind: ConversationKind, id: string, body: string): Promise<Message> {
  const response = await apiRequest('POST', `${base(kind, id)}/messages`, { body });
  return ((await response.json()) as { message: Message }).message;
}

export async function markRead(kind: ConversationKind, id: string, upToMessageId: string): Promise<number> {
  const response = await apiRequest('POST', `${base(kind, id)}/read`, { upToMessageId });
  return ((await response.json()) as { unreadCount: number }).unreadCount;
}

/** The `?c=` value of /messages that opens one conversation: `booking:<id>`. */
export function conversationParam(kind: ConversationKind, id: string): string {
  return `${kind}:${id}`;
}

export function parseConversationParam(value: string | null): { kind: ConversationKind; id: string } | null {
  const match = /^(booking|work-order):([0-9a-f-]{36})$/i.exec(value ?? '');
  return match ? { kind: match[1] as ConversationKind, id: match[2]!.toLowerCase() } : null;
}
