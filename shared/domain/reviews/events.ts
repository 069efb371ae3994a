import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';

/**
 * Double-blind reviews of a completed job: one per side, hidden until both sides have written or
 * 7 days have passed since completion. One stream per job, `review-<jobId>`.
 *
 * A job is what a customer and a contractor agreed and finished (docs/decisions.md, "Reviews of
 * every job"): a booking (a direct booking or a recurring visit; its id is the job's), completed
 * when the booking is marked completed, or a work order won by a bid or a direct request (the
 * work order's id), completed when its escrow is released. Events written before work orders were
 * reviewable name only `bookingId`; later ones name the job (`jobId`, `jobKind`) and keep
 * `bookingId` for a booking. Read the job with `reviewedJobOf`.
 *
 * This file is the contract the directory reads (ratings, badges): add, never change a meaning.
 */
export const reviewSides = ['customer', 'contractor'] as const;
/** Who wrote it: the customer reviews the contractor, the contractor reviews the customer. */
export type ReviewSide = (typeof reviewSides)[number];

export const reviewSchema = z.object({
  reviewerId: z.string(),
  revieweeId: z.string(),
  side: z.enum(reviewSides),
  /** 1–5 stars. */
  rating: z.number(),
  text: z.string(),
  submittedAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** What was reviewed: a booking (direct or a recurring visit) or a work order (bid or direct request). */
export const reviewJobKinds = ['booking', 'work-order'] as const;
export type ReviewJobKind = (typeof reviewJobKinds)[number];

/**
 * The job a review event is about. `bookingId` is set for a booking (alone on older events);
 * `jobId` and `jobKind` on every event written since work orders became reviewable.
 */
export const reviewedJobRefSchema = z.object({
  bookingId: z.string().optional(),
  jobId: z.string().optional(),
  jobKind: z.enum(reviewJobKinds).optional(),
});
export type ReviewedJobRef = z.infer<typeof reviewedJobRefSchema>;

export function reviewedJobOf(data: ReviewedJobRef): { jobId: string; jobKind: ReviewJobKind } {
  if (data.jobId) return { jobId: data.jobId, jobKind: data.jobKind ?? 'booking' };
  return { jobId: data.bookingId!, jobKind: 'booking' };
}

export const reviewSubmittedSchema = reviewSchema
  .extend(reviewedJobRefSchema.shape)
  .extend({ contractorId: z.string(), customerId: z.string() });
export type ReviewSubmitted = { type: 'ReviewSubmitted'; data: z.infer<typeof reviewSubmittedSchema> };

/** Both reviews are public from now on (both written, or the 7-day window closed). */
export const reviewsPublishedSchema = reviewedJobRefSchema.extend({
  contractorId: z.string(),
  customerId: z.string(),
  /** The reviews written (one or two); the directory rates contractors from side 'customer'. */
  reviews: z.array(reviewSchema),
  reason: z.enum(['both-written', 'window-closed']),
  publishedAt: z.string(),
});
export type ReviewsPublished = { type: 'ReviewsPublished'; data: z.infer<typeof reviewsPublishedSchema> };

export type ReviewEvent = ReviewSubmitted | ReviewsPublished;

export const reviewEventSchemas = {
  ReviewSubmitted: reviewSubmittedSchema,
  ReviewsPublished: reviewsPublishedSchema,
} as const satisfies EventSchemas<ReviewEvent>;

export const reviewStreamId = (jobId: string) => `review-${jobId}`;

// Kept in limits.ts (no zod there, so the site's review form can read its limits without the schemas).
export { REVIEW_WINDOW_DAYS } from './limits.ts';
