import { z } from 'zod';

/** Liveness and readiness (api/modules/system/routes.ts). */

export const healthView = z.object({ status: z.literal('ok') });

export const readinessView = z.object({
  status: z.literal('ready'),
  eventStore: z.string(),
  projections: z.record(z.string(), z.string()),
  /** Projections of this process whose batches keep failing (a poisoned event). */
  stalled: z.array(z.object({ name: z.string(), failures: z.number(), error: z.string() })),
});
export type ReadinessView = z.output<typeof readinessView>;
