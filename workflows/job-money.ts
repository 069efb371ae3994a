import type { MoneyLocks } from '../shared/db/money-locks.ts';
import { scheduleDecider } from '../shared/domain/booking/decider.ts';
import type { CancelBooking } from '../shared/domain/booking/commands.ts';
import { scheduleStreamId } from '../shared/domain/booking/events.ts';
import { contractDecider, type ContractState } from '../shared/domain/contracts/decider.ts';
import { contractStreamId, type ContractTerms } from '../shared/domain/contracts/events.ts';
import {
  foldEvents,
  handleCommand,
  type CommandContext,
  type Decider,
  type DomainEvent,
} from '../shared/domain/decider.ts';
import { escrowDecider, type CreateEscrow } from '../shared/domain/escrow/decider.ts';
import { escrowStreamId, type EscrowEvent, escrowEventSchemas } from '../shared/domain/escrow/events.ts';
import { ESCROW_MESSAGES } from '../shared/domain/escrow/messages.ts';
import { workOrderDecider, type CancelWorkOrder } from '../shared/domain/work/decider.ts';
import { workOrderStreamId } from '../shared/domain/work/events.ts';
import { NotFoundError, ValidationError } from '../shared/errors.ts';
import type { EventStore, Position } from '../shared/eventstore/types.ts';
import { readEvents } from '../shared/eventstore/typed.ts';
import {
  CardInputError,
  recordChargeOrRefund,
  type CardInput,
  type ChargeResult,
  type PaymentGateway,
} from '../shared/payments/gateway.ts';

/**
 * One decision per job about its money (docs/decisions.md, "One decision per job about its money").
 *
 * A job's money is decided on the job's own stream (the work order or the contractor's calendar),
 * its contract's and its escrow's. Whatever ends a job decides its money FIRST, on the contract's
 * stream while no contract is executed and on the escrow's once one is, and only then records the
 * job's own change; both under the job's money lock. The escrow's append is where a cancellation
 * and a "work complete" meet: the first append wins, the other is decided again on the new state
 * and refused (409). So a cancelled job is refunded in the same request that cancels it, and a job
 * whose work was marked complete can no longer be cancelled (a dispute is the way then).
 *
 * Card charges take the same lock, so a job is never charged while it is being cancelled, and a
 * charge whose record is then refused (the escrow moved on) is refunded before answering.
 */

export type JobMoneyDeps = { store: EventStore; locks: MoneyLocks };

/** Who ended the job, and the late-cancellation fee the booking policy keeps (0 when free). */
export type JobEnding = { jobId: string; cancelledBy: 'customer' | 'contractor'; lateFeeCents: number };

/** The escrow an executed contract opens (the money process creates it too; the second is a no-op). */
export function createEscrowCommand(contract: { version: number; terms: ContractTerms }, now: Date): CreateEscrow {
  const { terms } = contract;
  return {
    type: 'CreateEscrow',
    jobId: terms.jobId,
    contractVersion: contract.version,
    customerId: terms.customer.userId,
    contractorId: terms.contractor.userId,
    amountCents: terms.priceCents!,
    contractorProvince: terms.contractor.province,
    startsAt: terms.schedule?.startsAt ?? null,
    now,
  };
}

/** Whether an executed contract holds money in an escrow of its own (an agreement's visits have theirs). */
const hasEscrow = (contract: Exclude<ContractState, { status: 'none' }>) =>
  contract.terms.jobKind !== 'subscription' && contract.terms.priceCents !== null;

/**
 * The money decision of a job that ends. Before execution the contract is cancelled (or, when none
 * was generated yet, marked so that none will be); after, the escrow is cancelled or refunded, less
 * the kept late fee. Refused with 409 when the escrow no longer holds the money to give back: the
 * work was marked complete, a dispute froze it, or it was released. Idempotent: a job already
 * settled this way answers without appending. Call it holding `locks.job(jobId)`.
 */
