import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findAvailability } from '../../../projections/availability.ts';
import { findConversation, participantsOf } from '../../../projections/messaging.ts';
import { timeProposalsOf } from '../../../projections/time-proposals.ts';
import type { ScheduleCommand } from '../../../shared/domain/booking/commands.ts';
import { scheduleDecider } from '../../../shared/domain/booking/decider.ts';
import { scheduleStreamId, timeProposalEventSchemas } from '../../../shared/domain/booking/events.ts';
import {
  proposeTimes,
  TIME_PROPOSAL_MESSAGES,
  timeProposalDecider,
  timeProposalStreamId,
  type ProposeTimes,
  type TimeProposalEvent,
} from '../../../shared/domain/booking/time-proposals.ts';
import { conversationDecider } from '../../../shared/domain/messaging/decider.ts';
import { conversationStreamId, type ConversationRef } from '../../../shared/domain/messaging/events.ts';
import { readEvents } from '../../../shared/eventstore/typed.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../shared/errors.ts';
import {
  acceptProposedTimeBody,
  commandAnswer,
  proposalsOfWorkOrderParams,
  timeProposalAnswer,
  timeProposalBody,
  timeProposalParams,
  timeProposalsView,
  workOrderParams,
} from '../../../shared/http/booking.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { BOOKINGS_READ_MODELS, errors } from './common.ts';
import { commandAnswerOf, timeProposalsViewOf } from './views.ts';
import { checkWorkOrder, checkWorkStillToDo, WORK_ORDER_MESSAGES, workOrderFacts } from './work-orders.ts';

/**
 * The schedule step's way on when the hired contractor has no weekly hours: the job's customer
 * proposes times (and says so in the job's conversation), the contractor accepts one.
 */
export const timeProposalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  app.command({
    method: 'POST',
    url: '/api/work-orders/:id/time-proposals',
    access: ['customer'],
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
    readModels: ['conversations', 'notifications'],
    statusCode: 201,
    async run({ user, params, body, context, decide }) {
      const workOrderId = params.id;
      const facts = await workOrderFacts(store, workOrderId);
      const contractorId = facts?.contractorId ?? '';
      checkWorkOrder(facts, user.id, contractorId);
      await checkWorkStillToDo(store, workOrderId);
      const proposal: ProposeTimes = {
        type: 'ProposeTimes',
        proposalId: randomUUID(),
        workOrderId,
        customerId: user.id,
        contractorId,
        contractorHasHours: (await findAvailability(sql, contractorId)) !== null,
        messageId: randomUUID(),
        times: body.times,
        ...(body.timeZone ? { customerTimeZone: body.timeZone } : {}),
        now: context.now,
      };
      // The proposal's rules first, so a refused proposal leaves no message behind.
      proposeTimes(proposal, timeProposalDecider.initialState());
      const ref: ConversationRef = { kind: 'work-order', id: workOrderId };
      await decide(conversationStreamId(ref), conversationDecider, {
        type: 'PostMessage',
        conversation: ref,
        messageId: proposal.messageId,
        senderId: user.id,
        participants: participantsOf(await findConversation(sql, ref)),
        body: body.message,
        now: context.now,
      });
      const result = await decide(timeProposalStreamId(proposal.proposalId), timeProposalDecider, proposal);
      const proposed = result.newEvents[0];
      if (proposed?.type !== 'TimesProposed') throw new Error('ProposeTimes appended no TimesProposed');
      return {
        proposal: { id: proposal.proposalId, messageId: proposal.messageId, contractorId, times: proposed.data.times },
      };
    },
  });

  app.get(
    '/api/work-orders/:id/time-proposals',
    {
      onRequest: app.requireRole('customer', 'contractor'),
      schema: {
        tags: ['scheduling'],
        summary: 'The times the customer proposed for a job, latest first (its customer and its contractor only)',
        params: proposalsOfWorkOrderParams,
        response: { 200: timeProposalsView, ...errors },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const facts = await workOrderFacts(store, request.params.id);
      if (!facts) throw new NotFoundError(WORK_ORDER_MESSAGES.notFound);
      if (facts.customerId !== user.id && facts.contractorId !== user.id) {
        throw new ForbiddenError(TIME_PROPOSAL_MESSAGES.partiesOnly);
      }
      return timeProposalsViewOf(await timeProposalsOf(sql, request.params.id), user.id, facts, Date.now());
    },
  );

  app.command({
    method: 'POST',
    url: '/api/work-orders/:id/time-proposals/:proposalId/accept',
    access: ['contractor'],
    config: { idempotent: 'optional' },
    schema: {
      tags: ['scheduling'],
      summary: 'Accept one of the times the customer proposed: a confirmed booking (the job’s contractor only)',
      description:
        'The time must be one of the proposal’s, still at least 1 hour ahead and free on the contractor’s calendar; ' +
        'weekly hours do not apply. The booking is confirmed at once, for the job’s agreed price, and the customer ' +
        'is notified. A job has one active booking: a second accept (of any time) answers 409.',
      headers: optionalIdempotencyHeader,
      params: timeProposalParams,
      body: acceptProposedTimeBody,
      response: { 201: commandAnswer, ...errors, 422: errorSchema },
    },
    readModels: [...BOOKINGS_READ_MODELS, 'time-proposals', 'work-orders'],
    statusCode: 201,
    async run({ user, params, body, context, decide }) {
      const { id: workOrderId, proposalId } = params;
      const facts = await workOrderFacts(store, workOrderId);
      if (!facts) throw new NotFoundError(WORK_ORDER_MESSAGES.notFound);
      if (facts.contractorId !== user.id) throw new ForbiddenError(TIME_PROPOSAL_MESSAGES.contractorOnly);
      if (facts.status === 'cancelled') throw new ConflictError(WORK_ORDER_MESSAGES.cancelled);
      await checkWorkStillToDo(store, workOrderId);
      // The proposal as written (its own stream), not a read model that may lag it.
      const events = await readEvents<TimeProposalEvent>(
        store,
        timeProposalStreamId(proposalId),
        timeProposalEventSchemas,
      );
      const proposed = events.find((event) => event.type === 'TimesProposed')?.data;
      if (!proposed || proposed.workOrderId !== workOrderId) throw new NotFoundError(TIME_PROPOSAL_MESSAGES.notFound);
      if (proposed.contractorId !== user.id) throw new ForbiddenError(TIME_PROPOSAL_MESSAGES.contractorOnly);
      const bookingId = randomUUID();
      const result = await decide(scheduleStreamId(user.id), scheduleDecider, (state): ScheduleCommand => ({
        type: 'RequestBooking',
        bookingId,
        contractorId: user.id,
        customerId: proposed.customerId,
        startsAt: new Date(body.startsAt),
        // The customer's own zone when the proposal recorded it; before that, the calendar's (or the
        // contractor's browser's, for a calendar not yet set up).
        customerTimeZone:
          proposed.customerTimeZone ??
          (state.status === 'open' ? state.availability.timeZone : (body.timeZone ?? 'America/Toronto')),
        workOrderId,
        offeringId: null,
        priceCents: facts.priceCents,
        note: null,
        proposal: { proposalId, times: proposed.times },
        now: context.now,
      }));
      return commandAnswerOf(result.newState, bookingId);
    },
  });
};
