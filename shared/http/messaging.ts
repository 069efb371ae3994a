import { z } from 'zod';
import { conversationKinds } from '../domain/messaging/events.ts';
import { MESSAGE_LIMITS, MESSAGING_MESSAGES } from '../domain/messaging/limits.ts';
import { wholeNumberQuery } from './query.ts';

/** The HTTP shapes of messaging (api/modules/messaging/): conversations per booking or work order. */

export const conversationParams = z.strictObject({
  kind: z.enum(conversationKinds, { error: 'The conversation kind must be booking or work-order' }),
  id: z.uuid({ error: 'The conversation id is not valid' }),
});

export const messageBody = z.strictObject({
  // The exact rule (trimmed, counted in characters, plain text) is the decider's; this bounds the body.
  body: z
    .string({ error: MESSAGING_MESSAGES.body })
    .max(MESSAGE_LIMITS.bodyMax * 4, { error: MESSAGING_MESSAGES.body }),
});

export const readBody = z
  .strictObject({
    upToMessageId: z.uuid({ error: 'upToMessageId must be a message id' }).optional(),
  })
  // The body is optional: a POST without one reads up to the latest message.
  .nullish();

export const conversationsQuery = z.strictObject({
  limit: wholeNumberQuery('limit', { min: 1, max: 100, default: 50 }),
  offset: wholeNumberQuery('offset', { min: 0, max: 10_000, default: 0 }),
});

export const messagesQuery = z.strictObject({
  before: z.uuid({ error: 'before must be a message id' }).optional(),
  limit: wholeNumberQuery('limit', { min: 1, max: 100, default: 50 }),
});

export const subjectView = z
  .object({
    kind: z.enum(conversationKinds),
    id: z.uuid(),
    title: z.string().nullable().describe("The work order's title"),
    startsAt: z.string().nullable().describe("The booking's start"),
    workOrderId: z.uuid().nullable().describe('The work order a booking was made for'),
  })
  .describe('What the conversation is about: the booking or the work order');

export const messageView = z.object({
  id: z.uuid(),
  senderId: z.uuid(),
  senderName: z.string(),
  mine: z.boolean(),
  body: z.string(),
  postedAt: z.string(),
});

export const conversationView = z.object({
  kind: z.enum(conversationKinds),
  id: z.uuid(),
  subject: subjectView,
  otherParty: z
    .object({ id: z.uuid(), name: z.string(), role: z.enum(['customer', 'contractor']) })
    .nullable()
    .describe('Null for a work order that has no contractor yet'),
  lastMessage: z
    .object({ id: z.uuid(), senderId: z.uuid(), mine: z.boolean(), preview: z.string(), postedAt: z.string() })
    .nullable(),
  messageCount: z.number().int(),
  unreadCount: z.number().int(),
});

export const messagePage = z.object({ messages: z.array(messageView), hasMore: z.boolean() });
export const postedMessage = z.object({ message: messageView });
export const readAnswer = z.object({ success: z.literal(true), unreadCount: z.number().int() });
export const unreadCount = z.object({ count: z.number().int() });

export type MessageView = z.output<typeof messageView>;
export type ConversationView = z.output<typeof conversationView>;
export type MessagePage = z.output<typeof messagePage>;
