import type { PendingReview, ReviewJob, ReviewRow } from '../../../projections/reviews.ts';
import { reviewDeadline, sideOf } from '../../../shared/domain/reviews/decider.ts';
import type { ReviewJobKind } from '../../../shared/domain/reviews/events.ts';
import type { JobReviewsView, PendingReviewView, ReviewView } from '../../../shared/http/reviews.ts';

/** What a closed account's reviews show instead of a name (the UI translates it). */
export const FORMER_MEMBER = 'Former member';

/**
 * Reviews are public: they show the writer's first name and the initial of their last name
 * ("Marie T."), as marketplaces do, never the full name.
 */
export function publicName(fullName: string | undefined): string {
  if (!fullName) return FORMER_MEMBER;
  const parts = fullName.trim().split(/\s+/);
  const first = parts[0] ?? '';
  const last = parts.length > 1 ? parts[parts.length - 1]! : '';
  return last ? `${first} ${Array.from(last)[0]!.toUpperCase()}.` : first;
}

/** A job's id as the views carry it: `bookingId` too for a booking. */
export const jobFields = (jobId: string, kind: ReviewJobKind) => ({
  jobId,
  kind,
  bookingId: kind === 'booking' ? jobId : null,
});

export function reviewViewOf(review: ReviewRow, names: Map<string, string>): ReviewView {
  return {
    ...jobFields(review.jobId, review.kind),
    side: review.side,
    reviewerId: review.reviewerId,
    reviewerName: publicName(names.get(review.reviewerId)),
    revieweeId: review.revieweeId,
    rating: review.rating,
    text: review.text,
    submittedAt: review.submittedAt,
    published: review.publishedAt !== null,
    publishedAt: review.publishedAt,
  };
}

/** Where the viewer stands on a job: their side, the other party, and whether they may still write. */
export function viewerOf(job: ReviewJob, userId: string, names: Map<string, string>, now: Date) {
  const mySide = sideOf(job, userId);
  if (!mySide) return null;
  const otherId = mySide === 'customer' ? job.contractorId : job.customerId;
  const hasReviewed = mySide === 'customer' ? job.customerReviewed : job.contractorReviewed;
  const deadline = job.completedAt ? reviewDeadline(job.completedAt) : null;
  return {
    side: mySide,
    otherParty: { id: otherId, name: names.get(otherId) ?? FORMER_MEMBER },
    completedAt: job.completedAt,
    deadline: deadline?.toISOString() ?? null,
    hasReviewed,
    otherSideReviewed: mySide === 'customer' ? job.contractorReviewed : job.customerReviewed,
    canReview: !hasReviewed && !job.publishedAt && deadline !== null && now < deadline,
  };
}

/** A job with its reviews, as `viewerId` may read them (null for a visitor). */
export function jobReviewsViewOf(
  job: ReviewJob,
  reviews: ReviewRow[],
  names: Map<string, string>,
  viewerId: string | null,
  now: Date,
): JobReviewsView {
  return {
    ...jobFields(job.jobId, job.kind),
    title: job.title,
    published: job.publishedAt !== null,
    publishedAt: job.publishedAt,
    reviews: reviews.map((review) => reviewViewOf(review, names)),
    viewer: viewerId ? viewerOf(job, viewerId, names, now) : null,
  };
}

/** A review still to write, with its deadline. */
export function pendingViewOf(pending: PendingReview, names: Map<string, string>): PendingReviewView {
  return {
    ...jobFields(pending.jobId, pending.kind),
    title: pending.title,
    side: pending.side,
    otherParty: { id: pending.otherPartyId, name: names.get(pending.otherPartyId) ?? FORMER_MEMBER },
    startsAt: pending.startsAt,
    completedAt: pending.completedAt!,
    deadline: reviewDeadline(pending.completedAt!).toISOString(),
    otherSideReviewed: pending.otherSideReviewed,
  };
}
