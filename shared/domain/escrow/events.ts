import { z } from 'zod';
import { provinceCodes } from '../../geo/provinces.ts';
import type { EventSchemas } from '../event-schema.ts';
import type { TaxLine } from '../money/sales-tax.ts';

/**
 * The escrow of one job (docs/product.md#escrow): the customer pays upfront, the platform holds
 * the money, and it leaves only as a release to the contractor, a refund to the customer or a
 * split decided by an arbitrator. One stream per job, `escrow-<jobId>`, hash-chained
 * (shared/eventstore/hash-chain.ts) so auditors can replay and verify it.
 *
 * Every event that moves money out says where each cent goes, and the amounts always add up to
 * what was funded: to the contractor (net), to the customer (refund) and to the platform (fee,
 * tax on the fee, and an arbitration outcome's platform share). shared/domain/escrow/money.ts
 * computes them; a property test keeps the sum.
 *
 * This file is the contract other modules read (disputes, payouts, dashboards, audit): add events
 * or optional fields, never change the meaning of an existing one.
 */
export const escrowStreamId = (jobId: string) => `escrow-${jobId}`;

export const feeBasisSchema = z.object({
  reading: z.enum(['transaction', 'arbitration']),
  tierId: z.string(),
  rateBps: z.number(),
});
export type FeeBasis = z.infer<typeof feeBasisSchema>;

/** One sales-tax line on the fee (shared/domain/money/sales-tax.ts's `TaxLine`). */
export const taxLineSchema = z.object({
  code: z.enum(['GST', 'HST', 'PST', 'RST', 'QST']),
  ratePcm: z.number(),
  cents: z.number(),
}) satisfies z.ZodType<TaxLine>;

/** The fee as charged: its basis, its amount and the tax on it. */
export const feeSchema = feeBasisSchema.extend({ feeCents: z.number(), taxLines: z.array(taxLineSchema) });

/** Basis points of the escrowed amount: whole numbers that add up to 10,000 (escrow/money.ts's `Shares`). */
export const sharesSchema = z.object({ customerBps: z.number(), contractorBps: z.number(), platformBps: z.number() });

export const escrowCreatedSchema = z.object({
  jobId: z.string(),
  contractVersion: z.number(),
  customerId: z.string(),
  contractorId: z.string(),
  amountCents: z.number(),
  /** The contractor's province: the sales tax on the fee follows it. */
  contractorProvince: z.enum(provinceCodes),
  /** The fee as computed at creation (docs/product.md#escrow: "calculated when escrow is created"). */
  fee: feeSchema,
  /** The scheduled start, when the contract has one (cancellation refers to it). */
  startsAt: z.string().nullable(),
  createdAt: z.string(),
});
export type EscrowCreated = { type: 'EscrowCreated'; data: z.infer<typeof escrowCreatedSchema> };

export const escrowFundingFailedSchema = z.object({
  jobId: z.string(),
  customerId: z.string(),
  code: z.enum(['card_declined', 'insufficient_funds']),
  cardLast4: z.string(),
  failedAt: z.string(),
  /** The card on file was charged by a job (a recurring visit): the customer was not there to see it. */
  automatic: z.boolean().optional(),
});
export type EscrowFundingFailed = { type: 'EscrowFundingFailed'; data: z.infer<typeof escrowFundingFailedSchema> };

export const escrowFundedSchema = z.object({
  jobId: z.string(),
  customerId: z.string(),
  contractorId: z.string(),
  amountCents: z.number(),
  /** The gateway's charge id: refunds go back to it. */
  paymentId: z.string(),
  cardBrand: z.string(),
  cardLast4: z.string(),
  fundedAt: z.string(),
});
export type EscrowFunded = { type: 'EscrowFunded'; data: z.infer<typeof escrowFundedSchema> };

export const workMarkedCompleteSchema = z.object({
  jobId: z.string(),
  customerId: z.string(),
  contractorId: z.string(),
  note: z.string().nullable(),
  completedAt: z.string(),
  autoReleaseAt: z.string(),
});
export type WorkMarkedComplete = { type: 'WorkMarkedComplete'; data: z.infer<typeof workMarkedCompleteSchema> };

export const changesRequestedSchema = z.object({
  jobId: z.string(),
  customerId: z.string(),
  contractorId: z.string(),
  note: z.string(),
  requestedAt: z.string(),
});
export type ChangesRequested = { type: 'ChangesRequested'; data: z.infer<typeof changesRequestedSchema> };

/** What leaves the escrow for the contractor, scheduled as a payout (exactly once). */
export const scheduledPayoutSchema = z.object({ payoutId: z.string(), amountCents: z.number(), dueOn: z.string() });
export type ScheduledPayout = z.infer<typeof scheduledPayoutSchema>;
/** What goes back to the customer's card (at once). */
export const scheduledRefundSchema = z.object({ refundId: z.string(), paymentId: z.string(), amountCents: z.number() });
export type ScheduledRefund = z.infer<typeof scheduledRefundSchema>;

