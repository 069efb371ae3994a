import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inProcessMoneyLocks } from '../shared/db/money-locks.ts';
import { contractDecider } from '../shared/domain/contracts/decider.ts';
import { contractStreamId, type ContractTerms } from '../shared/domain/contracts/events.ts';
import { foldEvents, handleCommand, type CommandContext } from '../shared/domain/decider.ts';
import { escrowDecider, type EscrowState } from '../shared/domain/escrow/decider.ts';
import { escrowStreamId, type EscrowEvent } from '../shared/domain/escrow/events.ts';
import { workOrderDecider, type WorkOrderState } from '../shared/domain/work/decider.ts';
import { workOrderStreamId, type WorkOrderEvent } from '../shared/domain/work/events.ts';
import { AppError, ValidationError } from '../shared/errors.ts';
import type { EventStore } from '../shared/eventstore/types.ts';
import { createSandboxGateway, GATEWAY_MESSAGES, SANDBOX_CARDS } from '../shared/payments/gateway.ts';
import { memoryEventStore } from '../tests/support/memory-event-store.ts';
import { cancelWorkOrder, createEscrowCommand, fundEscrow } from './job-money.ts';

/**
 * One decision per job about its money, over random interleavings: the customer cancelling an
 * awarded job, the contractor marking it complete, the customer approving and (for a job not paid
 * yet) paying, each sent several times at once, with fast-check's scheduler choosing the order of
 * every read and append of the event store. Whatever the order, the job ends one way:
 *
 * - cancelled: the work order is cancelled, and the escrow refunded in full (or cancelled before
 *   it was paid), with no payout; no "work complete" was accepted;
 * - or completed: the work order stands, no cancellation was accepted, and nothing was refunded;
 *
 * and money is conserved: what the card was charged (less what was refunded at once) is what the
 * escrow holds or paid out, to the cent.
 */

const customer = 'c0000000-0000-4000-8000-000000000001';
const contractor = 'c0000000-0000-4000-8000-000000000002';
const PRICE = 65_000;
const t0 = new Date('2026-06-01T14:00:00.000Z');

const context = (actorId: string | null): CommandContext => ({ actorId, correlationId: randomUUID(), now: t0 });

/** An urgent job awarded at its price, its contract executed and its escrow created (and paid, if `funded`). */
async function awardedJob(store: EventStore, jobId: string, funded: boolean) {
  await handleCommand(
    store,
    workOrderStreamId(jobId),
    workOrderDecider,
    {
      type: 'AwardUrgentJob',
      workOrderId: jobId,
      customerId: customer,
      contractorId: contractor,
      details: {
        title: 'Burst pipe under the sink',
        description: 'Water under the kitchen sink, the shut-off valve holds for now.',
        category: 'cleaning',
        service: null,
        location: null,
        remote: true,
        budgetMinCents: PRICE,
        budgetMaxCents: PRICE,
        preferredDates: [],
        photos: [],
      },
      now: t0,
    },
    context(customer),
  );
  const terms = {
    jobId,
    jobKind: 'work-order',
    title: 'Burst pipe under the sink',
    scope: 'Replace the trap and the valve.',
    priceCents: PRICE,
    schedule: null,
    customer: { userId: customer, province: 'ON' },
    contractor: { userId: contractor, province: 'ON' },
    governingProvince: 'ON',
  } as ContractTerms;
  const generated = await handleCommand(
    store,
    contractStreamId(jobId),
    contractDecider,
    { type: 'GenerateContract', terms, now: t0 },
    context(null),
  );
  const state = generated.newState;
  if (state.status === 'none') throw new Error('no contract');
  await store.append(contractStreamId(jobId), [
    {
      type: 'ContractExecuted',
      data: {
        jobId,
        version: 1,
        textHash: state.textHash,
        customerId: customer,
        contractorId: contractor,
        executedAt: t0.toISOString(),
      },
    },
  ]);
  await handleCommand(store, escrowStreamId(jobId), escrowDecider, createEscrowCommand(state, t0), context(null));
  if (funded) {
    await handleCommand(
      store,
      escrowStreamId(jobId),
      escrowDecider,
      {
        type: 'RecordFunding',
        actorId: customer,
        amountCents: PRICE,
        paymentId: `setup-${jobId}`,
        cardBrand: 'visa',
        cardLast4: '4242',
        now: t0,
      },
      context(customer),
    );
  }
}

type Move = 'cancel' | 'complete' | 'approve' | 'fund';
const moves = fc.array(fc.constantFrom<Move>('cancel', 'cancel', 'complete', 'complete', 'approve', 'fund'), {
  minLength: 2,
  maxLength: 8,
});

