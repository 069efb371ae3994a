import { z } from 'zod';

/**
 * The HTTP shapes of urgent alerts (api/modules/urgent/). The body of a new alert is built from
 * the work order's fields, so it stays beside them in api/modules/urgent/schemas.ts until those
 * are shapes here too.
 */

export const alertParams = z.strictObject({ id: z.uuid({ error: 'The urgent alert id is not valid' }) });

export const alertView = z.object({
  id: z.uuid(),
  status: z.enum(['open', 'accepted', 'cancelled', 'expired']),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  service: z.string().nullable(),
  city: z.string(),
  province: z.string(),
  /** The full postal code for the customer and the contractor who got the job; the FSA for the others. */
  postalCode: z.string(),
  baseCents: z.number().int(),
  multiplier: z.number(),
  priceCents: z.number().int(),
  premiumCents: z.number().int(),
  sentAt: z.string(),
  expiresAt: z.string(),
  /** For the customer: how many contractors it reached. */
  reached: z.number().int().nullable(),
  acceptedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  acceptedByMe: z.boolean(),
  /** The work order the acceptance became (for its two parties). */
  workOrderId: z.uuid().nullable(),
});
export type AlertView = z.output<typeof alertView>;

export const alertAnswer = z.object({ alert: alertView });
export const alertsAnswer = z.object({ alerts: z.array(alertView) });
