import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { platformMetrics } from '../../../projections/platform-metrics.ts';
import { errorSchema } from '../accounts/schemas.ts';

const cents = z.number().int();
const metricsView = z.object({
  totals: z.object({
    gmvCents: cents,
    feesCents: cents,
    taxCents: cents,
    refundsCents: cents,
    escrowHeldCents: cents,
    escrowHeldJobs: z.number().int(),
    contractors: z.number().int(),
    activeContractors: z.number().int(),
  }),
  months: z.array(
    z.object({
      month: z.string(),
      gmvCents: cents,
      feesCents: cents,
      taxCents: cents,
      refundsCents: cents,
      jobsFunded: z.number().int(),
    }),
  ),
  provinces: z.array(z.object({ province: z.string(), jobs: z.number().int() })),
});

/** The admin dashboard's platform metrics (issue 10), from the platform-metrics read model. */
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
    async () => platformMetrics(app.runtime.sql, new Date()),
  );
};
