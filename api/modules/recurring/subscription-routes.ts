import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentPlanId } from '../../../projections/plans.ts';
import { subscriptionById, subscriptionsOf, type SubscriptionRow } from '../../../projections/recurring-services.ts';
import { bookVisitsOf, cancelVisitBookings } from '../../../workflows/recurring-jobs.ts';
import { ageOn, MINIMUM_PAID_AGE } from '../../../shared/domain/accounts/age.ts';
import { isValidTimeZone } from '../../../shared/domain/booking/calendar.ts';
import { checkSlot, scheduleDecider, type ScheduleState } from '../../../shared/domain/booking/decider.ts';
import { scheduleStreamId, type ScheduleEvent, scheduleEventSchemas } from '../../../shared/domain/booking/events.ts';
import { BOOKING_MESSAGES } from '../../../shared/domain/booking/messages.ts';
import { foldEvents, type CommandContext } from '../../../shared/domain/decider.ts';
import { PLAN_MESSAGES } from '../../../shared/domain/plans/messages.ts';
import {
  recurringOfferDecider,
  serviceSubscriptionDecider,
  type RecurringOfferState,
  type ServiceSubscriptionCommand,
} from '../../../shared/domain/recurring/decider.ts';
import {
  recurringOfferStreamId,
  serviceSubscriptionStreamId,
  type RecurringOfferEvent,
  type ServiceSubscriptionEvent,
  recurringOfferEventSchemas,
} from '../../../shared/domain/recurring/events.ts';
import { visitAt } from '../../../shared/domain/recurring/recurrence.ts';
import { RECURRING_MESSAGES as M } from '../../../shared/domain/recurring/rules.ts';
import { readEvents } from '../../../shared/eventstore/typed.ts';
import type { Position } from '../../../shared/eventstore/types.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../shared/errors.ts';
import {
  offerParams,
  reasonBody,
  subscribeBody,
  subscriptionParams,
  subscriptionsView,
  subscriptionView,
  visitParams,
} from '../../../shared/http/recurring.ts';
import { CardInputError } from '../../../shared/payments/gateway.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { idempotencyHeader } from '../../plugins/idempotency.ts';
import { personalDataById } from '../accounts/personal-data.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { RECURRING_ERRORS as errors, RECURRING_READ_MODELS as READ_MODELS } from './errors.ts';
import { partyView, subscriptionViews } from './subscriptions.ts';

const HOUR_MS = 3_600_000;

/** Which booked visits a subscription command stops: from when, why, and (optionally) which ones. */
type Stop = { from: Date; reason: string; visitIndexes?: number[] };