export async function settleEndedJob(
  store: EventStore,
  ending: JobEnding,
  context: CommandContext,
): Promise<Position | null> {
  const { jobId } = ending;
  const contract = await handleCommand(
    store,
    contractStreamId(jobId),
    contractDecider,
    { type: 'CancelContract', jobId, now: context.now },
    context,
    { retries: 5 },
  );
  const state = contract.newState;
  if (state.status !== 'executed' || !hasEscrow(state)) return contract.position;
  const stream = escrowStreamId(jobId);
  // The escrow is created by a timer soon after execution; the job may end in that gap.
  await handleCommand(store, stream, escrowDecider, createEscrowCommand(state, context.now), context, { retries: 5 });
  const escrow = await handleCommand(
    store,
    stream,
    escrowDecider,
    {
      type: 'CancelEscrow',
      cancelledBy: ending.cancelledBy,
      lateFeeCents: ending.lateFeeCents,
      now: context.now,
    },
    context,
    { retries: 5 },
  );
  return escrow.position ?? contract.position;
}

/** How often a job's own append is decided again when its stream moved while the money was settled. */
const JOB_STREAM_ATTEMPTS = 20;

/**
 * Appends `command` to the job's own stream after `settle` decided the money, for the state the
 * money was decided on: the command loop hands the state it read to `settle` (the decider's
 * refusals come first, before any money moves) and appends with that state's revision, so a change
 * in between (another booking on the same calendar, an award racing the cancellation) makes the
 * whole step run again on the new state. `settle` is idempotent.
 */
function decideAfterMoney<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  settle: (state: State, events: Event[]) => Promise<unknown>,
  context: CommandContext,
) {
  return handleCommand(
    store,
    streamId,
    decider,
    async (state) => {
      await settle(state, decider.decide(command, state));
      return command;
    },
    context,
    { retries: JOB_STREAM_ATTEMPTS },
  );
}

/**
 * The customer cancels a work order. An awarded one ends its job: the contract or escrow first
 * (refunded at once, keeping the late fees of the order's bookings the customer cancelled late),
 * then the order.
 */
export function cancelWorkOrder(
  deps: JobMoneyDeps,
  command: CancelWorkOrder,
  lateFeeCents: number,
  context: CommandContext,
) {
  const jobId = command.workOrderId;
  return deps.locks.job(jobId, () =>
    decideAfterMoney(
      deps.store,
      workOrderStreamId(jobId),
      workOrderDecider,
      command,
      async (state) =>
        state.status !== 'none' && state.awardedContractorId
          ? settleEndedJob(deps.store, { jobId, cancelledBy: 'customer', lateFeeCents }, context)
          : null,
      context,
    ),
  );
}

/**
 * A party cancels a booking. A direct booking (or a recurring visit) is its own job: its contract
 * or escrow is settled first, keeping the policy's late fee. A work order's booking only leaves the
 * calendar: the order goes on, and keeps the late fee if the order is cancelled later. `jobId` is
 * the booking's job (its work order's id, else its own) and names the lock.
 */
export function cancelBooking(
  deps: JobMoneyDeps,
  target: { contractorId: string; jobId: string },
  command: CancelBooking,
  context: CommandContext,
) {
  return deps.locks.job(target.jobId, () =>
    decideAfterMoney(
      deps.store,
      scheduleStreamId(target.contractorId),
      scheduleDecider,
      command,
      async (state, events) => {
        const cancelled = events.find((event) => event.type === 'BookingCancelled');
        const booking = state.status === 'open' ? state.bookings[command.bookingId] : undefined;
        if (!cancelled || !booking || booking.workOrderId) return null;
        return settleEndedJob(
          deps.store,
          {
            jobId: command.bookingId,
            cancelledBy: cancelled.data.cancelledBy === target.contractorId ? 'contractor' : 'customer',
            lateFeeCents: cancelled.data.lateFeeCents,
          },
          context,
        );
      },
      context,
    ),
  );
}

export type FundingOutcome =
  | { status: 'funded'; position: Position | null }
  | { status: 'failed'; position: Position | null; message: string }
  /** `onlyFirstAttempt` and an earlier attempt failed: the card on file is not charged again. */
  | { status: 'skipped' };

/**
 * What pays an escrow. `attemptKey` names the attempt in the charge's idempotency key
 * (`escrow-<jobId>:<attemptKey>`): the same key never charges twice, whoever repeats it.
 */
