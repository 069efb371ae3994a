import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Sql } from '../../../shared/db/postgres.ts';
import { exceptionsOf, findAvailability } from '../../../projections/availability.ts';
import { scheduleDecider } from '../../../shared/domain/booking/decider.ts';
import { scheduleStreamId } from '../../../shared/domain/booking/events.ts';
import { availabilityBody, availabilityView, exceptionBody, exceptionParams } from '../../../shared/http/booking.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { AVAILABILITY_READ_MODELS, errors } from './common.ts';
import { availabilityViewOf, exceptionsSince } from './views.ts';

/** The availability editor's whole view: read back from the read model (exception notes live only there). */
async function availabilityAnswer(sql: Sql, contractorId: string, now: Date) {
  const availability = await findAvailability(sql, contractorId);
  return availabilityViewOf(availability, await exceptionsOf(sql, contractorId, exceptionsSince(availability, now)));
}

/**
 * The contractor's own availability: weekly hours and exceptions. Each command answers with the
 * editor's whole view once the availability read model has the write (202 with the position past
 * the bounded wait).
 */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.runtime;

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
      return availabilityAnswer(sql, user.id, new Date());
    },
  );

  app.command({
    method: 'PUT',
    url: '/api/contractor/availability',
    access: ['contractor'],
    schema: {
      tags: ['scheduling'],
      summary: 'Set my weekly availability',
      description:
        'Weekly windows (ISO weekday 1 = Monday … 7 = Sunday, HH:MM local times) in one of Canada’s time zones, and the length of one bookable slot (30–480 minutes). Existing bookings are kept.',
      body: availabilityBody,
      response: { 200: availabilityView, ...errors },
    },
    readModels: AVAILABILITY_READ_MODELS,
    async run({ user, body, context, decide }) {
      await decide(scheduleStreamId(user.id), scheduleDecider, {
        type: 'SetAvailability',
        contractorId: user.id,
        ...body,
        now: context.now,
      });
      return () => availabilityAnswer(sql, user.id, context.now);
    },
  });

  app.command({
    method: 'PUT',
    url: '/api/contractor/availability/exceptions/:date',
    access: ['contractor'],
    schema: {
      tags: ['scheduling'],
      summary: 'Set an exception for one date (closed, or other windows)',
      description: 'The date is in my calendar’s zone. An empty list of windows closes the day.',
      params: exceptionParams,
      body: exceptionBody,
      response: { 200: availabilityView, ...errors },
    },
    readModels: AVAILABILITY_READ_MODELS,
    async run({ user, params, body, context, decide }) {
      await decide(scheduleStreamId(user.id), scheduleDecider, {
        type: 'AddAvailabilityException',
        contractorId: user.id,
        date: params.date,
        windows: body.windows,
        note: body.note ?? null,
        now: context.now,
      });
      return () => availabilityAnswer(sql, user.id, context.now);
    },
  });

  app.command({
    method: 'DELETE',
    url: '/api/contractor/availability/exceptions/:date',
    access: ['contractor'],
    schema: {
      tags: ['scheduling'],
      summary: 'Remove the exception of one date (the weekly pattern applies again)',
      params: exceptionParams,
      response: { 200: availabilityView, ...errors },
    },
    readModels: AVAILABILITY_READ_MODELS,
    async run({ user, params, context, decide }) {
      await decide(scheduleStreamId(user.id), scheduleDecider, {
        type: 'RemoveAvailabilityException',
        contractorId: user.id,
        date: params.date,
        now: context.now,
      });
      return () => availabilityAnswer(sql, user.id, context.now);
    },
  });
};
