/** The forum's categories (docs/product.md#forum), value and English label, in the order the UI shows them. */
export const forumCategories = [
  { value: 'general', label: 'General Discussion' },
  { value: 'tips', label: 'Tips & Tricks' },
  { value: 'showcase', label: 'Showcase Projects' },
  { value: 'questions', label: 'Questions & Help' },
  { value: 'announcements', label: 'Announcements' },
  { value: 'suggestions', label: 'Feature Requests' },
] as const;

export type ForumCategory = (typeof forumCategories)[number]['value'];

export const forumCategoryValues = forumCategories.map((category) => category.value) as [
  ForumCategory,
  ...ForumCategory[],
];

export function isForumCategory(value: unknown): value is ForumCategory {
  return typeof value === 'string' && (forumCategoryValues as readonly string[]).includes(value);
}

export const forumSorts = ['recent', 'popular', 'active'] as const;
export type ForumSort = (typeof forumSorts)[number];

/** Plain-text limits, counted after trimming. */
export const FORUM_LIMITS = {
  titleMin: 3,
  titleMax: 150,
  contentMax: 5000,
  replyMax: 3000,
} as const;

/**
 * Discussion lists come a page at a time: the site asks for `size` more with each "Show more",
 * and no answer holds more than `maxLimit` (a forum that large is searched, not scrolled).
 */
export const FORUM_PAGE = { size: 20, maxLimit: 500, maxOffset: 100_000 } as const;

/** The answer header with how many discussions match the filter across every page. */
export const FORUM_TOTAL_HEADER = 'x-total-count';

export const FORUM_MESSAGES = {
  title: `The title must be ${FORUM_LIMITS.titleMin} to ${FORUM_LIMITS.titleMax} characters`,
  content: `The content must be 1 to ${FORUM_LIMITS.contentMax} characters`,
  reply: `The reply must be 1 to ${FORUM_LIMITS.replyMax} characters`,
  category: `Please choose a category: ${forumCategoryValues.join(', ')}`,
  postNotFound: 'Discussion not found.',
  replyNotFound: 'Reply not found.',
  postAlreadyUpvoted: 'You have already upvoted this discussion.',
  replyAlreadyUpvoted: 'You have already upvoted this reply.',
  moderationReason: 'Give a reason of 3 to 500 characters',
  alreadyHidden: 'This is already hidden.',
  notHidden: 'This is not hidden.',
} as const;
