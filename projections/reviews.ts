import type { Sql } from '../shared/db/postgres.ts';
import type { BookingCompleted, BookingRequested } from '../shared/domain/booking/events.ts';
import { REVIEW_WINDOW_DAYS, type ReviewEvent, type ReviewSide } from '../shared/domain/reviews/events.ts';
import type { ReviewedBooking } from '../shared/domain/reviews/decider.ts';
import { defineProjection } from './types.ts';

/**
 * Reviews' own read model. From the booking contract (shared/domain/booking/events.ts) it keeps
 * each booking's two parties and when it was completed, so the reviews module never reads the
 * bookings module's tables; from its own events, which sides have written and the reviews, which
 * become readable by everyone only once published. Before publication a review row is read only
 * by its own writer (the queries below enforce it: see `reviewsOfBooking`).
 */
export const reviewsProjection = defineProjection({
  name: 'reviews',
  version: 1,
  handles: ['BookingRequested', 'BookingCompleted', 'ReviewSubmitted', 'ReviewsPublished'],
  schema: `
    create table if not exists rm_review_bookings (
      booking_id uuid primary key,
      customer_id uuid not null,
      contractor_id uuid not null,
      work_order_id uuid,
      starts_at timestamptz,
      completed_at timestamptz,
      customer_reviewed_at timestamptz,
      contractor_reviewed_at timestamptz,
      published_at timestamptz,
      publish_reason text
    );
    create index if not exists rm_review_bookings_customer on rm_review_bookings (customer_id, completed_at);
    create index if not exists rm_review_bookings_contractor on rm_review_bookings (contractor_id, completed_at);
    create index if not exists rm_review_bookings_due on rm_review_bookings (completed_at)
      where published_at is null and (customer_reviewed_at is not null or contractor_reviewed_at is not null);
    create table if not exists rm_reviews (
      booking_id uuid not null,
      side text not null check (side in ('customer', 'contractor')),
      reviewer_id uuid not null,
      reviewee_id uuid not null,
      rating smallint not null check (rating between 1 and 5),
      text text not null,
      submitted_at timestamptz not null,
      published_at timestamptz,
      primary key (booking_id, side)
    );
    create index if not exists rm_reviews_about on rm_reviews (reviewee_id, side, published_at desc, booking_id)
      where published_at is not null;
    create index if not exists rm_reviews_by on rm_reviews (reviewer_id, published_at desc)
      where published_at is not null;`,
  reset: 'drop table if exists rm_review_bookings, rm_reviews',
  async apply(tx, recorded) {
    const event = recorded as unknown as BookingRequested | BookingCompleted | ReviewEvent;
    switch (event.type) {
      case 'BookingRequested': {
        const b = event.data;
        await tx`
          insert into rm_review_bookings (booking_id, customer_id, contractor_id, work_order_id, starts_at)
          values (${b.bookingId}, ${b.customerId}, ${b.contractorId}, ${b.workOrderId}, ${b.startsAt})
          on conflict (booking_id) do nothing`;
        return;
      }
      case 'BookingCompleted': {
        const b = event.data;
        await tx`
          insert into rm_review_bookings (booking_id, customer_id, contractor_id, work_order_id, completed_at)
          values (${b.bookingId}, ${b.customerId}, ${b.contractorId}, ${b.workOrderId}, ${b.completedAt})
          on conflict (booking_id) do update set completed_at = excluded.completed_at`;
        return;
      }
      case 'ReviewSubmitted': {
        const r = event.data;
        await tx`
          insert into rm_reviews (booking_id, side, reviewer_id, reviewee_id, rating, text, submitted_at)
          values (${r.bookingId}, ${r.side}, ${r.reviewerId}, ${r.revieweeId}, ${r.rating}, ${r.text}, ${r.submittedAt})
          on conflict (booking_id, side) do nothing`;
        const column = r.side === 'customer' ? tx`customer_reviewed_at` : tx`contractor_reviewed_at`;
        await tx`update rm_review_bookings set ${column} = ${r.submittedAt} where booking_id = ${r.bookingId}`;
        return;
      }
      case 'ReviewsPublished': {
        const p = event.data;
        await tx`update rm_reviews set published_at = ${p.publishedAt} where booking_id = ${p.bookingId}`;
        await tx`
          update rm_review_bookings set published_at = ${p.publishedAt}, publish_reason = ${p.reason}
          where booking_id = ${p.bookingId}`;
        return;
      }
    }
  },
});

