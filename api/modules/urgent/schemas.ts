import { z } from 'zod';
import { URGENT_MESSAGES as M } from '../../../shared/domain/urgent/rules.ts';
import { WORK_LIMITS, WORK_MESSAGES } from '../../../shared/domain/work/rules.ts';
import { POSTAL_CODE_MESSAGE } from '../../../shared/geo/index.ts';
import { detailsShape, postalCodeField } from '../work/schemas.ts';

export const sendBody = z.strictObject({
  title: detailsShape.title,
  description: detailsShape.description,
  category: detailsShape.category,
  service: detailsShape.service,
  postalCode: postalCodeField.refine((value) => value !== null, { error: POSTAL_CODE_MESSAGE }),
  /** The normal price of the job, before the premium (CAD cents). */
  baseCents: z
    .number({ error: M.base })
    .int({ error: WORK_MESSAGES.budgetCents })
    .positive({ error: M.base })
    .max(WORK_LIMITS.budgetMaxCents, { error: M.base }),
  /** 1 to 3, in steps of 0.25 (the premium is the price times this). */
  multiplier: z.number({ error: M.multiplier }).min(1, { error: M.multiplier }).max(3, { error: M.multiplier }),
});

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
export type AlertView = z.infer<typeof alertView>;
