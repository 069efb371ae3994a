import type { Sql } from '../shared/db/postgres.ts';
import type { BookingCompleted, BookingRequested } from '../shared/domain/booking/events.ts';
import type { EscrowReleased } from '../shared/domain/escrow/events.ts';
import {
  REVIEW_WINDOW_DAYS,
  reviewedJobOf,
  type ReviewEvent,
  type ReviewJobKind,
  type ReviewSide,
} from '../shared/domain/reviews/events.ts';
import type { ReviewedJob } from '../shared/domain/reviews/decider.ts';
import type { WorkOrderAwarded, WorkOrderEdited, WorkOrderPosted } from '../shared/domain/work/events.ts';
import { defineFoldedProjection, foldedTable, withDefaults } from '../infrastructure/projections/folded-rows.ts';

/** The events this read model is built from. */
type ReviewsEvent =
  | BookingRequested
  | BookingCompleted
  | WorkOrderPosted
  | WorkOrderEdited
  | WorkOrderAwarded
  | EscrowReleased
  | ReviewEvent;

/**
 * Reviews' own read model: every job that can be reviewed, and the reviews. A job is a booking
 * (a direct booking or a recurring visit), from the booking contract (shared/domain/booking/
 * events.ts), completed when the booking is; or a work order won by a bid or a direct request,
 * from the work contract (its title and, once awarded, its two parties), completed when its escrow
 * is released (shared/domain/escrow/events.ts). A booking made for a work order is part of that
 * work order's job and is reviewed with it, not on its own. The reviews module never reads the
 * other modules' tables.
 *
 * From its own events it keeps which sides have written and the reviews, which become readable by
 * everyone only once published. Before publication a review row is read only by its own writer
 * (the queries below enforce it: see `reviewsOfJob`).
 */
export const reviewsProjection = defineFoldedProjection<
  ReviewsEvent,
  { workOrders: WorkOrderRecord; jobs: JobRecord; reviews: ReviewRecord }
