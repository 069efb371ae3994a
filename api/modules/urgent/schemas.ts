import { z } from 'zod';
import { URGENT_MESSAGES as M } from '../../../shared/domain/urgent/rules.ts';
import { WORK_LIMITS, WORK_MESSAGES } from '../../../shared/domain/work/rules.ts';
import { POSTAL_CODE_MESSAGE } from '../../../shared/geo/index.ts';
import { detailsShape, postalCodeField } from '../../../shared/http/work.ts';

/**
 * The body of a new urgent alert: the work order's fields (api/modules/work/schemas.ts) and the
 * premium. It joins the other urgent shapes in shared/http/urgent.ts once the work order's fields
 * are shapes there (they check postal codes with shared/geo, which a shape may not import).
 */
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
