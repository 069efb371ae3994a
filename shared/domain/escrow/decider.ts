import { escrowEventSchemas } from './events.ts';
import { DateTime } from 'luxon';
import type { ProvinceCode } from '../../geo/provinces.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { ESCROW_TIMERS } from '../contracts/template.ts';
import { payoutDueDate } from '../money/business-days.ts';
import type { Decider } from '../decider.ts';
import type { EscrowEvent } from './events.ts';
import { ESCROW_MESSAGES as M } from './messages.ts';
import {
  arbitratedBreakdown,
  cancellationBreakdown,
  feeWithTax,
  releaseBreakdown,
  sharesAreValid,
  type Shares,
} from './money.ts';

export type CreateEscrow = {
  type: 'CreateEscrow';
  jobId: string;
  contractVersion: number;
  customerId: string;
  contractorId: string;
  amountCents: number;
  contractorProvince: ProvinceCode;
  startsAt: string | null;
  now: Date;
};

/** The gateway charged the card (the handler charged it first, under the escrow's lock). */
export type RecordFunding = {
  type: 'RecordFunding';
  actorId: string;
  amountCents: number;
  paymentId: string;
  cardBrand: string;
  cardLast4: string;
  now: Date;
};

export type RecordFundingFailure = {
  type: 'RecordFundingFailure';
  actorId: string;
  code: 'card_declined' | 'insufficient_funds';
  cardLast4: string;
  /** The card on file was charged by a job (a recurring visit), not by the customer at the screen. */
  automatic?: boolean;
  now: Date;
};

export type MarkWorkComplete = { type: 'MarkWorkComplete'; actorId: string; note: string | null; now: Date };
export type ApproveWork = { type: 'ApproveWork'; actorId: string; now: Date };
export type RequestChanges = { type: 'RequestChanges'; actorId: string; note: string; now: Date };
export type AutoRelease = { type: 'AutoRelease'; now: Date };
export type CancelEscrow = {
  type: 'CancelEscrow';
  cancelledBy: 'customer' | 'contractor' | 'system';
  /** The booking's late-cancellation fee (shared/domain/booking/policy.ts), 0 when free. */
  lateFeeCents: number;
  now: Date;
};
export type FreezeEscrow = { type: 'FreezeEscrow'; disputeId: string; actorId: string; now: Date };
export type DistributeEscrow = { type: 'DistributeEscrow'; disputeId: string; shares: Shares; now: Date };
export type EscalateHold = { type: 'EscalateHold'; now: Date };

export type EscrowCommand =
  | CreateEscrow
  | RecordFunding
  | RecordFundingFailure
  | MarkWorkComplete
  | ApproveWork
  | RequestChanges
  | AutoRelease
  | CancelEscrow
  | FreezeEscrow
  | DistributeEscrow
  | EscalateHold;

export type EscrowStatus =
  'awaiting-funding' | 'funded' | 'completed' | 'frozen' | 'released' | 'refunded' | 'cancelled' | 'distributed';

export type EscrowState =
  | { status: 'none' }
  | {
      status: EscrowStatus;
      jobId: string;
      customerId: string;
      contractorId: string;
      amountCents: number;
      contractorProvince: ProvinceCode;
      startsAt: string | null;
      paymentId: string | null;
      fundedAt: string | null;
      completedAt: string | null;
      disputeId: string | null;
      escalatedAt: string | null;
      /** Cents paid in, and cents that left (to anyone): equal once the escrow is closed. */
      paidInCents: number;
      paidOutCents: number;
    };

export const contractorPayoutId = (jobId: string) => `${jobId}-contractor`;
export const customerRefundId = (jobId: string) => `${jobId}-customer`;

const DAY_MS = 86_400_000;

const initialState = (): EscrowState => ({ status: 'none' });

