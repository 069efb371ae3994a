import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centsToDollarString, offeringById, offeringsOf } from '../../../projections/service-offerings.ts';
import {
  contractorDecider,
  MAX_BARTER_WANTS,
  OFFERING_MESSAGES,
  offeringDecider,
  type OfferingCommand,
} from '../../../shared/domain/catalogue/decider.ts';
import { serviceFromText, serviceSlugs } from '../../../shared/domain/catalogue/categories.ts';
import { pricingModels } from '../../../shared/domain/catalogue/events.ts';
import { contractorStreamId, offeringStreamId } from '../../../shared/domain/catalogue/streams.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { answerAfterProjections, answerWithView, commandContext } from '../../plugins/read-your-writes.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';

/** An emptied form field clears the value; a field left out of the PATCH keeps it. */
const emptyToNull = (value: unknown) => (value === '' ? null : value);

const YEARS_MESSAGE = 'Years of experience must be a number from 0 to 100';
const STATEMENT_MESSAGE = 'The approach statement must be at most 500 characters';

// Onboarding messages are the spec's, verbatim (section 5).
export const profileBody = z.strictObject({
  location: z
    .preprocess(
      emptyToNull,
      z
        .string({ error: 'location must be text' })
        .trim()
        .max(120, { error: 'Location must be at most 120 characters' })
        .nullable(),
    )
    .optional(),
  canWorkRemotely: z.boolean({ error: 'canWorkRemotely must be true or false' }).optional(),
  yearsOfExperience: z
    .preprocess(
      (value) => {
        const v = emptyToNull(value);
        return typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v;
      },
      z
        .number({ error: YEARS_MESSAGE })
        // Whole years: the read model stores an integer, and a fraction would poison the projection.
        .int({ error: YEARS_MESSAGE })
        .min(0, { error: YEARS_MESSAGE })
        .max(100, { error: YEARS_MESSAGE })
        .nullable(),
    )
    .optional(),
  expertiseStatement: z
    .preprocess(
      emptyToNull,
      z.string({ error: STATEMENT_MESSAGE }).trim().max(500, { error: STATEMENT_MESSAGE }).nullable(),
    )
    .optional(),
});

const PRICE_MESSAGE = 'Price must be an amount in dollars, such as 50 or 49.99';

export const offeringBody = z.strictObject({
  title: z
    .string({ error: 'Service title must be at least 3 characters' })
    .trim()
    .min(3, { error: 'Service title must be at least 3 characters' })
    .max(120, { error: 'Service title must be at most 120 characters' }),
  description: z
    .string({ error: 'Please provide a detailed description (20+ characters)' })
    .trim()
    .min(20, { error: 'Please provide a detailed description (20+ characters)' })
    .max(5000, { error: 'The description must be at most 5000 characters' }),
  pricingModel: z.enum(pricingModels, { error: 'pricingModel must be hourly or fixed' }),
  // The spec sends the price as a string of dollars ('50'); it is kept in integer cents.
  price: z
    .union([z.string(), z.number()], { error: PRICE_MESSAGE })
    .transform((value) => String(value).trim())
    .refine((value) => /^\d{1,7}(\.\d{1,2})?$/.test(value), { error: PRICE_MESSAGE })
    .transform((value) => Math.round(Number(value) * 100)),
  isRemoteService: z.boolean({ error: 'isRemoteService must be true or false' }).default(false),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  // Optional: an offering whose title names a service ('House Cleaning') gets it without asking.
  service: z.enum(serviceSlugs, { error: 'service must be a service of the service directory' }).nullable().optional(),
});

/** An edit sends the whole offering, as the create form does (the status is changed by pause and resume). */
export const offeringEditBody = offeringBody.omit({ isActive: true });
export const offeringParams = z.strictObject({ id: z.uuid({ error: 'The service offering id is not valid' }) });
export const barterBody = z.strictObject({
  acceptsBarter: z.boolean({ error: 'acceptsBarter must be true or false' }),
  barterWants: z
    .string({ error: OFFERING_MESSAGES.barterWants })
    .trim()
    .max(MAX_BARTER_WANTS, { error: OFFERING_MESSAGES.barterWants })
    .nullable()
    .default(null),
});

const offeringView = z.object({
  id: z.uuid(),
  contractorId: z.uuid(),
  title: z.string(),
  description: z.string(),
  pricingModel: z.enum(pricingModels),
  priceCents: z.number().int(),
  price: z.string(),
  isRemoteService: z.boolean(),
  isActive: z.boolean(),
  service: z.string().nullable(),
  acceptsBarter: z.boolean(),
  barterWants: z.string().nullable(),
  createdAt: z.string(),
});

