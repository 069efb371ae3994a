import { atom } from 'nanostores';
import { apiRequest, getJson } from '../../lib/api.ts';

export type ReviewSide = 'customer' | 'contractor';

export type ReviewItem = {
  bookingId: string;
  side: ReviewSide;
  reviewerId: string;
  reviewerName: string;
  revieweeId: string;
  rating: number;
  text: string;
  submittedAt: string;
  published: boolean;
  publishedAt: string | null;
};

export type PendingReview = {
  bookingId: string;
  side: ReviewSide;
  otherParty: { id: string; name: string };
  startsAt: string | null;
  completedAt: string;
  deadline: string;
  otherSideReviewed: boolean;
};

export type BookingReviews = {
  bookingId: string;
  published: boolean;
  publishedAt: string | null;
  reviews: ReviewItem[];
  viewer: null | {
    side: ReviewSide;
    otherParty: { id: string; name: string };
    completedAt: string | null;
    deadline: string | null;
    hasReviewed: boolean;
    otherSideReviewed: boolean;
    canReview: boolean;
  };
};

export type ReviewSummary = { average: number | null; count: number; reviews: ReviewItem[]; hasMore: boolean };

/** Bumped after the user submits a review, so every review island on the page reloads. */
export const $reviewsChanged = atom(0);

export const fetchPending = async () => (await getJson<PendingReview[]>('/api/reviews/pending')) ?? [];
export const fetchMine = async () => (await getJson<BookingReviews[]>('/api/reviews/mine')) ?? [];
export const fetchBookingReviews = async (bookingId: string) =>
  (await getJson<BookingReviews>(`/api/bookings/${encodeURIComponent(bookingId)}/reviews`))!;

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

export async function submitReview(
  bookingId: string,
  review: { rating: number; text: string },
): Promise<{ review: ReviewItem; published: boolean }> {
  const response = await apiRequest('POST', `/api/bookings/${encodeURIComponent(bookingId)}/reviews`, review);
  return (await response.json()) as { review: ReviewItem; published: boolean };
}
