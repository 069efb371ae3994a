import { useStore } from '@nanostores/react';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api.ts';
import { createFetcherStore, mutateCache, revalidateKeys } from '../../lib/query.ts';
import type { BoostId, PlanId } from '../../../shared/domain/plans/catalogue.ts';
import { PLANS } from '../../../shared/domain/plans/catalogue.ts';
import type { billingView, planView } from '../../../shared/http/plans.ts';
import type { CardInput } from '../contracts/CardFields.tsx';

/** What GET /api/plans/me answers (shared/http/plans.ts). Money in integer CAD cents. */
export type MyPlan = z.output<typeof planView>;
export type UsageLine = MyPlan['usage'][number];
export type LimitKey = UsageLine['key'];
export type PlanStatus = MyPlan['status'];
export type Billing = z.output<typeof billingView>;
export type Receipt = Billing['items'][number];
export type { CardInput };

export const planUrls = { me: '/api/plans/me', billing: '/api/billing' };

/** The signed-in user's plan, shared by every island that reads an allowance from it. */
export const $myPlan = createFetcherStore<MyPlan>([planUrls.me]);
/** The billing history: a receipt per line, newest first. */
export const $billing = createFetcherStore<Billing>([planUrls.billing]);

/** Every change answers the new plan view: it becomes the cached one, and the billing history is read again. */
function changed(next: MyPlan): MyPlan {
  mutateCache(planUrls.me, next);
  revalidateKeys(planUrls.billing);
  return next;
}

/** Reads the plan again (its usage changed elsewhere, e.g. the gallery). */
export function reloadMyPlan() {
  revalidateKeys(planUrls.me);
}

const key = () => crypto.randomUUID();
const send = async (path: string, body: object, headers?: Record<string, string>) =>
  changed((await (await apiRequest('POST', path, body, headers)).json()) as MyPlan);

export const plansApi = {
  purchase: (planId: PlanId, card: CardInput) =>
    send('/api/plans/purchase', { planId, card }, { 'Idempotency-Key': key() }),
  cancel: () => send('/api/plans/cancel', {}),
  resume: () => send('/api/plans/resume', {}),
  boost: (boostId: BoostId, card?: CardInput) =>
    send('/api/boosts', { boostId, ...(card ? { card } : {}) }, { 'Idempotency-Key': key() }),
};

/** The signed-in user's plan; components read their allowance from it (Starter until it loads). */
export function useMyPlan() {
  const plan = useStore($myPlan);
  return { data: plan.data, error: plan.error, loading: plan.loading, reload: async () => reloadMyPlan() };
}

/** The photo allowance of one work order under the caller's plan (null: unlimited, capped by the API). */
export function photoAllowance(plan: MyPlan | undefined): number | null {
  return PLANS[plan?.planId ?? 'starter'].maxPhotosUploads;
}