>({
  name: 'reviews',
  version: 2,
  rebuildWeight: 7.0,
  handles: [
    'BookingRequested',
    'BookingCompleted',
    'WorkOrderPosted',
    'WorkOrderEdited',
    'WorkOrderAwarded',
    'EscrowReleased',
    'ReviewSubmitted',
    'ReviewsPublished',
  ],
  schema: `
    create table if not exists rm_review_work_orders (
      work_order_id uuid primary key,
      title text not null
    );
    create table if not exists rm_review_jobs (
      job_id uuid primary key,
      kind text not null check (kind in ('booking', 'work-order')),
      customer_id uuid not null,
      contractor_id uuid not null,
      starts_at timestamptz,
      completed_at timestamptz,
      customer_reviewed_at timestamptz,
      contractor_reviewed_at timestamptz,
      published_at timestamptz,
      publish_reason text
    );
    create index if not exists rm_review_jobs_customer on rm_review_jobs (customer_id, completed_at);
    create index if not exists rm_review_jobs_contractor on rm_review_jobs (contractor_id, completed_at);
    create index if not exists rm_review_jobs_due on rm_review_jobs (completed_at)
      where published_at is null and (customer_reviewed_at is not null or contractor_reviewed_at is not null);
    create table if not exists rm_reviews (
      job_id uuid not null,
      kind text not null check (kind in ('booking', 'work-order')),
      side text not null check (side in ('customer', 'contractor')),
      reviewer_id uuid not null,
      reviewee_id uuid not null,
      rating smallint not null check (rating between 1 and 5),
      text text not null,
      submitted_at timestamptz not null,
      published_at timestamptz,
      primary key (job_id, side)
    );
    create index if not exists rm_reviews_about on rm_reviews (reviewee_id, side, published_at desc, job_id)
      where published_at is not null;
    create index if not exists rm_reviews_by on rm_reviews (reviewer_id, published_at desc)
      where published_at is not null;`,
  // Version 1 kept bookings only, in rm_review_bookings.
  reset: 'drop table if exists rm_review_bookings, rm_review_jobs, rm_review_work_orders, rm_reviews',
  tables: {
    workOrders: foldedTable<WorkOrderRecord>('rm_review_work_orders', ['work_order_id']),
    jobs: foldedTable<JobRecord>('rm_review_jobs', ['job_id']),
    reviews: foldedTable<ReviewRecord>('rm_reviews', ['job_id', 'side']),
  },
  keys(event) {
    switch (event.type) {
      case 'BookingRequested':
      case 'BookingCompleted':
        return { jobs: [[event.data.bookingId]] };
      case 'WorkOrderPosted':
      case 'WorkOrderEdited':
        return { workOrders: [[event.data.workOrderId]] };
      case 'WorkOrderAwarded':
        return { jobs: [[event.data.workOrderId]] };
      case 'EscrowReleased':
        return { jobs: [[event.data.jobId]] };
      case 'ReviewSubmitted': {
        const { jobId } = reviewedJobOf(event.data);
        return { jobs: [[jobId]], reviews: [[jobId, event.data.side]] };
      }
      case 'ReviewsPublished': {
        const { jobId } = reviewedJobOf(event.data);
        return { jobs: [[jobId]], reviews: SIDES.map((side) => [jobId, side]) };
      }
    }
  },
  fold(event, { workOrders, jobs, reviews }) {
    switch (event.type) {
      case 'BookingRequested': {
        const b = event.data;
        // A booking for a work order is that work order's job: reviewed with it, at its release.
        if (b.workOrderId) return;
        if (jobs.get([b.bookingId])) return;
        jobs.put(
          withDefaults(NEW_JOB, {
            job_id: b.bookingId,
            kind: 'booking',
            customer_id: b.customerId,
            contractor_id: b.contractorId,
            starts_at: b.startsAt,
          }),
        );
        return;
      }
      case 'BookingCompleted': {
        const b = event.data;
        if (b.workOrderId) return;
        const job = jobs.get([b.bookingId]);
        jobs.put(
          job
            ? { ...job, completed_at: b.completedAt }
            : withDefaults(NEW_JOB, {
                job_id: b.bookingId,
                kind: 'booking',
                customer_id: b.customerId,
                contractor_id: b.contractorId,
                completed_at: b.completedAt,
              }),
        );
        return;
      }
      case 'WorkOrderPosted':
      case 'WorkOrderEdited': {
        const w = event.data;
        workOrders.put({ work_order_id: w.workOrderId, title: w.title });
        return;
      }
      case 'WorkOrderAwarded': {
        const w = event.data;
        if (jobs.get([w.workOrderId])) return;
        jobs.put(
          withDefaults(NEW_JOB, {
            job_id: w.workOrderId,
            kind: 'work-order',
            customer_id: w.customerId,
            contractor_id: w.contractorId,
          }),
        );
        return;
      }
      case 'EscrowReleased': {
        // Bookings' escrows are released too; their reviews opened when the booking was completed.
        const e = event.data;
        jobs.update([e.jobId], (job) =>
          job.kind === 'work-order' && job.completed_at === null ? { ...job, completed_at: e.releasedAt } : job,
        );
        return;
      }
      case 'ReviewSubmitted': {
        const r = event.data;
        const { jobId, jobKind } = reviewedJobOf(r);
        if (!reviews.get([jobId, r.side])) {
          reviews.put({
            job_id: jobId,
            kind: jobKind,
            side: r.side,
            reviewer_id: r.reviewerId,
            reviewee_id: r.revieweeId,
            rating: r.rating,
            text: r.text,
            submitted_at: r.submittedAt,
            published_at: null,
          });
        }
        const column = r.side === 'customer' ? 'customer_reviewed_at' : 'contractor_reviewed_at';
        jobs.update([jobId], (job) => ({ ...job, [column]: r.submittedAt }));
        return;
      }
      case 'ReviewsPublished': {
        const p = event.data;
        const { jobId } = reviewedJobOf(p);
        for (const side of SIDES)
          reviews.update([jobId, side], (review) => ({ ...review, published_at: p.publishedAt }));
        jobs.update([jobId], (job) => ({ ...job, published_at: p.publishedAt, publish_reason: p.reason }));
        return;
      }
    }
  },
});

