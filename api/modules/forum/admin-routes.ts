import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forumModerationQueue, postIdOfReply } from '../../../projections/forum.ts';
import { FORUM_MESSAGES } from '../../../shared/domain/forum/categories.ts';
import { forumPostDecider } from '../../../shared/domain/forum/decider.ts';
import { forumPostStreamId } from '../../../shared/domain/forum/streams.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import {
  forumSuccess,
  hideBody,
  moderationQueue,
  moderationQueueQuery,
  postIdParams,
  replyIdParams,
} from '../../../shared/http/forum.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { moderationItemToView, moderationNameIdsOf } from './views.ts';

const READ_MODELS = ['forum'] as const;
// A pending answer (202) is the settled body as it is, without the position (x-event-position says it).
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const answers = { 200: forumSuccess, 202: forumSuccess, ...errors };

/**
 * Forum moderation (issue 10), admins only: the newest discussions and replies with their state,
 * and hide (with a reason) or restore either. Hidden content leaves every public list at once.
 */
export const forumAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.runtime;

  app.get(
    '/api/admin/forum',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['forum', 'admin'],
        summary: 'Newest discussions and replies for moderation, hidden or not',
        querystring: moderationQueueQuery,
        response: { 200: moderationQueue, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const { status, limit } = request.query;
      const items = await forumModerationQueue(sql, {
        hidden: status === 'all' ? undefined : status === 'hidden',
        limit,
      });
      const names = await displayNames(sql, moderationNameIdsOf(items));
      return { items: items.map((item) => moderationItemToView(item, names)) };
    },
  );

  for (const action of ['hide', 'restore'] as const) {
    const body = action === 'hide' ? { body: hideBody } : {};
    /** The reason given with a hide (a restore has no body). */
    const reasonOf = (value: unknown) => (value as { reason?: string } | undefined)?.reason ?? null;

    app.command({
      method: 'POST',
      url: `/api/admin/forum/posts/:id/${action}`,
      access: ['admin'],
      schema: {
        tags: ['forum', 'admin'],
        summary: action === 'hide' ? 'Hide a discussion, with a reason' : 'Restore a hidden discussion',
        params: postIdParams,
        ...body,
        response: answers,
      },
      readModels: READ_MODELS,
      async run({ user, params, request, context, decide }) {
        await decide(forumPostStreamId(params.id), forumPostDecider, {
          type: 'ModerateForumContent',
          action,
          replyId: null,
          moderatorId: user.id,
          reason: reasonOf(request.body),
          now: context.now,
        });
        return { success: true as const };
      },
    });

    app.command({
      method: 'POST',
      url: `/api/admin/forum/replies/:id/${action}`,
      access: ['admin'],
      schema: {
        tags: ['forum', 'admin'],
        summary: action === 'hide' ? 'Hide a reply, with a reason' : 'Restore a hidden reply',
        params: replyIdParams,
        ...body,
        response: answers,
      },
      readModels: READ_MODELS,
      async run({ user, params, request, context, decide }) {
        const postId = await postIdOfReply(sql, params.id);
        if (!postId) throw new NotFoundError(FORUM_MESSAGES.replyNotFound);
        await decide(forumPostStreamId(postId), forumPostDecider, {
          type: 'ModerateForumContent',
          action,
          replyId: params.id,
          moderatorId: user.id,
          reason: reasonOf(request.body),
          now: context.now,
        });
        return { success: true as const };
      },
    });
  }
};
