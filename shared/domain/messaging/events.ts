/**
 * Messaging per job: one conversation per booking or work order, between its customer and its
 * contractor. One stream per conversation, `conversation-<kind>-<id>`, holds its messages and who
 * has read up to where, so the sender's rate limit and "read up to" are decided on one state.
 * Events carry ids and the text people wrote, never names or e-mail addresses.
 *
 * This file is the contract other modules may read (dashboards, the e-mail digest of a later
 * issue): add events or optional fields, never change an existing meaning.
 */
export const conversationKinds = ['booking', 'work-order'] as const;
export type ConversationKind = (typeof conversationKinds)[number];

/** What the conversation is about: a booking (`bookingId`) or a work order (`workOrderId`). */
export type ConversationRef = { kind: ConversationKind; id: string };

export type MessagePosted = {
  type: 'MessagePosted';
  data: {
    messageId: string;
    conversation: ConversationRef;
    senderId: string;
    /** The other party at the time of posting. */
    recipientId: string;
    /** Plain text, trimmed, 1–2000 characters (see decider.ts). */
    body: string;
    postedAt: string;
  };
};

/** The reader has seen every message up to and including `upToMessageId`. */
export type ConversationRead = {
  type: 'ConversationRead';
  data: {
    conversation: ConversationRef;
    readerId: string;
    upToMessageId: string;
    readAt: string;
  };
};

export type MessagingEvent = MessagePosted | ConversationRead;

export const conversationStreamId = (ref: ConversationRef) => `conversation-${ref.kind}-${ref.id}`;
