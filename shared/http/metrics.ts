import { z } from 'zod';

/** The admin dashboard's platform metrics (api/modules/metrics). Money in CAD cents. */

const cents = z.number().int();

export const metricsView = z.object({
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

export type MetricsView = z.output<typeof metricsView>;
