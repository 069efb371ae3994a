import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { galleryOf } from '../../../projections/gallery.ts';
import { currentPlanId } from '../../../projections/plans.ts';
import { galleryDecider } from '../../../shared/domain/gallery/decider.ts';
import { galleryStreamId } from '../../../shared/domain/gallery/events.ts';
import { ValidationError } from '../../../shared/errors.ts';
import {
  addBillboardBody,
  billboardParams,
  galleryContractorParams,
  galleryView,
} from '../../../shared/http/gallery.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { uploadsExist } from '../work/uploads.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';
import { galleryViewOf } from './views.ts';

const READ_MODELS = ['gallery'] as const;

/**
 * Gallery billboards (docs/product.md#plans, maxGalleryBillboards): photos of past work with a title, on
 * the contractor's public profile. The plan caps how many show at once (Starter none, Local 3).
 */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.runtime;
  const view = async (contractorId: string) => galleryViewOf(await galleryOf(sql, contractorId));

  app.get(
    '/api/contractors/:id/gallery',
    {
      schema: {
        tags: ['directory'],
        summary: 'A contractor’s gallery billboards, oldest first',
        params: galleryContractorParams,
        response: { 200: galleryView, 400: errorSchema },
      },
    },
    async (request) => view(request.params.id),
  );

  app.command({
    method: 'POST',
    url: '/api/gallery',
    access: ['contractor'],
    config: { idempotent: 'optional' },
    schema: {
      tags: ['directory'],
      summary: 'Put a billboard up in my gallery (as many at once as my plan allows)',
      headers: optionalIdempotencyHeader,
      body: addBillboardBody,
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
    readModels: READ_MODELS,
    statusCode: 201,
    async run({ user, body, context, decide }) {
      const { title, caption, photo } = body;
      if (!(await uploadsExist(app.config.DATA_DIR, [photo]))) {
        throw new ValidationError('The photo was not found. Please upload it again');
      }
      await decide(galleryStreamId(user.id), galleryDecider, {
        type: 'AddBillboard',
        billboardId: randomUUID(),
        contractorId: user.id,
        planId: await currentPlanId(sql, user.id),
        title,
        caption,
        photoId: photo,
        now: context.now,
      });
      return () => view(user.id);
    },
  });

  app.command({
    method: 'DELETE',
    url: '/api/gallery/:billboardId',
    access: ['contractor'],
    schema: {
      tags: ['directory'],
      summary: 'Take a billboard down from my gallery',
      params: billboardParams,
      response: {
        200: galleryView,
        202: galleryView,
        400: errorSchema,
        401: errorSchema,
        403: errorSchema,
        404: errorSchema,
      },
    },
    readModels: READ_MODELS,
    async run({ user, params, context, decide }) {
      await decide(galleryStreamId(user.id), galleryDecider, {
        type: 'RemoveBillboard',
        billboardId: params.billboardId,
        contractorId: user.id,
        now: context.now,
      });
      return () => view(user.id);
    },
  });
};
