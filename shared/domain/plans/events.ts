import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';
import { boostIds, planIds, type PlanId } from './catalogue.ts';

/**
 * A user's plan (docs/product.md#plans) and their listing boosts. Two streams per account:
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

const paidPlanIdSchema = z.enum(planIds).exclude(['starter']);

const paymentSchema = z.object({
  paymentId: z.string(),
  amountCents: z.number(),
  cardBrand: z.string(),
  cardLast4: z.string(),
});

export const planPurchasedSchema = paymentSchema.extend({
  accountId: z.string(),
  planId: paidPlanIdSchema,
  /** The provider's token for the card kept on file for renewals. */
  paymentMethodId: z.string(),
  /** The first period; later periods are counted from `periodStart` so months never drift. */
  periodStart: z.string(),
  periodEnd: z.string(),
  purchasedAt: z.string(),
});
export type PlanPurchased = { type: 'PlanPurchased'; data: z.infer<typeof planPurchasedSchema> };

export const planRenewedSchema = paymentSchema.extend({
  accountId: z.string(),
  planId: paidPlanIdSchema,
  /** 2 for the first renewal (the purchase paid period 1). */
  period: z.number(),
  periodStart: z.string(),
  periodEnd: z.string(),
  renewedAt: z.string(),
});
export type PlanRenewed = { type: 'PlanRenewed'; data: z.infer<typeof planRenewedSchema> };

export const planPaymentFailedSchema = z.object({
  accountId: z.string(),
  planId: paidPlanIdSchema,
  /** A purchase that did not go through changes nothing; a failed renewal starts the grace. */
  attempt: z.enum(['purchase', 'renewal']),
  code: z.enum(['card_declined', 'insufficient_funds', 'card_invalid']),
  cardLast4: z.string(),
  failedAt: z.string(),
  /** When the next renewal attempt runs; null for a purchase or once the plan ends. */
  retryAt: z.string().nullable(),
});
export type PlanPaymentFailed = { type: 'PlanPaymentFailed'; data: z.infer<typeof planPaymentFailedSchema> };

export const planCancellationScheduledSchema = z.object({
  accountId: z.string(),
  planId: paidPlanIdSchema,
  endsAt: z.string(),
  scheduledAt: z.string(),
});
export type PlanCancellationScheduled = {
  type: 'PlanCancellationScheduled';
  data: z.infer<typeof planCancellationScheduledSchema>;
};

export const planCancellationWithdrawnSchema = z.object({
  accountId: z.string(),
  planId: paidPlanIdSchema,
  withdrawnAt: z.string(),
});
export type PlanCancellationWithdrawn = {
  type: 'PlanCancellationWithdrawn';
  data: z.infer<typeof planCancellationWithdrawnSchema>;
};

export const planEndedSchema = z.object({
  accountId: z.string(),
  planId: paidPlanIdSchema,
  reason: z.enum(['cancelled', 'payment-failed']),
  endedAt: z.string(),
});
export type PlanEnded = { type: 'PlanEnded'; data: z.infer<typeof planEndedSchema> };

export type PlanEvent =
  PlanPurchased | PlanRenewed | PlanPaymentFailed | PlanCancellationScheduled | PlanCancellationWithdrawn | PlanEnded;

export const planEventSchemas = {
  PlanPurchased: planPurchasedSchema,
  PlanRenewed: planRenewedSchema,
  PlanPaymentFailed: planPaymentFailedSchema,
  PlanCancellationScheduled: planCancellationScheduledSchema,
  PlanCancellationWithdrawn: planCancellationWithdrawnSchema,
  PlanEnded: planEndedSchema,
} as const satisfies EventSchemas<PlanEvent>;

export const PLAN_EVENT_TYPES = [
  'PlanPurchased',
  'PlanRenewed',
  'PlanPaymentFailed',
  'PlanCancellationScheduled',
  'PlanCancellationWithdrawn',
  'PlanEnded',
] as const satisfies readonly PlanEvent['type'][];

export const boostPurchasedSchema = z.object({
  contractorId: z.string(),
  boostId: z.enum(boostIds),
  days: z.number(),
  /** 0 for the free first 7-day boost. */
  amountCents: z.number(),
  /** Null when nothing was charged. */
  paymentId: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** A boost bought while one runs starts when that one ends (it extends it). */
  startsAt: z.string(),
  endsAt: z.string(),
  purchasedAt: z.string(),
});
export type BoostPurchased = { type: 'BoostPurchased'; data: z.infer<typeof boostPurchasedSchema> };

export type BoostEvent = BoostPurchased;
export const boostEventSchemas = {
  BoostPurchased: boostPurchasedSchema,
} as const satisfies EventSchemas<BoostEvent>;
export const BOOST_EVENT_TYPES = ['BoostPurchased'] as const satisfies readonly BoostEvent['type'][];
