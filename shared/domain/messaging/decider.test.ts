import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { deciderSpec } from '../testing.ts';
import { MESSAGING_MESSAGES, conversationDecider, type Participants } from './decider.ts';
import { conversationStreamId, type ConversationRef, type MessagingEvent } from './events.ts';

const customerId = '2c7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e71';
const contractorId = '3d7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e72';
const stranger = '4e7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e73';
const conversation: ConversationRef = { kind: 'booking', id: '1b7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e70' };
const participants: Participants = { customerId, contractorId };
const now = new Date('2026-06-01T15:00:00.000Z');

const spec = deciderSpec(conversationDecider);

const messageId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const posted = (n: number, senderId = customerId, at = now): MessagingEvent => ({
  type: 'MessagePosted',
  data: {
    messageId: messageId(n),
    conversation,
    senderId,
    recipientId: senderId === customerId ? contractorId : customerId,
    body: `Message ${n}`,
    postedAt: at.toISOString(),
  },
});

const post = (
  overrides: Partial<{ senderId: string; body: string; n: number; now: Date; participants: Participants | null }> = {},
) => ({
  type: 'PostMessage' as const,
  conversation,
  messageId: messageId(overrides.n ?? 1),
  senderId: overrides.senderId ?? customerId,
  participants: overrides.participants === undefined ? participants : overrides.participants,
  body: overrides.body ?? `Message ${overrides.n ?? 1}`,
  now: overrides.now ?? now,
});

const read = (readerId: string, upToMessageId: string | null = null) => ({
  type: 'MarkConversationRead' as const,
  conversation,
  readerId,
  participants,
  upToMessageId,
  now,
});

describe('conversation decider: PostMessage', () => {
  it('posts a message to the other party, either way', () => {
    expect(conversationStreamId(conversation)).toBe(`conversation-booking-${conversation.id}`);
    spec([])
      .when(post())
      .then([posted(1)]);
    spec([posted(1)])
      .when(post({ n: 2, senderId: contractorId }))
      .then([posted(2, contractorId)]);
  });

  it('refuses anyone but the two parties, and an unknown conversation', () => {
    spec([])
      .when(post({ senderId: stranger }))
      .thenThrows(ForbiddenError, MESSAGING_MESSAGES.notParty);
    spec([])
      .when(post({ participants: null }))
      .thenThrows(NotFoundError, MESSAGING_MESSAGES.notFound);
  });

  it('waits for a work order to have its contractor', () => {
    spec([])
      .when(post({ participants: { customerId, contractorId: null } }))
      .thenThrows(ConflictError, MESSAGING_MESSAGES.noContractor);
  });

  it('trims, keeps line breaks and tabs, and asks for 1 to 2000 characters', () => {
    const [event] = conversationDecider.decide(post({ body: '  Hi!\r\n\tSee you at 9.  ' }), { status: 'empty' });
    expect(event?.type === 'MessagePosted' && event.data.body).toBe('Hi!\n\tSee you at 9.');
    for (const body of ['', '  \n\t ', 'x'.repeat(2001)]) {
      spec([]).when(post({ body })).thenThrows(ValidationError, MESSAGING_MESSAGES.body);
    }
    expect(conversationDecider.decide(post({ body: '🙂'.repeat(2000) }), { status: 'empty' })).toHaveLength(1);
  });

  it('refuses control characters rather than stripping them', () => {
    for (const body of ['bell\u0007', 'escape \u001b[31m red', 'null\u0000', 'c1 \u0085 next line', 'del\u007f']) {
      spec([]).when(post({ body })).thenThrows(ValidationError, MESSAGING_MESSAGES.control);
    }
  });

  it('refuses the same message id twice', () => {
    spec([posted(1)])
      .when(post())
      .thenThrows(ConflictError, MESSAGING_MESSAGES.duplicate);
  });
});

describe('conversation decider: MarkConversationRead', () => {
  const readEvent = (readerId: string, n: number): MessagingEvent => ({
    type: 'ConversationRead',
    data: { conversation, readerId, upToMessageId: messageId(n), readAt: now.toISOString() },
  });

  it('reads up to the latest message by default, or up to a given one', () => {
    spec([posted(1), posted(2)])
      .when(read(contractorId))
      .then([readEvent(contractorId, 2)]);
    spec([posted(1), posted(2)])
      .when(read(contractorId, messageId(1)))
      .then([readEvent(contractorId, 1)]);
  });

  it('changes nothing when nothing new from the other party is covered', () => {
    spec([]).when(read(contractorId)).then([]);
    spec([posted(1), posted(2), readEvent(contractorId, 2)])
      .when(read(contractorId))
      .then([]);
    spec([posted(1), posted(2), readEvent(contractorId, 2)])
      .when(read(contractorId, messageId(1)))
      .then([]);
    // Your own messages are never unread to you.
    spec([posted(1)])
      .when(read(customerId))
      .then([]);
    spec([posted(1), readEvent(contractorId, 1), posted(2, contractorId)])
      .when(read(contractorId))
      .then([]);
  });

  it('moves on past what was read when the other party writes again', () => {
    spec([posted(1), readEvent(contractorId, 1), posted(2)])
      .when(read(contractorId))
      .then([readEvent(contractorId, 2)]);
  });

  it('refuses a message that is not in the conversation, and strangers', () => {
    spec([posted(1)])
      .when(read(contractorId, messageId(9)))
      .thenThrows(NotFoundError, MESSAGING_MESSAGES.messageNotFound);
    spec([])
      .when(read(contractorId, messageId(9)))
      .thenThrows(NotFoundError, MESSAGING_MESSAGES.messageNotFound);
    spec([posted(1)])
      .when(read(stranger))
      .thenThrows(ForbiddenError, MESSAGING_MESSAGES.notParty);
  });
});
