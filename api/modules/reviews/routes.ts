import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pendingReviewsOf,
  publishedReviewsAbout,
  reviewBooking,
  reviewedBookingsOf,
  reviewsOfBooking,
  type ReviewBooking,
  type ReviewRow,
} from '../../../projections/reviews.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  reviewDeadline,
  reviewDecider,
  sideOf,
} from '../../../shared/domain/reviews/decider.ts';
import { reviewSides, reviewStreamId } from '../../../shared/domain/reviews/events.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import type { Sql } from '../../../shared/db/postgres.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { answerAfterProjections, commandContext } from '../../plugins/read-your-writes.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { wholeNumberQuery } from '../query.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';

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

export const reviewBody = z.strictObject({
  rating: z
    .number({ error: REVIEW_MESSAGES.rating })
    .int({ error: REVIEW_MESSAGES.rating })
    .min(REVIEW_LIMITS.ratingMin, { error: REVIEW_MESSAGES.rating })
    .max(REVIEW_LIMITS.ratingMax, { error: REVIEW_MESSAGES.rating }),
  // The exact rule (trimmed, counted in characters, plain text) is the decider's; this bounds the body.
  text: z.string({ error: REVIEW_MESSAGES.text }).max(REVIEW_LIMITS.textMax * 4, { error: REVIEW_MESSAGES.text }),
});

const bookingParams = z.strictObject({ bookingId: z.uuid({ error: 'The booking id is not valid' }) });
const userParams = z.strictObject({ id: z.uuid({ error: 'The user id is not valid' }) });
const pageQuery = z.strictObject({
  limit: wholeNumberQuery('limit', { min: 1, max: 50, default: 10 }),
  offset: wholeNumberQuery('offset', { min: 0, max: 10_000, default: 0 }),
});
const mineQuery = z.strictObject({
  limit: wholeNumberQuery('limit', { min: 1, max: 50, default: 20 }),
});

