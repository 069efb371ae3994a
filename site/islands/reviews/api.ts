import type {
  JobReviewsView,
  PendingReviewView,
  ReviewView,
  ReviewSummaryView,
  SubmittedReviewView,
} from '../../../shared/http/reviews.ts';
import { apiRequest, getJson } from '../../lib/api.ts';
import { createFetcherStore, storesByUrl, revalidateKeys } from '../../lib/query.ts';

/** The reviews API's answers (shared/http/reviews.ts), as the islands read them. */
export type ReviewSide = ReviewView['side'];
export type ReviewJobKind = ReviewView['kind'];
export type ReviewItem = ReviewView;
export type PendingReview = PendingReviewView;
/** A reviewed job (a booking or a work order) with the reviews the signed-in person may read. */
export type JobReviews = JobReviewsView;
/** Which job a review is written for: its kind picks the route. */
export type ReviewJobRef = { kind: ReviewJobKind; jobId: string };

export type ReviewSummary = ReviewSummaryView;
/** Whose published reviews a list shows. */
export type ReviewsAbout = { contractorId: string } | { userId: string };

const enc = encodeURIComponent;

export const reviewUrls = {
  pending: '/api/reviews/pending',
  mine: '/api/reviews/mine',
  job: (job: ReviewJobRef) =>
    job.kind === 'work-order'
      ? `/api/work-orders/${enc(job.jobId)}/reviews`
      : `/api/bookings/${enc(job.jobId)}/reviews`,
  summary: (about: ReviewsAbout, page: { limit: number; offset: number }) => {
    const path =
      'contractorId' in about
        ? `/api/contractors/${enc(about.contractorId)}/reviews`
        : `/api/users/${enc(about.userId)}/reviews`;
    return `${path}?${new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) })}`;
  },
};

const jobStores = storesByUrl<JobReviews>();
const summaryStores = storesByUrl<ReviewSummary>();

/** GET /api/reviews/pending: my completed jobs I have not reviewed yet. */
export const $pendingReviews = createFetcherStore<PendingReview[]>([reviewUrls.pending]);
/** GET /api/reviews/mine: the jobs I reviewed. */
export const $myReviews = createFetcherStore<JobReviews[]>([reviewUrls.mine]);
/** GET /api/bookings/:id/reviews or /api/work-orders/:id/reviews: one job's reviews. */
export const $jobReviews = (job: ReviewJobRef) => jobStores(reviewUrls.job(job));
/** The first page of published reviews about someone (null: nobody to read about yet). */
export const $reviewSummary = (about: ReviewsAbout | null, limit: number) =>
  summaryStores(about === null ? null : reviewUrls.summary(about, { limit, offset: 0 }));

/** A further page of a summary (the "load more" button): appended by the list, not cached. */
export async function fetchSummary(
  about: ReviewsAbout,
  page: { limit: number; offset: number },
): Promise<ReviewSummary> {
  return (await getJson<ReviewSummary>(reviewUrls.summary(about, page)))!;
}

/**
 * Writes a review; the job's reviews and my reviewed jobs are read again (the list of reviews to
 * write is not: a submitted one stays there with its saved message until the page is left).
 */
export async function submitReview(
  job: ReviewJobRef,
  review: { rating: number; text: string },
): Promise<SubmittedReviewView> {
  const response = await apiRequest('POST', reviewUrls.job(job), review);
  const answer = (await response.json()) as SubmittedReviewView;
  revalidateKeys((key) => key === reviewUrls.mine || key === reviewUrls.job(job));
  return answer;
}
