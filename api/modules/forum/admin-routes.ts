import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forumModerationQueue, postIdOfReply } from '../../../projections/forum.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import { FORUM_MESSAGES } from '../../../shared/domain/forum/categories.ts';
import { forumPostDecider } from '../../../shared/domain/forum/decider.ts';
import { forumPostStreamId } from '../../../shared/domain/forum/streams.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { answerAfterProjections, commandContext } from '../../plugins/read-your-writes.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { FORMER_MEMBER } from './routes.ts';
import { wholeNumberQuery } from '../query.ts';

const queueQuery = z.strictObject({
  status: z.enum(['all', 'visible', 'hidden'], { error: 'status must be all, visible or hidden' }).default('all'),
  limit: wholeNumberQuery('limit', { min: 1, max: 200, default: 50 }),
});
const postParams = z.strictObject({ id: z.uuid({ error: 'The discussion id is not valid' }) });
const replyParams = z.strictObject({ id: z.uuid({ error: 'The reply id is not valid' }) });
const hideBody = z.strictObject({
  reason: z
    .string({ error: FORUM_MESSAGES.moderationReason })
    .trim()
    .min(3, { error: FORUM_MESSAGES.moderationReason })
    .max(500, { error: FORUM_MESSAGES.moderationReason }),
});
const itemView = z.object({
  kind: z.enum(['post', 'reply']),
  postId: z.uuid(),
  replyId: z.uuid().nullable(),
  authorName: z.string(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  hidden: z.object({ at: z.string(), byName: z.string().nullable(), reason: z.string().nullable() }).nullable(),
});
const done = z.object({ success: z.literal(true) });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Forum moderation (issue 10), admins only: the newest discussions and replies with their state,
 * and hide (with a reason) or restore either. Hidden content leaves every public list at once.
 */
export const forumAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  app.get(
    '/api/admin/forum',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['forum', 'admin'],
        summary: 'Newest discussions and replies for moderation, hidden or not',
        querystring: queueQuery,
        response: { 200: z.object({ items: z.array(itemView) }), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const { status, limit } = request.query;
      const items = await forumModerationQueue(sql, {
        hidden: status === 'all' ? undefined : status === 'hidden',
        limit,
      });
      const names = await displayNames(sql, [
        ...new Set(items.flatMap((item) => [item.authorId, ...(item.hidden?.by ? [item.hidden.by] : [])])),
      ]);
      return {
        items: items.map(({ authorId, hidden, ...item }) => ({
          ...item,
          authorName: names.get(authorId) ?? FORMER_MEMBER,
          hidden: hidden
            ? { at: hidden.at, byName: hidden.by ? (names.get(hidden.by) ?? null) : null, reason: hidden.reason }
            : null,
        })),
      };
    },
  );

  async function moderate(
    request: Parameters<typeof commandContext>[0],
    reply: Parameters<typeof answerAfterProjections>[1],
    postId: string,
    replyId: string | null,
    action: 'hide' | 'restore',
    reason: string | null,
  ) {
    const admin = await signedInUser(request);
    const context = commandContext(request);
    const result = await handleCommand(
      store,
      forumPostStreamId(postId),
      forumPostDecider,
      { type: 'ModerateForumContent', action, replyId, moderatorId: admin.id, reason, now: context.now },
      context,
    );
    return answerAfterProjections(
      request,
      reply,
      result.position,
      { success: true as const },
      { projections: ['forum'] },
    );
  }

  for (const action of ['hide', 'restore'] as const) {
    app.post(
      `/api/admin/forum/posts/:id/${action}`,
      {
        onRequest: app.requireRole('admin'),
        schema: {
          tags: ['forum', 'admin'],
          summary: action === 'hide' ? 'Hide a discussion, with a reason' : 'Restore a hidden discussion',
          params: postParams,
          ...(action === 'hide' ? { body: hideBody } : {}),
          response: { 200: done, 202: done, ...errors },
        },
      },
      async (request, reply) =>
        moderate(
          request,
          reply,
          request.params.id,
          null,
          action,
          (request.body as { reason?: string } | undefined)?.reason ?? null,
        ),
    );
    app.post(
      `/api/admin/forum/replies/:id/${action}`,
      {
        onRequest: app.requireRole('admin'),
        schema: {
          tags: ['forum', 'admin'],
          summary: action === 'hide' ? 'Hide a reply, with a reason' : 'Restore a hidden reply',
          params: replyParams,
          ...(action === 'hide' ? { body: hideBody } : {}),
          response: { 200: done, 202: done, ...errors },
        },
      },
      async (request, reply) => {
        const postId = await postIdOfReply(sql, request.params.id);
        if (!postId) throw new NotFoundError(FORUM_MESSAGES.replyNotFound);
        return moderate(
          request,
          reply,
          postId,
          request.params.id,
          action,
          (request.body as { reason?: string } | undefined)?.reason ?? null,
        );
      },
    );
  }
};
