import type { BoostId, PlanId } from './catalogue.ts';

/**
 * A user's plan (spec sections 3, 6 and 9) and their listing boosts. Two streams per account:
 *
 * - `plan-<accountId>`: purchases, monthly renewals (one event per paid period), failed charges,
 *   cancellation at the period's end and its withdrawal, and the plan's end. Without events the
 *   account is on the free Starter plan.
 * - `listing-boost-<contractorId>`: every boost bought, with the window it covers.
 *
 * Amounts are integer CAD cents taken from the catalogue (never from a request). Like every
 * money stream this one is read by the projections, the billing history and the audit trail:
 * add events or optional fields, never change the meaning of an existing one.
 */
export const planStreamId = (accountId: string) => `plan-${accountId}`;
export const boostStreamId = (contractorId: string) => `listing-boost-${contractorId}`;

export type PaidPlanId = Exclude<PlanId, 'starter'>;

type Payment = { paymentId: string; amountCents: number; cardBrand: string; cardLast4: string };

export type PlanPurchased = {
  type: 'PlanPurchased';
  data: Payment & {
    accountId: string;
    planId: PaidPlanId;
    /** The provider's token for the card kept on file for renewals. */
    paymentMethodId: string;
    /** The first period; later periods are counted from `periodStart` so months never drift. */
    periodStart: string;
    periodEnd: string;
    purchasedAt: string;
  };
};

export type PlanRenewed = {
  type: 'PlanRenewed';
  data: Payment & {
    accountId: string;
    planId: PaidPlanId;
    /** 2 for the first renewal (the purchase paid period 1). */
    period: number;
    periodStart: string;
    periodEnd: string;
    renewedAt: string;
  };
};

export type PlanPaymentFailed = {
  type: 'PlanPaymentFailed';
  data: {
    accountId: string;
    planId: PaidPlanId;
    /** A purchase that did not go through changes nothing; a failed renewal starts the grace. */
    attempt: 'purchase' | 'renewal';
    code: 'card_declined' | 'insufficient_funds' | 'card_invalid';
    cardLast4: string;
    failedAt: string;
    /** When the next renewal attempt runs; null for a purchase or once the plan ends. */
    retryAt: string | null;
  };
};

export type PlanCancellationScheduled = {
  type: 'PlanCancellationScheduled';
  data: { accountId: string; planId: PaidPlanId; endsAt: string; scheduledAt: string };
};

export type PlanCancellationWithdrawn = {
  type: 'PlanCancellationWithdrawn';
  data: { accountId: string; planId: PaidPlanId; withdrawnAt: string };
};

export type PlanEnded = {
  type: 'PlanEnded';
  data: {
    accountId: string;
    planId: PaidPlanId;
    reason: 'cancelled' | 'payment-failed';
    endedAt: string;
  };
};

export type PlanEvent =
  PlanPurchased | PlanRenewed | PlanPaymentFailed | PlanCancellationScheduled | PlanCancellationWithdrawn | PlanEnded;

export const PLAN_EVENT_TYPES = [
  'PlanPurchased',
  'PlanRenewed',
  'PlanPaymentFailed',
  'PlanCancellationScheduled',
  'PlanCancellationWithdrawn',
  'PlanEnded',
] as const satisfies readonly PlanEvent['type'][];

export type BoostPurchased = {
  type: 'BoostPurchased';
  data: {
    contractorId: string;
    boostId: BoostId;
    days: number;
    /** 0 for the free first 7-day boost. */
    amountCents: number;
    /** Null when nothing was charged. */
    paymentId: string | null;
    cardBrand: string | null;
    cardLast4: string | null;
    /** A boost bought while one runs starts when that one ends (it extends it). */
    startsAt: string;
    endsAt: string;
    purchasedAt: string;
  };
};

export type BoostEvent = BoostPurchased;
export const BOOST_EVENT_TYPES = ['BoostPurchased'] as const satisfies readonly BoostEvent['type'][];
