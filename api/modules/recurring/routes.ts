import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAvailability } from '../../../projections/availability.ts';
import { currentPlanId } from '../../../projections/plans.ts';
import { bookVisitsOf, cancelVisitBookings } from '../../../projections/recurring-jobs.ts';
import {
  offersOf,
  subscriptionById,
  subscriptionsOf,
  visitsOf,
  type RecurringOfferRow,
  type SubscriptionRow,
} from '../../../projections/recurring-services.ts';
import { ageOn, MINIMUM_PAID_AGE } from '../../../shared/domain/accounts/age.ts';
import { checkSlot, scheduleDecider, type ScheduleState } from '../../../shared/domain/booking/decider.ts';
import { BOOKING_MESSAGES } from '../../../shared/domain/booking/messages.ts';
import { scheduleStreamId, type ScheduleEvent } from '../../../shared/domain/booking/events.ts';
import { foldEvents, handleCommand } from '../../../shared/domain/decider.ts';
import { PLANS } from '../../../shared/domain/plans/catalogue.ts';
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
} from '../../../shared/domain/recurring/events.ts';
import { visitAt } from '../../../shared/domain/recurring/recurrence.ts';
import { RECURRING_MESSAGES as M } from '../../../shared/domain/recurring/rules.ts';
import { PLAN_MESSAGES } from '../../../shared/domain/plans/messages.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../shared/errors.ts';
import { CardInputError } from '../../../shared/payments/gateway.ts';
import { signedInUser, type CurrentUser } from '../../plugins/auth.ts';
import { idempotencyHeader, optionalIdempotencyHeader } from '../../plugins/idempotency.ts';
import { answerWithView, commandContext } from '../../plugins/read-your-writes.ts';
import { displayNames, personalDataById } from '../accounts/personal-data.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { isValidTimeZone } from '../../../shared/domain/booking/calendar.ts';
import {
  contractorParams,
  myOffersView,
  offerParams,
  publicOffersView,
  publishBody,
  reasonBody,
  subscribeBody,
  subscriptionParams,
  subscriptionsView,
  subscriptionView,
  visitParams,
  type SubscriptionView,
} from './schemas.ts';

/** The subscription view reads its visits' bookings too. */
const READ_MODELS = ['recurring-services', 'bookings'] as const;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const HOUR_MS = 3_600_000;
/** How many visits a subscription's card lists (past the ones already recorded). */
const VISITS_SHOWN = 6;

const offerJson = (row: RecurringOfferRow) => ({
  id: row.offerId,
  contractorId: row.contractorId,
  title: row.title,
  description: row.description,
  service: row.service,
  pricePerVisitCents: row.pricePerVisitCents,
  frequencies: row.frequencies,
  status: row.status,
  publishedAt: row.publishedAt.toISOString(),
});

/**
 * Recurring subscription services (spec section 1; docs/decisions.md, "Recurring services").
 * A contractor whose plan allows it offers a service at a price per visit; a customer subscribes
 * with a frequency, a first visit in the contractor's open hours and a card kept on file; both sign
 * the agreement (a contract, on /contracts/<subscriptionId>); then each visit is booked two weeks
 * ahead and paid into its own escrow. Skip (either), pause and resume (customer) and cancel
 * (either) are here; a visit's reschedule and completion are the booking's own.
 */
