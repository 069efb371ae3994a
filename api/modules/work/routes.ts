import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workBoardRoutes } from './board-routes.ts';
import { workOrderRoutes } from './order-routes.ts';
import { proposalRoutes } from './proposal-routes.ts';
import { uploadRoutes } from './uploads.ts';

export { DEFAULT_SERVICE_RADIUS_KM, WORK_ROUTE_MESSAGES } from './lookups.ts';
export { resolvePostalCode } from './places.ts';

/**
 * Work orders (docs/product.md#work-orders: direct post and bids): the customer's orders
 * (order-routes.ts), the job board and direct requests (board-routes.ts), proposals and their
 * comparison (proposal-routes.ts), and photo uploads (uploads.ts).
 */
export const workRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(uploadRoutes);
  await app.register(workOrderRoutes);
  await app.register(workBoardRoutes);
  await app.register(proposalRoutes);
};
