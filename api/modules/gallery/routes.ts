import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { galleryOf } from '../../../projections/gallery.ts';
import { currentPlanId } from '../../../projections/plans.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import { galleryDecider, GALLERY_LIMITS, GALLERY_MESSAGES as M } from '../../../shared/domain/gallery/decider.ts';
import { galleryStreamId } from '../../../shared/domain/gallery/events.ts';
import { ValidationError } from '../../../shared/errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { answerWithView, commandContext } from '../../plugins/read-your-writes.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { photoUrl, UPLOAD_ID_PATTERN, uploadsExist } from '../work/uploads.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';

const READ_MODELS = ['gallery'] as const;
const billboardView = z.object({
  id: z.string(),
  title: z.string(),
  caption: z.string(),
  photo: z.object({ id: z.string(), url: z.string() }),
  addedAt: z.string(),
});
const galleryView = z.object({ billboards: z.array(billboardView) });
const addBody = z.strictObject({
  title: z
    .string({ error: M.title })
    .trim()
    .min(GALLERY_LIMITS.titleMin, { error: M.title })
    .max(GALLERY_LIMITS.titleMax, { error: M.title }),
  caption: z.string({ error: M.caption }).trim().max(GALLERY_LIMITS.captionMax, { error: M.caption }).default(''),
  /** An id answered by POST /api/uploads/photos. */
  photo: z.string({ error: 'photo must be an uploaded photo id' }).regex(UPLOAD_ID_PATTERN, {
    error: 'photo must be an uploaded photo id',
  }),
});

/**
 * Gallery billboards (spec section 3, maxGalleryBillboards): photos of past work with a title, on
 * the contractor's public profile. The plan caps how many show at once (Starter none, Local 3).
 */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;
  const view = async (contractorId: string) => ({
    billboards: (await galleryOf(sql, contractorId)).map((row) => ({
      id: row.billboardId,
      title: row.title,
      caption: row.caption,
      photo: { id: row.photoId, url: photoUrl(row.photoId) },
      addedAt: row.addedAt.toISOString(),
    })),
  });

  app.get(
    '/api/contractors/:id/gallery',
    {
      schema: {
        tags: ['directory'],
        summary: 'A contractor’s gallery billboards, oldest first',
        params: z.strictObject({ id: z.uuid({ error: 'The contractor id is not valid' }) }),
        response: { 200: galleryView, 400: errorSchema },
      },
    },
    async (request) => view(request.params.id),
  );

  app.post(
    '/api/gallery',
    {
      onRequest: app.requireRole('contractor'),
      config: { idempotent: 'optional' },
      schema: {
        tags: ['directory'],
        summary: 'Put a billboard up in my gallery (as many at once as my plan allows)',
        headers: optionalIdempotencyHeader,
        body: addBody,
        response: {
          201: galleryView,
          202: galleryView,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          409: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { title, caption, photo } = request.body;
      if (!(await uploadsExist(app.config.DATA_DIR, [photo]))) {
        throw new ValidationError('The photo was not found. Please upload it again');
      }
      const context = commandContext(request);
      const { position } = await handleCommand(
        store,
        galleryStreamId(user.id),
        galleryDecider,
        {
          type: 'AddBillboard',
          billboardId: randomUUID(),
          contractorId: user.id,
          planId: await currentPlanId(sql, user.id),
          title,
          caption,
          photoId: photo,
          now: context.now,
        },
        context,
      );
      return answerWithView(request, reply, position, READ_MODELS, () => view(user.id), 201);
    },
  );

  app.delete(
    '/api/gallery/:billboardId',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['directory'],
        summary: 'Take a billboard down from my gallery',
        params: z.strictObject({ billboardId: z.uuid({ error: 'The billboard id is not valid' }) }),
        response: {
          200: galleryView,
          202: galleryView,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const { position } = await handleCommand(
        store,
        galleryStreamId(user.id),
        galleryDecider,
        { type: 'RemoveBillboard', billboardId: request.params.billboardId, contractorId: user.id, now: context.now },
        context,
      );
      return answerWithView(request, reply, position, READ_MODELS, () => view(user.id));
    },
  );
};
