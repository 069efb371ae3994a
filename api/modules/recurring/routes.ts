import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAvailability } from '../../../projections/availability.ts';
import { currentPlanId } from '../../../projections/plans.ts';
import { offersOf } from '../../../projections/recurring-services.ts';
import { PLANS } from '../../../shared/domain/plans/catalogue.ts';
import { recurringOfferDecider } from '../../../shared/domain/recurring/decider.ts';
import { recurringOfferStreamId } from '../../../shared/domain/recurring/events.ts';
import type { Sql } from '../../../shared/db/postgres.ts';
import {
  contractorParams,
  myOffersView,
  offerParams,
  publicOffersView,
  publishBody,
} from '../../../shared/http/recurring.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { RECURRING_ERRORS as errors, RECURRING_READ_MODELS as READ_MODELS } from './errors.ts';
import { subscriptionRoutes } from './subscription-routes.ts';
import { offerJson } from './views.ts';

const myOffers = async (sql: Sql, contractorId: string) => ({
  offers: (await offersOf(sql, contractorId, false)).map(offerJson),
  canOffer: PLANS[await currentPlanId(sql, contractorId)].canUseSubscriptionServices,
});

/**
 * Recurring subscription services (docs/product.md#recurring-services; docs/decisions.md, "Recurring services").
 * A contractor whose plan allows it offers a service at a price per visit; a customer subscribes
 * with a frequency, a first visit in the contractor's open hours and a card kept on file; both sign
 * the agreement (a contract, on /contracts/<subscriptionId>); then each visit is booked two weeks
 * ahead and paid into its own escrow. Skip (either), pause and resume (customer) and cancel
 * (either) are in subscription-routes.ts; a visit's reschedule and completion are the booking's own.
 * The offers are here.
 */
export const recurringRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.runtime;
  await app.register(subscriptionRoutes);

  app.get(
    '/api/contractors/:id/recurring-offers',
    {
      schema: {
        tags: ['recurring'],
        summary: 'A contractor’s recurring services open to subscribers, with their calendar zone and visit length',
        params: contractorParams,
        response: { 200: publicOffersView, 400: errorSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [planId, availability] = await Promise.all([currentPlanId(sql, id), findAvailability(sql, id)]);
      // Offers of a contractor whose plan lapsed, or who takes no bookings, are not open to anyone.
      const open = PLANS[planId].canUseSubscriptionServices && availability !== null;
      return {
        offers: open ? (await offersOf(sql, id, true)).map(offerJson) : [],
        calendar: availability ? { timeZone: availability.timeZone, visitMinutes: availability.slotMinutes } : null,
      };
    },
  );

  app.get(
    '/api/recurring-offers/mine',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['recurring'],
        summary: 'My recurring services, withdrawn ones included, and whether my plan lets me offer them',
        response: { 200: myOffersView, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => myOffers(sql, (await signedInUser(request)).id),
  );

  app.command({
    method: 'POST',
    url: '/api/recurring-offers',
    access: ['contractor'],
    config: { idempotent: 'optional' },
    schema: {
      tags: ['recurring'],
      summary: 'Offer a recurring service (needs a plan with subscription services: Local and up)',
      headers: optionalIdempotencyHeader,
      body: publishBody,
      response: { 201: myOffersView, 202: myOffersView, ...errors, 422: errorSchema },
    },
    readModels: READ_MODELS,
    statusCode: 201,
    async run({ user, body, context, decide }) {
      const offerId = randomUUID();
      await decide(recurringOfferStreamId(offerId), recurringOfferDecider, {
        type: 'PublishRecurringOffer',
        offerId,
        contractorId: user.id,
        planId: await currentPlanId(sql, user.id),
        title: body.title,
        description: body.description,
        service: body.service,
        pricePerVisitCents: Math.round(body.pricePerVisit * 100),
        frequencies: body.frequencies,
        now: context.now,
      });
      return () => myOffers(sql, user.id);
    },
  });

  app.command({
    method: 'POST',
    url: '/api/recurring-offers/:offerId/withdraw',
    access: ['contractor'],
    schema: {
      tags: ['recurring'],
      summary: 'Stop offering a recurring service (subscriptions already agreed go on)',
      params: offerParams,
      response: { 200: myOffersView, 202: myOffersView, ...errors },
    },
    readModels: READ_MODELS,
    async run({ user, params, context, decide }) {
      await decide(recurringOfferStreamId(params.offerId), recurringOfferDecider, {
        type: 'WithdrawRecurringOffer',
        actorId: user.id,
        now: context.now,
      });
      return () => myOffers(sql, user.id);
    },
  });
};
