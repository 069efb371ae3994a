import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { offeringById, offeringsOf } from '../../../projections/catalogue-offerings.ts';
import { contractorDecider, OFFERING_MESSAGES, offeringDecider } from '../../../shared/domain/catalogue/decider.ts';
import { serviceFromText } from '../../../shared/domain/catalogue/categories.ts';
import { contractorStreamId, offeringStreamId } from '../../../shared/domain/catalogue/streams.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import {
  barterBody,
  offeringBody,
  offeringEditBody,
  offeringParams,
  offeringView,
  profileBody,
} from '../../../shared/http/catalogue.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { createdOfferingView } from './views.ts';

/** The read models an offering's owner and the directory read after a change. */
const OFFERING_READ_MODELS = ['service-offerings', 'contractor-directory'] as const;

const changeResponse = {
  200: z.object({ offering: offeringView }),
  // An offering change's pending answer is the offering alone (the position is in x-event-position).
  202: z.object({ offering: offeringView }),
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};

/** Contractor onboarding: the profile and service offerings (the directory is in directory-routes.ts). */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.runtime;

  app.command({
    method: 'PATCH',
    url: '/api/contractor/profile',
    access: ['contractor'],
    schema: {
      tags: ['catalogue'],
      summary: 'Update my contractor profile',
      body: profileBody,
      response: { 200: z.object({ success: z.literal(true) }), 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
    readModels: ['contractor-directory'],
    async run({ user, body, context, decide }) {
      await decide(contractorStreamId(user.id), contractorDecider, {
        type: 'UpdateContractorProfile',
        contractorId: user.id,
        changes: body,
        now: context.now,
      });
      return { success: true as const };
    },
  });

  app.command({
    method: 'POST',
    url: '/api/service-offerings',
    access: ['contractor'],
    config: { idempotent: 'optional' },
    schema: {
      tags: ['catalogue'],
      summary: 'Create a service offering',
      headers: optionalIdempotencyHeader,
      body: offeringBody,
      response: {
        201: z.object({ offering: offeringView }),
        400: errorSchema,
        401: errorSchema,
        403: errorSchema,
        409: errorSchema,
        422: errorSchema,
      },
    },
    readModels: OFFERING_READ_MODELS,
    statusCode: 201,
    async run({ user, body, context, decide }) {
      const offeringId = randomUUID();
      const { price, service, ...rest } = body;
      const offering = {
        offeringId,
        contractorId: user.id,
        ...rest,
        priceCents: price,
        service: service ?? serviceFromText(rest.title),
      };
      await decide(offeringStreamId(offeringId), offeringDecider, {
        type: 'CreateServiceOffering',
        offering,
        now: context.now,
      });
      return { offering: createdOfferingView(offering, context.now) };
    },
  });

  /** The offering read back once the read models have the change: what the next GET shows. */
  const readBack = (offeringId: string) => async () => {
    const offering = await offeringById(sql, offeringId);
    if (!offering) throw new NotFoundError(OFFERING_MESSAGES.notFound);
    return { offering };
  };

  app.command({
    method: 'PUT',
    url: '/api/service-offerings/:id',
    access: ['contractor'],
    schema: {
      tags: ['catalogue'],
      summary: 'Edit one of my service offerings',
      params: offeringParams,
      body: offeringEditBody,
      response: changeResponse,
    },
    readModels: OFFERING_READ_MODELS,
    async run({ user, params, body, context, decide }) {
      const { price, service, ...rest } = body;
      await decide(offeringStreamId(params.id), offeringDecider, {
        type: 'UpdateServiceOffering',
        contractorId: user.id,
        changes: { ...rest, priceCents: price, service: service ?? serviceFromText(rest.title) },
        now: context.now,
      });
      return readBack(params.id);
    },
  });

  app.command({
    method: 'POST',
    url: '/api/service-offerings/:id/pause',
    access: ['contractor'],
    schema: {
      tags: ['catalogue'],
      summary: 'Pause one of my service offerings (hidden from the directory and barter until resumed)',
      params: offeringParams,
      response: changeResponse,
    },
    readModels: OFFERING_READ_MODELS,
    async run({ user, params, context, decide }) {
      await decide(offeringStreamId(params.id), offeringDecider, {
        type: 'PauseServiceOffering',
        contractorId: user.id,
        now: context.now,
      });
      return readBack(params.id);
    },
  });

  app.command({
    method: 'POST',
    url: '/api/service-offerings/:id/resume',
    access: ['contractor'],
    schema: {
      tags: ['catalogue'],
      summary: 'Resume one of my paused service offerings',
      params: offeringParams,
      response: changeResponse,
    },
    readModels: OFFERING_READ_MODELS,
    async run({ user, params, context, decide }) {
      await decide(offeringStreamId(params.id), offeringDecider, {
        type: 'ResumeServiceOffering',
        contractorId: user.id,
        now: context.now,
      });
      return readBack(params.id);
    },
  });

  app.command({
    method: 'PUT',
    url: '/api/service-offerings/:id/barter',
    access: ['contractor'],
    schema: {
      tags: ['catalogue', 'barter'],
      summary: 'Open one of my service offerings to barter (or close it), with what I would like in return',
      params: offeringParams,
      body: barterBody,
      response: changeResponse,
    },
    readModels: OFFERING_READ_MODELS,
    async run({ user, params, body, context, decide }) {
      await decide(offeringStreamId(params.id), offeringDecider, {
        type: 'SetOfferingBarter',
        contractorId: user.id,
        acceptsBarter: body.acceptsBarter,
        barterWants: body.barterWants,
        now: context.now,
      });
      return readBack(params.id);
    },
  });

  app.get(
    '/api/service-offerings/my',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['catalogue'],
        summary: 'My service offerings',
        response: { 200: z.array(offeringView), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => offeringsOf(sql, (await signedInUser(request)).id),
  );
};
