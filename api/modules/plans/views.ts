import type { z } from 'zod';
import type { BillingRow, PlanRow } from '../../../projections/plans.ts';
import { MINIMUM_PAID_AGE } from '../../../shared/domain/accounts/age.ts';
import type { Role } from '../../../shared/domain/accounts/events.ts';
import { BOOSTS, PLANS, PLAN_LIMIT_KEYS, type PlanId } from '../../../shared/domain/plans/catalogue.ts';
import type { billingView, planView } from '../../../shared/http/plans.ts';

/**
 * What GET /api/plans/me and GET /api/billing show: pure functions of the read models' rows, so
 * the usage lines, the boost prices and each receipt are testable without a database.
 */

export type PlanView = z.output<typeof planView>;
export type Receipt = z.output<typeof billingView>['items'][number];
type LimitKey = (typeof PLAN_LIMIT_KEYS)[number];

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What each limit counts over. */
const PER = {
  maxDirectHireConnections: 'month',
  maxPhotosUploads: 'work-order',
  maxBidProjects: 'month',
  maxGalleryBillboards: 'total',
} as const satisfies Record<LimitKey, PlanView['usage'][number]['per']>;

export type PlanFacts = {
  plan: PlanRow | null;
  boost: { activeUntil: Date; usedFreeBoost: boolean } | null;
  ageInYears: number;
  /** A contractor's counts this month and their gallery's size; null for a customer. */
  usage: { bidProjects: number; directHires: number; billboards: number } | null;
};

/**
 * The account's plan (Starter without a paid one), its usage against each limit that applies to
 * the role (a customer's is only photos per work order), and the boost prices (the first 7-day
 * boost is free until used).
 */
export function planViewOf(role: Role, facts: PlanFacts, now: Date): PlanView {
  const { plan, boost, usage } = facts;
  const planId: PlanId = plan?.planId ?? 'starter';
  const used: Record<LimitKey, number | null> = {
    maxDirectHireConnections: usage?.directHires ?? null,
    maxPhotosUploads: null,
    maxBidProjects: usage?.bidProjects ?? null,
    maxGalleryBillboards: usage?.billboards ?? null,
  };
  const keys = role === 'contractor' ? PLAN_LIMIT_KEYS : (['maxPhotosUploads'] as const);
  const freeLeft = !boost?.usedFreeBoost;
  return {
    planId,
    status: plan?.status ?? 'free',
    period: plan?.period ?? null,
    periodStart: iso(plan?.periodStart ?? null),
    periodEnd: iso(plan?.periodEnd ?? null),
    card: plan?.cardBrand && plan.cardLast4 ? { brand: plan.cardBrand, last4: plan.cardLast4 } : null,
    retryAt: iso(plan?.retryAt ?? null),
    lastFailureCode: plan?.lastFailureCode ?? null,
    usage: keys.map((key) => ({ key, used: used[key], limit: PLANS[planId][key], per: PER[key] })),
    boost: {
      activeUntil: boost && boost.activeUntil > now ? boost.activeUntil.toISOString() : null,
      firstBoostFree: freeLeft,
      prices: BOOSTS.map((b) => ({
        boostId: b.id,
        days: b.days,
        priceCents: b.firstOneFree && freeLeft ? 0 : b.priceCents,
      })),
    },
    canBuyPaidPlan: facts.ageInYears >= MINIMUM_PAID_AGE,
  };
}

/** One line of the billing history: a receipt. */
export const receiptOf = (row: BillingRow): Receipt => ({
  receiptId: row.receiptId,
  kind: row.kind,
  item: row.item,
  amountCents: row.amountCents,
  paymentId: row.paymentId,
  card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
  coversFrom: iso(row.coversFrom),
  coversTo: iso(row.coversTo),
  chargedAt: row.chargedAt.toISOString(),
});
