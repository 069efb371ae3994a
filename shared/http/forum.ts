import { z } from 'zod';
import {
  FORUM_LIMITS,
  FORUM_MESSAGES,
  FORUM_PAGE,
  forumCategoryValues,
  forumSorts,
} from '../domain/forum/categories.ts';
import { wholeNumberQuery } from './query.ts';

/** The HTTP shapes of the forum (api/modules/forum/): the public forum and its moderation. */

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

export const postIdParams = z.strictObject({ id: z.uuid({ error: 'The discussion id is not valid' }) });
export const replyPostIdParams = z.strictObject({ postId: z.uuid({ error: 'The discussion id is not valid' }) });
export const replyIdParams = z.strictObject({ id: z.uuid({ error: 'The reply id is not valid' }) });

export const postView = z.object({
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

export const replyView = z.object({
  id: z.uuid(),
  content: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  upvotes: z.number().int(),
  hasUserUpvoted: z.boolean(),
});

export const categoryCount = z.object({
  value: z.enum(forumCategoryValues),
  label: z.string(),
  count: z.number().int(),
});

export const createdPost = z.object({ post: postView });
export const createdReply = z.object({ reply: replyView });
export const forumSuccess = z.object({ success: z.literal(true) });

export type ForumPostView = z.output<typeof postView>;
export type ForumReplyView = z.output<typeof replyView>;
export type ForumCategoryCount = z.output<typeof categoryCount>;

// ------------------------------------------------------------------ moderation (admins)

export const moderationQueueQuery = z.strictObject({
  status: z.enum(['all', 'visible', 'hidden'], { error: 'status must be all, visible or hidden' }).default('all'),
  limit: wholeNumberQuery('limit', { min: 1, max: 200, default: 50 }),
});

export const hideBody = z.strictObject({
  reason: z
    .string({ error: FORUM_MESSAGES.moderationReason })
    .trim()
    .min(3, { error: FORUM_MESSAGES.moderationReason })
    .max(500, { error: FORUM_MESSAGES.moderationReason }),
});

export const moderationItemView = z.object({
  kind: z.enum(['post', 'reply']),
  postId: z.uuid(),
  replyId: z.uuid().nullable(),
  authorName: z.string(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  hidden: z.object({ at: z.string(), byName: z.string().nullable(), reason: z.string().nullable() }).nullable(),
});

export const moderationQueue = z.object({ items: z.array(moderationItemView) });

export type ForumModerationItemView = z.output<typeof moderationItemView>;
