import { atom } from 'nanostores';
import type {
  JobReviewsView,
  PendingReviewView,
  ReviewView,
  ReviewSummaryView,
  SubmittedReviewView,
} from '../../../api/modules/reviews/schemas.ts';
import { apiRequest, getJson } from '../../lib/api.ts';

/** The reviews API's answers (api/modules/reviews/schemas.ts), as the islands read them. */
export type ReviewSide = ReviewView['side'];
export type ReviewJobKind = ReviewView['kind'];
export type ReviewItem = ReviewView;
export type PendingReview = PendingReviewView;
/** A reviewed job (a booking or a work order) with the reviews the signed-in person may read. */
export type JobReviews = JobReviewsView;
/** Which job a review is written for: its kind picks the route. */
export type ReviewJobRef = { kind: ReviewJobKind; jobId: string };

export type ReviewSummary = ReviewSummaryView;

/** Bumped after the user submits a review, so every review island on the page reloads. */
export const $reviewsChanged = atom(0);

export const fetchPending = async () => (await getJson<PendingReview[]>('/api/reviews/pending')) ?? [];
export const fetchMine = async () => (await getJson<JobReviews[]>('/api/reviews/mine')) ?? [];
export const fetchBookingReviews = async (bookingId: string) =>
  (await getJson<JobReviews>(`/api/bookings/${encodeURIComponent(bookingId)}/reviews`))!;

export async function fetchSummary(
  about: { contractorId: string } | { userId: string },
  page: { limit: number; offset: number },
): Promise<ReviewSummary> {
  const path =
    'contractorId' in about
      ? `/api/contractors/${encodeURIComponent(about.contractorId)}/reviews`
      : `/api/users/${encodeURIComponent(about.userId)}/reviews`;
  const query = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  return (await getJson<ReviewSummary>(`${path}?${query}`))!;
}

const reviewPath = (job: ReviewJobRef) =>
  job.kind === 'work-order'
    ? `/api/work-orders/${encodeURIComponent(job.jobId)}/reviews`
    : `/api/bookings/${encodeURIComponent(job.jobId)}/reviews`;

export async function submitReview(
  job: ReviewJobRef,
  review: { rating: number; text: string },
): Promise<SubmittedReviewView> {
  const response = await apiRequest('POST', reviewPath(job), review);
  return (await response.json()) as SubmittedReviewView;
}
