import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityRoutes } from './availability-routes.ts';
import { bookingRequestRoutes } from './booking-routes.ts';
import { scheduleRoutes } from './schedule-routes.ts';
import { timeProposalRoutes } from './time-proposal-routes.ts';

/**
 * Booking routes: availability (the contractor's own), the public schedule and its slots, the
 * times a customer proposes when there are no hours, and requests and their answers.
 */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(availabilityRoutes);
  await app.register(scheduleRoutes);
  await app.register(timeProposalRoutes);
  await app.register(bookingRequestRoutes);
};
