import { messagingEventSchemas } from './events.ts';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import { checkPlainText } from '../plain-text.ts';
import type { ConversationRef, MessagingEvent } from './events.ts';
import { MESSAGE_LIMITS, MESSAGING_MESSAGES } from './limits.ts';

export { MESSAGE_LIMITS, MESSAGING_MESSAGES } from './limits.ts';

/**
 * One conversation (stream `conversation-<kind>-<id>`). Who its two parties are comes from the
 * conversations read model (built from the booking and work-order contract events), looked up by
 * the route and passed in the command, as are the message id and the time: the decider is pure.
 */

/** The two parties of the conversation's booking or work order; contractor null until one is chosen. */
export type Participants = { customerId: string; contractorId: string | null };

export type ConversationState =
  | { status: 'empty' }
  | {
      status: 'active';
      /** Every message in order, with its sender (for "read up to" and unread counts). */
      messages: readonly { id: string; senderId: string }[];
      /** Index in `messages` each reader has read up to (inclusive). */
      readUpTo: Readonly<Record<string, number>>;
    };

export type PostMessage = {
  type: 'PostMessage';
  conversation: ConversationRef;
  messageId: string;
  senderId: string;
  participants: Participants | null;
  body: string;
  now: Date;
};

export type MarkConversationRead = {
  type: 'MarkConversationRead';
  conversation: ConversationRef;
  readerId: string;
  participants: Participants | null;
  /** Null: up to the latest message. */
  upToMessageId: string | null;
  now: Date;
};

export type MessagingCommand = PostMessage | MarkConversationRead;

/** The other party of `userId`, or a refusal (unknown conversation, not a party). */
export function otherParty(participants: Participants | null, userId: string): string | null {
  if (!participants) throw new NotFoundError(MESSAGING_MESSAGES.notFound);
  if (userId === participants.customerId) return participants.contractorId;
  if (userId === participants.contractorId) return participants.customerId;
  throw new ForbiddenError(MESSAGING_MESSAGES.notParty);
}

export function postMessage(command: PostMessage, state: ConversationState): MessagingEvent[] {
  const recipientId = otherParty(command.participants, command.senderId);
  if (!recipientId) throw new ConflictError(MESSAGING_MESSAGES.noContractor);
  const checked = checkPlainText(command.body, { min: MESSAGE_LIMITS.bodyMin, max: MESSAGE_LIMITS.bodyMax });
  if (!checked.ok) {
    throw new ValidationError(checked.problem === 'control' ? MESSAGING_MESSAGES.control : MESSAGING_MESSAGES.body);
  }
  if (state.status === 'active') {
    if (state.messages.some((message) => message.id === command.messageId)) {
      throw new ConflictError(MESSAGING_MESSAGES.duplicate);
    }
  }
  return [
    {
      type: 'MessagePosted',
      data: {
        messageId: command.messageId,
        conversation: { kind: command.conversation.kind, id: command.conversation.id },
        senderId: command.senderId,
        recipientId,
        body: checked.text,
        postedAt: command.now.toISOString(),
      },
    },
  ];
}

export function markConversationRead(command: MarkConversationRead, state: ConversationState): MessagingEvent[] {
  otherParty(command.participants, command.readerId);
  if (state.status === 'empty') {
    if (command.upToMessageId) throw new NotFoundError(MESSAGING_MESSAGES.messageNotFound);
    return [];
  }
  const target = command.upToMessageId
    ? state.messages.findIndex((message) => message.id === command.upToMessageId)
    : state.messages.length - 1;
  if (target < 0) throw new NotFoundError(MESSAGING_MESSAGES.messageNotFound);
  const from = (state.readUpTo[command.readerId] ?? -1) + 1;
  // Only the other party's messages are ever unread: with none of them newly covered, nothing changes.
  const newlyRead = state.messages.slice(from, target + 1).some((message) => message.senderId !== command.readerId);
  if (!newlyRead) return [];
  return [
    {
      type: 'ConversationRead',
      data: {
        conversation: { kind: command.conversation.kind, id: command.conversation.id },
        readerId: command.readerId,
        upToMessageId: state.messages[target]!.id,
        readAt: command.now.toISOString(),
      },
    },
  ];
}

export function evolveConversation(state: ConversationState, event: MessagingEvent): ConversationState {
  const current = state.status === 'active' ? state : { status: 'active' as const, messages: [], readUpTo: {} };
  switch (event.type) {
    case 'MessagePosted': {
      const { messageId, senderId } = event.data;
      return { ...current, messages: [...current.messages, { id: messageId, senderId }] };
    }
    case 'ConversationRead': {
      const index = current.messages.findIndex((message) => message.id === event.data.upToMessageId);
      const previous = current.readUpTo[event.data.readerId] ?? -1;
      if (index <= previous) return current;
      return { ...current, readUpTo: { ...current.readUpTo, [event.data.readerId]: index } };
    }
    default:
      return state;
  }
}

export const conversationDecider: Decider<ConversationState, MessagingCommand, MessagingEvent> = {
  eventSchemas: messagingEventSchemas,
  initialState: () => ({ status: 'empty' }),
  evolve: evolveConversation,
  decide(command, state) {
    switch (command.type) {
      case 'PostMessage':
        return postMessage(command, state);
      case 'MarkConversationRead':
        return markConversationRead(command, state);
      default: {
        const unknown: never = command;
        throw new AppError(400, `Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
};
