import { apiRequest } from '../../lib/api.ts';
import type { BoostId, PlanId } from '../../../shared/domain/plans/catalogue.ts';
import { PLANS } from '../../../shared/domain/plans/catalogue.ts';
import { useJson } from '../work/api.ts';

/** What GET /api/plans/me answers (api/modules/plans/schemas.ts). Money in integer CAD cents. */
export type LimitKey = 'maxDirectHireConnections' | 'maxPhotosUploads' | 'maxBidProjects' | 'maxGalleryBillboards';
export type UsageLine = {
  key: LimitKey;
  used: number | null;
  limit: number | null;
  per: 'month' | 'work-order' | 'total';
};
export type PlanStatus = 'free' | 'active' | 'cancelling' | 'past-due';

export type MyPlan = {
  planId: PlanId;
  status: PlanStatus;
  period: number | null;
  periodStart: string | null;
  periodEnd: string | null;
  card: { brand: string; last4: string } | null;
  retryAt: string | null;
  lastFailureCode: string | null;
  usage: UsageLine[];
  boost: {
    activeUntil: string | null;
    firstBoostFree: boolean;
    prices: { boostId: BoostId; days: number; priceCents: number }[];
  };
  canBuyPaidPlan: boolean;
};

export type Receipt = {
  receiptId: string;
  kind: 'plan' | 'boost';
  item: string;
  amountCents: number;
  paymentId: string | null;
  card: { brand: string; last4: string } | null;
  coversFrom: string | null;
  coversTo: string | null;
  chargedAt: string;
};

import type { CardInput } from '../contracts/CardFields.tsx';
export type { CardInput };

export const planUrls = { me: '/api/plans/me', billing: '/api/billing' };

const key = () => crypto.randomUUID();

export const plansApi = {
  async purchase(planId: PlanId, card: CardInput): Promise<MyPlan> {
    return (await apiRequest('POST', '/api/plans/purchase', { planId, card }, { 'Idempotency-Key': key() })).json();
  },
  async cancel(): Promise<MyPlan> {
    return (await apiRequest('POST', '/api/plans/cancel', {})).json();
  },
  async resume(): Promise<MyPlan> {
    return (await apiRequest('POST', '/api/plans/resume', {})).json();
  },
  async boost(boostId: BoostId, card?: CardInput): Promise<MyPlan> {
    return (
      await apiRequest('POST', '/api/boosts', { boostId, ...(card ? { card } : {}) }, { 'Idempotency-Key': key() })
    ).json();
  },
};

/** The signed-in user's plan; components read their allowance from it (Starter until it loads). */
export function useMyPlan() {
  return useJson<MyPlan>(planUrls.me);
}

/** The photo allowance of one work order under the caller's plan (null: unlimited, capped by the API). */
export function photoAllowance(plan: MyPlan | undefined): number | null {
  return PLANS[plan?.planId ?? 'starter'].maxPhotosUploads;
}
