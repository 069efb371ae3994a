import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationsOf, ownNotification, unreadCount } from '../../../projections/notifications.ts';
import { NOTIFICATION_NOT_FOUND, notificationActionsDecider } from '../../../shared/domain/notifications/decider.ts';
import { negotiateLocale } from '../../../shared/domain/notifications/messages.ts';
import { notificationsStreamId } from '../../../shared/domain/notifications/streams.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import {
  notificationIdParams,
  notificationListQuery,
  notificationListView,
  notificationSuccess,
  unreadCountView,
} from '../../../shared/http/notifications.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { startNotifier } from './notifier.ts';
import { notificationViewOf } from './views.ts';

/** Live streams send a comment this often, so proxies and browsers keep the connection open. */
export const HEARTBEAT_MS = 25_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signed-in user's own notifications; another user's id is a 404 (docs/product.md#notifications). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, redis } = app.runtime;
  const notifier = await startNotifier({ sql, redis, logger: app.log });

  // ---------------------------------------------------------------- live unread count (SSE)

  type Client = { response: ServerResponse; lastCount: number | null };
  const clients = new Map<string, Set<Client>>();

  const send = (client: Client, count: number) => {
    if (client.lastCount === count) return;
    client.lastCount = count;
    client.response.write(`event: unread-count\ndata: ${JSON.stringify({ count })}\n\n`);
  };

  const unsubscribe = notifier.subscribe((userId) => {
    const connected = clients.get(userId);
    if (!connected?.size) return;
    // One query per change and instance, whatever the number of the user's open tabs.
    unreadCount(sql, userId)
      .then((count) => {
        for (const client of connected) send(client, count);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'unread count for the live stream failed'));
  });

  app.addHook('preClose', async () => {
    unsubscribe();
    for (const set of clients.values()) for (const client of set) client.response.end();
    clients.clear();
  });
  app.addHook('onClose', async () => notifier.close());

  const localeOf = (request: { query: unknown; headers: Record<string, unknown> }) =>
    negotiateLocale(
      (request.query as { locale?: string } | undefined)?.locale,
      typeof request.headers['accept-language'] === 'string' ? request.headers['accept-language'] : undefined,
    );

  app.get(
    '/api/notifications',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first (rendered in ?locale= or the Accept-Language language)',
        querystring: notificationListQuery,
        response: { 200: notificationListView, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const locale = localeOf(request);
      const { unreadOnly, limit, offset } = request.query;
      const rows = await notificationsOf(sql, user.id, { unreadOnly, limit, offset });
      return rows.map((row) => notificationViewOf(row, locale));
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'How many of my notifications are unread',
        response: { 200: unreadCountView, 401: errorSchema },
      },
    },
    async (request) => ({ count: await unreadCount(sql, (await signedInUser(request)).id) }),
  );

  app.get(
    '/api/notifications/stream',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Server-sent events: `unread-count` with {count} whenever my unread count changes',
        response: { 401: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const count = await unreadCount(sql, user.id);
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const client: Client = { response, lastCount: null };
      let set = clients.get(user.id);
      if (!set) clients.set(user.id, (set = new Set()));
      set.add(client);
      // A reconnecting browser waits this long before trying again.
      response.write('retry: 5000\n\n');
      send(client, count);
      const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        const own = clients.get(user.id);
        own?.delete(client);
        if (own?.size === 0) clients.delete(user.id);
      });
    },
  );

  /** The user's own, not deleted notification, or a 404 (unknown, another user's, or deleted). */
  async function requireOwn(userId: string, id: string) {
    const own = UUID.test(id) ? await ownNotification(sql, userId, id.toLowerCase()) : null;
    if (!own) throw new NotFoundError(NOTIFICATION_NOT_FOUND);
    return own;
  }

  const READ_MODELS = ['notifications'] as const;

  app.command({
    method: 'PATCH',
    url: '/api/notifications/read-all',
    access: 'signed-in',
    schema: {
      tags: ['notifications'],
      summary: 'Mark all my notifications as read',
      response: { 200: notificationSuccess, 401: errorSchema },
    },
    readModels: READ_MODELS,
    async run({ user, context, decide }) {
      const hasUnread = (await unreadCount(sql, user.id)) > 0;
      await decide(notificationsStreamId(user.id), notificationActionsDecider, {
        type: 'MarkAllNotificationsRead',
        userId: user.id,
        hasUnread,
        now: context.now,
      });
      return { success: true as const };
    },
  });

  app.command({
    method: 'PATCH',
    url: '/api/notifications/:id/read',
    access: 'signed-in',
    schema: {
      tags: ['notifications'],
      summary: 'Mark one of my notifications as read',
      params: notificationIdParams,
      response: { 200: notificationSuccess, 401: errorSchema, 404: errorSchema },
    },
    readModels: READ_MODELS,
    async run({ user, params, context, decide }) {
      const own = await requireOwn(user.id, params.id);
      await decide(notificationsStreamId(user.id), notificationActionsDecider, {
        type: 'MarkNotificationRead',
        userId: user.id,
        notificationId: own.id,
        now: context.now,
      });
      return { success: true as const };
    },
  });

  app.command({
    method: 'DELETE',
    url: '/api/notifications/:id',
    access: 'signed-in',
    schema: {
      tags: ['notifications'],
      summary: 'Delete one of my notifications',
      params: notificationIdParams,
      response: { 200: notificationSuccess, 401: errorSchema, 404: errorSchema },
    },
    readModels: READ_MODELS,
    async run({ user, params, context, decide }) {
      const own = await requireOwn(user.id, params.id);
      await decide(notificationsStreamId(user.id), notificationActionsDecider, {
        type: 'DeleteNotification',
        userId: user.id,
        notificationId: own.id,
        now: context.now,
      });
      return { success: true as const };
    },
  });
};
