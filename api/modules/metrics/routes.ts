import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { metricsOf } from '../../../projections/metrics.ts';
import { metricsView } from '../../../shared/http/metrics.ts';
import { errorSchema } from '../../../shared/http/errors.ts';

/** The admin dashboard's platform metrics (issue 10), from the metrics read model. */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/metrics',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'GMV, fees, tax collected, refunds by month; escrow held; contractors; jobs by province',
        response: { 200: metricsView, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => metricsOf(app.runtime.sql, new Date()),
  );
};
