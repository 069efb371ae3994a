import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feedbackBoard, type FeedbackView } from '../../../projections/feedback-board.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import { FEEDBACK_LIMITS, FEEDBACK_NOT_FOUND, feedbackDecider } from '../../../shared/domain/feedback/decider.ts';
import { feedbackCategories, feedbackStatuses } from '../../../shared/domain/feedback/events.ts';
import { feedbackStreamId } from '../../../shared/domain/feedback/streams.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { answerAfterProjections, commandContext } from '../../plugins/read-your-writes.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';

// The spec's message for a blank field or a missing category (section 5).
const MISSING = 'Please fill in all fields.';

export const feedbackBody = z.strictObject({
  title: z
    .string({ error: MISSING })
    .trim()
    .min(1, { error: MISSING })
    .max(FEEDBACK_LIMITS.title, { error: 'Title must be at most 120 characters' }),
  description: z
    .string({ error: MISSING })
    .trim()
    .min(1, { error: MISSING })
    .max(FEEDBACK_LIMITS.description, { error: 'Description must be at most 2000 characters' }),
  category: z.enum(feedbackCategories, { error: 'Category must be feature, improvement, bug or other' }),
});

const statusMessage = 'Status must be open, planned, in_progress, completed or declined';
const boardQuery = z.strictObject({ status: z.enum(feedbackStatuses, { error: statusMessage }).optional() });
const statusBody = z.strictObject({ status: z.enum(feedbackStatuses, { error: statusMessage }) });
// Any text up to a sane length: an id that is not ours is simply unknown (404), not malformed.
const idParams = z.strictObject({ id: z.string().min(1).max(100) });

const feedbackView = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: z.enum(feedbackCategories),
  status: z.enum(feedbackStatuses),
  upvoteCount: z.number().int(),
  createdAt: z.string(),
  hasUserUpvoted: z.boolean(),
});

const isUuid = (value: string) => z.uuid().safeParse(value).success;

function knownId(id: string): string {
  if (!isUuid(id)) throw new NotFoundError(FEEDBACK_NOT_FOUND);
  return id.toLowerCase();
}

/** The community feedback board (spec sections 2, 5 and 7); status changes are admin-only. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;
  const success = z.object({ success: z.literal(true) });

  app.get(
    '/api/feedback',
    {
      schema: {
        tags: ['feedback'],
        summary: 'The feedback board, most upvoted first (open to everyone)',
        querystring: boardQuery,
        response: { 200: z.array(feedbackView), 400: errorSchema },
      },
    },
    async (request) => {
      const viewer = await request.currentUser();
      return feedbackBoard(sql, { viewerId: viewer?.id ?? null, status: request.query.status });
    },
  );

  app.post(
    '/api/feedback',
    {
      onRequest: app.requireUser,
      config: { abuseLimit: 'feedback', idempotent: 'optional' },
      schema: {
        tags: ['feedback'],
        summary: 'Post feedback',
        headers: optionalIdempotencyHeader,
        body: feedbackBody,
        response: {
          201: z.object({ feedback: feedbackView }),
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
          422: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const feedbackId = randomUUID();
      const result = await handleCommand(
        store,
        feedbackStreamId(feedbackId),
        feedbackDecider,
        { type: 'PostFeedback', feedbackId, authorId: user.id, ...request.body, now: context.now },
        context,
      );
      const feedback: FeedbackView = {
        id: feedbackId,
        title: request.body.title,
        description: request.body.description,
        category: request.body.category,
        status: 'open',
        upvoteCount: 0,
        createdAt: context.now.toISOString(),
        hasUserUpvoted: false,
      };
      return answerAfterProjections(
        request,
        reply,
        result.position,
        { feedback },
        { statusCode: 201, projections: ['feedback-board'] },
      );
    },
  );

  app.post(
    '/api/feedback/:id/upvote',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['feedback'],
        summary: 'Upvote feedback (once per user)',
        params: idParams,
        response: { 200: success, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const feedbackId = knownId(request.params.id);
      const context = commandContext(request);
      const result = await handleCommand(
        store,
        feedbackStreamId(feedbackId),
        feedbackDecider,
        { type: 'UpvoteFeedback', feedbackId, voterId: user.id, now: context.now },
        context,
      );
      return answerAfterProjections(
        request,
        reply,
        result.position,
        { success: true as const },
        { projections: ['feedback-board'] },
      );
    },
  );

  app.patch(
    '/api/feedback/:id/status',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['feedback'],
        summary: 'Change the status of feedback (admin only)',
        params: idParams,
        body: statusBody,
        response: { 200: success, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const feedbackId = knownId(request.params.id);
      const context = commandContext(request);
      const result = await handleCommand(
        store,
        feedbackStreamId(feedbackId),
        feedbackDecider,
        {
          type: 'ChangeFeedbackStatus',
          feedbackId,
          status: request.body.status,
          changedBy: user.id,
          changedByRole: user.role,
          now: context.now,
        },
        context,
      );
      return answerAfterProjections(
        request,
        reply,
        result.position,
        { success: true as const },
        { projections: ['feedback-board'] },
      );
    },
  );
};
