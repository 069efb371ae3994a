import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationsOf,
  findConversation,
  messagesOf,
  participantsOf,
  totalUnread,
  unreadIn,
  type ConversationRow,
} from '../../../projections/messaging.ts';
import { MESSAGING_MESSAGES, conversationDecider, otherParty } from '../../../shared/domain/messaging/decider.ts';
import { conversationStreamId, type ConversationRef } from '../../../shared/domain/messaging/events.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import {
  conversationParams,
  conversationView,
  conversationsQuery,
  messageBody,
  messagePage,
  messagesQuery,
  postedMessage,
  readAnswer,
  readBody,
  unreadCount,
} from '../../../shared/http/messaging.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { messagingStreamRoutes } from './stream-routes.ts';
import { conversationToView, messageToView, otherPartyId } from './views.ts';

const READ_MODELS = ['conversations'] as const;

/**
 * Messaging per job (issue deliverable 6): a conversation per booking or work order between its
 * customer and its contractor, unread counts, and a live stream of new messages and counts
 * (stream-routes.ts). Anyone else gets 404 for an unknown job and 403 for someone else's.
 */
export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.runtime;

  await app.register(messagingStreamRoutes);

  /** The conversation, if the user is one of its two parties (else 404 unknown / 403 not theirs). */
  async function requireParty(ref: ConversationRef, userId: string): Promise<ConversationRow> {
    const conversation = await findConversation(sql, ref);
    otherParty(participantsOf(conversation), userId);
    return conversation!;
  }

  // ------------------------------------------------------------------ queries

  app.get(
    '/api/conversations',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['messaging'],
        summary: 'My conversations, latest activity first, with the other party, the subject and my unread count',
        querystring: conversationsQuery,
        response: { 200: z.array(conversationView), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const rows = await conversationsOf(sql, user.id, request.query);
      // Listed conversations have both parties.
      const names = await displayNames(sql, [...new Set(rows.map((row) => otherPartyId(row, user)!))]);
      return rows.map((row) => conversationToView(row, user, names, row.unreadCount));
    },
  );

  app.get(
    '/api/conversations/unread-count',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['messaging'],
        summary: 'How many messages to me are unread, over all my conversations',
        response: { 200: unreadCount, 401: errorSchema },
      },
    },
    async (request) => ({ count: await totalUnread(sql, (await signedInUser(request)).id) }),
  );

  app.get(
    '/api/conversations/:kind/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['messaging'],
        summary: 'One of my conversations: the other party, the subject, my unread count',
        params: conversationParams,
        response: { 200: conversationView, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const conversation = await requireParty(request.params, user.id);
      const otherId = otherPartyId(conversation, user);
      const [names, unread] = await Promise.all([
        displayNames(sql, otherId ? [otherId] : []),
        unreadIn(sql, request.params, user.id),
      ]);
      return conversationToView(conversation, user, names, unread);
    },
  );

  app.get(
    '/api/conversations/:kind/:id/messages',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['messaging'],
        summary: 'Messages of one of my conversations, oldest first: the latest page, or the page before a message',
        params: conversationParams,
        querystring: messagesQuery,
        response: { 200: messagePage, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      await requireParty(request.params, user.id);
      const page = await messagesOf(sql, request.params, {
        limit: request.query.limit,
        beforeId: request.query.before,
      });
      if (!page) throw new NotFoundError(MESSAGING_MESSAGES.messageNotFound);
      const names = await displayNames(sql, [...new Set(page.messages.map((m) => m.senderId))]);
      return { messages: page.messages.map((m) => messageToView(m, user, names)), hasMore: page.hasMore };
    },
  );

  // ------------------------------------------------------------------ commands

  app.command({
    method: 'POST',
    url: '/api/conversations/:kind/:id/messages',
    access: 'signed-in',
    config: { abuseLimit: 'message', idempotent: 'optional' },
    schema: {
      tags: ['messaging'],
      summary: 'Send a message in one of my conversations',
      description:
        'Plain text, 1–2000 characters after trimming; control characters other than line breaks and tabs are ' +
        'refused. Rate limited per account and per address (ABUSE_LIMITS.message; 429 with Retry-After).',
      headers: optionalIdempotencyHeader,
      params: conversationParams,
      body: messageBody,
      response: {
        201: postedMessage,
        400: errorSchema,
        401: errorSchema,
        403: errorSchema,
        404: errorSchema,
        409: errorSchema,
        429: errorSchema,
        422: errorSchema,
      },
    },
    readModels: READ_MODELS,
    statusCode: 201,
    async run({ user, params, body, context, decide }) {
      const ref: ConversationRef = { kind: params.kind, id: params.id };
      const conversation = await findConversation(sql, ref);
      const messageId = randomUUID();
      const result = await decide(conversationStreamId(ref), conversationDecider, {
        type: 'PostMessage',
        conversation: ref,
        messageId,
        senderId: user.id,
        participants: participantsOf(conversation),
        body: body.body,
        now: context.now,
      });
      const posted = result.newEvents[0];
      if (posted?.type !== 'MessagePosted') throw new Error('PostMessage appended no MessagePosted');
      const message = {
        id: messageId,
        senderId: user.id,
        senderName: user.name,
        mine: true,
        body: posted.data.body,
        postedAt: posted.data.postedAt,
      };
      return { message };
    },
  });

  app.command({
    method: 'POST',
    url: '/api/conversations/:kind/:id/read',
    access: 'signed-in',
    schema: {
      tags: ['messaging'],
      summary: 'Mark one of my conversations read, up to its latest message or up to a given one',
      params: conversationParams,
      body: readBody,
      response: { 200: readAnswer, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    readModels: READ_MODELS,
    async run({ user, params, body, context, decide }) {
      const ref: ConversationRef = { kind: params.kind, id: params.id };
      const conversation = await findConversation(sql, ref);
      await decide(conversationStreamId(ref), conversationDecider, {
        type: 'MarkConversationRead',
        conversation: ref,
        readerId: user.id,
        participants: participantsOf(conversation),
        upToMessageId: body?.upToMessageId ?? null,
        now: context.now,
      });
      // Read once the read model has the read (past the bounded wait: 202 with the position).
      return async () => ({ success: true as const, unreadCount: await unreadIn(sql, ref, user.id) });
    },
  });
};