const side = z.enum(reviewSides);
const reviewView = z.object({
  bookingId: z.uuid(),
  side: side.describe('Who wrote it: the customer reviews the contractor, the contractor the customer'),
  reviewerId: z.uuid(),
  reviewerName: z.string(),
  revieweeId: z.uuid(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  submittedAt: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
});
const party = z.object({ id: z.uuid(), name: z.string() });
const pendingView = z.object({
  bookingId: z.uuid(),
  side,
  otherParty: party,
  startsAt: z.string().nullable(),
  completedAt: z.string(),
  deadline: z.string().describe('Reviews are published at the latest then; writing closes'),
  otherSideReviewed: z.boolean(),
});
const bookingReviewsView = z.object({
  bookingId: z.uuid(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  reviews: z.array(reviewView),
  viewer: z
    .object({
      side,
      otherParty: party,
      completedAt: z.string().nullable(),
      deadline: z.string().nullable(),
      hasReviewed: z.boolean(),
      otherSideReviewed: z.boolean(),
      canReview: z.boolean(),
    })
    .nullable()
    .describe("The signed-in party's own view; null for anyone else"),
});
const summaryView = z.object({
  average: z.number().nullable().describe('Average stars, 2 decimals; null without reviews'),
  count: z.number().int(),
  reviews: z.array(reviewView),
  hasMore: z.boolean(),
});

async function namesFor(sql: Sql, ids: Iterable<string>) {
  return displayNames(sql, [...new Set(ids)]);
}

function toView(review: ReviewRow, names: Map<string, string>) {
  return {
    bookingId: review.bookingId,
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

function viewerOf(booking: ReviewBooking, userId: string, names: Map<string, string>, now: Date) {
  const mySide = sideOf(booking, userId);
  if (!mySide) return null;
  const otherId = mySide === 'customer' ? booking.contractorId : booking.customerId;
  const hasReviewed = mySide === 'customer' ? booking.customerReviewed : booking.contractorReviewed;
  const deadline = booking.completedAt ? reviewDeadline(booking.completedAt) : null;
  return {
    side: mySide,
    otherParty: { id: otherId, name: names.get(otherId) ?? FORMER_MEMBER },
    completedAt: booking.completedAt,
    deadline: deadline?.toISOString() ?? null,
    hasReviewed,
    otherSideReviewed: mySide === 'customer' ? booking.contractorReviewed : booking.customerReviewed,
    canReview: !hasReviewed && !booking.publishedAt && deadline !== null && now < deadline,
  };
}

/**
 * Double-blind reviews (issue deliverable 5). Writing: the two parties of a completed booking,
 * once each. Reading: published reviews are public; before publication a party reads only their
 * own review, and nobody else reads anything.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  app.post(
    '/api/bookings/:bookingId/reviews',
    {
      onRequest: app.requireUser,
      config: { abuseLimit: 'review', idempotent: 'optional' },
      schema: {
        tags: ['reviews'],
        summary: 'Review a completed booking (its customer or its contractor, once each)',
        description:
          'Rating 1–5 and 10–2000 characters of plain text. The review stays hidden from the other side until they ' +
          'have written theirs (both are then published at once) or 7 days have passed since completion. Writing ' +
          'closes when the reviews are published.',
        headers: optionalIdempotencyHeader,
        params: bookingParams,
        body: reviewBody,
        response: {
          201: z.object({ review: reviewView, published: z.boolean() }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          422: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const { bookingId } = request.params;
      const booking = await reviewBooking(sql, bookingId);
      const result = await handleCommand(
        store,
        reviewStreamId(bookingId),
        reviewDecider,
        { type: 'SubmitReview', reviewerId: user.id, booking, ...request.body, now: context.now },
        context,
      );
      const submitted = result.newEvents[0];
      if (submitted?.type !== 'ReviewSubmitted') throw new Error('SubmitReview appended no ReviewSubmitted');
      const published = result.newEvents.some((event) => event.type === 'ReviewsPublished');
      const { reviewerId, revieweeId, side: written, rating, text, submittedAt } = submitted.data;
      const publishedAt = published ? context.now.toISOString() : null;
      const view = toView(
        { bookingId, side: written, reviewerId, revieweeId, rating, text, submittedAt, publishedAt },
        new Map([[user.id, user.name]]),
      );
      return answerAfterProjections(
        request,
        reply,
        result.position,
        { review: view, published },
        { statusCode: 201, projections: READ_MODELS },
      );
    },
  );

  app.get(
    '/api/reviews/pending',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Reviews to write: my completed bookings I have not reviewed yet, closest deadline first',
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
        bookingId: p.bookingId,
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
        summary: 'My reviewed bookings: my review waiting for the other side, and published reviews, latest first',
        querystring: mineQuery,
        response: { 200: z.array(bookingReviewsView), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const now = new Date();
      const entries = await reviewedBookingsOf(sql, user.id, request.query.limit);
      const names = await namesFor(
        sql,
        entries.flatMap(({ booking, reviews }) => [
          booking.customerId,
          booking.contractorId,
          ...reviews.map((r) => r.reviewerId),
        ]),
      );
      return entries.map(({ booking, reviews }) => ({
        bookingId: booking.bookingId,
        published: booking.publishedAt !== null,
        publishedAt: booking.publishedAt,
        reviews: reviews.map((review) => toView(review, names)),
        viewer: viewerOf(booking, user.id, names, now),
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
        response: { 200: bookingReviewsView, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const viewer = await request.currentUser();
      const booking = await reviewBooking(sql, request.params.bookingId);
      if (!booking) throw new NotFoundError(REVIEW_MESSAGES.bookingNotFound);
      const reviews = await reviewsOfBooking(sql, booking.bookingId, viewer?.id ?? null);
      const names = await namesFor(sql, [
        booking.customerId,
        booking.contractorId,
        ...reviews.map((r) => r.reviewerId),
      ]);
      return {
        bookingId: booking.bookingId,
        published: booking.publishedAt !== null,
        publishedAt: booking.publishedAt,
        reviews: reviews.map((review) => toView(review, names)),
        viewer: viewer ? viewerOf(booking, viewer.id, names, new Date()) : null,
      };
    },
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
