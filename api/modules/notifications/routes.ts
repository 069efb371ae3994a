import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationsOf, ownNotification, unreadCount } from '../../../projections/notifications.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import { NOTIFICATION_NOT_FOUND, notificationActionsDecider } from '../../../shared/domain/notifications/decider.ts';
import { negotiateLocale, renderNotificationText } from '../../../shared/domain/notifications/messages.ts';
import { notificationsStreamId } from '../../../shared/domain/notifications/streams.ts';
import { notificationPriorities, notificationTypes } from '../../../shared/domain/notifications/types.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { answerAfterProjections, commandContext } from '../../plugins/read-your-writes.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { startNotifier } from './notifier.ts';
import { wholeNumberQuery } from '../query.ts';

/** Live streams send a comment this often, so proxies and browsers keep the connection open. */
export const HEARTBEAT_MS = 25_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notificationView = z.object({
  id: z.uuid(),
  type: z.enum(notificationTypes),
  priority: z.enum(notificationPriorities),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  actionUrl: z.string().optional(),
  createdAt: z.string(),
  booking: z.object({ startTime: z.string() }).optional(),
});

const localeQuery = z.enum(['en', 'fr'], { error: 'locale must be en or fr' }).optional();

export const listQuery = z.strictObject({
  unreadOnly: z
    .enum(['true', 'false'], { error: 'unreadOnly must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  locale: localeQuery,
  limit: wholeNumberQuery('limit', { min: 1, max: 100, default: 50 }),
  offset: wholeNumberQuery('offset', { min: 0, max: 10_000, default: 0 }),
});

// Any text is accepted here and an id that is not a UUID is simply not found: a 404, as for an
// unknown id or another user's, so the answer never tells one case from another.
const idParams = z.strictObject({ id: z.string().max(100) });
const success = z.object({ success: z.literal(true) });

/** Spec section 7: the signed-in user's own notifications; another user's id is a 404. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store, redis } = app.runtime;
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
        querystring: listQuery,
        response: { 200: z.array(notificationView), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const locale = localeOf(request);
      const { unreadOnly, limit, offset } = request.query;
      const rows = await notificationsOf(sql, user.id, { unreadOnly, limit, offset });
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        priority: row.priority,
        title: renderNotificationText(row.titleKey, row.values, locale),
        message: renderNotificationText(row.messageKey, row.values, locale),
        isRead: row.isRead,
        ...(row.actionUrl ? { actionUrl: row.actionUrl } : {}),
        createdAt: row.createdAt.toISOString(),
        ...(row.bookingStartTime ? { booking: { startTime: row.bookingStartTime.toISOString() } } : {}),
      }));
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'How many of my notifications are unread',
        response: { 200: z.object({ count: z.number().int() }), 401: errorSchema },
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

  app.patch(
    '/api/notifications/read-all',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Mark all my notifications as read',
        response: { 200: success, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const hasUnread = (await unreadCount(sql, user.id)) > 0;
      const result = await handleCommand(
        store,
        notificationsStreamId(user.id),
        notificationActionsDecider,
        { type: 'MarkAllNotificationsRead', userId: user.id, hasUnread, now: context.now },
        context,
      );
      return answerAfterProjections(
        request,
        reply,
        result.position,
        { success: true as const },
        {
          projections: ['notifications'],
        },
      );
    },
  );

  app.patch(
    '/api/notifications/:id/read',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of my notifications as read',
        params: idParams,
        response: { 200: success, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const own = await requireOwn(user.id, request.params.id);
      const context = commandContext(request);
      const result = await handleCommand(
        store,
        notificationsStreamId(user.id),
        notificationActionsDecider,
        { type: 'MarkNotificationRead', userId: user.id, notificationId: own.id, now: context.now },
        context,
      );
      return answerAfterProjections(
        request,
        reply,
        result.position,
        { success: true as const },
        {
          projections: ['notifications'],
        },
      );
    },
  );

  app.delete(
    '/api/notifications/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Delete one of my notifications',
        params: idParams,
        response: { 200: success, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const own = await requireOwn(user.id, request.params.id);
      const context = commandContext(request);
      const result = await handleCommand(
        store,
        notificationsStreamId(user.id),
        notificationActionsDecider,
        { type: 'DeleteNotification', userId: user.id, notificationId: own.id, now: context.now },
        context,
      );
      return answerAfterProjections(
        request,
        reply,
        result.position,
        { success: true as const },
        {
          projections: ['notifications'],
        },
      );
    },
  );
};
