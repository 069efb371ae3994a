import { z } from 'zod';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '../domain/reviews/limits.ts';
import { reviewJobKinds, reviewSides } from '../domain/reviews/events.ts';
import { wholeNumberQuery } from './query.ts';

/**
 * Every HTTP shape of the reviews module. A reviewed job is a booking (a direct booking or a
 * recurring visit) or a work order won by a bid or a direct request; `jobId` is the booking's or
 * the work order's id and `kind` says which. The site infers its types from these.
 */
export const reviewBody = z.strictObject({
  rating: z
    .number({ error: REVIEW_MESSAGES.rating })
    .int({ error: REVIEW_MESSAGES.rating })
    .min(REVIEW_LIMITS.ratingMin, { error: REVIEW_MESSAGES.rating })
    .max(REVIEW_LIMITS.ratingMax, { error: REVIEW_MESSAGES.rating }),
  // The exact rule (trimmed, counted in characters, plain text) is the decider's; this bounds the body.
  text: z.string({ error: REVIEW_MESSAGES.text }).max(REVIEW_LIMITS.textMax * 4, { error: REVIEW_MESSAGES.text }),
});

export const bookingParams = z.strictObject({ bookingId: z.uuid({ error: 'The booking id is not valid' }) });
export const workOrderParams = z.strictObject({ workOrderId: z.uuid({ error: 'The work order id is not valid' }) });
export const userParams = z.strictObject({ id: z.uuid({ error: 'The user id is not valid' }) });
export const pageQuery = z.strictObject({
  limit: wholeNumberQuery('limit', { min: 1, max: 50, default: 10 }),
  offset: wholeNumberQuery('offset', { min: 0, max: 10_000, default: 0 }),
});
export const mineQuery = z.strictObject({
  limit: wholeNumberQuery('limit', { min: 1, max: 50, default: 20 }),
});

const side = z.enum(reviewSides);
const kind = z.enum(reviewJobKinds).describe('What was reviewed: a booking, or a work order (bid or direct request)');
const job = {
  jobId: z.uuid().describe("The booking's or the work order's id"),
  kind,
  bookingId: z.uuid().nullable().describe('The booking reviewed (null for a work order)'),
};

export const reviewView = z.object({
  ...job,
  side: side.describe('Who wrote it: the customer reviews the contractor, the contractor the customer'),
  reviewerId: z.uuid(),
  reviewerName: z.string(),
  revieweeId: z.uuid(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  submittedAt: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
});
const party = z.object({ id: z.uuid(), name: z.string() });

export const pendingView = z.object({
  ...job,
  title: z.string().nullable().describe("A work order's title (null for a booking)"),
  side,
  otherParty: party,
  startsAt: z.string().nullable().describe("A booking's start (null for a work order)"),
  completedAt: z.string().describe("When the booking was completed, or the work order's payment released"),
  deadline: z.string().describe('Reviews are published at the latest then; writing closes'),
  otherSideReviewed: z.boolean(),
});

export const jobReviewsView = z.object({
  ...job,
  title: z.string().nullable(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  reviews: z.array(reviewView),
  viewer: z
    .object({
      side,
      otherParty: party,
      completedAt: z.string().nullable(),
      deadline: z.string().nullable(),
      hasReviewed: z.boolean(),
      otherSideReviewed: z.boolean(),
      canReview: z.boolean(),
    })
    .nullable()
    .describe("The signed-in party's own view; null for anyone else"),
});

export const submittedView = z.object({ review: reviewView, published: z.boolean() });

export const summaryView = z.object({
  average: z.number().nullable().describe('Average stars, 2 decimals; null without reviews'),
  count: z.number().int(),
  reviews: z.array(reviewView),
  hasMore: z.boolean(),
});

export type ReviewView = z.infer<typeof reviewView>;
export type PendingReviewView = z.infer<typeof pendingView>;
export type JobReviewsView = z.infer<typeof jobReviewsView>;
export type SubmittedReviewView = z.infer<typeof submittedView>;
export type ReviewSummaryView = z.infer<typeof summaryView>;
