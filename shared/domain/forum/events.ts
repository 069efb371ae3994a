import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';
import { forumCategoryValues } from './categories.ts';

// Events carry account ids, never names: the author's name is looked up at read time from the
// accounts module's personal-data table, so closing an account leaves the history anonymous.
export const forumPostCreatedSchema = z.object({
  postId: z.guid(),
  authorId: z.guid(),
  title: z.string(),
  content: z.string(),
  category: z.enum(forumCategoryValues),
  createdAt: z.iso.datetime(),
});
export const forumReplyAddedSchema = z.object({
  replyId: z.guid(),
  postId: z.guid(),
  authorId: z.guid(),
  content: z.string(),
  createdAt: z.iso.datetime(),
});
export const forumPostUpvotedSchema = z.object({
  postId: z.guid(),
  voterId: z.guid(),
  upvotedAt: z.iso.datetime(),
});
export const forumReplyUpvotedSchema = z.object({
  replyId: z.guid(),
  postId: z.guid(),
  voterId: z.guid(),
  upvotedAt: z.iso.datetime(),
});

export type ForumPostCreated = { type: 'ForumPostCreated'; data: z.infer<typeof forumPostCreatedSchema> };
export type ForumReplyAdded = { type: 'ForumReplyAdded'; data: z.infer<typeof forumReplyAddedSchema> };
export type ForumPostUpvoted = { type: 'ForumPostUpvoted'; data: z.infer<typeof forumPostUpvotedSchema> };
export type ForumReplyUpvoted = { type: 'ForumReplyUpvoted'; data: z.infer<typeof forumReplyUpvotedSchema> };

/**
 * Moderation (issue 10): an admin hides a discussion or a reply, with a reason, and may restore it.
 * `replyId` is null for the discussion itself. Hidden content leaves every public list; the events
 * keep the text, so an auditor sees what was hidden and why.
 */
export const forumContentHiddenSchema = z.object({
  postId: z.string(),
  replyId: z.string().nullable(),
  hiddenBy: z.string(),
  reason: z.string(),
  hiddenAt: z.string(),
});
export const forumContentRestoredSchema = z.object({
  postId: z.string(),
  replyId: z.string().nullable(),
  restoredBy: z.string(),
  restoredAt: z.string(),
});
export type ForumContentHidden = { type: 'ForumContentHidden'; data: z.infer<typeof forumContentHiddenSchema> };
export type ForumContentRestored = { type: 'ForumContentRestored'; data: z.infer<typeof forumContentRestoredSchema> };

/** Everything on one `forum-post-<id>` stream: the post, its replies, every vote on either, and moderation. */
export type ForumEvent =
  ForumPostCreated | ForumReplyAdded | ForumPostUpvoted | ForumReplyUpvoted | ForumContentHidden | ForumContentRestored;

export const forumEventSchemas = {
  ForumPostCreated: forumPostCreatedSchema,
  ForumReplyAdded: forumReplyAddedSchema,
  ForumPostUpvoted: forumPostUpvotedSchema,
  ForumReplyUpvoted: forumReplyUpvotedSchema,
  ForumContentHidden: forumContentHiddenSchema,
  ForumContentRestored: forumContentRestoredSchema,
} as const satisfies EventSchemas<ForumEvent>;

export const forumEventTypes = [
  'ForumPostCreated',
  'ForumReplyAdded',
  'ForumPostUpvoted',
  'ForumReplyUpvoted',
] as const satisfies readonly ForumEvent['type'][];