// ------------------------------------------------------------------------------------- queries

type BookingRow = {
  booking_id: string;
  customer_id: string;
  contractor_id: string;
  work_order_id: string | null;
  starts_at: Date | null;
  completed_at: Date | null;
  customer_reviewed_at: Date | null;
  contractor_reviewed_at: Date | null;
  published_at: Date | null;
  publish_reason: 'both-written' | 'window-closed' | null;
};

export type ReviewBooking = ReviewedBooking & {
  workOrderId: string | null;
  startsAt: string | null;
  customerReviewed: boolean;
  contractorReviewed: boolean;
  publishedAt: string | null;
};

const toBooking = (row: BookingRow): ReviewBooking => ({
  bookingId: row.booking_id,
  customerId: row.customer_id,
  contractorId: row.contractor_id,
  workOrderId: row.work_order_id,
  startsAt: row.starts_at?.toISOString() ?? null,
  completedAt: row.completed_at?.toISOString() ?? null,
  customerReviewed: row.customer_reviewed_at !== null,
  contractorReviewed: row.contractor_reviewed_at !== null,
  publishedAt: row.published_at?.toISOString() ?? null,
});

/** The booking as reviews know it (its parties, completion, what was written); null if unknown. */
export async function reviewBooking(sql: Sql, bookingId: string): Promise<ReviewBooking | null> {
  const [row] = await sql<BookingRow[]>`select * from rm_review_bookings where booking_id = ${bookingId}`;
  return row ? toBooking(row) : null;
}

export type PendingReview = ReviewBooking & { side: ReviewSide; otherPartyId: string; otherSideReviewed: boolean };

/**
 * "Reviews to write": my completed bookings whose window is still open, that I have not reviewed
 * and that are not published yet; the closest deadline first.
 */
