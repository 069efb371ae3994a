import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Sql } from '../../../shared/db/postgres.ts';
import { findAccount } from '../../../projections/accounts.ts';
import { exceptionsOf, findAvailability } from '../../../projections/availability.ts';
import { findBookableWorkOrder, heldIntervals } from '../../../projections/bookings.ts';
import { offeringsOf } from '../../../projections/catalogue-offerings.ts';
import { openSlots } from '../../../shared/domain/booking/calendar.ts';
import { BOOKING_MESSAGES as M } from '../../../shared/domain/booking/messages.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import {
  bookingTermsView,
  scheduleView,
  slotsQuery,
  slotsView,
  uuidParams,
  workOrderParams,
} from '../../../shared/http/booking.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { errors } from './common.ts';
import {
  bookingTermsOf,
  DEFAULT_TIME_ZONE,
  exceptionDatesAround,
  scheduleViewOf,
  slotRangeOf,
  slotsViewOf,
} from './views.ts';

/** A contractor whose calendar is public: an active contractor account; anyone else is "not found". */
export async function activeContractor(sql: Sql, contractorId: string) {
  const account = await findAccount(sql, contractorId);
  if (!account || account.role !== 'contractor' || account.status !== 'active') {
    throw new NotFoundError(M.contractorNotFound);
  }
}

/** The public schedule page (a contractor's name, offerings and open slots) and a job's booking terms. */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.runtime;

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
      await activeContractor(sql, contractorId);
      const [availability, offerings, names] = await Promise.all([
        findAvailability(sql, contractorId),
        offeringsOf(sql, contractorId),
        displayNames(sql, [contractorId]),
      ]);
      return scheduleViewOf({ id: contractorId, name: names.get(contractorId) }, availability, offerings);
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
      await activeContractor(sql, contractorId);
      const now = new Date();
      const availability = await findAvailability(sql, contractorId);
      const range = slotRangeOf(request.query, request.query.tz ?? availability?.timeZone ?? DEFAULT_TIME_ZONE, now);
      if (!availability) return slotsViewOf(contractorId, range, null);
      const from = range.fromDay.toJSDate();
      const to = range.toDay.toJSDate();
      const zone = availability.timeZone;
      const around = exceptionDatesAround(from, to, zone);
      const [exceptions, bookings] = await Promise.all([
        exceptionsOf(sql, contractorId, around.first, around.last),
        heldIntervals(sql, contractorId, from, to),
      ]);
      const calendar = {
        availability,
        exceptions: Object.fromEntries(exceptions.map((e) => [e.date, e.windows])),
        bookings,
      };
      return slotsViewOf(contractorId, range, {
        timeZone: zone,
        slotMinutes: availability.slotMinutes,
        slots: openSlots(calendar, from, to, now),
      });
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
      return bookingTermsOf(await findBookableWorkOrder(sql, request.params.id), user.id);
    },
  );
};