export type EscrowPayment =
  /**
   * A card the customer typed at the screen. A number or expiry the gateway cannot take is the
   * customer's to fix: a 400 with the gateway's words, and nothing recorded.
   */
  | { card: CardInput; attemptKey: string }
  /**
   * A card kept on file (`saveCard`). One the gateway no longer takes is a decline like any other:
   * recorded with the card's last four digits, so the customer is told and pays another way.
   */
  | { savedCard: { paymentMethodId: string; last4: string }; attemptKey: string };

/** The charge of `payment`, a card the gateway cannot take mapped as EscrowPayment says. */
async function chargeFor(
  gateway: PaymentGateway,
  payment: EscrowPayment,
  charge: { amountCents: number; idempotencyKey: string; description: string },
): Promise<ChargeResult> {
  if ('card' in payment) {
    try {
      return await gateway.charge({ ...charge, card: payment.card });
    } catch (error) {
      if (error instanceof CardInputError) throw new ValidationError(error.message);
      throw error;
    }
  }
  try {
    return await gateway.chargeSaved({ ...charge, paymentMethodId: payment.savedCard.paymentMethodId });
  } catch (error) {
    if (!(error instanceof CardInputError)) throw error;
    return { ok: false, code: 'card_declined', last4: payment.savedCard.last4, message: error.message };
  }
}

/**
 * Pays an escrow: the decider's checks, the charge, then its record, under the job's lock. The
 * amount is the escrow's (the signed contract's), never the caller's. A declined charge is
 * recorded with its reason (`failed`, with the position of that record); a refused record (the
 * job was cancelled between the check and the append, which the lock makes rare) refunds the
 * charge before the error goes on. The one way an escrow is funded: the customer's payment
 * (`POST /api/escrows/:jobId/fund`) and the recurring visits' charges on the card on file
 * (recurring-jobs.ts).
 */
export function fundEscrow(
  deps: JobMoneyDeps & { gateway: PaymentGateway },
  input: {
    jobId: string;
    /** The customer the charge is for (the decider checks they are the escrow's). */
    actorId: string;
    payment: EscrowPayment;
    /** The charge's description at the gateway (what the customer's statement shows). */
    description: string;
    /** A charge on the card on file by a timer, not by the customer at the screen. */
    automatic?: boolean;
    onlyFirstAttempt?: boolean;
  },
  context: CommandContext,
): Promise<FundingOutcome> {
  const stream = escrowStreamId(input.jobId);
  return deps.locks.job(input.jobId, async () => {
    const recorded = await readEvents<EscrowEvent>(deps.store, stream, escrowEventSchemas);
    const state = foldEvents(escrowDecider, recorded);
    if (state.status === 'none') throw new NotFoundError(ESCROW_MESSAGES.notFound);
    if (input.onlyFirstAttempt && recorded.some((event) => event.type === 'EscrowFundingFailed')) {
      return { status: 'skipped' };
    }
    const record = (paymentId: string, cardBrand: string, cardLast4: string) =>
      ({
        type: 'RecordFunding',
        actorId: input.actorId,
        amountCents: state.amountCents,
        paymentId,
        cardBrand,
        cardLast4,
        now: context.now,
      }) as const;
    // Who pays, and that nothing was paid yet, before any money moves.
    escrowDecider.decide(record('check', '', ''), state);
    const charge = await chargeFor(deps.gateway, input.payment, {
      amountCents: state.amountCents,
      idempotencyKey: `${stream}:${input.payment.attemptKey}`,
      description: input.description,
    });
    if (!charge.ok) {
      const failed = await handleCommand(
        deps.store,
        stream,
        escrowDecider,
        {
          type: 'RecordFundingFailure',
          actorId: input.actorId,
          code: charge.code,
          cardLast4: charge.last4,
          ...(input.automatic ? { automatic: true } : {}),
          now: context.now,
        },
        context,
      );
      return { status: 'failed', position: failed.position, message: charge.message };
    }
    const funded = await recordChargeOrRefund(
      deps.gateway,
      { paymentId: charge.paymentId, amountCents: state.amountCents },
      () =>
        handleCommand(
          deps.store,
          stream,
          escrowDecider,
          record(charge.paymentId, charge.brand, charge.last4),
          context,
          { retries: 5 },
        ),
    );
    return { status: 'funded', position: funded.position };
  });
}
