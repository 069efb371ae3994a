export const feedbackCategories = ['feature', 'improvement', 'bug', 'other'] as const;
export type FeedbackCategory = (typeof feedbackCategories)[number];
export const feedbackStatuses = ['open', 'planned', 'in_progress', 'completed', 'declined'] as const;
export type FeedbackStatus = (typeof feedbackStatuses)[number];

/** A feedback post as `GET /api/feedback` answers it (spec section 3). */
export type FeedbackPost = {
  id: string;
  title: string;
  description: string;
  category: FeedbackCategory;
  status: FeedbackStatus;
  upvoteCount: number;
  createdAt: string;
  hasUserUpvoted: boolean;
};

export const FEEDBACK_KEY = '/api/feedback';
export const MAX_TITLE = 120;
export const MAX_DESCRIPTION = 2000;

export type FeedbackDraft = { title: string; description: string; category: FeedbackCategory | '' };
export const EMPTY_DRAFT: FeedbackDraft = { title: '', description: '', category: '' };

/** Spec section 5: title and description non-blank after trimming, and a category chosen. */
export function isDraftComplete(draft: FeedbackDraft): draft is FeedbackDraft & { category: FeedbackCategory } {
  return draft.title.trim() !== '' && draft.description.trim() !== '' && draft.category !== '';
}

/** Spec section 2: the list sorted by upvote count, most first (newest first among equals). */
export function sortByUpvotes(posts: readonly FeedbackPost[]): FeedbackPost[] {
  return [...posts].sort((a, b) => b.upvoteCount - a.upvoteCount || b.createdAt.localeCompare(a.createdAt));
}

export function filterByStatus(posts: readonly FeedbackPost[], status: FeedbackStatus | 'all'): FeedbackPost[] {
  return status === 'all' ? [...posts] : posts.filter((post) => post.status === status);
}