/** The two sides a job's reviews are keyed by (the table's check allows no other). */
const SIDES = ['customer', 'contractor'] as const satisfies readonly ReviewSide[];

/** Rows of the three tables as the fold writes them (timestamps as ISO text). */
type WorkOrderRecord = { work_order_id: string; title: string };
type JobRecord = {
  job_id: string;
  kind: ReviewJobKind;
  customer_id: string;
  contractor_id: string;
  starts_at: string | null;
  completed_at: string | null;
  customer_reviewed_at: string | null;
  contractor_reviewed_at: string | null;
  published_at: string | null;
  publish_reason: 'both-written' | 'window-closed' | null;
};
type ReviewRecord = {
  job_id: string;
  kind: ReviewJobKind;
  side: ReviewSide;
  reviewer_id: string;
  reviewee_id: string;
  rating: number;
  text: string;
  submitted_at: string;
  published_at: string | null;
};

/** What a new job holds before it is completed or reviewed (the table's nulls). */
const NEW_JOB = {
  starts_at: null,
  completed_at: null,
  customer_reviewed_at: null,
  contractor_reviewed_at: null,
  published_at: null,
  publish_reason: null,
} satisfies Partial<JobRecord>;

// ------------------------------------------------------------------------------------- queries

type JobRow = {
  job_id: string;
  kind: ReviewJobKind;
  customer_id: string;
  contractor_id: string;
  starts_at: Date | null;
  completed_at: Date | null;
  customer_reviewed_at: Date | null;
  contractor_reviewed_at: Date | null;
  published_at: Date | null;
  publish_reason: 'both-written' | 'window-closed' | null;
  title: string | null;
};

export type ReviewJob = ReviewedJob & {
  /** A work order's title (null for a booking). */
  title: string | null;
  startsAt: string | null;
  customerReviewed: boolean;
  contractorReviewed: boolean;
  publishedAt: string | null;
};

const toJob = (row: JobRow): ReviewJob => ({
  jobId: row.job_id,
  kind: row.kind,
  customerId: row.customer_id,
  contractorId: row.contractor_id,
  title: row.title,
  startsAt: row.starts_at?.toISOString() ?? null,
  completedAt: row.completed_at?.toISOString() ?? null,
  customerReviewed: row.customer_reviewed_at !== null,
  contractorReviewed: row.contractor_reviewed_at !== null,
  publishedAt: row.published_at?.toISOString() ?? null,
});

/** A job with its work order's title, when it has one. */
const jobs = (sql: Sql) => sql`
  rm_review_jobs j left join rm_review_work_orders w on j.kind = 'work-order' and w.work_order_id = j.job_id`;

/** The job as reviews know it (its parties, completion, what was written); null if unknown or of another kind. */
export async function reviewJob(sql: Sql, jobId: string, kind: ReviewJobKind): Promise<ReviewJob | null> {
  const [row] = await sql<JobRow[]>`
    select j.*, w.title from ${jobs(sql)} where j.job_id = ${jobId} and j.kind = ${kind}`;
  return row ? toJob(row) : null;
}

export type PendingReview = ReviewJob & { side: ReviewSide; otherPartyId: string; otherSideReviewed: boolean };

/**
 * "Reviews to write": my completed jobs whose window is still open, that I have not reviewed and
 * that are not published yet; the closest deadline first.
 */
