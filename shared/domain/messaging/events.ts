import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';

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
export const conversationRefSchema = z.object({ kind: z.enum(conversationKinds), id: z.string() });
export type ConversationRef = z.infer<typeof conversationRefSchema>;

export const messagePostedSchema = z.object({
  messageId: z.string(),
  conversation: conversationRefSchema,
  senderId: z.string(),
  /** The other party at the time of posting. */
  recipientId: z.string(),
  /** Plain text, trimmed, 1–2000 characters (see decider.ts). */
  body: z.string(),
  postedAt: z.string(),
});
export type MessagePosted = { type: 'MessagePosted'; data: z.infer<typeof messagePostedSchema> };

/** The reader has seen every message up to and including `upToMessageId`. */
export const conversationReadSchema = z.object({
  conversation: conversationRefSchema,
  readerId: z.string(),
  upToMessageId: z.string(),
  readAt: z.string(),
});
export type ConversationRead = { type: 'ConversationRead'; data: z.infer<typeof conversationReadSchema> };

export type MessagingEvent = MessagePosted | ConversationRead;

export const messagingEventSchemas = {
  MessagePosted: messagePostedSchema,
  ConversationRead: conversationReadSchema,
} as const satisfies EventSchemas<MessagingEvent>;

export const conversationStreamId = (ref: ConversationRef) => `conversation-${ref.kind}-${ref.id}`;
