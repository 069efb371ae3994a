import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';

export const feedbackCategories = ['feature', 'improvement', 'bug', 'other'] as const;
export type FeedbackCategory = (typeof feedbackCategories)[number];

export const feedbackStatuses = ['open', 'planned', 'in_progress', 'completed', 'declined'] as const;
export type FeedbackStatus = (typeof feedbackStatuses)[number];

export const feedbackPostedSchema = z.object({
  feedbackId: z.string(),
  authorId: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(feedbackCategories),
  postedAt: z.string(),
});
export type FeedbackPosted = { type: 'FeedbackPosted'; data: z.infer<typeof feedbackPostedSchema> };

export const feedbackUpvotedSchema = z.object({ feedbackId: z.string(), voterId: z.string(), upvotedAt: z.string() });
export type FeedbackUpvoted = { type: 'FeedbackUpvoted'; data: z.infer<typeof feedbackUpvotedSchema> };

export const feedbackStatusChangedSchema = z.object({
  feedbackId: z.string(),
  status: z.enum(feedbackStatuses),
  changedBy: z.string(),
  changedAt: z.string(),
});
export type FeedbackStatusChanged = {
  type: 'FeedbackStatusChanged';
  data: z.infer<typeof feedbackStatusChangedSchema>;
};

export type FeedbackEvent = FeedbackPosted | FeedbackUpvoted | FeedbackStatusChanged;

export const feedbackEventSchemas = {
  FeedbackPosted: feedbackPostedSchema,
  FeedbackUpvoted: feedbackUpvotedSchema,
  FeedbackStatusChanged: feedbackStatusChangedSchema,
} as const satisfies EventSchemas<FeedbackEvent>;