export async function pendingReviewsOf(sql: Sql, userId: string, now: Date): Promise<PendingReview[]> {
  const openSince = new Date(now.getTime() - REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const rows = await sql<JobRow[]>`
    select j.*, w.title from ${jobs(sql)}
    where j.customer_id = ${userId} and j.completed_at is not null and j.published_at is null
      and j.customer_reviewed_at is null and j.completed_at > ${openSince}
    union all
    select j.*, w.title from ${jobs(sql)}
    where j.contractor_id = ${userId} and j.completed_at is not null and j.published_at is null
      and j.contractor_reviewed_at is null and j.completed_at > ${openSince}
    order by completed_at, job_id
    limit 100`;
  return rows.map((row) => {
    const job = toJob(row);
    const side: ReviewSide = row.customer_id === userId ? 'customer' : 'contractor';
    return {
      ...job,
      side,
      otherPartyId: side === 'customer' ? job.contractorId : job.customerId,
      otherSideReviewed: side === 'customer' ? job.contractorReviewed : job.customerReviewed,
    };
  });
}

export type ReviewRow = {
  jobId: string;
  kind: ReviewJobKind;
  side: ReviewSide;
  reviewerId: string;
  revieweeId: string;
  rating: number;
  text: string;
  submittedAt: string;
  publishedAt: string | null;
};

type ReviewSqlRow = {
  job_id: string;
  kind: ReviewJobKind;
  side: ReviewSide;
  reviewer_id: string;
  reviewee_id: string;
  rating: number;
  text: string;
  submitted_at: Date;
  published_at: Date | null;
};

const toReview = (row: ReviewSqlRow): ReviewRow => ({
  jobId: row.job_id,
  kind: row.kind,
  side: row.side,
  reviewerId: row.reviewer_id,
  revieweeId: row.reviewee_id,
  rating: row.rating,
  text: row.text,
  submittedAt: row.submitted_at.toISOString(),
  publishedAt: row.published_at?.toISOString() ?? null,
});

/**
 * The reviews of one job that `viewerId` may read: every published one, and before publication
 * only the viewer's own. The other side's review is never selected before then.
 */
export async function reviewsOfJob(sql: Sql, jobId: string, viewerId: string | null): Promise<ReviewRow[]> {
  const rows = await sql<ReviewSqlRow[]>`
    select * from rm_reviews
    where job_id = ${jobId} and (published_at is not null or reviewer_id = ${viewerId}::uuid)
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
      order by published_at desc, job_id
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
 * My jobs with a review I may read: the ones I reviewed (waiting for the other side, or
 * published) and the ones published with only the other side's review; the latest first. Each
 * comes with the reviews the visibility rule of `reviewsOfJob` lets me read.
 */
export async function reviewedJobsOf(
  sql: Sql,
  userId: string,
  limit: number,
): Promise<{ job: ReviewJob; reviews: ReviewRow[] }[]> {
  const rows = await sql<(JobRow & { latest: Date })[]>`
    select j.*, w.title, greatest(j.published_at, j.customer_reviewed_at) as latest from ${jobs(sql)}
    where j.customer_id = ${userId} and (j.customer_reviewed_at is not null or j.published_at is not null)
    union all
    select j.*, w.title, greatest(j.published_at, j.contractor_reviewed_at) as latest from ${jobs(sql)}
    where j.contractor_id = ${userId} and (j.contractor_reviewed_at is not null or j.published_at is not null)
    order by latest desc, job_id
    limit ${limit}`;
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.job_id);
  const reviews = await sql<ReviewSqlRow[]>`
    select * from rm_reviews
    where job_id = any(${ids}::uuid[]) and (published_at is not null or reviewer_id = ${userId})
    order by submitted_at, side`;
  return rows.map((row) => ({
    job: toJob(row),
    reviews: reviews.filter((review) => review.job_id === row.job_id).map(toReview),
  }));
}

/** Jobs whose window closed at `now` with at least one review not yet published (the job's list). */
export async function reviewsDueForPublication(sql: Sql, now: Date, limit = 100): Promise<ReviewJob[]> {
  const closedBefore = new Date(now.getTime() - REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const rows = await sql<JobRow[]>`
    select j.*, null as title from rm_review_jobs j
    where j.published_at is null and (j.customer_reviewed_at is not null or j.contractor_reviewed_at is not null)
      and j.completed_at <= ${closedBefore}
    order by j.completed_at, j.job_id
    limit ${limit}`;
  return rows.map(toJob);
}
