import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  pendingReviewsOf,
  publishedReviewsAbout,
  reviewedJobsOf,
  reviewJob,
  reviewsOfJob,
  type ReviewJob,
  type ReviewRow,
} from '../../../projections/reviews.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import { REVIEW_MESSAGES, reviewDeadline, reviewDecider, sideOf } from '../../../shared/domain/reviews/decider.ts';
import { reviewStreamId, type ReviewJobKind } from '../../../shared/domain/reviews/events.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import type { Sql } from '../../../shared/db/postgres.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { answerAfterProjections, commandContext } from '../../plugins/read-your-writes.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';
import {
  bookingParams,
  jobReviewsView,
  mineQuery,
  pageQuery,
  pendingView,
  reviewBody,
  type ReviewView,
  submittedView,
  summaryView,
  userParams,
  workOrderParams,
} from './schemas.ts';

export { reviewBody } from './schemas.ts';

const READ_MODELS = ['reviews'] as const;

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

async function namesFor(sql: Sql, ids: Iterable<string>) {
  return displayNames(sql, [...new Set(ids)]);
}

/** A job's id as the views carry it: `bookingId` too for a booking. */
const jobFields = (jobId: string, kind: ReviewJobKind) => ({
  jobId,
  kind,
  bookingId: kind === 'booking' ? jobId : null,
});

