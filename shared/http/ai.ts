import { z } from 'zod';
import { UPSELL_LIMITS, UPSELL_MESSAGES, upsellsAnswer } from '../domain/ai/answer.ts';

export { upsellsAnswer };

/** The longest service type the builder takes. */
export const UPSELL_SERVICE_TYPE_MAX = UPSELL_LIMITS.serviceTypeMax;

/** The AI Subscription Builder's HTTP shapes (api/modules/ai/routes.ts, site/islands/landing/AiBuilderCard.tsx). */

export const generateUpsellsQuery = z.strictObject({ locale: z.enum(['en', 'fr']).optional() });

export const generateUpsellsBody = z.strictObject({
  serviceType: z
    .string({ error: UPSELL_MESSAGES.serviceType })
    .trim()
    .min(1, { error: UPSELL_MESSAGES.serviceType })
    .max(UPSELL_LIMITS.serviceTypeMax, { error: UPSELL_MESSAGES.serviceType }),
});

/** What POST /api/ai/generate-upsells answers. */
export type UpsellsAnswer = z.output<typeof upsellsAnswer>;
