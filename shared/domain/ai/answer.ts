import { z } from 'zod';

/** The upsells' limits, texts and answer shape, as a leaf the HTTP shapes (shared/http/ai.ts) can name. */
export const UPSELL_LIMITS = { serviceTypeMax: 120, nameMax: 80, descriptionMax: 300, priceMax: 1000, countMax: 8 };

export const UPSELL_MESSAGES = {
  serviceType: 'Enter the service type, for example "weekly house cleaning"',
  /** The text contains 'Rate limit exceeded' (docs/product.md#ai-upsells). */
  rateLimited: 'Rate limit exceeded. You can generate AI suggestions once per day.',
} as const;

export const upsellSchema = z.strictObject({
  name: z.string().trim().min(1).max(UPSELL_LIMITS.nameMax),
  description: z.string().trim().min(1).max(UPSELL_LIMITS.descriptionMax),
  /** Dollars per month, to the cent. */
  price: z.number().positive().max(UPSELL_LIMITS.priceMax).multipleOf(0.01),
});
export const upsellsAnswer = z.strictObject({
  upsells: z.array(upsellSchema).min(1).max(UPSELL_LIMITS.countMax),
});
export type Upsell = z.infer<typeof upsellSchema>;