export const recurringRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store, gateway } = app.runtime;

  async function offerState(offerId: string): Promise<RecurringOfferState> {
    const recorded = await store.readStream(recurringOfferStreamId(offerId));
    return foldEvents(recurringOfferDecider, recorded as unknown as RecurringOfferEvent[]);
  }

  async function views(rows: SubscriptionRow[], viewer: CurrentUser, now = new Date()): Promise<SubscriptionView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.subscriptionId);
    const [names, visits, contracts] = await Promise.all([
      displayNames(
        sql,
        rows.map((r) => (r.customerId === viewer.id ? r.contractorId : r.customerId)),
      ),
      visitsOf(sql, ids),
      sql<
        {
          jobId: string;
          status: string;
          signatures: Record<string, { userId: string; version: number }>;
          version: number;
        }[]
      >`
        select job_id as "jobId", status, signatures, version from rm_contracts where job_id = any(${ids}::uuid[])`,
    ]);
    const contractOf = new Map(contracts.map((c) => [c.jobId, c]));
    return rows.map((row) => {
      const role = row.customerId === viewer.id ? 'customer' : 'contractor';
      const other = role === 'customer' ? row.contractorId : row.customerId;
      const live = row.status === 'active' || row.status === 'paused';
      const rule = {
        frequency: row.frequency,
        firstVisit: row.firstVisit,
        timeZone: row.timeZone,
        durationMinutes: row.durationMinutes,
      };
      const recorded = new Map(
        (visits.get(row.subscriptionId) ?? []).filter((v) => v.status !== 'released').map((v) => [v.visitIndex, v]),
      );
      // The visits from now on: what became of each recorded one, and the rule's next ones.
      const shown: SubscriptionView['visits'] = [];
      for (let index = 0; shown.length < VISITS_SHOWN && index < 600; index++) {
        const planned = visitAt(rule, index);
        const record = recorded.get(index);
        const startsAt = record?.bookingStartsAt ?? record?.startsAt ?? new Date(planned.startsAt);
        if (
          startsAt.getTime() + row.durationMinutes * 60_000 < now.getTime() &&
          record?.bookingStatus !== 'confirmed'
        ) {
          continue;
        }
        if (!record && (!live || startsAt.getTime() < now.getTime())) {
          if (row.status !== 'requested') continue;
        }
        const status = !record
          ? 'upcoming'
          : record.status === 'skipped'
            ? 'skipped'
            : record.status === 'not-booked'
              ? 'not-booked'
              : record.bookingStatus === 'completed'
                ? 'completed'
                : record.bookingStatus === 'cancelled' || record.bookingStatus === 'declined'
                  ? 'cancelled'
                  : 'booked';
        shown.push({
          index,
          startsAt: startsAt.toISOString(),
          status,
          bookingId: record?.bookingId ?? null,
          reason: record?.reason ?? null,
          canSkip: live && (status === 'upcoming' || status === 'booked') && startsAt.getTime() > now.getTime(),
        });
      }
      const contract = contractOf.get(row.subscriptionId);
      return {
        id: row.subscriptionId,
        offerId: row.offerId,
        role,
        otherParty: { id: other, name: names.get(other) ?? 'Former member' },
        title: row.title,
        description: row.description,
        service: row.service,
        pricePerVisitCents: row.pricePerVisitCents,
        frequency: row.frequency,
        firstVisitAt: visitAt(rule, 0).startsAt,
        timeZone: row.timeZone,
        visitMinutes: row.durationMinutes,
        status: row.status,
        card: role === 'customer' ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
        note: row.note,
        declineReason: row.declineReason,
        cancelReason: row.cancelReason,
        requestedAt: row.requestedAt.toISOString(),
        activatedAt: row.activatedAt?.toISOString() ?? null,
        endedAt: row.endedAt?.toISOString() ?? null,
        agreement: {
          url: `/contracts/${row.subscriptionId}`,
          status: (contract?.status ?? 'pending') as SubscriptionView['agreement']['status'],
          signedByMe: Boolean(contract?.signatures?.[role]),
        },
        visits: shown,
        actions: {
          decline: role === 'contractor' && row.status === 'requested',
          pause: role === 'customer' && row.status === 'active',
          resume: role === 'customer' && row.status === 'paused',
          cancel: row.status === 'requested' || live,
        },
      };
    });
  }

  async function partyView(subscriptionId: string, viewer: CurrentUser): Promise<SubscriptionView> {
    const row = await subscriptionById(sql, subscriptionId);
    if (!row) throw new NotFoundError(M.notFound);
    if (row.customerId !== viewer.id && row.contractorId !== viewer.id) throw new ForbiddenError(M.notAParty);
    return (await views([row], viewer))[0]!;
  }

  // ─── Offers ────────────────────────────────────────────────────────────────────────────────

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

  const myOffers = async (user: CurrentUser) => ({
    offers: (await offersOf(sql, user.id, false)).map(offerJson),
    canOffer: PLANS[await currentPlanId(sql, user.id)].canUseSubscriptionServices,
  });

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
    async (request) => myOffers(await signedInUser(request)),
  );

  app.post(
    '/api/recurring-offers',
    {
      onRequest: app.requireRole('contractor'),
      config: { idempotent: 'optional' },
      schema: {
        tags: ['recurring'],
        summary: 'Offer a recurring service (needs a plan with subscription services: Local and up)',
        headers: optionalIdempotencyHeader,
        body: publishBody,
        response: { 201: myOffersView, 202: myOffersView, ...errors, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const offerId = randomUUID();
      const body = request.body;
      const { position } = await handleCommand(
        store,
        recurringOfferStreamId(offerId),
        recurringOfferDecider,
        {
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
        },
        context,
      );
      return answerWithView(request, reply, position, READ_MODELS, () => myOffers(user), 201);
    },
  );

  app.post(
    '/api/recurring-offers/:offerId/withdraw',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['recurring'],
        summary: 'Stop offering a recurring service (subscriptions already agreed go on)',
        params: offerParams,
        response: { 200: myOffersView, 202: myOffersView, ...errors },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const { position } = await handleCommand(
        store,
        recurringOfferStreamId(request.params.offerId),
        recurringOfferDecider,
        { type: 'WithdrawRecurringOffer', actorId: user.id, now: context.now },
        context,
      );
      return answerWithView(request, reply, position, READ_MODELS, () => myOffers(user));
    },
  );

  // ─── Subscriptions ─────────────────────────────────────────────────────────────────────────

  app.post(
    '/api/recurring-offers/:offerId/subscribe',
    {
      onRequest: app.requireRole('customer'),
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
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const { frequency, firstVisit, customerTimeZone, note, card } = request.body;
      if (!isValidTimeZone(customerTimeZone)) throw new ValidationError(BOOKING_MESSAGES.viewerTimeZone);
      const personal = await personalDataById(sql, user.id);
      if (!personal) throw new NotFoundError('This account no longer exists.');
      if (ageOn(personal.dateOfBirth, context.now) < MINIMUM_PAID_AGE) throw new ForbiddenError(PLAN_MESSAGES.tooYoung);
      const offer = await offerState(request.params.offerId);
      if (offer.status === 'none') throw new NotFoundError(M.offerNotFound);
      const contractorId = offer.offer.contractorId;
      const calendarEvents = await store.readStream(scheduleStreamId(contractorId));
      const calendar: ScheduleState = foldEvents(scheduleDecider, calendarEvents as unknown as ScheduleEvent[]);
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
      const { position } = await handleCommand(
        store,
        serviceSubscriptionStreamId(subscriptionId),
        serviceSubscriptionDecider,
        command(saved),
        context,
      );
      return answerWithView(request, reply, position, READ_MODELS, () => partyView(subscriptionId, user), 201);
    },
  );

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
      return { buying: await views(buying, user), selling: await views(selling, user) };
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
    async (request) => partyView(request.params.id, await signedInUser(request)),
  );

  /**
   * A subscription command, then the calendar: booked visits that should no longer happen are
   * cancelled at once as the person who stopped them (the recurring-visits job is the backstop).
   */
  async function act(
    subscriptionId: string,
    user: CurrentUser,
    command: (now: Date) => ServiceSubscriptionCommand,
    context: ReturnType<typeof commandContext>,
    stopVisits:
      | ((
          row: SubscriptionRow,
          events: ServiceSubscriptionEvent[],
        ) => { from: Date; reason: string; visitIndexes?: number[] } | null)
      | null,
  ) {
    const result = await handleCommand(
      store,
      serviceSubscriptionStreamId(subscriptionId),
      serviceSubscriptionDecider,
      command(context.now),
      context,
    );
    const row = await subscriptionById(sql, subscriptionId);
    const stop = row && stopVisits ? stopVisits(row, result.newEvents) : null;
    if (stop && result.newEvents.length > 0) {
      // Cancelled after the subscription's event: the view waits for the later position.
      const cancelled = await cancelVisitBookings(
        sql,
        store,
        { subscriptionId, actorId: user.id, ...stop },
        context.now,
      );
      return cancelled ?? result.position;
    }
    return result.position;
  }

  for (const [action, summary, roles] of [
    ['decline', 'Decline a subscription request (contractor)', ['contractor']],
    ['pause', 'Pause a subscription: no new visits are booked (customer)', ['customer']],
    ['resume', 'Resume a paused subscription (customer)', ['customer']],
    ['cancel', 'Cancel a subscription (either party); future booked visits are cancelled', ['customer', 'contractor']],
  ] as const) {
    app.post(
      `/api/service-subscriptions/:id/${action}`,
      {
        onRequest: app.requireRole(...roles),
        schema: {
          tags: ['recurring'],
          summary,
          params: subscriptionParams,
          body: reasonBody,
          response: { 200: subscriptionView, 202: subscriptionView, ...errors },
        },
      },
      async (request, reply) => {
        const user = await signedInUser(request);
        const context = commandContext(request);
        const { id } = request.params;
        const reason = request.body?.reason ?? null;
        const freeFrom = new Date(context.now.getTime() + 24 * HOUR_MS);
        const position = await act(
          id,
          user,
          (now) =>
            action === 'decline'
              ? { type: 'DeclineServiceSubscription', actorId: user.id, reason, now }
              : action === 'pause'
                ? { type: 'PauseServiceSubscription', actorId: user.id, now }
                : action === 'resume'
                  ? { type: 'ResumeServiceSubscription', actorId: user.id, now }
                  : { type: 'CancelServiceSubscription', actorId: user.id, reason, now },
          context,
          action === 'pause'
            ? (_row, events) => {
                const paused = events.find((e) => e.type === 'ServiceSubscriptionPaused');
                return paused
                  ? { from: context.now, reason: 'Recurring service paused', visitIndexes: paused.data.releasedVisits }
                  : null;
              }
            : action === 'cancel'
              ? (row) => ({
                  // The contractor's cancellation is always free for the customer; the customer's is free past 24 h.
                  from: row.contractorId === user.id ? context.now : freeFrom,
                  reason: 'Recurring service cancelled',
                })
              : null,
        );
        // Resumed: the visits due are booked now rather than at the next run of the visits job.
        if (action === 'resume') await bookVisitsOf(store, id, context.now);
        return answerWithView(request, reply, position, READ_MODELS, () => partyView(id, user));
      },
    );
  }

  app.post(
    '/api/service-subscriptions/:id/visits/:index/skip',
    {
      onRequest: app.requireRole('customer', 'contractor'),
      schema: {
        tags: ['recurring'],
        summary: 'Skip one visit (either party); a booked visit is cancelled under the booking’s cancellation policy',
        params: visitParams,
        response: { 200: subscriptionView, 202: subscriptionView, ...errors },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const { id, index } = request.params;
      const position = await act(
        id,
        user,
        (now) => ({ type: 'SkipVisit', actorId: user.id, visitIndex: index, now }),
        context,
        () => ({ from: context.now, reason: 'Visit skipped', visitIndexes: [index] }),
      );
      return answerWithView(request, reply, position, READ_MODELS, () => partyView(id, user));
    },
  );
};
