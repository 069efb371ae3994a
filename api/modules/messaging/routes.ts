import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationsOf,
  findConversation,
  findMessage,
  messagesOf,
  participantsOf,
  totalUnread,
  unreadIn,
  type ConversationRow,
  type MessageRow,
} from '../../../projections/conversations.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import {
  MESSAGE_LIMITS,
  MESSAGING_MESSAGES,
  conversationDecider,
  otherParty,
} from '../../../shared/domain/messaging/decider.ts';
import {
  conversationKinds,
  conversationStreamId,
  type ConversationRef,
} from '../../../shared/domain/messaging/events.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { answerAfterProjections, commandContext } from '../../plugins/read-your-writes.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { startConversationNotifier, type ConversationChange } from './notifier.ts';
import { wholeNumberQuery } from '../query.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';

const READ_MODELS = ['conversations'] as const;

/** What a closed account shows instead of a name (the UI translates it). */
export const FORMER_MEMBER = 'Former member';

/**
 * Live streams send a comment this often (proxies keep the connection open) and check then that
 * the session still exists, so a stream ends at the latest this long after its user signs out
 * (the page closes its own stream at once). Tests shorten it.
 */
export const STREAM_TIMING = { heartbeatMs: 25_000 };

const conversationParams = z.strictObject({
  kind: z.enum(conversationKinds, { error: 'The conversation kind must be booking or work-order' }),
  id: z.uuid({ error: 'The conversation id is not valid' }),
});

export const messageBody = z.strictObject({
  // The exact rule (trimmed, counted in characters, plain text) is the decider's; this bounds the body.
  body: z
    .string({ error: MESSAGING_MESSAGES.body })
    .max(MESSAGE_LIMITS.bodyMax * 4, { error: MESSAGING_MESSAGES.body }),
});

const readBody = z
  .strictObject({
    upToMessageId: z.uuid({ error: 'upToMessageId must be a message id' }).optional(),
  })
  // The body is optional: a POST without one reads up to the latest message.
  .nullish();

const listQuery = z.strictObject({
  limit: wholeNumberQuery('limit', { min: 1, max: 100, default: 50 }),
  offset: wholeNumberQuery('offset', { min: 0, max: 10_000, default: 0 }),
});

const messagesQuery = z.strictObject({
  before: z.uuid({ error: 'before must be a message id' }).optional(),
  limit: wholeNumberQuery('limit', { min: 1, max: 100, default: 50 }),
});

const subjectView = z
  .object({
    kind: z.enum(conversationKinds),
    id: z.uuid(),
    title: z.string().nullable().describe("The work order's title"),
    startsAt: z.string().nullable().describe("The booking's start"),
    workOrderId: z.uuid().nullable().describe('The work order a booking was made for'),
  })
  .describe('What the conversation is about: the booking or the work order');

const messageView = z.object({
  id: z.uuid(),
  senderId: z.uuid(),
  senderName: z.string(),
  mine: z.boolean(),
  body: z.string(),
  postedAt: z.string(),
});

