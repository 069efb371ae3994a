import type { ProvinceCode } from '../../geo/provinces.ts';
import type { TaxLine } from '../money/sales-tax.ts';

/**
 * The escrow of one job (spec sections 4 and 9): the customer pays upfront, the platform holds
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

export type FeeBasis = {
  reading: 'transaction' | 'arbitration';
  tierId: string;
  rateBps: number;
};

export type EscrowCreated = {
  type: 'EscrowCreated';
  data: {
    jobId: string;
    contractVersion: number;
    customerId: string;
    contractorId: string;
    amountCents: number;
    /** The contractor's province: the sales tax on the fee follows it. */
    contractorProvince: ProvinceCode;
    /** The fee as computed at creation (spec: "calculated when escrow is created"). */
    fee: FeeBasis & { feeCents: number; taxLines: TaxLine[] };
    /** The scheduled start, when the contract has one (cancellation refers to it). */
    startsAt: string | null;
    createdAt: string;
  };
};

export type EscrowFundingFailed = {
  type: 'EscrowFundingFailed';
  data: {
    jobId: string;
    customerId: string;
    code: 'card_declined' | 'insufficient_funds';
    cardLast4: string;
    failedAt: string;
    /** The card on file was charged by a job (a recurring visit): the customer was not there to see it. */
    automatic?: boolean;
  };
};

export type EscrowFunded = {
  type: 'EscrowFunded';
  data: {
    jobId: string;
    customerId: string;
    contractorId: string;
    amountCents: number;
    /** The gateway's charge id: refunds go back to it. */
    paymentId: string;
    cardBrand: string;
    cardLast4: string;
    fundedAt: string;
  };
};

export type WorkMarkedComplete = {
  type: 'WorkMarkedComplete';
  data: {
    jobId: string;
    customerId: string;
    contractorId: string;
    note: string | null;
    completedAt: string;
    autoReleaseAt: string;
  };
};

export type ChangesRequested = {
  type: 'ChangesRequested';
  data: { jobId: string; customerId: string; contractorId: string; note: string; requestedAt: string };
};

/** What leaves the escrow for the contractor, scheduled as a payout (exactly once). */
export type ScheduledPayout = { payoutId: string; amountCents: number; dueOn: string };
/** What goes back to the customer's card (at once). */
export type ScheduledRefund = { refundId: string; paymentId: string; amountCents: number };

export type EscrowReleased = {
  type: 'EscrowReleased';
  data: {
    jobId: string;
    customerId: string;
    contractorId: string;
    trigger: 'approval' | 'auto-release';
    amountCents: number;
    fee: FeeBasis & { feeCents: number; taxLines: TaxLine[] };
    contractorNetCents: number;
    payout: ScheduledPayout;
    releasedAt: string;
  };
};

/** The job was cancelled before anyone paid: nothing moves. */
export type EscrowCancelled = {
  type: 'EscrowCancelled';
  data: { jobId: string; cancelledBy: 'customer' | 'contractor' | 'system'; cancelledAt: string };
};

/** Cancellation after funding: the customer gets the amount less the late fee, which goes to the contractor. */
export type EscrowRefunded = {
  type: 'EscrowRefunded';
  data: {
    jobId: string;
    customerId: string;
    contractorId: string;
    reason: 'cancellation';
    cancelledBy: 'customer' | 'contractor';
    refund: ScheduledRefund;
    /** The late-cancellation fee kept for the contractor (no platform fee: the job was not completed). */
    lateFeeCents: number;
    payout: ScheduledPayout | null;
    refundedAt: string;
  };
};

export type EscrowFrozen = {
  type: 'EscrowFrozen';
  data: { jobId: string; disputeId: string; openedBy: string; frozenAt: string };
};

/** An arbitrator's decision carried out: refund, split or release, with the arbitration fee. */
export type EscrowDistributed = {
  type: 'EscrowDistributed';
  data: {
    jobId: string;
    customerId: string;
    contractorId: string;
    disputeId: string;
    shares: { customerBps: number; contractorBps: number; platformBps: number };
    customerRefundCents: number;
    contractorGrossCents: number;
    platformShareCents: number;
    fee: FeeBasis & { feeCents: number; taxLines: TaxLine[] };
    contractorNetCents: number;
    refund: ScheduledRefund | null;
    payout: ScheduledPayout | null;
    distributedAt: string;
  };
};

/** A hold nearing the 90-day limit goes to an administrator. */
export type EscrowEscalated = {
  type: 'EscrowEscalated';
  data: { jobId: string; reason: 'hold-limit'; heldSince: string; escalatedAt: string };
};

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

export type PayoutSent = {
  type: 'PayoutSent';
  data: {
    payoutId: string;
    jobId: string;
    kind: 'payout' | 'refund';
    recipientId: string;
    amountCents: number;
    gatewayReference: string;
    sentAt: string;
  };
};

export type PayoutEvent = PayoutSent;
