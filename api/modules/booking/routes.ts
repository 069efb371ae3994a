import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { findAccount } from '../../../projections/accounts.ts';
import { exceptionsOf, findAvailability } from '../../../projections/availability.ts';
import {
  bookingsOf,
  findBookableWorkOrder,
  findBooking,
  heldIntervals,
  type BookingRow,
} from '../../../projections/bookings.ts';
import { offeringsOf } from '../../../projections/service-offerings.ts';
import { localDate, openSlots, SCHEDULE_LIMITS } from '../../../shared/domain/booking/calendar.ts';
import type { ScheduleCommand } from '../../../shared/domain/booking/commands.ts';
import { scheduleDecider, type ScheduleState } from '../../../shared/domain/booking/decider.ts';
import { scheduleStreamId } from '../../../shared/domain/booking/events.ts';
import { BOOKING_MESSAGES as M } from '../../../shared/domain/booking/messages.ts';
import {
  cancellationFeeCents,
  CANCELLATION_POLICY,
  freeCancellationUntil,
  lateFeeCents,
  offeringBookingPriceCents,
} from '../../../shared/domain/booking/policy.ts';
import {
  proposeTimes,
  timeProposalDecider,
  timeProposalStreamId,
  type ProposeTimes,
} from '../../../shared/domain/booking/time-proposals.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import { conversationDecider } from '../../../shared/domain/messaging/decider.ts';
import { conversationStreamId, type ConversationRef } from '../../../shared/domain/messaging/events.ts';
import { findConversation, participantsOf } from '../../../projections/conversations.ts';
import { positionToString, type EventStore, type Position } from '../../../shared/eventstore/types.ts';
import { workOrderStreamId, type WorkOrderEvent } from '../../../shared/domain/work/events.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../shared/errors.ts';
import { signedInUser, type CurrentUser } from '../../plugins/auth.ts';
import { answerAfterProjections, commandContext } from '../../plugins/read-your-writes.ts';
import { cancelBooking } from '../../../projections/job-money.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../accounts/schemas.ts';
import {
  availabilityBody,
  availabilityView,
  bookingTermsView,
  bookingView,
  commandAnswer,
  exceptionBody,
  exceptionParams,
  mineQuery,
  reasonBody,
  requestBody,
  rescheduleBody,
  scheduleView,
  slotsQuery,
  slotsView,
  timeProposalAnswer,
  timeProposalBody,
  uuidParams,
  workOrderParams,
} from './schemas.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';

/** What a closed account shows instead of a name (the UI translates it). */
const FORMER_MEMBER = 'Former member';
const READ_MODELS = ['bookings'] as const;
const CANCEL_READ_MODELS = ['bookings', 'contracts', 'escrows'] as const;
const AVAILABILITY_READ_MODELS = ['availability'] as const;
const HOUR_MS = 3_600_000;

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const WORK_ORDER_MESSAGES = {
  notFound: 'Job not found.',
  notOwner: 'Only the customer who posted this job can book it.',
  notAwarded: 'This job is not awarded to this contractor.',
  cancelled: 'This job was cancelled.',
} as const;

type WorkOrderFacts = {
  customerId: string;
  status: 'open' | 'awarded' | 'cancelled';
  contractorId: string | null;
  priceCents: number | null;
};

/**
 * The work order's facts for a booking command, folded from its own stream (the work module's
 * event contract, shared/domain/work/events.ts): the write side decides on the latest facts, not
 * on a read model that may lag the award by a moment.
 */
async function workOrderFacts(store: EventStore, workOrderId: string): Promise<WorkOrderFacts | null> {
  const events = (await store.readStream(workOrderStreamId(workOrderId))) as unknown as WorkOrderEvent[];
  let facts = null as WorkOrderFacts | null;
  for (const event of events) {
    if (event.type === 'WorkOrderPosted') {
      facts = { customerId: event.data.customerId, status: 'open', contractorId: null, priceCents: null };
    } else if (facts && event.type === 'WorkOrderAwarded') {
      facts = { ...facts, status: 'awarded', contractorId: event.data.contractorId, priceCents: event.data.priceCents };
    } else if (facts && event.type === 'WorkOrderCancelled') {
      facts = { ...facts, status: 'cancelled' };
    }
  }
  return facts;
}

