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

export type Review = {
  reviewerId: string;
  revieweeId: string;
  side: ReviewSide;
  /** 1–5 stars. */
  rating: number;
  text: string;
  submittedAt: string;
};

/** What was reviewed: a booking (direct or a recurring visit) or a work order (bid or direct request). */
export const reviewJobKinds = ['booking', 'work-order'] as const;
export type ReviewJobKind = (typeof reviewJobKinds)[number];

/**
 * The job a review event is about. `bookingId` is set for a booking (alone on older events);
 * `jobId` and `jobKind` on every event written since work orders became reviewable.
 */
export type ReviewedJobRef = { bookingId?: string; jobId?: string; jobKind?: ReviewJobKind };

export function reviewedJobOf(data: ReviewedJobRef): { jobId: string; jobKind: ReviewJobKind } {
  if (data.jobId) return { jobId: data.jobId, jobKind: data.jobKind ?? 'booking' };
  return { jobId: data.bookingId!, jobKind: 'booking' };
}

export type ReviewSubmitted = {
  type: 'ReviewSubmitted';
  data: Review & ReviewedJobRef & { contractorId: string; customerId: string };
};

/** Both reviews are public from now on (both written, or the 7-day window closed). */
export type ReviewsPublished = {
  type: 'ReviewsPublished';
  data: ReviewedJobRef & {
    contractorId: string;
    customerId: string;
    /** The reviews written (one or two); the directory rates contractors from side 'customer'. */
    reviews: Review[];
    reason: 'both-written' | 'window-closed';
    publishedAt: string;
  };
};

export type ReviewEvent = ReviewSubmitted | ReviewsPublished;

export const reviewStreamId = (jobId: string) => `review-${jobId}`;

/** Reviews open at completion and are published at the latest this long after it. */
export const REVIEW_WINDOW_DAYS = 7;
