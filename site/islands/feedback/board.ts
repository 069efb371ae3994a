import {
  FEEDBACK_MISSING,
  feedbackBody,
  type FeedbackBody,
  type FeedbackCategory,
  type FeedbackPost,
  type FeedbackStatus,
} from '../../../shared/http/feedback.ts';

export {
  feedbackCategories,
  feedbackStatuses,
  FEEDBACK_LIMITS,
  type FeedbackCategory,
  type FeedbackPost,
  type FeedbackStatus,
} from '../../../shared/http/feedback.ts';

export const FEEDBACK_KEY = '/api/feedback';

export type FeedbackDraft = { title: string; description: string; category: FeedbackCategory | '' };
export const EMPTY_DRAFT: FeedbackDraft = { title: '', description: '', category: '' };

/**
 * The draft checked with the API's own body schema (shared/http/feedback.ts): the body to send
 * (trimmed), or which message to show: 'missing' for a blank field or no category
 * (docs/product.md#feedback), 'invalid' for anything else the server would refuse.
 */
export function checkDraft(draft: FeedbackDraft): { body: FeedbackBody } | { problem: 'missing' | 'invalid' } {
  const parsed = feedbackBody.safeParse(draft);
  if (parsed.success) return { body: parsed.data };
  const missing = parsed.error.issues.some(
    (issue) => issue.message === FEEDBACK_MISSING || issue.path[0] === 'category',
  );
  return { problem: missing ? 'missing' : 'invalid' };
}

/** Title and description non-blank after trimming, and a category chosen (docs/product.md#feedback). */
export function isDraftComplete(draft: FeedbackDraft): boolean {
  return 'body' in checkDraft(draft);
}

/** The list sorted by upvote count, most first (newest first among equals) (docs/product.md#feedback). */
export function sortByUpvotes(posts: readonly FeedbackPost[]): FeedbackPost[] {
  return [...posts].sort((a, b) => b.upvoteCount - a.upvoteCount || b.createdAt.localeCompare(a.createdAt));
}

export function filterByStatus(posts: readonly FeedbackPost[], status: FeedbackStatus | 'all'): FeedbackPost[] {
  return status === 'all' ? [...posts] : posts.filter((post) => post.status === status);
}
