/**
 * One stream per discussion holds the post, its replies and the voters of both, so the decider
 * can refuse a second vote on either (and a reply to a post that does not exist) by itself.
 */
export const forumPostStreamId = (postId: string) => `forum-post-${postId}`;
