/** The feedback board's limits and texts, as plain constants the HTTP shapes can name (shared/http/feedback.ts). */
export const FEEDBACK_LIMITS = { title: 120, description: 2000 } as const;

export const ALREADY_VOTED = 'You have already upvoted this feedback.';
export const FEEDBACK_NOT_FOUND = 'Feedback not found.';
