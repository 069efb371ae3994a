import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  countForumPosts,
  findForumPost,
  forumCategoryCounts,
  listForumPosts,
  listForumReplies,
  postIdOfReply,
} from '../../../projections/forum.ts';
import {
  FORUM_MESSAGES,
  FORUM_PAGE,
  FORUM_TOTAL_HEADER,
  forumCategories,
} from '../../../shared/domain/forum/categories.ts';
import { forumPostDecider } from '../../../shared/domain/forum/decider.ts';
import { forumPostStreamId } from '../../../shared/domain/forum/streams.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import {
  categoryCount,
  createdPost,
  createdReply,
  forumSuccess,
  postBody,
  postIdParams,
  postsQuery,
  postView,
  replyBody,
  replyIdParams,
  replyPostIdParams,
  replyView,
} from '../../../shared/http/forum.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { authorIdsOf, postToView, replyToView } from './views.ts';

const READ_MODELS = ['forum'] as const;

/** Other modules still name a closed account with this import; it is the accounts module's. */
export { FORMER_MEMBER } from '../accounts/personal-data.ts';

/** Community forum (docs/product.md#forum): reading is open; writing and voting need sign-in. */
export const forumRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.runtime;

  app.get(
    '/api/forum/posts',
    {
      schema: {
        tags: ['forum'],
        summary: 'Discussions, filtered by category and search, sorted recent, popular or active',
        description:
          `One page of \`limit\` discussions (default ${FORUM_PAGE.size}) after \`offset\`; ` +
          `the \`X-Total-Count\` header says how many match the filter in all.`,
        querystring: postsQuery,
        response: { 200: z.array(postView), 400: errorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await request.currentUser();
      const [rows, total] = await Promise.all([
        listForumPosts(sql, { ...request.query, viewerId: viewer?.id ?? null }),
        countForumPosts(sql, request.query),
      ]);
      reply.header(FORUM_TOTAL_HEADER, String(total));
      const names = await displayNames(sql, authorIdsOf(rows));
      return rows.map((row) => postToView(row, names));
    },
  );

  app.get(
    '/api/forum/categories',
    {
      schema: {
        tags: ['forum'],
        summary: 'The six categories with their discussion counts',
        response: { 200: z.array(categoryCount) },
      },
    },
    async () => {
      const counts = await forumCategoryCounts(sql);
      return forumCategories.map((category) => ({ ...category, count: counts.get(category.value) ?? 0 }));
    },
  );

  app.get(
    '/api/forum/posts/:id/replies',
    {
      schema: {
        tags: ['forum'],
        summary: 'The replies of one discussion, oldest first',
        params: postIdParams,
        response: { 200: z.array(replyView), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const viewer = await request.currentUser();
      const post = await findForumPost(sql, request.params.id, null);
      if (!post) throw new NotFoundError(FORUM_MESSAGES.postNotFound);
      const replies = await listForumReplies(sql, request.params.id, viewer?.id ?? null);
      const names = await displayNames(sql, authorIdsOf(replies));
      return replies.map((row) => replyToView(row, names));
    },
  );

  app.command({
    method: 'POST',
    url: '/api/forum/posts',
    access: 'signed-in',
    config: { abuseLimit: 'forumPost', idempotent: 'optional' },
    schema: {
      tags: ['forum'],
      summary: 'Start a discussion',
      headers: optionalIdempotencyHeader,
      body: postBody,
      response: {
        201: createdPost,
        400: errorSchema,
        401: errorSchema,
        409: errorSchema,
        422: errorSchema,
        429: errorSchema,
      },
    },
    readModels: READ_MODELS,
    statusCode: 201,
    async run({ user, body, context, decide }) {
      const postId = randomUUID();
      const result = await decide(forumPostStreamId(postId), forumPostDecider, {
        type: 'CreateForumPost',
        postId,
        authorId: user.id,
        ...body,
        now: context.now,
      });
      const created = result.newEvents[0]!;
      if (created.type !== 'ForumPostCreated') throw new Error('CreateForumPost appended no ForumPostCreated');
      const { title, content, category, createdAt } = created.data;
      const post = {
        id: postId,
        title,
        content,
        category,
        authorName: user.name,
        createdAt,
        upvotes: 0,
        replyCount: 0,
        hasUserUpvoted: false,
      };
      return { post };
    },
  });

  app.command({
    method: 'POST',
    url: '/api/forum/posts/:postId/replies',
    access: 'signed-in',
    config: { abuseLimit: 'forumReply', idempotent: 'optional' },
    schema: {
      tags: ['forum'],
      summary: 'Reply to a discussion',
      headers: optionalIdempotencyHeader,
      params: replyPostIdParams,
      body: replyBody,
      response: {
        201: createdReply,
        400: errorSchema,
        401: errorSchema,
        404: errorSchema,
        409: errorSchema,
        422: errorSchema,
        429: errorSchema,
      },
    },
    readModels: READ_MODELS,
    statusCode: 201,
    async run({ user, params, body, context, decide }) {
      const replyId = randomUUID();
      const { postId } = params;
      const result = await decide(forumPostStreamId(postId), forumPostDecider, {
        type: 'AddForumReply',
        replyId,
        postId,
        authorId: user.id,
        content: body.content,
        now: context.now,
      });
      const added = result.newEvents[0]!;
      if (added.type !== 'ForumReplyAdded') throw new Error('AddForumReply appended no ForumReplyAdded');
      const reply = {
        id: replyId,
        content: added.data.content,
        authorName: user.name,
        createdAt: added.data.createdAt,
        upvotes: 0,
        hasUserUpvoted: false,
      };
      return { reply };
    },
  });

  // The upvote calls carry no body (docs/product.md#api): there is nothing to validate but the id.
  app.command({
    method: 'POST',
    url: '/api/forum/posts/:id/upvote',
    access: 'signed-in',
    schema: {
      tags: ['forum'],
      summary: 'Upvote a discussion (once per member)',
      params: postIdParams,
      response: { 200: forumSuccess, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
    },
    readModels: READ_MODELS,
    async run({ user, params, context, decide }) {
      const postId = params.id;
      await decide(forumPostStreamId(postId), forumPostDecider, {
        type: 'UpvoteForumPost',
        postId,
        voterId: user.id,
        now: context.now,
      });
      return { success: true as const };
    },
  });

  app.command({
    method: 'POST',
    url: '/api/forum/replies/:id/upvote',
    access: 'signed-in',
    schema: {
      tags: ['forum'],
      summary: 'Upvote a reply (once per member)',
      params: replyIdParams,
      response: { 200: forumSuccess, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
    },
    readModels: READ_MODELS,
    async run({ user, params, context, decide }) {
      const replyId = params.id;
      // The reply's discussion comes from the read model; the decider then checks the reply is
      // really on that stream and that this member has not voted for it yet.
      const postId = await postIdOfReply(sql, replyId);
      if (!postId) throw new NotFoundError(FORUM_MESSAGES.replyNotFound);
      await decide(forumPostStreamId(postId), forumPostDecider, {
        type: 'UpvoteForumReply',
        replyId,
        postId,
        voterId: user.id,
        now: context.now,
      });
      return { success: true as const };
    },
  });
};
