import { ForbiddenError } from '../../errors.ts';
import { PLANS, planIds, type PlanDefinition, type PlanId } from './catalogue.ts';

/**
 * The gates of the plan matrix, checked on the server by every route that uses a limited feature.
 * A refusal is a 403 whose message names the limit, what the current plan allows and the plan that
 * lifts it, so the UI can show it as is next to an upgrade link.
 *
 * How each limit is counted (docs/decisions.md, "Plans"):
 * - direct-hire connections: direct requests a contractor accepts, per calendar month (UTC);
 * - photo uploads: photos on one work order;
 * - bid projects: proposals a contractor submits, per calendar month (UTC);
 * - gallery billboards: billboards on the contractor's profile at once.
 */
export type LimitKey = 'maxDirectHireConnections' | 'maxPhotosUploads' | 'maxBidProjects' | 'maxGalleryBillboards';
export type FeatureKey =
  'canAccessRemoteWork' | 'canUseBidding' | 'canUseSubscriptionServices' | 'hasPriorityPlacement' | 'hasFeaturedBadge';

export const PLAN_NAMES: Record<PlanId, string> = {
  starter: 'Starter',
  local: 'Local',
  pro: 'Pro',
  enterprise: 'Enterprise',
};

const LIMIT_WORDS: Record<LimitKey, { noun: string; per: string }> = {
  maxDirectHireConnections: { noun: 'direct-hire connections', per: ' a month' },
  maxPhotosUploads: { noun: 'photo uploads', per: ' per work order' },
  maxBidProjects: { noun: 'bid projects', per: ' a month' },
  maxGalleryBillboards: { noun: 'gallery billboards', per: '' },
};

const FEATURE_WORDS: Record<FeatureKey, string> = {
  canAccessRemoteWork: 'Remote work',
  canUseBidding: 'Bidding',
  canUseSubscriptionServices: 'Subscription services',
  hasPriorityPlacement: 'Priority placement',
  hasFeaturedBadge: 'The featured badge',
};

const allows = (limit: number | null, wanted: number) => limit === null || wanted <= limit;

/** The cheapest plan above `current` that allows `wanted`, preferring one that is offered today. */
function planThatLifts(current: PlanId, fits: (plan: PlanDefinition) => boolean): PlanDefinition | null {
  const higher = planIds.slice(planIds.indexOf(current) + 1).map((id) => PLANS[id]);
  return higher.find(fits) ?? null;
}

function upgradeHint(plan: PlanDefinition | null, what: string): string {
  if (!plan) return '';
  const name = PLAN_NAMES[plan.id];
  return plan.available ? ` Upgrade to ${name} for ${what}.` : ` The ${name} plan (coming soon) offers ${what}.`;
}

/**
 * Refuses when `used` already reaches the plan's limit (so one more is not allowed), or, with
 * `adding`, when `used + adding` would pass it (photos attached at once).
 */
export function requireAllowance(planId: PlanId, key: LimitKey, used: number, adding = 1): void {
  const limit = PLANS[planId][key];
  if (allows(limit, used + adding)) return;
  const words = LIMIT_WORDS[key];
  const lifting = planThatLifts(planId, (plan) => allows(plan[key], used + adding));
  const liftedTo = lifting
    ? lifting[key] === null
      ? `unlimited ${words.noun}`
      : `${lifting[key]} ${words.noun}${words.per}`
    : '';
  const allowance = limit === 0 ? `no ${words.noun}` : `${limit} ${words.noun}${words.per}`;
  throw new ForbiddenError(
    `Plan limit reached: your ${PLAN_NAMES[planId]} plan includes ${allowance}.${upgradeHint(lifting, liftedTo)}`,
  );
}

export function requireFeature(planId: PlanId, key: FeatureKey): void {
  if (PLANS[planId][key]) return;
  const lifting = planThatLifts(planId, (plan) => plan[key]);
  throw new ForbiddenError(
    `${FEATURE_WORDS[key]} is not included in your ${PLAN_NAMES[planId]} plan.${upgradeHint(lifting, 'it')}`,
  );
}

/** Paid plans: what urgent alerts (both sides) and verified badges need. */
export const isPaidPlan = (planId: PlanId) => PLANS[planId].priceCents > 0;

export function requirePaidPlan(planId: PlanId, what: string): void {
  if (isPaidPlan(planId)) return;
  throw new ForbiddenError(`${what} need a paid plan; you are on Starter. Upgrade to Local for $19/month.`);
}

/** The first instant of the calendar month (UTC) holding `now`: monthly limits count from it. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