export const escrowReleasedSchema = z.object({
  jobId: z.string(),
  customerId: z.string(),
  contractorId: z.string(),
  trigger: z.enum(['approval', 'auto-release']),
  amountCents: z.number(),
  fee: feeSchema,
  contractorNetCents: z.number(),
  payout: scheduledPayoutSchema,
  releasedAt: z.string(),
});
export type EscrowReleased = { type: 'EscrowReleased'; data: z.infer<typeof escrowReleasedSchema> };

/** The job was cancelled before anyone paid: nothing moves. */
export const escrowCancelledSchema = z.object({
  jobId: z.string(),
  cancelledBy: z.enum(['customer', 'contractor', 'system']),
  cancelledAt: z.string(),
});
export type EscrowCancelled = { type: 'EscrowCancelled'; data: z.infer<typeof escrowCancelledSchema> };

/** Cancellation after funding: the customer gets the amount less the late fee, which goes to the contractor. */
export const escrowRefundedSchema = z.object({
  jobId: z.string(),
  customerId: z.string(),
  contractorId: z.string(),
  reason: z.literal('cancellation'),
  cancelledBy: z.enum(['customer', 'contractor']),
  refund: scheduledRefundSchema,
  /** The late-cancellation fee kept for the contractor (no platform fee: the job was not completed). */
  lateFeeCents: z.number(),
  payout: scheduledPayoutSchema.nullable(),
  refundedAt: z.string(),
});
export type EscrowRefunded = { type: 'EscrowRefunded'; data: z.infer<typeof escrowRefundedSchema> };

export const escrowFrozenSchema = z.object({
  jobId: z.string(),
  disputeId: z.string(),
  openedBy: z.string(),
  frozenAt: z.string(),
});
export type EscrowFrozen = { type: 'EscrowFrozen'; data: z.infer<typeof escrowFrozenSchema> };

/** An arbitrator's decision carried out: refund, split or release, with the arbitration fee. */
export const escrowDistributedSchema = z.object({
  jobId: z.string(),
  customerId: z.string(),
  contractorId: z.string(),
  disputeId: z.string(),
  shares: sharesSchema,
  customerRefundCents: z.number(),
  contractorGrossCents: z.number(),
  platformShareCents: z.number(),
  fee: feeSchema,
  contractorNetCents: z.number(),
  refund: scheduledRefundSchema.nullable(),
  payout: scheduledPayoutSchema.nullable(),
  distributedAt: z.string(),
});
export type EscrowDistributed = { type: 'EscrowDistributed'; data: z.infer<typeof escrowDistributedSchema> };

/** A hold nearing the 90-day limit goes to an administrator. */
export const escrowEscalatedSchema = z.object({
  jobId: z.string(),
  reason: z.literal('hold-limit'),
  heldSince: z.string(),
  escalatedAt: z.string(),
});
export type EscrowEscalated = { type: 'EscrowEscalated'; data: z.infer<typeof escrowEscalatedSchema> };

export type EscrowEvent =
  | EscrowCreated
  | EscrowFundingFailed
  | EscrowFunded
  | WorkMarkedComplete
  | ChangesRequested
  | EscrowReleased
  | EscrowCancelled
  | EscrowRefunded
  | EscrowFrozen
  | EscrowDistributed
  | EscrowEscalated;

export const escrowEventSchemas = {
  EscrowCreated: escrowCreatedSchema,
  EscrowFundingFailed: escrowFundingFailedSchema,
  EscrowFunded: escrowFundedSchema,
  WorkMarkedComplete: workMarkedCompleteSchema,
  ChangesRequested: changesRequestedSchema,
  EscrowReleased: escrowReleasedSchema,
  EscrowCancelled: escrowCancelledSchema,
  EscrowRefunded: escrowRefundedSchema,
  EscrowFrozen: escrowFrozenSchema,
  EscrowDistributed: escrowDistributedSchema,
  EscrowEscalated: escrowEscalatedSchema,
} as const satisfies EventSchemas<EscrowEvent>;

export const ESCROW_EVENT_TYPES = [
  'EscrowCreated',
  'EscrowFundingFailed',
  'EscrowFunded',
  'WorkMarkedComplete',
  'ChangesRequested',
  'EscrowReleased',
  'EscrowCancelled',
  'EscrowRefunded',
  'EscrowFrozen',
  'EscrowDistributed',
  'EscrowEscalated',
] as const satisfies readonly EscrowEvent['type'][];

/** Payouts: one stream per payout or refund, `payout-<id>`, so sending it is recorded once. */
export const payoutStreamId = (payoutId: string) => `payout-${payoutId}`;

export const payoutSentSchema = z.object({
  payoutId: z.string(),
  jobId: z.string(),
  kind: z.enum(['payout', 'refund']),
  recipientId: z.string(),
  amountCents: z.number(),
  gatewayReference: z.string(),
  sentAt: z.string(),
});
export type PayoutSent = { type: 'PayoutSent'; data: z.infer<typeof payoutSentSchema> };

export type PayoutEvent = PayoutSent;

export const payoutEventSchemas = {
  PayoutSent: payoutSentSchema,
} as const satisfies EventSchemas<PayoutEvent>;
