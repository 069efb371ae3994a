import type { ConversationRow, MessageRow } from '../../../projections/messaging.ts';
import type { ConversationView, MessageView } from '../../../shared/http/messaging.ts';
import { FORMER_MEMBER } from '../accounts/personal-data.ts';

type Viewer = { id: string };

/** The other party of a conversation, as the viewer sees it (null: a work order without its contractor yet). */
export function otherPartyId(row: Pick<ConversationRow, 'customerId' | 'contractorId'>, viewer: Viewer) {
  return viewer.id === row.customerId ? row.contractorId : row.customerId;
}

/** A conversation as one of its parties sees it; a closed account's name is FORMER_MEMBER. */
export function conversationToView(
  row: ConversationRow,
  viewer: Viewer,
  names: ReadonlyMap<string, string>,
  unreadCount: number,
): ConversationView {
  const otherId = otherPartyId(row, viewer);
  return {
    kind: row.kind,
    id: row.id,
    subject: { kind: row.kind, id: row.id, title: row.title, startsAt: row.startsAt, workOrderId: row.workOrderId },
    // A work order without its contractor yet has no other party: the customer sees the order only.
    otherParty: otherId
      ? {
          id: otherId,
          name: names.get(otherId) ?? FORMER_MEMBER,
          role: viewer.id === row.customerId ? 'contractor' : 'customer',
        }
      : null,
    lastMessage: row.lastMessage ? { ...row.lastMessage, mine: row.lastMessage.senderId === viewer.id } : null,
    messageCount: row.messageCount,
    unreadCount,
  };
}

/** A message as `viewer` sees it (`mine` when they sent it). */
export function messageToView(
  message: Pick<MessageRow, 'id' | 'senderId' | 'body' | 'postedAt'>,
  viewer: Viewer,
  names: ReadonlyMap<string, string>,
): MessageView {
  return {
    id: message.id,
    senderId: message.senderId,
    senderName: names.get(message.senderId) ?? FORMER_MEMBER,
    mine: message.senderId === viewer.id,
    body: message.body,
    postedAt: message.postedAt,
  };
}
