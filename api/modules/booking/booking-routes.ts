import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingsOf, findBooking, type BookingRow } from '../../../projections/bookings.ts';
import { offeringsOf } from '../../../projections/catalogue-offerings.ts';
import type { ScheduleCommand } from '../../../shared/domain/booking/commands.ts';
import { scheduleDecider, type ScheduleState } from '../../../shared/domain/booking/decider.ts';
import { scheduleStreamId, type ScheduleEvent } from '../../../shared/domain/booking/events.ts';
import { BOOKING_MESSAGES as M } from '../../../shared/domain/booking/messages.ts';
import { offeringBookingPriceCents } from '../../../shared/domain/booking/policy.ts';
import type { CommandContext, CommandResult, Decider, DomainEvent } from '../../../shared/domain/decider.ts';
import type { Position } from '../../../shared/eventstore/types.ts';
import { NotFoundError, ValidationError } from '../../../shared/errors.ts';
import {
  bookingView,
  commandAnswer,
  mineQuery,
  reasonBody,
  requestBody,
  rescheduleBody,
  uuidParams,
} from '../../../shared/http/booking.ts';
import { cancelBooking } from '../../../workflows/job-money.ts';
import { signedInUser, type CurrentUser } from '../../plugins/auth.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { BOOKINGS_READ_MODELS, CANCEL_READ_MODELS, errors } from './common.ts';
import { activeContractor } from './schedule-routes.ts';
import { bookingViewOf, commandAnswerOf, DEFAULT_TIME_ZONE } from './views.ts';
import { checkWorkOrder, checkWorkStillToDo, workOrderFacts } from './work-orders.ts';

const bookingParams = uuidParams('booking');
const tags = ['scheduling'];

/** What a command on one booking gets from the pipeline (api/plugins/command-pipeline.ts). */
type OnBooking = {
  user: CurrentUser;
  context: CommandContext;
  appended(position: Position | null): void;
  decide<State, Command, Event extends DomainEvent>(
    streamId: string,
    decider: Decider<State, Command, Event>,
    command: Command,
  ): Promise<CommandResult<State, Event>>;
};

