import type { SliderRange } from './slider.ts';

/**
 * The demo plan builder of the landing page's subscription section (docs/product.md#site): a $120 base
 * plus $15 per premium feature over four toggles, and two sliders that shape the plan. It is a
 * marketing preview; real subscription plans arrive with the subscriptions issue. Money is in
 * integer CAD cents.
 */
export const PLAN_BASE_CENTS = 120_00;
export const PLAN_FEATURE_CENTS = 15_00;

export const PLAN_FEATURES = ['priority-booking', 'photo-reports', 'supply-restock', 'weekend-availability'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export const SESSIONS_PER_MONTH = { min: 1, max: 50, step: 1, default: 12 } as const satisfies SliderRange & {
  default: number;
};
export const HOURS_PER_WEEK = { min: 1, max: 40, step: 1, default: 15 } as const satisfies SliderRange & {
  default: number;
};

/** The plan's monthly price: the base plus one premium-feature price per feature switched on. */
export function planMonthlyCents(features: Iterable<PlanFeature>): number {
  return PLAN_BASE_CENTS + new Set(features).size * PLAN_FEATURE_CENTS;
}

/** What one session costs the customer, to the cent (half-up). */
export function perSessionCents(monthlyCents: number, sessionsPerMonth: number): number {
  const sessions = Math.max(1, Math.floor(sessionsPerMonth));
  return Math.floor((monthlyCents * 2 + sessions) / (2 * sessions));
}

/**
 * The AI Subscription Builder card's first list, before a generation: premium add-ons the
 * generator suggests for a weekly house-cleaning plan, at the fixed sample prices ($15, $10, $12,
 * $8, $20 a month). The card's own rules are in ai-builder.ts.
 */
export const AI_SAMPLE_FEATURES = [
  { id: 'eco-products', priceCents: 15_00 },
  { id: 'pet-hair', priceCents: 10_00 },
  { id: 'oven-fridge', priceCents: 12_00 },
  { id: 'linen-change', priceCents: 8_00 },
  { id: 'deep-clean', priceCents: 20_00 },
] as const;
export type AiSampleFeature = (typeof AI_SAMPLE_FEATURES)[number]['id'];

/** Switches one feature on or off by name, keeping the list in catalogue order. */
export function toggleFeature<T extends string>(selected: readonly T[], id: T, order: readonly T[]): T[] {
  const next = selected.includes(id) ? selected.filter((f) => f !== id) : [...selected, id];
  return order.filter((f) => next.includes(f));
}
