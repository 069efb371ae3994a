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
import { AppError } from '../shared/errors.ts';
import type { EventStore } from '../shared/eventstore/types.ts';
import { createSandboxGateway, SANDBOX_CARDS } from '../shared/payments/gateway.ts';
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
        executedAt: t0,
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
                  charge: (amountCents) =>
                    gateway.charge({
                      amountCents,
                      card: { number: SANDBOX_CARDS.success, expMonth: 12, expYear: 2099, cvc: '123' },
                      idempotencyKey: `pay-${index}`,
                      description: 'test',
                    }),
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
