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
import { handleCommand } from '../../../shared/domain/decider.ts';
import {
  FORUM_LIMITS,
  FORUM_MESSAGES,
  FORUM_PAGE,
  FORUM_TOTAL_HEADER,
  forumCategories,
  forumCategoryValues,
  forumSorts,
} from '../../../shared/domain/forum/categories.ts';
import { forumPostDecider } from '../../../shared/domain/forum/decider.ts';
import { forumPostStreamId } from '../../../shared/domain/forum/streams.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';
import { answerAfterProjections, commandContext } from '../../plugins/read-your-writes.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { wholeNumberQuery } from '../query.ts';

/** What a closed account's posts and replies show instead of a name (the UI translates it). */
export const FORMER_MEMBER = 'Former member';

const READ_MODELS = ['forum'] as const;

// Plain text: limits count characters after trimming; nothing is parsed or rendered as HTML.
export const postBody = z.strictObject({
  title: z
    .string({ error: FORUM_MESSAGES.title })
    .trim()
    .min(FORUM_LIMITS.titleMin, { error: FORUM_MESSAGES.title })
    .max(FORUM_LIMITS.titleMax, { error: FORUM_MESSAGES.title }),
  content: z
    .string({ error: FORUM_MESSAGES.content })
    .trim()
    .min(1, { error: FORUM_MESSAGES.content })
    .max(FORUM_LIMITS.contentMax, { error: FORUM_MESSAGES.content }),
  category: z.enum(forumCategoryValues, { error: FORUM_MESSAGES.category }),
});

export const replyBody = z.strictObject({
  content: z
    .string({ error: FORUM_MESSAGES.reply })
    .trim()
    .min(1, { error: FORUM_MESSAGES.reply })
    .max(FORUM_LIMITS.replyMax, { error: FORUM_MESSAGES.reply }),
});

export const postsQuery = z.strictObject({
  category: z
    .enum(['all', ...forumCategoryValues], {
      error: `category must be all or one of: ${forumCategoryValues.join(', ')}`,
    })
    .default('all'),
  sort: z.enum(forumSorts, { error: 'sort must be recent, popular or active' }).default('recent'),
  search: z.string().trim().max(200, { error: 'search must be at most 200 characters' }).optional(),
  limit: wholeNumberQuery('limit', { min: 1, max: FORUM_PAGE.maxLimit, default: FORUM_PAGE.size }),
  offset: wholeNumberQuery('offset', { min: 0, max: FORUM_PAGE.maxOffset, default: 0 }),
});

const postIdParams = z.strictObject({ id: z.uuid({ error: 'The discussion id is not valid' }) });
const replyPostIdParams = z.strictObject({ postId: z.uuid({ error: 'The discussion id is not valid' }) });
const replyIdParams = z.strictObject({ id: z.uuid({ error: 'The reply id is not valid' }) });

const postView = z.object({
  id: z.uuid(),
  title: z.string(),
  content: z.string(),
  category: z.enum(forumCategoryValues),
  authorName: z.string(),
  createdAt: z.string(),
  upvotes: z.number().int(),
  replyCount: z.number().int(),
  hasUserUpvoted: z.boolean(),
});

const replyView = z.object({
  id: z.uuid(),
  content: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  upvotes: z.number().int(),
  hasUserUpvoted: z.boolean(),
});

const categoryCount = z.object({ value: z.enum(forumCategoryValues), label: z.string(), count: z.number().int() });

const upvoteAnswer = z.object({ success: z.literal(true) });

/** Community forum (spec sections 2, 5 and 7): reading is open; writing and voting need sign-in. */
export const forumRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  async function withAuthors<T extends { authorId: string }>(rows: T[]) {
    const names = await displayNames(sql, [...new Set(rows.map((row) => row.authorId))]);
    return rows.map(({ authorId, ...row }) => ({ ...row, authorName: names.get(authorId) ?? FORMER_MEMBER }));
  }

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
      return withAuthors(rows);
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
      return (await withAuthors(replies)).map(({ postId: _postId, ...reply }) => reply);
    },
  );

  app.post(
    '/api/forum/posts',
    {
      onRequest: app.requireUser,
      config: { abuseLimit: 'forumPost', idempotent: 'optional' },
      schema: {
        tags: ['forum'],
        summary: 'Start a discussion',
        headers: optionalIdempotencyHeader,
        body: postBody,
        response: {
          201: z.object({ post: postView }),
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
          422: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const postId = randomUUID();
      const result = await handleCommand(
        store,
        forumPostStreamId(postId),
        forumPostDecider,
        { type: 'CreateForumPost', postId, authorId: user.id, ...request.body, now: context.now },
        context,
      );
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
      return answerAfterProjections(
        request,
        reply,
        result.position,
        { post },
        { statusCode: 201, projections: READ_MODELS },
      );
    },
  );

  app.post(
    '/api/forum/posts/:postId/replies',
    {
      onRequest: app.requireUser,
      config: { abuseLimit: 'forumReply', idempotent: 'optional' },
      schema: {
        tags: ['forum'],
        summary: 'Reply to a discussion',
        headers: optionalIdempotencyHeader,
        params: replyPostIdParams,
        body: replyBody,
        response: {
          201: z.object({ reply: replyView }),
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
          422: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const replyId = randomUUID();
      const { postId } = request.params;
      const result = await handleCommand(
        store,
        forumPostStreamId(postId),
        forumPostDecider,
        { type: 'AddForumReply', replyId, postId, authorId: user.id, content: request.body.content, now: context.now },
        context,
      );
      const added = result.newEvents[0]!;
      if (added.type !== 'ForumReplyAdded') throw new Error('AddForumReply appended no ForumReplyAdded');
      const view = {
        id: replyId,
        content: added.data.content,
        authorName: user.name,
        createdAt: added.data.createdAt,
        upvotes: 0,
        hasUserUpvoted: false,
      };
      return answerAfterProjections(
        request,
        reply,
        result.position,
        { reply: view },
        { statusCode: 201, projections: READ_MODELS },
      );
    },
  );

  // The upvote calls carry no body (spec section 7): there is nothing to validate but the id.
  app.post(
    '/api/forum/posts/:id/upvote',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['forum'],
        summary: 'Upvote a discussion (once per member)',
        params: postIdParams,
        response: { 200: upvoteAnswer, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const postId = request.params.id;
      const result = await handleCommand(
        store,
        forumPostStreamId(postId),
        forumPostDecider,
        { type: 'UpvoteForumPost', postId, voterId: user.id, now: context.now },
        context,
      );
      return answerAfterProjections(
        request,
        reply,
        result.position,
        { success: true as const },
        { projections: READ_MODELS },
      );
    },
  );

  app.post(
    '/api/forum/replies/:id/upvote',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['forum'],
        summary: 'Upvote a reply (once per member)',
        params: replyIdParams,
        response: { 200: upvoteAnswer, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const replyId = request.params.id;
      // The reply's discussion comes from the read model; the decider then checks the reply is
      // really on that stream and that this member has not voted for it yet.
      const postId = await postIdOfReply(sql, replyId);
      if (!postId) throw new NotFoundError(FORUM_MESSAGES.replyNotFound);
      const result = await handleCommand(
        store,
        forumPostStreamId(postId),
        forumPostDecider,
        { type: 'UpvoteForumReply', replyId, postId, voterId: user.id, now: context.now },
        context,
      );
      return answerAfterProjections(
        request,
        reply,
        result.position,
        { success: true as const },
        { projections: READ_MODELS },
      );
    },
  );
};