function checkWorkOrder(facts: WorkOrderFacts | null, customerId: string, contractorId: string): WorkOrderFacts {
  if (!facts) throw new NotFoundError(WORK_ORDER_MESSAGES.notFound);
  if (facts.customerId !== customerId) throw new ForbiddenError(WORK_ORDER_MESSAGES.notOwner);
  if (facts.status === 'cancelled') throw new ConflictError(WORK_ORDER_MESSAGES.cancelled);
  if (facts.status !== 'awarded' || facts.contractorId !== contractorId) {
    throw new ConflictError(WORK_ORDER_MESSAGES.notAwarded);
  }
  return facts;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The booking as one of its parties sees it, with what they may do at `now`. */
function toView(row: BookingRow, viewer: CurrentUser, names: Map<string, string>, now: Date) {
  const viewerRole = viewer.id === row.contractorId ? ('contractor' as const) : ('customer' as const);
  const active = row.status === 'requested' || row.status === 'confirmed';
  const notStarted = row.startsAt.getTime() > now.getTime();
  const customerTooLateToMove =
    viewerRole === 'customer' &&
    row.status === 'confirmed' &&
    row.startsAt.getTime() - now.getTime() <= CANCELLATION_POLICY.freeHours * HOUR_MS;
  const feeNow =
    active && notStarted
      ? cancellationFeeCents({
          priceCents: row.priceCents,
          startsAt: row.startsAt,
          cancelledAt: now,
          cancelledBy: viewerRole,
          status: row.status as 'requested' | 'confirmed',
        })
      : 0;
  return {
    id: row.id,
    status: row.status,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    customerTimeZone: row.customerTimeZone,
    contractor: { id: row.contractorId, name: names.get(row.contractorId) ?? FORMER_MEMBER },
    customer: { id: row.customerId, name: names.get(row.customerId) ?? FORMER_MEMBER },
    viewerRole,
    workOrder: row.workOrderId ? { id: row.workOrderId, title: row.workOrderTitle } : null,
    offering: row.offeringId ? { id: row.offeringId, title: row.offeringTitle } : null,
    priceCents: row.priceCents,
    note: row.note,
    declineReason: row.declineReason,
    cancelReason: row.cancelReason,
    cancelledBy: row.cancelledBy
      ? row.cancelledBy === row.contractorId
        ? ('contractor' as const)
        : ('customer' as const)
      : null,
    lateFeeCents: row.status === 'cancelled' ? (row.lateFeeCents ?? 0) : null,
    previousStartsAt: iso(row.previousStartsAt),
    awaitingConfirmationOfNewTime: row.status === 'requested' && row.previousStartsAt !== null,
    requestedAt: row.requestedAt.toISOString(),
    confirmedAt: iso(row.confirmedAt),
    declinedAt: iso(row.declinedAt),
    cancelledAt: iso(row.cancelledAt),
    completedAt: iso(row.completedAt),
    remindedAt: iso(row.remindedAt),
    cancellation: {
      freeUntil: freeCancellationUntil(row.startsAt).toISOString(),
      feeIfCancelledNowCents: feeNow,
      lateFeeCents: lateFeeCents(row.priceCents),
    },
    actions: {
      confirm: viewerRole === 'contractor' && row.status === 'requested' && notStarted,
      decline: viewerRole === 'contractor' && row.status === 'requested',
      reschedule: active && notStarted && !customerTooLateToMove,
      cancel: active && notStarted,
      complete: viewerRole === 'contractor' && row.status === 'confirmed' && !notStarted,
    },
  };
}

/** Booking routes: availability (the contractor's own), public slots, requests and their answers. */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  async function availabilityAnswer(contractorId: string, now: Date) {
    const availability = await findAvailability(sql, contractorId);
    const since = localDate(now, availability?.timeZone ?? 'America/Toronto');
    return { availability, exceptions: await exceptionsOf(sql, contractorId, since) };
  }

  /**
   * Answers an availability command with the editor's whole view, read back from the read model
   * once it has the write (exception notes live only there). Past the bounded wait: 202 with the
   * position, as answerAfterProjections does.
   */
  async function answerAvailability(reply: FastifyReply, position: Position | null, contractorId: string, now: Date) {
    const reached =
      !position ||
      (await app.runtime.checkpoints.waitFor(position, {
        projections: AVAILABILITY_READ_MODELS,
        timeoutMs: app.config.READ_YOUR_WRITES_TIMEOUT_MS,
      }));
    const body = await availabilityAnswer(contractorId, now);
    if (reached) return reply.send(body);
    const at = positionToString(position);
    return reply
      .code(202)
      .header('x-event-position', at)
      .send({ ...body, pending: true, position: at });
  }

  /** The booking, if the viewer is one of its two parties; anyone else gets the same 404. */
  async function bookingForParty(bookingId: string, viewer: CurrentUser): Promise<BookingRow> {
    const row = await findBooking(sql, bookingId);
    if (!row || (row.customerId !== viewer.id && row.contractorId !== viewer.id)) {
      throw new NotFoundError(M.bookingNotFound);
    }
    return row;
  }

  async function runOnBooking(
    request: FastifyRequest,
    bookingId: string,
    build: (user: CurrentUser, now: Date) => ScheduleCommand,
  ) {
    const user = await signedInUser(request);
    const row = await bookingForParty(bookingId, user);
    const context = commandContext(request);
    const command = build(user, context.now);
    // A cancellation decides the job's money first (projections/job-money.ts).
    const result =
      command.type === 'CancelBooking'
        ? await cancelBooking(
            { store, locks: app.runtime.locks },
            { contractorId: row.contractorId, jobId: row.workOrderId ?? row.id },
            command,
            context,
          )
        : await handleCommand(store, scheduleStreamId(row.contractorId), scheduleDecider, command, context);
    return { result, row };
  }

  function answerFor(state: ScheduleState, bookingId: string) {
    const booking = state.status === 'open' ? state.bookings[bookingId] : undefined;
    if (!booking) throw new NotFoundError(M.bookingNotFound);
    return {
      booking: { id: bookingId, status: booking.status, startsAt: booking.startsAt, endsAt: booking.endsAt },
    };
  }

  // ─── Availability (the contractor's own) ───────────────────────────────────────────────────

  app.get(
    '/api/contractor/availability',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['scheduling'],
        summary: 'My weekly availability and my exceptions from today on',
        response: { 200: availabilityView, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      return availabilityAnswer(user.id, new Date());
    },
  );

  app.put(
    '/api/contractor/availability',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['scheduling'],
        summary: 'Set my weekly availability',
        description:
          'Weekly windows (ISO weekday 1 = Monday … 7 = Sunday, HH:MM local times) in one of Canada’s time zones, and the length of one bookable slot (30–480 minutes). Existing bookings are kept.',
        body: availabilityBody,
        response: { 200: availabilityView, ...errors },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const result = await handleCommand(
        store,
        scheduleStreamId(user.id),
        scheduleDecider,
        { type: 'SetAvailability', contractorId: user.id, ...request.body, now: context.now },
        context,
      );
      return answerAvailability(reply, result.position, user.id, context.now);
    },
  );

  app.put(
    '/api/contractor/availability/exceptions/:date',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['scheduling'],
        summary: 'Set an exception for one date (closed, or other windows)',
        description: 'The date is in my calendar’s zone. An empty list of windows closes the day.',
        params: exceptionParams,
        body: exceptionBody,
        response: { 200: availabilityView, ...errors },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const result = await handleCommand(
        store,
        scheduleStreamId(user.id),
        scheduleDecider,
        {
          type: 'AddAvailabilityException',
          contractorId: user.id,
          date: request.params.date,
          windows: request.body.windows,
          note: request.body.note ?? null,
          now: context.now,
        },
        context,
      );
      return answerAvailability(reply, result.position, user.id, context.now);
    },
  );

  app.delete(
    '/api/contractor/availability/exceptions/:date',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['scheduling'],
        summary: 'Remove the exception of one date (the weekly pattern applies again)',
        params: exceptionParams,
        response: { 200: availabilityView, ...errors },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const result = await handleCommand(
        store,
        scheduleStreamId(user.id),
        scheduleDecider,
        { type: 'RemoveAvailabilityException', contractorId: user.id, date: request.params.date, now: context.now },
        context,
      );
      return answerAvailability(reply, result.position, user.id, context.now);
    },
  );

  // ─── Public: the schedule page and its slots ───────────────────────────────────────────────

  async function activeContractor(contractorId: string) {
    const account = await findAccount(sql, contractorId);
    if (!account || account.role !== 'contractor' || account.status !== 'active') {
      throw new NotFoundError(M.contractorNotFound);
    }
  }

  app.get(
    '/api/contractors/:id/schedule',
    {
      schema: {
        tags: ['scheduling'],
        summary: 'What the schedule page shows of a contractor: name, zone, slot length, offerings, policy',
        params: uuidParams('contractor'),
        response: { 200: scheduleView, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const contractorId = request.params.id;
      await activeContractor(contractorId);
      const [availability, offerings, names] = await Promise.all([
        findAvailability(sql, contractorId),
        offeringsOf(sql, contractorId),
        displayNames(sql, [contractorId]),
      ]);
      return {
        contractor: { id: contractorId, name: names.get(contractorId) ?? FORMER_MEMBER },
        timeZone: availability?.timeZone ?? null,
        slotMinutes: availability?.slotMinutes ?? null,
        offerings: offerings
          .filter((o) => o.isActive)
          .map((o) => ({
            id: o.id,
            title: o.title,
            description: o.description,
            pricingModel: o.pricingModel,
            priceCents: o.priceCents,
            bookingPriceCents: availability ? offeringBookingPriceCents(o, availability.slotMinutes) : null,
          })),
        policy: { ...CANCELLATION_POLICY },
      };
    },
  );

  app.get(
    '/api/contractors/:id/slots',
    {
      schema: {
        tags: ['scheduling'],
        summary: 'Open slots of a contractor, shown in the viewer’s time zone',
        description:
          '`from` (inclusive) and `to` (exclusive) are dates in `tz`, at most 42 days apart; by default the 7 days from today. `tz` is an IANA zone name (the viewer’s; the contractor’s by default). Availability minus exceptions minus requested and confirmed bookings, from 1 hour to 180 days ahead.',
        params: uuidParams('contractor'),
        querystring: slotsQuery,
        response: { 200: slotsView, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const contractorId = request.params.id;
      await activeContractor(contractorId);
      const now = new Date();
      const availability = await findAvailability(sql, contractorId);
      const tz = request.query.tz ?? availability?.timeZone ?? 'America/Toronto';
      const fromDay = DateTime.fromISO(request.query.from ?? localDate(now, tz), { zone: tz });
      if (!fromDay.isValid) throw new ValidationError('from must be a date written YYYY-MM-DD');
      const toDay = request.query.to ? DateTime.fromISO(request.query.to, { zone: tz }) : fromDay.plus({ days: 7 });
      if (!toDay.isValid) throw new ValidationError('to must be a date written YYYY-MM-DD');
      if (toDay <= fromDay) throw new ValidationError('to must be after from');
      if (toDay.diff(fromDay, 'days').days > SCHEDULE_LIMITS.slotsRangeMaxDays) {
        throw new ValidationError(`Ask for at most ${SCHEDULE_LIMITS.slotsRangeMaxDays} days of slots at a time`);
      }
      const base = {
        contractorId,
        viewerTimeZone: tz,
        from: fromDay.toISODate()!,
        to: toDay.toISODate()!,
      };
      if (!availability) return { ...base, timeZone: null, slotMinutes: null, slots: [] };
      const from = fromDay.toJSDate();
      const to = toDay.toJSDate();
      const zone = availability.timeZone;
      const [exceptions, bookings] = await Promise.all([
        exceptionsOf(
          sql,
          contractorId,
          DateTime.fromJSDate(from, { zone }).minus({ days: 1 }).toISODate()!,
          DateTime.fromJSDate(to, { zone }).plus({ days: 1 }).toISODate()!,
        ),
        heldIntervals(sql, contractorId, from, to),
      ]);
      const view = {
        availability,
        exceptions: Object.fromEntries(exceptions.map((e) => [e.date, e.windows])),
        bookings,
      };
      const slots = openSlots(view, from, to, now).map((slot) => {
        const local = DateTime.fromISO(slot.startsAt, { zone: tz });
        return { ...slot, date: local.toISODate()!, time: local.toFormat('HH:mm') };
      });
      return { ...base, timeZone: zone, slotMinutes: availability.slotMinutes, slots };
    },
  );

  app.get(
    '/api/work-orders/:id/booking-terms',
    {
      onRequest: app.requireRole('customer'),
      schema: {
        tags: ['scheduling'],
        summary: 'What booking an awarded job needs: its title, contractor and agreed price (the job’s customer only)',
        params: workOrderParams,
        response: { 200: bookingTermsView, ...errors },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const order = await findBookableWorkOrder(sql, request.params.id);
      if (!order) throw new NotFoundError(WORK_ORDER_MESSAGES.notFound);
      if (order.customerId !== user.id) throw new ForbiddenError(WORK_ORDER_MESSAGES.notOwner);
      if (order.status === 'cancelled') throw new ConflictError(WORK_ORDER_MESSAGES.cancelled);
      if (order.status !== 'awarded' || !order.contractorId || order.priceCents === null) {
        throw new ConflictError('This job has no contractor yet.');
      }
      return {
        workOrderId: order.workOrderId,
        jobType: 'work-order' as const,
        title: order.title,
        contractorId: order.contractorId,
        priceCents: order.priceCents,
        activeBookingId: order.activeBookingId,
      };
    },
  );

  app.post(
    '/api/work-orders/:id/time-proposals',
    {
      onRequest: app.requireRole('customer'),
      config: { abuseLimit: 'message', idempotent: 'optional' },
      schema: {
        tags: ['scheduling'],
        summary: 'Propose times to a hired contractor who has no weekly hours yet (the job’s customer only)',
        headers: optionalIdempotencyHeader,
        description:
          'For an awarded job whose contractor has published no availability: 1–3 different times, at least 1 hour ' +
          'and at most 180 days ahead, and the message that lists them, posted in the job’s conversation. The ' +
          'contractor is notified (high priority). A contractor with hours answers 409: book one of their slots.',
        params: workOrderParams,
        body: timeProposalBody,
        response: {
          201: timeProposalAnswer,
          202: timeProposalAnswer.extend({ pending: z.literal(true), position: z.string() }),
          ...errors,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const workOrderId = request.params.id;
      const facts = await workOrderFacts(store, workOrderId);
      const contractorId = facts?.contractorId ?? '';
      checkWorkOrder(facts, user.id, contractorId);
      const proposal: ProposeTimes = {
        type: 'ProposeTimes',
        proposalId: randomUUID(),
        workOrderId,
        customerId: user.id,
        contractorId,
        contractorHasHours: (await findAvailability(sql, contractorId)) !== null,
        messageId: randomUUID(),
        times: request.body.times,
        now: context.now,
      };
      // The proposal's rules first, so a refused proposal leaves no message behind.
      proposeTimes(proposal, timeProposalDecider.initialState());
      const ref: ConversationRef = { kind: 'work-order', id: workOrderId };
      await handleCommand(
        store,
        conversationStreamId(ref),
        conversationDecider,
        {
          type: 'PostMessage',
          conversation: ref,
          messageId: proposal.messageId,
          senderId: user.id,
          participants: participantsOf(await findConversation(sql, ref)),
          body: request.body.message,
          now: context.now,
        },
        context,
      );
      const result = await handleCommand(
        store,
        timeProposalStreamId(proposal.proposalId),
        timeProposalDecider,
        proposal,
        context,
      );
      const proposed = result.newEvents[0];
      if (proposed?.type !== 'TimesProposed') throw new Error('ProposeTimes appended no TimesProposed');
      const body = {
        proposal: { id: proposal.proposalId, messageId: proposal.messageId, contractorId, times: proposed.data.times },
      };
      return answerAfterProjections(request, reply, result.position, body, {
        statusCode: 201,
        projections: ['conversations', 'notifications'],
      });
    },
  );

  // ─── Bookings ──────────────────────────────────────────────────────────────────────────────

  app.post(
    '/api/bookings',
    {
      onRequest: app.requireRole('customer'),
      config: { idempotent: 'optional' },
      schema: {
        tags: ['scheduling'],
        summary: 'Request a booking of an open slot',
        description:
          'The slot must be one the contractor’s availability offers, free, at least 1 hour and at most 180 days ahead. With `workOrderId` (jobType `work-order`) the job must be the caller’s and awarded to that contractor; its agreed price becomes the booking’s. With `offeringId` the offering’s price does. Two requests for one slot at the same instant: one gets 201, the other 409.',
        headers: optionalIdempotencyHeader,
        body: requestBody,
        response: { 201: commandAnswer, ...errors, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const body = request.body;
      await activeContractor(body.contractorId);
      if (body.jobType && !body.workOrderId) throw new ValidationError('jobType needs a workOrderId');
      let priceCents: number | null = null;
      if (body.workOrderId) {
        const facts = checkWorkOrder(await workOrderFacts(store, body.workOrderId), user.id, body.contractorId);
        priceCents = facts.priceCents;
      }
      const offering = body.offeringId
        ? (await offeringsOf(sql, body.contractorId)).find((o) => o.id === body.offeringId && o.isActive)
        : undefined;
      if (body.offeringId && !offering) throw new ValidationError('That service is not offered by this contractor.');
      const context = commandContext(request);
      const bookingId = randomUUID();
      const result = await handleCommand(
        store,
        scheduleStreamId(body.contractorId),
        scheduleDecider,
        (state): ScheduleCommand => ({
          type: 'RequestBooking',
          bookingId,
          contractorId: body.contractorId,
          customerId: user.id,
          startsAt: new Date(body.startsAt),
          customerTimeZone:
            body.timeZone ?? (state.status === 'open' ? state.availability.timeZone : 'America/Toronto'),
          workOrderId: body.workOrderId ?? null,
          offeringId: offering?.id ?? null,
          priceCents:
            priceCents ??
            (offering && state.status === 'open'
              ? offeringBookingPriceCents(offering, state.availability.slotMinutes)
              : null),
          note: body.note ?? null,
          now: context.now,
        }),
        context,
      );
      return answerAfterProjections(request, reply, result.position, answerFor(result.newState, bookingId), {
        statusCode: 201,
        projections: READ_MODELS,
      });
    },
  );

  app.get(
    '/api/bookings/mine',
    {
      onRequest: app.requireRole('customer', 'contractor'),
      schema: {
        tags: ['scheduling'],
        summary: 'My bookings (as customer or as contractor): upcoming soonest first, or past latest first',
        querystring: mineQuery,
        response: { 200: z.array(bookingView), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const now = new Date();
      const side = user.role === 'contractor' ? 'contractor' : 'customer';
      const rows = await bookingsOf(sql, user.id, side, request.query.when, now);
      const names = await displayNames(sql, [...new Set(rows.flatMap((r) => [r.contractorId, r.customerId]))]);
      return rows.map((row) => toView(row, user, names, now));
    },
  );

  app.get(
    '/api/bookings/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['scheduling'],
        summary: 'One booking, for its customer and its contractor only',
        description: 'Anyone else gets 404, the same answer as for a booking that does not exist.',
        params: uuidParams('booking'),
        response: { 200: bookingView, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const row = await bookingForParty(request.params.id, user);
      const names = await displayNames(sql, [row.contractorId, row.customerId]);
      return toView(row, user, names, new Date());
    },
  );

  const commandRoute = (
    action: 'confirm' | 'decline' | 'reschedule' | 'cancel' | 'complete',
    summary: string,
    description: string,
    body: z.ZodType | undefined,
    build: (bookingId: string, user: CurrentUser, now: Date, body: unknown) => ScheduleCommand,
  ) =>
    app.post(
      `/api/bookings/:id/${action}`,
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['scheduling'],
          summary,
          description,
          params: uuidParams('booking'),
          ...(body ? { body } : {}),
          response: { 200: commandAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const { result } = await runOnBooking(request, request.params.id, (user, now) =>
          build(request.params.id, user, now, request.body),
        );
        return answerAfterProjections(request, reply, result.position, answerFor(result.newState, request.params.id), {
          // A cancellation refunds at once: the booking's page shows its escrow next.
          projections: action === 'cancel' ? CANCEL_READ_MODELS : READ_MODELS,
        });
      },
    );

  type Reason = { reason?: string | null } | undefined;

  commandRoute(
    'confirm',
    'Confirm a booking request (its contractor)',
    'Only a request that is waiting for an answer and has not started.',
    undefined,
    (bookingId, user, now) => ({ type: 'ConfirmBooking', bookingId, actorId: user.id, now }),
  );
  commandRoute(
    'decline',
    'Decline a booking request (its contractor)',
    'An optional reason (at most 500 characters) is shown to the customer.',
    reasonBody,
    (bookingId, user, now, body) => ({
      type: 'DeclineBooking',
      bookingId,
      actorId: user.id,
      reason: (body as Reason)?.reason ?? null,
      now,
    }),
  );
  commandRoute(
    'reschedule',
    'Move a booking to another open slot (either party)',
    'The new slot must be free and inside availability. Moved by the customer, the booking needs the contractor’s confirmation again; a customer cannot move a confirmed booking less than 24 hours before its start.',
    rescheduleBody,
    (bookingId, user, now, body) => ({
      type: 'RescheduleBooking',
      bookingId,
      actorId: user.id,
      startsAt: new Date((body as { startsAt: string }).startsAt),
      now,
    }),
  );
  commandRoute(
    'cancel',
    'Cancel a booking (either party)',
    'Free more than 24 hours before the start. Later, a customer cancelling a confirmed booking owes the late fee: 20 % of the agreed price, at least $15 and at most the price, or $25 when no price was agreed. A contractor’s cancellation costs the customer nothing. A paid booking is refunded in the same request (less a late fee); once the contractor has marked the work complete it can no longer be cancelled (409): open a dispute instead.',
    reasonBody,
    (bookingId, user, now, body) => ({
      type: 'CancelBooking',
      bookingId,
      actorId: user.id,
      reason: (body as Reason)?.reason ?? null,
      now,
    }),
  );
  commandRoute(
    'complete',
    'Mark a confirmed booking completed (its contractor, once it has started)',
    'Opens the reviews.',
    undefined,
    (bookingId, user, now) => ({ type: 'CompleteBooking', bookingId, actorId: user.id, now }),
  );
};
