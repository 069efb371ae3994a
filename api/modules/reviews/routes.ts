import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  pendingReviewsOf,
  publishedReviewsAbout,
  reviewedJobsOf,
  reviewJob,
  reviewsOfJob,
} from '../../../projections/reviews.ts';
import { REVIEW_MESSAGES, reviewDecider } from '../../../shared/domain/reviews/decider.ts';
import { reviewStreamId, type ReviewJobKind } from '../../../shared/domain/reviews/events.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import type { Sql } from '../../../shared/db/postgres.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import {
  bookingParams,
  jobReviewsView,
  mineQuery,
  pageQuery,
  pendingView,
  reviewBody,
  submittedView,
  summaryView,
  userParams,
  workOrderParams,
} from '../../../shared/http/reviews.ts';
import { signedInUser, type CurrentUser } from '../../plugins/auth.ts';
import type { CommandContext, CommandResult, Decider, DomainEvent } from '../../../shared/domain/decider.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';
import { jobReviewsViewOf, pendingViewOf, reviewViewOf } from './views.ts';

export { reviewBody } from '../../../shared/http/reviews.ts';
export { FORMER_MEMBER, publicName } from './views.ts';

const READ_MODELS = ['reviews'] as const;

async function namesFor(sql: Sql, ids: Iterable<string>) {
  return displayNames(sql, [...new Set(ids)]);
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
  const { sql } = app.runtime;

  /** The pipeline's `decide`, as the one submit below is given it. */
  type Decide = <State, Command, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<State, Command, Event>,
    command: Command | ((state: State) => Command | Promise<Command>),
  ) => Promise<CommandResult<State, Event>>;

  async function submit(
    input: { user: CurrentUser; context: CommandContext; decide: Decide },
    kind: ReviewJobKind,
    jobId: string,
    body: z.output<typeof reviewBody>,
  ) {
    const { user, context, decide } = input;
    const job = await reviewJob(sql, jobId, kind);
    if (!job) throw new NotFoundError(NOT_FOUND[kind]);
    const result = await decide(reviewStreamId(jobId), reviewDecider, {
      type: 'SubmitReview',
      reviewerId: user.id,
      job,
      ...body,
      now: context.now,
    });
    const submitted = result.newEvents[0];
    if (submitted?.type !== 'ReviewSubmitted') throw new Error('SubmitReview appended no ReviewSubmitted');
    const published = result.newEvents.some((event) => event.type === 'ReviewsPublished');
    const { reviewerId, revieweeId, side: written, rating, text, submittedAt } = submitted.data;
    const publishedAt = published ? context.now.toISOString() : null;
    const view = reviewViewOf(
      { jobId, kind, side: written, reviewerId, revieweeId, rating, text, submittedAt, publishedAt },
      new Map([[user.id, user.name]]),
    );
    return { review: view, published };
  }

  async function reviewsOf(request: FastifyRequest, kind: ReviewJobKind, jobId: string) {
    const viewer = await request.currentUser();
    const job = await reviewJob(sql, jobId, kind);
    if (!job) throw new NotFoundError(NOT_FOUND[kind]);
    const reviews = await reviewsOfJob(sql, job.jobId, viewer?.id ?? null);
    const names = await namesFor(sql, [job.customerId, job.contractorId, ...reviews.map((r) => r.reviewerId)]);
    return jobReviewsViewOf(job, reviews, names, viewer?.id ?? null, new Date());
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

  app.command({
    method: 'POST',
    url: '/api/bookings/:bookingId/reviews',
    access: 'signed-in',
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
    readModels: READ_MODELS,
    statusCode: 201,
    run: (input) => submit(input, 'booking', input.params.bookingId, input.body),
  });

  app.command({
    method: 'POST',
    url: '/api/work-orders/:workOrderId/reviews',
    access: 'signed-in',
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
    readModels: READ_MODELS,
    statusCode: 201,
    run: (input) => submit(input, 'work-order', input.params.workOrderId, input.body),
  });

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
      return pending.map((p) => pendingViewOf(p, names));
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
      return entries.map(({ job, reviews }) => jobReviewsViewOf(job, reviews, names, user.id, now));
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
      reviews: shown.map((review) => reviewViewOf(review, names)),
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
