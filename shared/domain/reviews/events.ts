/**
 * Double-blind reviews of a completed booking: one per side, hidden until both sides have written
 * or 7 days have passed since completion. One stream per booking, `review-<bookingId>`.
 * This file is the contract the directory reads (ratings, badges): add, never change a meaning.
 */
export const reviewSides = ['customer', 'contractor'] as const;
/** Who wrote it: the customer reviews the contractor, the contractor reviews the customer. */
export type ReviewSide = (typeof reviewSides)[number];

export type Review = {
  reviewerId: string;
  revieweeId: string;
  side: ReviewSide;
  /** 1–5 stars. */
  rating: number;
  text: string;
  submittedAt: string;
};

export type ReviewSubmitted = {
  type: 'ReviewSubmitted';
  data: Review & { bookingId: string; contractorId: string; customerId: string };
};

/** Both reviews are public from now on (both written, or the 7-day window closed). */
export type ReviewsPublished = {
  type: 'ReviewsPublished';
  data: {
    bookingId: string;
    contractorId: string;
    customerId: string;
    /** The reviews written (one or two); the directory rates contractors from side 'customer'. */
    reviews: Review[];
    reason: 'both-written' | 'window-closed';
    publishedAt: string;
  };
};

export type ReviewEvent = ReviewSubmitted | ReviewsPublished;

export const reviewStreamId = (bookingId: string) => `review-${bookingId}`;

/** Reviews open at completion and are published at the latest this long after it. */
export const REVIEW_WINDOW_DAYS = 7;