export async function pendingReviewsOf(sql: Sql, userId: string, now: Date): Promise<PendingReview[]> {
  const openSince = new Date(now.getTime() - REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const rows = await sql<BookingRow[]>`
    select * from rm_review_bookings
    where customer_id = ${userId} and completed_at is not null and published_at is null
      and customer_reviewed_at is null and completed_at > ${openSince}
    union all
    select * from rm_review_bookings
    where contractor_id = ${userId} and completed_at is not null and published_at is null
      and contractor_reviewed_at is null and completed_at > ${openSince}
    order by completed_at, booking_id
    limit 100`;
  return rows.map((row) => {
    const booking = toBooking(row);
    const side: ReviewSide = row.customer_id === userId ? 'customer' : 'contractor';
    return {
      ...booking,
      side,
      otherPartyId: side === 'customer' ? booking.contractorId : booking.customerId,
      otherSideReviewed: side === 'customer' ? booking.contractorReviewed : booking.customerReviewed,
    };
  });
}

export type ReviewRow = {
  bookingId: string;
  side: ReviewSide;
  reviewerId: string;
  revieweeId: string;
  rating: number;
  text: string;
  submittedAt: string;
  publishedAt: string | null;
};

type ReviewSqlRow = {
  booking_id: string;
  side: ReviewSide;
  reviewer_id: string;
  reviewee_id: string;
  rating: number;
  text: string;
  submitted_at: Date;
  published_at: Date | null;
};

const toReview = (row: ReviewSqlRow): ReviewRow => ({
  bookingId: row.booking_id,
  side: row.side,
  reviewerId: row.reviewer_id,
  revieweeId: row.reviewee_id,
  rating: row.rating,
  text: row.text,
  submittedAt: row.submitted_at.toISOString(),
  publishedAt: row.published_at?.toISOString() ?? null,
});

/**
 * The reviews of one booking that `viewerId` may read: every published one, and before
 * publication only the viewer's own. The other side's review is never selected before then.
 */
export async function reviewsOfBooking(sql: Sql, bookingId: string, viewerId: string | null): Promise<ReviewRow[]> {
  const rows = await sql<ReviewSqlRow[]>`
    select * from rm_reviews
    where booking_id = ${bookingId} and (published_at is not null or reviewer_id = ${viewerId}::uuid)
    order by submitted_at, side`;
  return rows.map(toReview);
}

export type ReviewSummary = { average: number | null; count: number };

/**
 * Published reviews about a user, newest first. `side` narrows to what one side wrote: reviews
 * about a contractor are the ones their customers wrote (`side = 'customer'`).
 */
export async function publishedReviewsAbout(
  sql: Sql,
  userId: string,
  options: { side?: ReviewSide; limit: number; offset: number },
): Promise<{ reviews: ReviewRow[]; summary: ReviewSummary }> {
  const side = options.side ?? null;
  const [rows, [summary]] = await Promise.all([
    sql<ReviewSqlRow[]>`
      select * from rm_reviews
      where reviewee_id = ${userId} and published_at is not null and (${side}::text is null or side = ${side})
      order by published_at desc, booking_id
      limit ${options.limit} offset ${options.offset}`,
    sql<{ average: string | null; count: number }[]>`
      select round(avg(rating), 2)::text as average, count(*)::int as count from rm_reviews
      where reviewee_id = ${userId} and published_at is not null and (${side}::text is null or side = ${side})`,
  ]);
  return {
    reviews: rows.map(toReview),
    summary: { average: summary?.average ? Number(summary.average) : null, count: summary?.count ?? 0 },
  };
}

/**
 * My bookings with a review I may read: the ones I reviewed (waiting for the other side, or
 * published) and the ones published with only the other side's review; the latest first. Each
 * comes with the reviews the visibility rule of `reviewsOfBooking` lets me read.
 */
export async function reviewedBookingsOf(
  sql: Sql,
  userId: string,
  limit: number,
): Promise<{ booking: ReviewBooking; reviews: ReviewRow[] }[]> {
  const bookings = await sql<(BookingRow & { latest: Date })[]>`
    select b.*, greatest(b.published_at, b.customer_reviewed_at) as latest from rm_review_bookings b
    where b.customer_id = ${userId} and (b.customer_reviewed_at is not null or b.published_at is not null)
    union all
    select b.*, greatest(b.published_at, b.contractor_reviewed_at) as latest from rm_review_bookings b
    where b.contractor_id = ${userId} and (b.contractor_reviewed_at is not null or b.published_at is not null)
    order by latest desc, booking_id
    limit ${limit}`;
  if (bookings.length === 0) return [];
  const ids = bookings.map((row) => row.booking_id);
  const reviews = await sql<ReviewSqlRow[]>`
    select * from rm_reviews
    where booking_id = any(${ids}::uuid[]) and (published_at is not null or reviewer_id = ${userId})
    order by submitted_at, side`;
  return bookings.map((row) => ({
    booking: toBooking(row),
    reviews: reviews.filter((review) => review.booking_id === row.booking_id).map(toReview),
  }));
}

/** Bookings whose window closed at `now` with at least one review not yet published (the job's list). */
export async function reviewsDueForPublication(sql: Sql, now: Date, limit = 100): Promise<ReviewBooking[]> {
  const closedBefore = new Date(now.getTime() - REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const rows = await sql<BookingRow[]>`
    select * from rm_review_bookings
    where published_at is null and (customer_reviewed_at is not null or contractor_reviewed_at is not null)
      and completed_at <= ${closedBefore}
    order by completed_at, booking_id
    limit ${limit}`;
  return rows.map(toBooking);
}
