import { z } from 'zod';
import { forumCategoryValues } from './categories.ts';

// Events carry account ids, never names: the author's name is looked up at read time from the
// accounts module's personal-data table, so closing an account leaves the history anonymous.
export const forumPostCreatedSchema = z.object({
  postId: z.uuid(),
  authorId: z.uuid(),
  title: z.string(),
  content: z.string(),
  category: z.enum(forumCategoryValues),
  createdAt: z.iso.datetime(),
});
export const forumReplyAddedSchema = z.object({
  replyId: z.uuid(),
  postId: z.uuid(),
  authorId: z.uuid(),
  content: z.string(),
  createdAt: z.iso.datetime(),
});
export const forumPostUpvotedSchema = z.object({
  postId: z.uuid(),
  voterId: z.uuid(),
  upvotedAt: z.iso.datetime(),
});
export const forumReplyUpvotedSchema = z.object({
  replyId: z.uuid(),
  postId: z.uuid(),
  voterId: z.uuid(),
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
export type ForumContentHidden = {
  type: 'ForumContentHidden';
  data: { postId: string; replyId: string | null; hiddenBy: string; reason: string; hiddenAt: string };
};
export type ForumContentRestored = {
  type: 'ForumContentRestored';
  data: { postId: string; replyId: string | null; restoredBy: string; restoredAt: string };
};

/** Everything on one `forum-post-<id>` stream: the post, its replies, every vote on either, and moderation. */
export type ForumEvent =
  ForumPostCreated | ForumReplyAdded | ForumPostUpvoted | ForumReplyUpvoted | ForumContentHidden | ForumContentRestored;

export const forumEventTypes = [
  'ForumPostCreated',
  'ForumReplyAdded',
  'ForumPostUpvoted',
  'ForumReplyUpvoted',
] as const satisfies readonly ForumEvent['type'][];