function evolve(state: EscrowState, event: EscrowEvent): EscrowState {
  if (event.type === 'EscrowCreated') {
    const d = event.data;
    return {
      status: 'awaiting-funding',
      jobId: d.jobId,
      customerId: d.customerId,
      contractorId: d.contractorId,
      amountCents: d.amountCents,
      contractorProvince: d.contractorProvince,
      startsAt: d.startsAt,
      paymentId: null,
      fundedAt: null,
      completedAt: null,
      disputeId: null,
      escalatedAt: null,
      paidInCents: 0,
      paidOutCents: 0,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'EscrowFundingFailed':
      return state;
    case 'EscrowFunded':
      return {
        ...state,
        status: 'funded',
        paymentId: event.data.paymentId,
        fundedAt: event.data.fundedAt,
        paidInCents: state.paidInCents + event.data.amountCents,
      };
    case 'WorkMarkedComplete':
      return { ...state, status: 'completed', completedAt: event.data.completedAt };
    case 'ChangesRequested':
      return { ...state, status: 'funded', completedAt: null };
    case 'EscrowReleased':
      return { ...state, status: 'released', paidOutCents: state.paidOutCents + event.data.amountCents };
    case 'EscrowCancelled':
      return { ...state, status: 'cancelled' };
    case 'EscrowRefunded':
      return {
        ...state,
        status: 'refunded',
        paidOutCents: state.paidOutCents + event.data.refund.amountCents + event.data.lateFeeCents,
      };
    case 'EscrowFrozen':
      return { ...state, status: 'frozen', disputeId: event.data.disputeId };
    case 'EscrowDistributed': {
      const d = event.data;
      return {
        ...state,
        status: 'distributed',
        paidOutCents: state.paidOutCents + d.customerRefundCents + d.platformShareCents + d.contractorGrossCents,
      };
    }
    case 'EscrowEscalated':
      return { ...state, escalatedAt: event.data.escalatedAt };
  }
}

type Open = Exclude<EscrowState, { status: 'none' }>;

/** The 409 for a command that needs money still held, by what became of it. */
function closedConflict(state: Open): ConflictError | null {
  switch (state.status) {
    case 'released':
      return new ConflictError(M.alreadyReleased);
    case 'refunded':
      return new ConflictError(M.alreadyRefunded);
    case 'cancelled':
      return new ConflictError(M.alreadyCancelled);
    case 'distributed':
      return new ConflictError(M.alreadyDistributed);
    default:
      return null;
  }
}

function requireHeld(state: Open, allowed: EscrowStatus[]) {
  const closed = closedConflict(state);
  if (closed) throw closed;
  if (state.status === 'frozen' && !allowed.includes('frozen')) throw new ConflictError(M.frozen);
  if (state.status === 'awaiting-funding' && !allowed.includes('awaiting-funding')) {
    throw new ConflictError(M.notFunded);
  }
}

/** Every command but CreateEscrow acts on an escrow that exists. */
function requireCreated(state: EscrowState): asserts state is Open {
  if (state.status === 'none') throw new NotFoundError(M.notFound);
}

/** The guard of both outcomes of a charge: the customer's, on an escrow still awaiting its money. */
function requireAwaitingFunding(state: Open, actorId: string) {
  if (actorId !== state.customerId) throw new ForbiddenError(M.customerOnly);
  if (state.status !== 'awaiting-funding') throw closedConflict(state) ?? new ConflictError(M.alreadyFunded);
}

/** The guard of both answers to completed work: the customer's, on money still held. */
function requireAwaitingApproval(state: Open, actorId: string) {
  if (actorId !== state.customerId) throw new ForbiddenError(M.customerOnly);
  requireHeld(state, []);
  if (state.status !== 'completed') throw new ConflictError(M.notCompleted);
}

function decide(command: EscrowCommand, state: EscrowState): EscrowEvent[] {
  const now = command.now.toISOString();
  switch (command.type) {
    case 'CreateEscrow':
      return createEscrow(command, state, now);
    case 'RecordFunding':
      return recordFunding(command, state, now);
    case 'RecordFundingFailure':
      return recordFundingFailure(command, state, now);
    case 'MarkWorkComplete':
      return markWorkComplete(command, state, now);
    case 'RequestChanges':
      return requestChanges(command, state, now);
    case 'ApproveWork':
      return approveWork(command, state);
    case 'AutoRelease':
      return autoRelease(command, state);
    case 'CancelEscrow':
      return cancelEscrow(command, state, now);
    case 'FreezeEscrow':
      return freezeEscrow(command, state, now);
    case 'DistributeEscrow':
      return distributeEscrow(command, state, now);
    case 'EscalateHold':
      return escalateHold(command, state, now);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${String((unknown as { type: string }).type)}`);
    }
  }
}

function createEscrow(command: CreateEscrow, state: EscrowState, now: string): EscrowEvent[] {
  // Created when the contract is executed, by a job that may run twice: once is enough.
  if (state.status !== 'none') return [];
  const fee = feeWithTax({
    reading: 'transaction',
    jobValueCents: command.amountCents,
    baseCents: command.amountCents,
    province: command.contractorProvince,
    at: command.now,
  });
  return [
    {
      type: 'EscrowCreated',
      data: {
        jobId: command.jobId,
        contractVersion: command.contractVersion,
        customerId: command.customerId,
        contractorId: command.contractorId,
        amountCents: command.amountCents,
        contractorProvince: command.contractorProvince,
        fee,
        startsAt: command.startsAt,
        createdAt: now,
      },
    },
  ];
}

function recordFunding(command: RecordFunding, state: EscrowState, now: string): EscrowEvent[] {
  requireCreated(state);
  requireAwaitingFunding(state, command.actorId);
  if (command.amountCents !== state.amountCents) throw new ConflictError(M.amountMismatch);
  return [
    {
      type: 'EscrowFunded',
      data: {
        jobId: state.jobId,
        customerId: state.customerId,
        contractorId: state.contractorId,
        amountCents: command.amountCents,
        paymentId: command.paymentId,
        cardBrand: command.cardBrand,
        cardLast4: command.cardLast4,
        fundedAt: now,
      },
    },
  ];
}

function recordFundingFailure(command: RecordFundingFailure, state: EscrowState, now: string): EscrowEvent[] {
  requireCreated(state);
  requireAwaitingFunding(state, command.actorId);
  return [
    {
      type: 'EscrowFundingFailed',
      data: {
        jobId: state.jobId,
        customerId: state.customerId,
        code: command.code,
        cardLast4: command.cardLast4,
        failedAt: now,
        ...(command.automatic ? { automatic: true } : {}),
      },
    },
  ];
}

function markWorkComplete(command: MarkWorkComplete, state: EscrowState, now: string): EscrowEvent[] {
  requireCreated(state);
  if (command.actorId !== state.contractorId) throw new ForbiddenError(M.contractorOnly);
  requireHeld(state, []);
  if (state.status === 'completed') throw new ConflictError(M.alreadyCompleted);
  return [
    {
      type: 'WorkMarkedComplete',
      data: {
        jobId: state.jobId,
        customerId: state.customerId,
        contractorId: state.contractorId,
        note: command.note,
        completedAt: now,
        autoReleaseAt: autoReleaseAt(now),
      },
    },
  ];
}

function requestChanges(command: RequestChanges, state: EscrowState, now: string): EscrowEvent[] {
  requireCreated(state);
  requireAwaitingApproval(state, command.actorId);
  const note = command.note.trim();
  if (note.length < 1 || note.length > 2_000) throw new ValidationError(M.changesNote);
  return [
    {
      type: 'ChangesRequested',
      data: {
        jobId: state.jobId,
        customerId: state.customerId,
        contractorId: state.contractorId,
        note,
        requestedAt: now,
      },
    },
  ];
}

function approveWork(command: ApproveWork, state: EscrowState): EscrowEvent[] {
  requireCreated(state);
  requireAwaitingApproval(state, command.actorId);
  return [release(state, 'approval', command.now)];
}

function autoRelease(command: AutoRelease, state: EscrowState): EscrowEvent[] {
  requireCreated(state);
  requireHeld(state, []);
  if (state.status !== 'completed' || !state.completedAt) throw new ConflictError(M.notCompleted);
  if (command.now.getTime() < Date.parse(autoReleaseAt(state.completedAt))) {
    throw new ConflictError(M.notDueForAutoRelease);
  }
  return [release(state, 'auto-release', command.now)];
}

function cancelEscrow(command: CancelEscrow, state: EscrowState, now: string): EscrowEvent[] {
  requireCreated(state);
  const { jobId } = state;
  const closed = closedConflict(state);
  // A job cancelled twice (a retried tick) finds its escrow already closed by the first.
  if (state.status === 'cancelled' || state.status === 'refunded') return [];
  if (closed) throw closed;
  if (state.status === 'frozen') throw new ConflictError(M.frozen);
  if (state.status === 'completed') throw new ConflictError(M.workAlreadyDone);
  if (state.status === 'awaiting-funding') {
    return [{ type: 'EscrowCancelled', data: { jobId, cancelledBy: command.cancelledBy, cancelledAt: now } }];
  }
  const cancelledBy = command.cancelledBy === 'contractor' ? 'contractor' : 'customer';
  // Only the customer's late cancellation costs anything (the booking policy says so too).
  const lateFee = cancelledBy === 'customer' ? command.lateFeeCents : 0;
  const split = cancellationBreakdown(state.amountCents, lateFee);
  return [
    {
      type: 'EscrowRefunded',
      data: {
        jobId,
        customerId: state.customerId,
        contractorId: state.contractorId,
        reason: 'cancellation',
        cancelledBy,
        refund: { refundId: customerRefundId(jobId), paymentId: state.paymentId!, amountCents: split.refundCents },
        lateFeeCents: split.contractorCents,
        payout:
          split.contractorCents > 0
            ? {
                payoutId: contractorPayoutId(jobId),
                amountCents: split.contractorCents,
                dueOn: payoutDueDate(command.now),
              }
            : null,
        refundedAt: now,
      },
    },
  ];
}

function freezeEscrow(command: FreezeEscrow, state: EscrowState, now: string): EscrowEvent[] {
  requireCreated(state);
  if (command.actorId !== state.customerId && command.actorId !== state.contractorId) {
    throw new ForbiddenError(M.notAParty);
  }
  if (state.status === 'frozen') {
    if (state.disputeId === command.disputeId) return [];
    throw new ConflictError(M.otherDispute);
  }
  const closed = closedConflict(state);
  if (closed) throw closed;
  if (state.status === 'awaiting-funding') throw new ConflictError(M.notHeld);
  return [
    {
      type: 'EscrowFrozen',
      data: { jobId: state.jobId, disputeId: command.disputeId, openedBy: command.actorId, frozenAt: now },
    },
  ];
}

function distributeEscrow(command: DistributeEscrow, state: EscrowState, now: string): EscrowEvent[] {
  requireCreated(state);
  const { jobId } = state;
  if (state.status === 'distributed' && state.disputeId === command.disputeId) return [];
  const closed = closedConflict(state);
  if (closed) throw closed;
  if (state.status !== 'frozen') throw new ConflictError(M.notFrozen);
  if (state.disputeId !== command.disputeId) throw new ConflictError(M.otherDispute);
  if (!sharesAreValid(command.shares)) throw new ValidationError(M.shares);
  const split = arbitratedBreakdown(state.amountCents, command.shares, state.contractorProvince, command.now);
  return [
    {
      type: 'EscrowDistributed',
      data: {
        jobId,
        customerId: state.customerId,
        contractorId: state.contractorId,
        disputeId: command.disputeId,
        shares: command.shares,
        customerRefundCents: split.customerRefundCents,
        contractorGrossCents: split.contractorGrossCents,
        platformShareCents: split.platformShareCents,
        fee: split.fee,
        contractorNetCents: split.contractorNetCents,
        refund:
          split.customerRefundCents > 0
            ? {
                refundId: customerRefundId(jobId),
                paymentId: state.paymentId!,
                amountCents: split.customerRefundCents,
              }
            : null,
        payout:
          split.contractorNetCents > 0
            ? {
                payoutId: contractorPayoutId(jobId),
                amountCents: split.contractorNetCents,
                dueOn: payoutDueDate(command.now),
              }
            : null,
        distributedAt: now,
      },
    },
  ];
}

function escalateHold(command: EscalateHold, state: EscrowState, now: string): EscrowEvent[] {
  requireCreated(state);
  if (state.escalatedAt) throw new ConflictError(M.alreadyEscalated);
  const held = state.status === 'funded' || state.status === 'completed' || state.status === 'frozen';
  if (!held || !state.fundedAt) throw closedConflict(state) ?? new ConflictError(M.notFunded);
  const due = new Date(state.fundedAt).getTime() + ESCROW_TIMERS.escalateAfterDays * DAY_MS;
  if (command.now.getTime() < due) throw new ConflictError(M.notDueForEscalation);
  return [
    {
      type: 'EscrowEscalated',
      data: { jobId: state.jobId, reason: 'hold-limit', heldSince: state.fundedAt, escalatedAt: now },
    },
  ];
}

function release(state: Open, trigger: 'approval' | 'auto-release', at: Date): EscrowEvent {
  const { fee, contractorNetCents } = releaseBreakdown(state.amountCents, state.contractorProvince, at);
  return {
    type: 'EscrowReleased',
    data: {
      jobId: state.jobId,
      customerId: state.customerId,
      contractorId: state.contractorId,
      trigger,
      amountCents: state.amountCents,
      fee,
      contractorNetCents,
      payout: { payoutId: contractorPayoutId(state.jobId), amountCents: contractorNetCents, dueOn: payoutDueDate(at) },
      releasedAt: at.toISOString(),
    },
  };
}

export const escrowDecider: Decider<EscrowState, EscrowCommand, EscrowEvent> = {
  eventSchemas: escrowEventSchemas,
  initialState,
  evolve,
  decide,
};

/** When completed work's escrow releases on its own: the one rule the decider and the pages use. */
export function autoReleaseAt(completedAt: string): string {
  return DateTime.fromISO(completedAt, { zone: 'utc' }).plus({ days: ESCROW_TIMERS.autoReleaseDays }).toUTC().toISO()!;
}
