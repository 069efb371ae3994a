import type { ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findMessage, totalUnread, unreadIn } from '../../../projections/messaging.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { startConversationNotifier, type ConversationChange } from './notifier.ts';
import { messageToView } from './views.ts';

/**
 * Live streams send a comment this often (proxies keep the connection open) and check then that
 * the session still exists, so a stream ends at the latest this long after its user signs out
 * (the page closes its own stream at once). Tests shorten it.
 */
export const STREAM_TIMING = { heartbeatMs: 25_000 };

/** The live stream of my new messages and unread counts (server-sent events). */
export const messagingStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, redis } = app.runtime;
  const notifier = await startConversationNotifier({ sql, redis, logger: app.log });

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
};