describe('one decision per job about its money', () => {
  it('never both cancels and completes a job, refunds a cancelled one in full and conserves money', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), moves, fc.boolean(), async (scheduler, sequence, startFunded) => {
        const setup = memoryEventStore();
        const jobId = randomUUID();
        await awardedJob(setup, jobId, startFunded);
        // The same log, each read and append now released in the order the scheduler picks.
        const store = Object.assign(Object.create(setup) as EventStore, {
          append: async (...args: Parameters<EventStore['append']>) => {
            await scheduler.schedule(Promise.resolve(), `append ${args[0]}`);
            return setup.append(...args);
          },
          readStream: async (...args: Parameters<EventStore['readStream']>) => {
            await scheduler.schedule(Promise.resolve(), `read ${args[0]}`);
            return setup.readStream(...args);
          },
        });
        const gateway = createSandboxGateway();
        const deps = { store, locks: inProcessMoneyLocks(), gateway };
        const won: Record<Move, number> = { cancel: 0, complete: 0, approve: 0, fund: 0 };

        const perform = async (move: Move, index: number) => {
          try {
            if (move === 'cancel') {
              await cancelWorkOrder(
                deps,
                {
                  type: 'CancelWorkOrder',
                  workOrderId: jobId,
                  actorId: customer,
                  reason: null,
                  hasActiveBooking: false,
                  now: t0,
                },
                0,
                context(customer),
              );
              won.cancel += 1;
            } else if (move === 'fund') {
              const outcome = await fundEscrow(
                deps,
                {
                  jobId,
                  actorId: customer,
                  payment: {
                    card: { number: SANDBOX_CARDS.success, expMonth: 12, expYear: 2099, cvc: '123' },
                    attemptKey: `pay-${index}`,
                  },
                  description: 'test',
                },
                context(customer),
              );
              if (outcome.status === 'funded') won.fund += 1;
            } else {
              const command =
                move === 'complete'
                  ? ({ type: 'MarkWorkComplete', actorId: contractor, note: null, now: t0 } as const)
                  : ({ type: 'ApproveWork', actorId: customer, now: t0 } as const);
              const result = await handleCommand(store, escrowStreamId(jobId), escrowDecider, command, context(null), {
                retries: 10,
              });
              if (result.newEvents.length > 0) won[move] += 1;
            }
          } catch (error) {
            // A refusal is an answer (409, 403…); anything else is a bug.
            if (!(error instanceof AppError)) throw error;
          }
        };

        await scheduler.waitFor(Promise.all(sequence.map(perform)));

        const escrowEvents = (await setup.readStream(escrowStreamId(jobId))) as unknown as EscrowEvent[];
        const escrow = foldEvents(escrowDecider, escrowEvents) as Exclude<EscrowState, { status: 'none' }>;
        const order = foldEvents(
          workOrderDecider,
          (await setup.readStream(workOrderStreamId(jobId))) as unknown as WorkOrderEvent[],
        ) as Exclude<WorkOrderState, { status: 'none' }>;
        const refunds = escrowEvents.filter((event) => event.type === 'EscrowRefunded');

        // One decision: a job is cancelled or its work accepted as done, never both.
        expect(won.cancel > 0 && won.complete > 0, `${sequence.join(',')}`).toBe(false);
        expect(won.cancel).toBeLessThanOrEqual(1);
        expect(won.complete).toBeLessThanOrEqual(1);
        expect(won.fund).toBeLessThanOrEqual(1);
        if (order.status === 'cancelled') {
          expect(won.cancel).toBe(1);
          expect(['refunded', 'cancelled']).toContain(escrow.status);
          expect(escrowEvents.some((event) => event.type === 'WorkMarkedComplete')).toBe(false);
          if (escrow.status === 'refunded') {
            expect(refunds).toHaveLength(1);
            const refund = refunds[0]!.data as { refund: { amountCents: number }; payout: unknown };
            expect(refund.refund.amountCents).toBe(PRICE);
            expect(refund.payout).toBeNull();
          }
        } else {
          expect(won.cancel).toBe(0);
          expect(refunds).toHaveLength(0);
          expect(['awaiting-funding', 'funded', 'completed', 'released']).toContain(escrow.status);
        }
        // Conservation: the charges kept are what the escrow was paid, and a closed escrow paid all of it out.
        const ledger = [...gateway.ledger.values()];
        const charged = ledger
          .filter((entry) => entry.kind === 'charge' && (entry.result as { ok: boolean }).ok)
          .reduce((sum, entry) => sum + entry.amountCents, 0);
        const refundedAtOnce = ledger
          .filter((entry) => entry.kind === 'refund')
          .reduce((sum, entry) => sum + entry.amountCents, 0);
        expect(charged - refundedAtOnce + (startFunded ? PRICE : 0)).toBe(escrow.paidInCents);
        const closed = ['refunded', 'released', 'cancelled'].includes(escrow.status);
        expect(escrow.paidOutCents).toBe(closed ? escrow.paidInCents : 0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('funding an escrow', () => {
  const typed = (number: string) => ({ number, expMonth: 12, expYear: 2099, cvc: '123' });

  async function unpaidJob() {
    const store = memoryEventStore();
    const jobId = randomUUID();
    await awardedJob(store, jobId, false);
    const gateway = createSandboxGateway();
    const escrowEvents = async () => (await store.readStream(escrowStreamId(jobId))) as unknown as EscrowEvent[];
    return { store, jobId, gateway, deps: { store, locks: inProcessMoneyLocks(), gateway }, escrowEvents };
  }

  it("charges a typed card the escrow's amount once per attempt key, and records the funding", async () => {
    const { jobId, gateway, deps, escrowEvents } = await unpaidJob();
    const input = {
      jobId,
      actorId: customer,
      payment: { card: typed(SANDBOX_CARDS.success), attemptKey: 'key-1' },
      description: `Escrow for job ${jobId}`,
    };
    const outcome = await fundEscrow(deps, input, context(customer));
    expect(outcome).toMatchObject({ status: 'funded' });
    expect(outcome.status === 'funded' && outcome.position).toBeTruthy();
    expect([...gateway.ledger.entries()]).toEqual([
      [`charge:${escrowStreamId(jobId)}:key-1`, expect.objectContaining({ kind: 'charge', amountCents: PRICE })],
    ]);
    expect((await escrowEvents()).at(-1)).toMatchObject({
      type: 'EscrowFunded',
      data: { cardLast4: '4242', amountCents: PRICE },
    });
    // Paying again is refused before any money moves.
    await expect(
      fundEscrow(deps, { ...input, payment: { ...input.payment, attemptKey: 'key-2' } }, context(customer)),
    ).rejects.toThrow(AppError);
    expect(gateway.ledger.size).toBe(1);
  });

  it("refuses a typed card the gateway cannot take with a 400 in the gateway's words, recording nothing", async () => {
    const { jobId, gateway, deps, escrowEvents } = await unpaidJob();
    const before = (await escrowEvents()).length;
    const refusal = fundEscrow(
      deps,
      { jobId, actorId: customer, payment: { card: typed('4242424242424241'), attemptKey: 'k' }, description: 'd' },
      context(customer),
    );
    await expect(refusal).rejects.toThrow(new ValidationError(GATEWAY_MESSAGES.invalidNumber));
    await expect(refusal).rejects.toBeInstanceOf(ValidationError);
    expect((await escrowEvents()).length).toBe(before);
    expect(gateway.ledger.size).toBe(0);
  });

  it("records a typed card's decline with its reason, for the customer at the screen", async () => {
    const { jobId, deps, escrowEvents } = await unpaidJob();
    const outcome = await fundEscrow(
      deps,
      { jobId, actorId: customer, payment: { card: typed(SANDBOX_CARDS.declined), attemptKey: 'k' }, description: 'd' },
      context(customer),
    );
    expect(outcome).toMatchObject({ status: 'failed', message: GATEWAY_MESSAGES.declined });
    const failure = (await escrowEvents()).at(-1)!;
    expect(failure).toMatchObject({ type: 'EscrowFundingFailed', data: { code: 'card_declined', cardLast4: '0002' } });
    expect(failure.data).not.toHaveProperty('automatic');
  });

  it('records a card on file the gateway no longer takes as a decline, and charges it only once', async () => {
    const { jobId, gateway, deps, escrowEvents } = await unpaidJob();
    const input = {
      jobId,
      actorId: customer,
      payment: { savedCard: { paymentMethodId: 'pm_gone', last4: '1234' }, attemptKey: 'recurring-visit' },
      description: `Recurring visit ${jobId}`,
      automatic: true,
      onlyFirstAttempt: true,
    };
    const outcome = await fundEscrow(deps, input, context(customer));
    expect(outcome).toMatchObject({ status: 'failed', message: GATEWAY_MESSAGES.unknownSavedCard });
    expect((await escrowEvents()).at(-1)).toMatchObject({
      type: 'EscrowFundingFailed',
      data: { code: 'card_declined', cardLast4: '1234', automatic: true },
    });
    // The job's next tick does not try the card on file again.
    expect(await fundEscrow(deps, input, context(customer))).toEqual({ status: 'skipped' });
    expect(gateway.ledger.size).toBe(0);
  });

  it('charges a card on file under the key the caller names', async () => {
    const { jobId, gateway, deps } = await unpaidJob();
    const saved = await gateway.saveCard(typed(SANDBOX_CARDS.success));
    const outcome = await fundEscrow(
      deps,
      {
        jobId,
        actorId: customer,
        payment: {
          savedCard: { paymentMethodId: saved.paymentMethodId, last4: saved.last4 },
          attemptKey: 'recurring-visit',
        },
        description: 'd',
        automatic: true,
        onlyFirstAttempt: true,
      },
      context(customer),
    );
    expect(outcome).toMatchObject({ status: 'funded' });
    expect([...gateway.ledger.keys()]).toEqual([`charge:${escrowStreamId(jobId)}:recurring-visit`]);
  });
});