const conversationView = z.object({
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

type Viewer = { id: string };

function conversationToView(row: ConversationRow, viewer: Viewer, names: Map<string, string>, unreadCount: number) {
  const otherId = viewer.id === row.customerId ? row.contractorId : row.customerId;
  return {
    kind: row.kind,
    id: row.id,
    subject: { kind: row.kind, id: row.id, title: row.title, startsAt: row.startsAt, workOrderId: row.workOrderId },
    // A work order without its contractor yet has no other party: the customer sees the order only.
    otherParty: otherId
      ? {
          id: otherId,
          name: names.get(otherId) ?? FORMER_MEMBER,
          role: viewer.id === row.customerId ? ('contractor' as const) : ('customer' as const),
        }
      : null,
    lastMessage: row.lastMessage ? { ...row.lastMessage, mine: row.lastMessage.senderId === viewer.id } : null,
    messageCount: row.messageCount,
    unreadCount,
  };
}

function messageToView(message: MessageRow, viewer: Viewer, names: Map<string, string>) {
  return {
    id: message.id,
    senderId: message.senderId,
    senderName: names.get(message.senderId) ?? FORMER_MEMBER,
    mine: message.senderId === viewer.id,
    body: message.body,
    postedAt: message.postedAt,
  };
}

/**
 * Messaging per job (issue deliverable 6): a conversation per booking or work order between its
 * customer and its contractor, unread counts, and a live stream of new messages and counts.
 * Anyone else gets 404 for an unknown job and 403 for someone else's.
 */
export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store, redis } = app.runtime;
  const notifier = await startConversationNotifier({ sql, redis, logger: app.log });

  /** The conversation, if the user is one of its two parties (else 404 unknown / 403 not theirs). */
  async function requireParty(ref: ConversationRef, userId: string): Promise<ConversationRow> {
    const conversation = await findConversation(sql, ref);
    otherParty(participantsOf(conversation), userId);
    return conversation!;
  }

  // ------------------------------------------------------------------ live stream (SSE)

  type Client = { response: ServerResponse };
  const clients = new Map<string, Set<Client>>();
  /** One chain per user, so a user's events go out in the order their changes happened. */
  const chains = new Map<string, Promise<void>>();

  const write = (userId: string, event: string, data: unknown) => {
    for (const client of clients.get(userId) ?? []) {
      client.response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    }
  };

  async function deliver(change: ConversationChange) {
    const { userId, conversation, messageId } = change;
    if (messageId) {
      const message = await findMessage(sql, messageId);
      if (message) {
        const names = await displayNames(sql, [message.senderId]);
        write(userId, 'message', { conversation, message: messageToView(message, { id: userId }, names) });
      }
    }
    const [count, inConversation] = await Promise.all([totalUnread(sql, userId), unreadIn(sql, conversation, userId)]);
    write(userId, 'unread', { count, conversation: { ...conversation, unreadCount: inConversation } });
  }

  const unsubscribe = notifier.subscribe((change) => {
    if (!clients.get(change.userId)?.size) return;
    const previous = chains.get(change.userId) ?? Promise.resolve();
    const next = previous
      .then(() => deliver(change))
      .catch((error: unknown) => app.log.warn({ err: error }, 'conversation live update failed'));
    chains.set(change.userId, next);
    void next.finally(() => {
      if (chains.get(change.userId) === next) chains.delete(change.userId);
    });
  });

  app.addHook('preClose', async () => {
    unsubscribe();
    for (const set of clients.values()) for (const client of set) client.response.end();
    clients.clear();
  });
  app.addHook('onClose', async () => notifier.close());

  /** Whether the request's session still signs in `userId` (false once they signed out). */
  function sessionStillValid(request: FastifyRequest, userId: string): Promise<boolean> {
    const sessionId = request.session?.sessionId;
    if (!sessionId) return Promise.resolve(false);
    return new Promise((resolve) => {
      request.sessionStore.get(sessionId, (error, session) => {
        if (error) return resolve(true); // The store is unreachable: keep the stream, check again later.
        resolve((session as { userId?: string } | null | undefined)?.userId === userId);
      });
    });
  }

  app.get(
    '/api/conversations/stream',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['messaging'],
        summary: 'Server-sent events: my new messages and unread counts, live',
        description:
          '`unread` with {count, conversation: {kind, id, unreadCount} | null} at once and whenever a count changes; ' +
          '`message` with {conversation: {kind, id}, message} for every message to or from me. A comment every 25 s ' +
          'keeps the connection open; the stream ends when the session ends.',
        response: { 401: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const count = await totalUnread(sql, user.id);
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const client: Client = { response };
      let set = clients.get(user.id);
      if (!set) clients.set(user.id, (set = new Set()));
      set.add(client);
      response.write('retry: 5000\n\n');
      response.write(`event: unread\ndata: ${JSON.stringify({ count, conversation: null })}\n\n`);

      const heartbeat = setInterval(() => {
        response.write(': heartbeat\n\n');
        void sessionStillValid(request, user.id).then((valid) => {
          if (!valid) response.end();
        });
      }, STREAM_TIMING.heartbeatMs);
      heartbeat.unref();
      const detach = () => {
        clearInterval(heartbeat);
        const own = clients.get(user.id);
        own?.delete(client);
        if (own?.size === 0) clients.delete(user.id);
      };
      request.raw.on('close', detach);
      response.on('close', detach);
    },
  );

  // ------------------------------------------------------------------ queries

  app.get(
    '/api/conversations',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['messaging'],
        summary: 'My conversations, latest activity first, with the other party, the subject and my unread count',
        querystring: listQuery,
        response: { 200: z.array(conversationView), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const rows = await conversationsOf(sql, user.id, request.query);
      const names = await displayNames(sql, [
        ...new Set(rows.map((row) => (row.customerId === user.id ? row.contractorId! : row.customerId))),
      ]);
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
        response: { 200: z.object({ count: z.number().int() }), 401: errorSchema },
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
      const otherId = conversation.customerId === user.id ? conversation.contractorId : conversation.customerId;
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
        response: {
          200: z.object({ messages: z.array(messageView), hasMore: z.boolean() }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
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

  app.post(
    '/api/conversations/:kind/:id/messages',
    {
      onRequest: app.requireUser,
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
          201: z.object({ message: messageView }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const ref: ConversationRef = { kind: request.params.kind, id: request.params.id };
      const conversation = await findConversation(sql, ref);
      const messageId = randomUUID();
      const result = await handleCommand(
        store,
        conversationStreamId(ref),
        conversationDecider,
        {
          type: 'PostMessage',
          conversation: ref,
          messageId,
          senderId: user.id,
          participants: participantsOf(conversation),
          body: request.body.body,
          now: context.now,
        },
        context,
      );
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
      return answerAfterProjections(
        request,
        reply,
        result.position,
        { message },
        { statusCode: 201, projections: READ_MODELS },
      );
    },
  );

  app.post(
    '/api/conversations/:kind/:id/read',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['messaging'],
        summary: 'Mark one of my conversations read, up to its latest message or up to a given one',
        params: conversationParams,
        body: readBody,
        response: {
          200: z.object({ success: z.literal(true), unreadCount: z.number().int() }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const ref: ConversationRef = { kind: request.params.kind, id: request.params.id };
      const conversation = await findConversation(sql, ref);
      const result = await handleCommand(
        store,
        conversationStreamId(ref),
        conversationDecider,
        {
          type: 'MarkConversationRead',
          conversation: ref,
          readerId: user.id,
          participants: participantsOf(conversation),
          upToMessageId: request.body?.upToMessageId ?? null,
          now: context.now,
        },
        context,
      );
      const reached = result.position
        ? await request.server.runtime.checkpoints.waitFor(result.position, {
            projections: READ_MODELS,
            timeoutMs: request.server.config.READ_YOUR_WRITES_TIMEOUT_MS,
          })
        : true;
      const unreadCount = await unreadIn(sql, ref, user.id);
      // Past the bounded wait this answers 202 with the position, like every other command.
      return answerAfterProjections(
        request,
        reply,
        reached ? null : result.position,
        { success: true as const, unreadCount },
        { projections: READ_MODELS },
      );
    },
  );
};
