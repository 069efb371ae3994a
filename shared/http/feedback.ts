import { z } from 'zod';
import { feedbackCategories, feedbackStatuses } from '../domain/feedback/events.ts';
import { FEEDBACK_LIMITS } from '../domain/feedback/limits.ts';

export { feedbackCategories, feedbackStatuses, FEEDBACK_LIMITS };
export type { FeedbackCategory, FeedbackStatus } from '../domain/feedback/events.ts';

/** The feedback board's HTTP shapes (api/modules/feedback/routes.ts, site/islands/feedback/). */

// The message for a blank field or a missing category (docs/product.md#feedback).
export const FEEDBACK_MISSING = 'Please fill in all fields.';

export const feedbackBody = z.strictObject({
  title: z
    .string({ error: FEEDBACK_MISSING })
    .trim()
    .min(1, { error: FEEDBACK_MISSING })
    .max(FEEDBACK_LIMITS.title, { error: 'Title must be at most 120 characters' }),
  description: z
    .string({ error: FEEDBACK_MISSING })
    .trim()
    .min(1, { error: FEEDBACK_MISSING })
    .max(FEEDBACK_LIMITS.description, { error: 'Description must be at most 2000 characters' }),
  category: z.enum(feedbackCategories, { error: 'Category must be feature, improvement, bug or other' }),
});
export type FeedbackBody = z.output<typeof feedbackBody>;

const statusMessage = 'Status must be open, planned, in_progress, completed or declined';
export const feedbackBoardQuery = z.strictObject({
  status: z.enum(feedbackStatuses, { error: statusMessage }).optional(),
});
export const feedbackStatusBody = z.strictObject({ status: z.enum(feedbackStatuses, { error: statusMessage }) });
// Any text up to a sane length: an id that is not ours is simply unknown (404), not malformed.
export const feedbackIdParams = z.strictObject({ id: z.string().min(1).max(100) });

/** A feedback post as `GET /api/feedback` answers it (docs/product.md#feedback). */
export const feedbackView = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: z.enum(feedbackCategories),
  status: z.enum(feedbackStatuses),
  upvoteCount: z.number().int(),
  createdAt: z.string(),
  hasUserUpvoted: z.boolean(),
});
export type FeedbackPost = z.output<typeof feedbackView>;

export const feedbackBoardView = z.array(feedbackView);
export const feedbackPosted = z.object({ feedback: feedbackView });
export const feedbackSuccess = z.object({ success: z.literal(true) });