/** Booking requests, a party's bookings, and the answers to a booking: confirm, decline, move, cancel, complete. */
export const bookingRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store, locks } = app.runtime;

  /** The booking, if the viewer is one of its two parties; anyone else gets the same 404. */
  async function bookingForParty(bookingId: string, viewer: CurrentUser): Promise<BookingRow> {
    const row = await findBooking(sql, bookingId);
    if (!row || (row.customerId !== viewer.id && row.contractorId !== viewer.id)) {
      throw new NotFoundError(M.bookingNotFound);
    }
    return row;
  }

  /**
   * Decides a command on a booking's calendar, for one of its parties only, and answers with the
   * booking as the calendar then holds it. A cancellation decides the job's money first
   * (workflows/job-money.ts), which appends; the pipeline waits for its position.
   */
  async function onBooking(
    { user, appended, decide, context }: OnBooking,
    bookingId: string,
    command: ScheduleCommand,
  ) {
    const row = await bookingForParty(bookingId, user);
    let result: CommandResult<ScheduleState, ScheduleEvent>;
    if (command.type === 'CancelBooking') {
      result = await cancelBooking(
        { store, locks },
        { contractorId: row.contractorId, jobId: row.workOrderId ?? row.id },
        command,
        context,
      );
      appended(result.position);
    } else {
      result = await decide(scheduleStreamId(row.contractorId), scheduleDecider, command);
    }
    return commandAnswerOf(result.newState, bookingId);
  }

  app.command({
    method: 'POST',
    url: '/api/bookings',
    access: ['customer'],
    config: { idempotent: 'optional' },
    schema: {
      tags,
      summary: 'Request a booking of an open slot',
      description:
        'The slot must be one the contractor’s availability offers, free, at least 1 hour and at most 180 days ahead. With `workOrderId` (jobType `work-order`) the job must be the caller’s and awarded to that contractor; its agreed price becomes the booking’s. With `offeringId` the offering’s price does. Two requests for one slot at the same instant: one gets 201, the other 409.',
      headers: optionalIdempotencyHeader,
      body: requestBody,
      response: { 201: commandAnswer, ...errors, 422: errorSchema },
    },
    readModels: BOOKINGS_READ_MODELS,
    statusCode: 201,
    async run({ user, body, context, decide }) {
      await activeContractor(sql, body.contractorId);
      if (body.jobType && !body.workOrderId) throw new ValidationError('jobType needs a workOrderId');
      let priceCents: number | null = null;
      if (body.workOrderId) {
        const facts = checkWorkOrder(await workOrderFacts(store, body.workOrderId), user.id, body.contractorId);
        await checkWorkStillToDo(store, body.workOrderId);
        priceCents = facts.priceCents;
      }
      const offering = body.offeringId
        ? (await offeringsOf(sql, body.contractorId)).find((o) => o.id === body.offeringId && o.isActive)
        : undefined;
      if (body.offeringId && !offering) throw new ValidationError('That service is not offered by this contractor.');
      const bookingId = randomUUID();
      const result = await decide(scheduleStreamId(body.contractorId), scheduleDecider, (state): ScheduleCommand => ({
        type: 'RequestBooking',
        bookingId,
        contractorId: body.contractorId,
        customerId: user.id,
        startsAt: new Date(body.startsAt),
        customerTimeZone: body.timeZone ?? (state.status === 'open' ? state.availability.timeZone : DEFAULT_TIME_ZONE),
        workOrderId: body.workOrderId ?? null,
        offeringId: offering?.id ?? null,
        priceCents:
          priceCents ??
          (offering && state.status === 'open'
            ? offeringBookingPriceCents(offering, state.availability.slotMinutes)
            : null),
        note: body.note ?? null,
        now: context.now,
      }));
      return commandAnswerOf(result.newState, bookingId);
    },
  });

  app.get(
    '/api/bookings/mine',
    {
      onRequest: app.requireRole('customer', 'contractor'),
      schema: {
        tags,
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
      return rows.map((row) => bookingViewOf(row, user, names, now));
    },
  );

  app.get(
    '/api/bookings/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'One booking, for its customer and its contractor only',
        description: 'Anyone else gets 404, the same answer as for a booking that does not exist.',
        params: bookingParams,
        response: { 200: bookingView, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const row = await bookingForParty(request.params.id, user);
      const names = await displayNames(sql, [row.contractorId, row.customerId]);
      return bookingViewOf(row, user, names, new Date());
    },
  );

  const answered = { 200: commandAnswer, ...errors };

  app.command({
    method: 'POST',
    url: '/api/bookings/:id/confirm',
    access: 'signed-in',
    schema: {
      tags,
      summary: 'Confirm a booking request (its contractor)',
      description: 'Only a request that is waiting for an answer and has not started.',
      params: bookingParams,
      response: answered,
    },
    readModels: BOOKINGS_READ_MODELS,
    run: (input) =>
      onBooking(input, input.params.id, {
        type: 'ConfirmBooking',
        bookingId: input.params.id,
        actorId: input.user.id,
        now: input.context.now,
      }),
  });

  app.command({
    method: 'POST',
    url: '/api/bookings/:id/decline',
    access: 'signed-in',
    schema: {
      tags,
      summary: 'Decline a booking request (its contractor)',
      description: 'An optional reason (at most 500 characters) is shown to the customer.',
      params: bookingParams,
      body: reasonBody,
      response: answered,
    },
    readModels: BOOKINGS_READ_MODELS,
    run: (input) =>
      onBooking(input, input.params.id, {
        type: 'DeclineBooking',
        bookingId: input.params.id,
        actorId: input.user.id,
        reason: input.body?.reason ?? null,
        now: input.context.now,
      }),
  });

  app.command({
    method: 'POST',
    url: '/api/bookings/:id/reschedule',
    access: 'signed-in',
    schema: {
      tags,
      summary: 'Move a booking to another open slot (either party)',
      description:
        'The new slot must be free and inside availability. Moved by the customer, the booking needs the contractor’s confirmation again; a customer cannot move a confirmed booking less than 24 hours before its start.',
      params: bookingParams,
      body: rescheduleBody,
      response: answered,
    },
    readModels: BOOKINGS_READ_MODELS,
    run: (input) =>
      onBooking(input, input.params.id, {
        type: 'RescheduleBooking',
        bookingId: input.params.id,
        actorId: input.user.id,
        startsAt: new Date(input.body.startsAt),
        now: input.context.now,
      }),
  });

  app.command({
    method: 'POST',
    url: '/api/bookings/:id/cancel',
    access: 'signed-in',
    schema: {
      tags,
      summary: 'Cancel a booking (either party)',
      description:
        'Free more than 24 hours before the start. Later, a customer cancelling a confirmed booking owes the late fee: 20 % of the agreed price, at least $15 and at most the price, or $25 when no price was agreed. A contractor’s cancellation costs the customer nothing. A paid booking is refunded in the same request (less a late fee); once the contractor has marked the work complete it can no longer be cancelled (409): open a dispute instead.',
      params: bookingParams,
      body: reasonBody,
      response: answered,
    },
    readModels: CANCEL_READ_MODELS,
    run: (input) =>
      onBooking(input, input.params.id, {
        type: 'CancelBooking',
        bookingId: input.params.id,
        actorId: input.user.id,
        reason: input.body?.reason ?? null,
        now: input.context.now,
      }),
  });

  app.command({
    method: 'POST',
    url: '/api/bookings/:id/complete',
    access: 'signed-in',
    schema: {
      tags,
      summary: 'Mark a confirmed booking completed (its contractor, once it has started)',
      description: 'Opens the reviews.',
      params: bookingParams,
      response: answered,
    },
    readModels: BOOKINGS_READ_MODELS,
    run: (input) =>
      onBooking(input, input.params.id, {
        type: 'CompleteBooking',
        bookingId: input.params.id,
        actorId: input.user.id,
        now: input.context.now,
      }),
  });
};
