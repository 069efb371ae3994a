import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feedbackBoard, type FeedbackView } from '../../../projections/feedback-board.ts';
import { FEEDBACK_NOT_FOUND, feedbackDecider } from '../../../shared/domain/feedback/decider.ts';
import { feedbackStreamId } from '../../../shared/domain/feedback/streams.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import {
  feedbackBoardQuery,
  feedbackBoardView,
  feedbackBody,
  feedbackIdParams,
  feedbackPosted,
  feedbackStatusBody,
  feedbackSuccess,
} from '../../../shared/http/feedback.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';

const READ_MODELS = ['feedback-board'] as const;

const isUuid = (value: string) => z.uuid().safeParse(value).success;

function knownId(id: string): string {
  if (!isUuid(id)) throw new NotFoundError(FEEDBACK_NOT_FOUND);
  return id.toLowerCase();
}

/** The community feedback board (docs/product.md#feedback); status changes are admin-only. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.runtime;

  app.get(
    '/api/feedback',
    {
      schema: {
        tags: ['feedback'],
        summary: 'The feedback board, most upvoted first (open to everyone)',
        querystring: feedbackBoardQuery,
        response: { 200: feedbackBoardView, 400: errorSchema },
      },
    },
    async (request) => {
      const viewer = await request.currentUser();
      return feedbackBoard(sql, { viewerId: viewer?.id ?? null, status: request.query.status });
    },
  );

  app.command({
    method: 'POST',
    url: '/api/feedback',
    access: 'signed-in',
    config: { abuseLimit: 'feedback', idempotent: 'optional' },
    schema: {
      tags: ['feedback'],
      summary: 'Post feedback',
      headers: optionalIdempotencyHeader,
      body: feedbackBody,
      response: {
        201: feedbackPosted,
        400: errorSchema,
        401: errorSchema,
        409: errorSchema,
        422: errorSchema,
        429: errorSchema,
      },
    },
    readModels: READ_MODELS,
    statusCode: 201,
    async run({ user, body, context, decide }) {
      const feedbackId = randomUUID();
      await decide(feedbackStreamId(feedbackId), feedbackDecider, {
        type: 'PostFeedback',
        feedbackId,
        authorId: user.id,
        ...body,
        now: context.now,
      });
      const feedback: FeedbackView = {
        id: feedbackId,
        title: body.title,
        description: body.description,
        category: body.category,
        status: 'open',
        upvoteCount: 0,
        createdAt: context.now.toISOString(),
        hasUserUpvoted: false,
      };
      return { feedback };
    },
  });

  app.command({
    method: 'POST',
    url: '/api/feedback/:id/upvote',
    access: 'signed-in',
    schema: {
      tags: ['feedback'],
      summary: 'Upvote feedback (once per user)',
      params: feedbackIdParams,
      response: { 200: feedbackSuccess, 401: errorSchema, 404: errorSchema, 409: errorSchema },
    },
    readModels: READ_MODELS,
    async run({ user, params, context, decide }) {
      const feedbackId = knownId(params.id);
      await decide(feedbackStreamId(feedbackId), feedbackDecider, {
        type: 'UpvoteFeedback',
        feedbackId,
        voterId: user.id,
        now: context.now,
      });
      return { success: true as const };
    },
  });

  app.command({
    method: 'PATCH',
    url: '/api/feedback/:id/status',
    access: ['admin'],
    schema: {
      tags: ['feedback'],
      summary: 'Change the status of feedback (admin only)',
      params: feedbackIdParams,
      body: feedbackStatusBody,
      response: { 200: feedbackSuccess, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    readModels: READ_MODELS,
    async run({ user, params, body, context, decide }) {
      const feedbackId = knownId(params.id);
      await decide(feedbackStreamId(feedbackId), feedbackDecider, {
        type: 'ChangeFeedbackStatus',
        feedbackId,
        status: body.status,
        changedBy: user.id,
        changedByRole: user.role,
        now: context.now,
      });
      return { success: true as const };
    },
  });
};