/**
 * Subscribing to a recurring service, the subscriptions' reads, and what either party does to
 * one. The money of each visit is the booking's escrow (workflows/recurring-jobs.ts funds it with
 * job-money.ts `fundEscrow`); what a command stops on the calendar is cancelled through the same
 * workflow (`cancelVisitBookings`, which cancels through job-money.ts `cancelBooking`).
 */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store, gateway } = app.runtime;

  async function offerState(offerId: string): Promise<RecurringOfferState> {
    const recorded = await readEvents<RecurringOfferEvent>(
      store,
      recurringOfferStreamId(offerId),
      recurringOfferEventSchemas,
    );
    return foldEvents(recurringOfferDecider, recorded);
  }

  /**
   * After a subscription command: booked visits that should no longer happen are cancelled at once
   * as the person who stopped them (the recurring-visits job is the backstop). Answers the position
   * of the last cancellation, if any.
   */
  async function stopVisits(
    subscriptionId: string,
    actorId: string,
    newEvents: ServiceSubscriptionEvent[],
    context: CommandContext,
    stopOf: (row: SubscriptionRow, events: ServiceSubscriptionEvent[]) => Stop | null,
  ): Promise<Position | null> {
    if (newEvents.length === 0) return null;
    const row = await subscriptionById(sql, subscriptionId);
    const stop = row ? stopOf(row, newEvents) : null;
    if (!stop) return null;
    return cancelVisitBookings(sql, store, { subscriptionId, actorId, ...stop }, context.now);
  }

  app.command({
    method: 'POST',
    url: '/api/recurring-offers/:offerId/subscribe',
    access: ['customer'],
    config: { idempotent: true },
    schema: {
      tags: ['recurring'],
      summary: 'Subscribe to a recurring service; the card is kept on file for the visits (Idempotency-Key required)',
      description:
        'The first visit is local time in the contractor’s calendar zone and must be one of their open slots. Nothing is charged now: each visit is charged into its escrow when it is booked, two weeks ahead, once both parties have signed the agreement. Under 18 answers 403.',
      headers: idempotencyHeader,
      params: offerParams,
      body: subscribeBody,
      response: { 201: subscriptionView, 202: subscriptionView, ...errors },
    },
    readModels: READ_MODELS,
    statusCode: 201,
    async run({ user, params, body, context, decide }) {
      const { frequency, firstVisit, customerTimeZone, note, card } = body;
      if (!isValidTimeZone(customerTimeZone)) throw new ValidationError(BOOKING_MESSAGES.viewerTimeZone);
      const personal = await personalDataById(sql, user.id);
      if (!personal) throw new NotFoundError('This account no longer exists.');
      if (ageOn(personal.dateOfBirth, context.now) < MINIMUM_PAID_AGE) throw new ForbiddenError(PLAN_MESSAGES.tooYoung);
      const offer = await offerState(params.offerId);
      if (offer.status === 'none') throw new NotFoundError(M.offerNotFound);
      const contractorId = offer.offer.contractorId;
      const calendarEvents = await readEvents<ScheduleEvent>(
        store,
        scheduleStreamId(contractorId),
        scheduleEventSchemas,
      );
      const calendar: ScheduleState = foldEvents(scheduleDecider, calendarEvents);
      if (calendar.status !== 'open') throw new ConflictError(BOOKING_MESSAGES.notTakingBookings);
      const subscriptionId = randomUUID();
      const contractorPlanId = await currentPlanId(sql, contractorId);
      const command = (paymentMethod: {
        paymentMethodId: string;
        brand: string;
        last4: string;
      }): ServiceSubscriptionCommand => ({
        type: 'RequestServiceSubscription',
        subscriptionId,
        customerId: user.id,
        offer,
        contractorPlanId,
        frequency,
        firstVisit,
        timeZone: calendar.availability.timeZone,
        durationMinutes: calendar.availability.slotMinutes,
        customerTimeZone,
        card: paymentMethod,
        note,
        now: context.now,
      });
      // Every refusal (offer, plan, frequency, a real future time) comes before the card is touched…
      serviceSubscriptionDecider.decide(
        command({ paymentMethodId: 'check', brand: '', last4: '' }),
        serviceSubscriptionDecider.initialState(),
      );
      // …and so does the calendar: the first visit must be an open slot now.
      const firstStart = visitAt(
        {
          frequency,
          firstVisit,
          timeZone: calendar.availability.timeZone,
          durationMinutes: calendar.availability.slotMinutes,
        },
        0,
      ).startsAt;
      checkSlot(calendar, new Date(firstStart), context.now);
      let saved;
      try {
        saved = await gateway.saveCard(card);
      } catch (error) {
        if (error instanceof CardInputError) throw new ValidationError(error.message);
        throw error;
      }
      await decide(serviceSubscriptionStreamId(subscriptionId), serviceSubscriptionDecider, command(saved));
      return () => partyView(sql, subscriptionId, user);
    },
  });

  app.get(
    '/api/service-subscriptions',
    {
      onRequest: app.requireRole('customer', 'contractor'),
      schema: {
        tags: ['recurring'],
        summary: 'The recurring services I buy and the ones I sell, each with its next visits',
        response: { 200: subscriptionsView, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const [buying, selling] = await Promise.all([
        subscriptionsOf(sql, user.id, 'customer'),
        subscriptionsOf(sql, user.id, 'contractor'),
      ]);
      return {
        buying: await subscriptionViews(sql, buying, user),
        selling: await subscriptionViews(sql, selling, user),
      };
    },
  );

  app.get(
    '/api/service-subscriptions/:id',
    {
      onRequest: app.requireRole('customer', 'contractor', 'admin'),
      schema: {
        tags: ['recurring'],
        summary: 'One of my subscriptions (customer or contractor)',
        params: subscriptionParams,
        response: { 200: subscriptionView, ...errors },
      },
    },
    async (request) => partyView(sql, request.params.id, await signedInUser(request)),
  );

  for (const [action, summary, roles] of [
    ['decline', 'Decline a subscription request (contractor)', ['contractor']],
    ['pause', 'Pause a subscription: no new visits are booked (customer)', ['customer']],
    ['resume', 'Resume a paused subscription (customer)', ['customer']],
    ['cancel', 'Cancel a subscription (either party); future booked visits are cancelled', ['customer', 'contractor']],
  ] as const) {
    app.command({
      method: 'POST',
      url: `/api/service-subscriptions/:id/${action}`,
      access: roles,
      schema: {
        tags: ['recurring'],
        summary,
        params: subscriptionParams,
        body: reasonBody,
        response: { 200: subscriptionView, 202: subscriptionView, ...errors },
      },
      readModels: READ_MODELS,
      async run({ user, params, body, context, decide, appended }) {
        const { id } = params;
        const { now } = context;
        const reason = body?.reason ?? null;
        const command: ServiceSubscriptionCommand =
          action === 'decline'
            ? { type: 'DeclineServiceSubscription', actorId: user.id, reason, now }
            : action === 'pause'
              ? { type: 'PauseServiceSubscription', actorId: user.id, now }
              : action === 'resume'
                ? { type: 'ResumeServiceSubscription', actorId: user.id, now }
                : { type: 'CancelServiceSubscription', actorId: user.id, reason, now };
        const result = await decide(serviceSubscriptionStreamId(id), serviceSubscriptionDecider, command);
        if (action === 'pause') {
          appended(
            await stopVisits(id, user.id, result.newEvents, context, (_row, events) => {
              const paused = events.find((e) => e.type === 'ServiceSubscriptionPaused');
              return paused
                ? { from: now, reason: 'Recurring service paused', visitIndexes: paused.data.releasedVisits }
                : null;
            }),
          );
        } else if (action === 'cancel') {
          appended(
            await stopVisits(id, user.id, result.newEvents, context, (row) => ({
              // The contractor's cancellation is always free for the customer; the customer's is free past 24 h.
              from: row.contractorId === user.id ? now : new Date(now.getTime() + 24 * HOUR_MS),
              reason: 'Recurring service cancelled',
            })),
          );
        } else if (action === 'resume') {
          // Resumed: the visits due are booked now rather than at the next run of the visits job.
          await bookVisitsOf(store, id, now);
        }
        return () => partyView(sql, id, user);
      },
    });
  }

  app.command({
    method: 'POST',
    url: '/api/service-subscriptions/:id/visits/:index/skip',
    access: ['customer', 'contractor'],
    schema: {
      tags: ['recurring'],
      summary: 'Skip one visit (either party); a booked visit is cancelled under the booking’s cancellation policy',
      params: visitParams,
      response: { 200: subscriptionView, 202: subscriptionView, ...errors },
    },
    readModels: READ_MODELS,
    async run({ user, params, context, decide, appended }) {
      const { id, index } = params;
      const result = await decide(serviceSubscriptionStreamId(id), serviceSubscriptionDecider, {
        type: 'SkipVisit',
        actorId: user.id,
        visitIndex: index,
        now: context.now,
      });
      appended(
        await stopVisits(id, user.id, result.newEvents, context, () => ({
          from: context.now,
          reason: 'Visit skipped',
          visitIndexes: [index],
        })),
      );
      return () => partyView(sql, id, user);
    },
  });
};