function toView(review: ReviewRow, names: Map<string, string>): ReviewView {
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

function viewerOf(job: ReviewJob, userId: string, names: Map<string, string>, now: Date) {
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

const NOT_FOUND: Record<ReviewJobKind, string> = {
  booking: REVIEW_MESSAGES.bookingNotFound,
  'work-order': REVIEW_MESSAGES.workOrderNotFound,
};

/**
 * Double-blind reviews of every completed job (issue deliverable 5; docs/decisions.md, "Reviews of
 * every job"). Writing: the two parties of a completed booking, or of a work order whose escrow was
 * released, once each. Reading: published reviews are public; before publication a party reads only
 * their own review, and nobody else reads anything.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  async function submit(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ReviewJobKind,
    jobId: string,
    body: z.infer<typeof reviewBody>,
  ) {
    const user = await signedInUser(request);
    const context = commandContext(request);
    const job = await reviewJob(sql, jobId, kind);
    if (!job) throw new NotFoundError(NOT_FOUND[kind]);
    const result = await handleCommand(
      store,
      reviewStreamId(jobId),
      reviewDecider,
      { type: 'SubmitReview', reviewerId: user.id, job, ...body, now: context.now },
      context,
    );
    const submitted = result.newEvents[0];
    if (submitted?.type !== 'ReviewSubmitted') throw new Error('SubmitReview appended no ReviewSubmitted');
    const published = result.newEvents.some((event) => event.type === 'ReviewsPublished');
    const { reviewerId, revieweeId, side: written, rating, text, submittedAt } = submitted.data;
    const publishedAt = published ? context.now.toISOString() : null;
    const view = toView(
      { jobId, kind, side: written, reviewerId, revieweeId, rating, text, submittedAt, publishedAt },
      new Map([[user.id, user.name]]),
    );
    return answerAfterProjections(
      request,
      reply,
      result.position,
      { review: view, published },
      { statusCode: 201, projections: READ_MODELS },
    );
  }

  async function reviewsOf(request: FastifyRequest, kind: ReviewJobKind, jobId: string) {
    const viewer = await request.currentUser();
    const job = await reviewJob(sql, jobId, kind);
    if (!job) throw new NotFoundError(NOT_FOUND[kind]);
    const reviews = await reviewsOfJob(sql, job.jobId, viewer?.id ?? null);
    const names = await namesFor(sql, [job.customerId, job.contractorId, ...reviews.map((r) => r.reviewerId)]);
    return {
      ...jobFields(job.jobId, job.kind),
      title: job.title,
      published: job.publishedAt !== null,
      publishedAt: job.publishedAt,
      reviews: reviews.map((review) => toView(review, names)),
      viewer: viewer ? viewerOf(job, viewer.id, names, new Date()) : null,
    };
  }

  const submitResponses = {
    201: submittedView,
    400: errorSchema,
    401: errorSchema,
    403: errorSchema,
    404: errorSchema,
    409: errorSchema,
    422: errorSchema,
    429: errorSchema,
  };
  const submitDescription =
    'Rating 1–5 and 10–2000 characters of plain text. The review stays hidden from the other side until they ' +
    'have written theirs (both are then published at once) or 7 days have passed since completion. Writing ' +
    'closes when the reviews are published.';

  app.post(
    '/api/bookings/:bookingId/reviews',
    {
      onRequest: app.requireUser,
      config: { abuseLimit: 'review', idempotent: 'optional' },
      schema: {
        tags: ['reviews'],
        summary: 'Review a completed booking (its customer or its contractor, once each)',
        description: submitDescription,
        headers: optionalIdempotencyHeader,
        params: bookingParams,
        body: reviewBody,
        response: submitResponses,
      },
    },
    async (request, reply) => submit(request, reply, 'booking', request.params.bookingId, request.body),
  );

  app.post(
    '/api/work-orders/:workOrderId/reviews',
    {
      onRequest: app.requireUser,
      config: { abuseLimit: 'review', idempotent: 'optional' },
      schema: {
        tags: ['reviews'],
        summary:
          'Review a work order won by a bid or a direct request, once its payment is released (its customer or its ' +
          'contractor, once each)',
        description: submitDescription,
        headers: optionalIdempotencyHeader,
        params: workOrderParams,
        body: reviewBody,
        response: submitResponses,
      },
    },
    async (request, reply) => submit(request, reply, 'work-order', request.params.workOrderId, request.body),
  );

  app.get(
    '/api/reviews/pending',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary:
          'Reviews to write: my completed jobs (bookings, released work orders) I have not reviewed yet, closest ' +
          'deadline first',
        response: { 200: z.array(pendingView), 401: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const pending = await pendingReviewsOf(sql, user.id, new Date());
      const names = await namesFor(
        sql,
        pending.map((p) => p.otherPartyId),
      );
      return pending.map((p) => ({
        ...jobFields(p.jobId, p.kind),
        title: p.title,
        side: p.side,
        otherParty: { id: p.otherPartyId, name: names.get(p.otherPartyId) ?? FORMER_MEMBER },
        startsAt: p.startsAt,
        completedAt: p.completedAt!,
        deadline: reviewDeadline(p.completedAt!).toISOString(),
        otherSideReviewed: p.otherSideReviewed,
      }));
    },
  );

  app.get(
    '/api/reviews/mine',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'My reviewed jobs: my review waiting for the other side, and published reviews, latest first',
        querystring: mineQuery,
        response: { 200: z.array(jobReviewsView), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const now = new Date();
      const entries = await reviewedJobsOf(sql, user.id, request.query.limit);
      const names = await namesFor(
        sql,
        entries.flatMap(({ job, reviews }) => [job.customerId, job.contractorId, ...reviews.map((r) => r.reviewerId)]),
      );
      return entries.map(({ job, reviews }) => ({
        ...jobFields(job.jobId, job.kind),
        title: job.title,
        published: job.publishedAt !== null,
        publishedAt: job.publishedAt,
        reviews: reviews.map((review) => toView(review, names)),
        viewer: viewerOf(job, user.id, names, now),
      }));
    },
  );

  app.get(
    '/api/bookings/:bookingId/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: "A booking's reviews: the parties see their own and, once published, both; others only published ones",
        params: bookingParams,
        response: { 200: jobReviewsView, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => reviewsOf(request, 'booking', request.params.bookingId),
  );

  app.get(
    '/api/work-orders/:workOrderId/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary:
          "A work order's reviews: the parties see their own and, once published, both; others only published ones",
        params: workOrderParams,
        response: { 200: jobReviewsView, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => reviewsOf(request, 'work-order', request.params.workOrderId),
  );

  async function summaryAbout(userId: string, page: { limit: number; offset: number }, onlySide?: 'customer') {
    const { reviews, summary } = await publishedReviewsAbout(sql, userId, {
      side: onlySide,
      limit: page.limit + 1,
      offset: page.offset,
    });
    const shown = reviews.slice(0, page.limit);
    const names = await namesFor(
      sql,
      shown.map((r) => r.reviewerId),
    );
    return {
      average: summary.average,
      count: summary.count,
      reviews: shown.map((review) => toView(review, names)),
      hasMore: reviews.length > page.limit,
    };
  }

  app.get(
    '/api/contractors/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Published reviews of a contractor by their customers, newest first, with the average and count',
        params: userParams,
        querystring: pageQuery,
        response: { 200: summaryView, 400: errorSchema },
      },
    },
    async (request) => summaryAbout(request.params.id, request.query, 'customer'),
  );

  app.get(
    '/api/users/:id/reviews',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Published reviews about any member (customers too, by their contractors), newest first',
        params: userParams,
        querystring: pageQuery,
        response: { 200: summaryView, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => summaryAbout(request.params.id, request.query),
  );
};