/** Contractor onboarding: the profile and service offerings (the directory is in directory-routes.ts). */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  app.patch(
    '/api/contractor/profile',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['catalogue'],
        summary: 'Update my contractor profile',
        body: profileBody,
        response: { 200: z.object({ success: z.literal(true) }), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const result = await handleCommand(
        store,
        contractorStreamId(user.id),
        contractorDecider,
        { type: 'UpdateContractorProfile', contractorId: user.id, changes: request.body, now: context.now },
        context,
      );
      return answerAfterProjections(
        request,
        reply,
        result.position,
        { success: true as const },
        {
          projections: ['contractor-directory'],
        },
      );
    },
  );

  app.post(
    '/api/service-offerings',
    {
      onRequest: app.requireRole('contractor'),
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
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const offeringId = randomUUID();
      const { price, service, ...rest } = request.body;
      const offering = {
        offeringId,
        contractorId: user.id,
        ...rest,
        priceCents: price,
        service: service ?? serviceFromText(rest.title),
      };
      const result = await handleCommand(
        store,
        offeringStreamId(offeringId),
        offeringDecider,
        { type: 'CreateServiceOffering', offering, now: context.now },
        context,
      );
      const view = {
        id: offeringId,
        contractorId: user.id,
        title: offering.title,
        description: offering.description,
        pricingModel: offering.pricingModel,
        priceCents: offering.priceCents,
        price: centsToDollarString(offering.priceCents),
        isRemoteService: offering.isRemoteService,
        isActive: offering.isActive,
        service: offering.service,
        acceptsBarter: false,
        barterWants: null,
        createdAt: context.now.toISOString(),
      };
      return answerAfterProjections(
        request,
        reply,
        result.position,
        { offering: view },
        {
          statusCode: 201,
          projections: ['service-offerings', 'contractor-directory'],
        },
      );
    },
  );

  /** Runs one owner command on an offering and answers with the offering read back. */
  async function changeOffering(
    request: Parameters<typeof commandContext>[0],
    reply: Parameters<typeof answerWithView>[1],
    offeringId: string,
    command: (contractorId: string, now: Date) => OfferingCommand,
  ) {
    const user = await signedInUser(request);
    const context = commandContext(request);
    const result = await handleCommand(
      store,
      offeringStreamId(offeringId),
      offeringDecider,
      command(user.id, context.now),
      context,
    );
    return answerWithView(request, reply, result.position, ['service-offerings', 'contractor-directory'], async () => {
      const offering = await offeringById(sql, offeringId);
      if (!offering) throw new NotFoundError(OFFERING_MESSAGES.notFound);
      return { offering };
    });
  }

  const changeResponse = {
    200: z.object({ offering: offeringView }),
    202: z.object({ offering: offeringView }),
    400: errorSchema,
    401: errorSchema,
    403: errorSchema,
    404: errorSchema,
    409: errorSchema,
  };

  app.put(
    '/api/service-offerings/:id',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['catalogue'],
        summary: 'Edit one of my service offerings',
        params: offeringParams,
        body: offeringEditBody,
        response: changeResponse,
      },
    },
    async (request, reply) => {
      const { price, service, ...rest } = request.body;
      return changeOffering(request, reply, request.params.id, (contractorId, now) => ({
        type: 'UpdateServiceOffering',
        contractorId,
        changes: { ...rest, priceCents: price, service: service ?? serviceFromText(rest.title) },
        now,
      }));
    },
  );

  app.post(
    '/api/service-offerings/:id/pause',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['catalogue'],
        summary: 'Pause one of my service offerings (hidden from the directory and barter until resumed)',
        params: offeringParams,
        response: changeResponse,
      },
    },
    async (request, reply) =>
      changeOffering(request, reply, request.params.id, (contractorId, now) => ({
        type: 'PauseServiceOffering',
        contractorId,
        now,
      })),
  );

  app.post(
    '/api/service-offerings/:id/resume',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['catalogue'],
        summary: 'Resume one of my paused service offerings',
        params: offeringParams,
        response: changeResponse,
      },
    },
    async (request, reply) =>
      changeOffering(request, reply, request.params.id, (contractorId, now) => ({
        type: 'ResumeServiceOffering',
        contractorId,
        now,
      })),
  );

  app.put(
    '/api/service-offerings/:id/barter',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['catalogue', 'barter'],
        summary: 'Open one of my service offerings to barter (or close it), with what I would like in return',
        params: offeringParams,
        body: barterBody,
        response: changeResponse,
      },
    },
    async (request, reply) =>
      changeOffering(request, reply, request.params.id, (contractorId, now) => ({
        type: 'SetOfferingBarter',
        contractorId,
        acceptsBarter: request.body.acceptsBarter,
        barterWants: request.body.barterWants,
        now,
      })),
  );

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
