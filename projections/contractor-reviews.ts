import type { Sql } from '../shared/db/postgres.ts';
import type { AccountEvent } from '../shared/domain/accounts/events.ts';
import { reviewedJobOf, type ReviewEvent } from '../shared/domain/reviews/events.ts';
import { insertNewRows } from '../infrastructure/projections/insert-rows.ts';
import { defineProjection } from '../infrastructure/projections/types.ts';

/**
 * Published customer reviews of each contractor, for the public profile (`GET
 * /api/contractors/:id`). Only `ReviewsPublished` feeds it, so a review is never shown before the
 * double-blind window lets it out. The directory's rating aggregate is computed from the same
 * events by the contractor-directory projection.
 */
export const contractorReviewsProjection = defineProjection<ReviewEvent | AccountEvent>({
  name: 'contractor-reviews',
  // Version 2: keyed by the reviewed job (a booking or a work order), no longer only bookings.
  version: 2,
  rebuildWeight: 2.9,
  handles: ['ReviewsPublished', 'AccountClosed'],
  schema: `
    create table if not exists rm_contractor_reviews (
      job_id uuid primary key,
      contractor_id uuid not null,
      customer_id uuid not null,
      rating smallint not null,
      text text not null,
      submitted_at timestamptz not null,
      published_at timestamptz not null
    );
    create index if not exists rm_contractor_reviews_by_contractor
      on rm_contractor_reviews (contractor_id, published_at desc, job_id);`,
  reset: 'drop table if exists rm_contractor_reviews',
  async apply(tx, event) {
    switch (event.type) {
      case 'ReviewsPublished': {
        const review = event.data.reviews.find((r) => r.side === 'customer');
        if (!review) return;
        await tx`
          insert into rm_contractor_reviews (job_id, contractor_id, customer_id, rating, text, submitted_at, published_at)
          values (${reviewedJobOf(event.data).jobId}, ${event.data.contractorId}, ${event.data.customerId}, ${review.rating},
            ${review.text}, ${review.submittedAt}, ${event.data.publishedAt})
          on conflict (job_id) do nothing`;
        return;
      }
      case 'AccountClosed':
        // A closed contractor's profile is gone; a closed customer's reviews stay, unsigned.
        await tx`delete from rm_contractor_reviews where contractor_id = ${event.data.accountId}`;
        return;
      default:
        return;
    }
  },
  /**
   * A batch in a few statements, equal to `apply` on each event in turn: the batch's published
   * reviews go in with one insert per run, and a closed account's delete runs between the runs, so
   * a review published before the closing is deleted and one published after it stays, as one by one.
   */
  async applyAll(tx, events) {
    let run = new Map<string, ContractorReviewInsert>();
    const flush = async () => {
      await insertNewRows(tx, 'rm_contractor_reviews', 'job_id', [...run.values()]);
      run = new Map();
    };
    for (const event of events) {
      if (event.type === 'AccountClosed') {
        await flush();
        await tx`delete from rm_contractor_reviews where contractor_id = ${event.data.accountId}`;
        continue;
      }
      if (event.type !== 'ReviewsPublished') continue;
      const review = event.data.reviews.find((r) => r.side === 'customer');
      if (!review) continue;
      const jobId = reviewedJobOf(event.data).jobId;
      // `on conflict do nothing`: the first review of a job wins, in the batch as in the table.
      if (run.has(jobId.toLowerCase())) continue;
      run.set(jobId.toLowerCase(), {
        job_id: jobId,
        contractor_id: event.data.contractorId,
        customer_id: event.data.customerId,
        rating: review.rating,
        text: review.text,
        submitted_at: review.submittedAt,
        published_at: event.data.publishedAt,
      });
    }
    await flush();
  },
});

/** A row of rm_contractor_reviews as JSON for `insertNewRows` (timestamps as ISO 8601 text). */
type ContractorReviewInsert = {
  job_id: string;
  contractor_id: string;
  customer_id: string;
  rating: number;
  text: string;
  submitted_at: string;
  published_at: string;
};

export type PublishedReview = {
  /** The reviewed job: a booking's or a work order's id. */
  jobId: string;
  customerId: string;
  rating: number;
  text: string;
  submittedAt: string;
  publishedAt: string;
};

/** A contractor's published reviews, newest first, and how many there are. */
export async function reviewsOf(
  sql: Sql,
  contractorId: string,
  page: { limit: number; offset: number },
): Promise<{ total: number; reviews: PublishedReview[] }> {
  const rows = await sql<
    {
      job_id: string;
      customer_id: string;
      rating: number;
      text: string;
      submitted_at: Date;
      published_at: Date;
      total: string;
    }[]
  >`
    select *, count(*) over () as total from rm_contractor_reviews
    where contractor_id = ${contractorId}
    order by published_at desc, job_id
    limit ${page.limit} offset ${page.offset}`;
  const [counted] =
    rows.length === 0 && page.offset > 0
      ? await sql<{ total: string }[]>`
          select count(*) as total from rm_contractor_reviews where contractor_id = ${contractorId}`
      : [];
  return {
    total: rows.length ? Number(rows[0]!.total) : Number(counted?.total ?? 0),
    reviews: rows.map((r) => ({
      jobId: r.job_id,
      customerId: r.customer_id,
      rating: r.rating,
      text: r.text,
      submittedAt: r.submitted_at.toISOString(),
      publishedAt: r.published_at.toISOString(),
    })),
  };
}
