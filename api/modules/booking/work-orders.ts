import type { EventStore } from '../../../shared/eventstore/types.ts';
import { readEvents } from '../../../shared/eventstore/typed.ts';
import { workOrderStreamId, type WorkOrderEvent, workOrderEventSchemas } from '../../../shared/domain/work/events.ts';
import { foldEvents } from '../../../shared/domain/decider.ts';
import { escrowDecider, type EscrowStatus } from '../../../shared/domain/escrow/decider.ts';
import { escrowStreamId, type EscrowEvent, escrowEventSchemas } from '../../../shared/domain/escrow/events.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../shared/errors.ts';

export const WORK_ORDER_MESSAGES = {
  notFound: 'Job not found.',
  notOwner: 'Only the customer who posted this job can book it.',
  notAwarded: 'This job is not awarded to this contractor.',
  cancelled: 'This job was cancelled.',
  workDone: 'The work on this job is done or its payment settled: no visit can be booked.',
} as const;

export type WorkOrderFacts = {
  customerId: string;
  status: 'open' | 'awarded' | 'cancelled';
  contractorId: string | null;
  priceCents: number | null;
};

/**
 * The work order's facts for a booking command, folded from its own stream (the work module's
 * event contract, shared/domain/work/events.ts): the write side decides on the latest facts, not
 * on a read model that may lag the award by a moment.
 */
export async function workOrderFacts(store: EventStore, workOrderId: string): Promise<WorkOrderFacts | null> {
  const events = await readEvents<WorkOrderEvent>(store, workOrderStreamId(workOrderId), workOrderEventSchemas);
  let facts = null as WorkOrderFacts | null;
  for (const event of events) {
    if (event.type === 'WorkOrderPosted') {
      facts = { customerId: event.data.customerId, status: 'open', contractorId: null, priceCents: null };
    } else if (facts && event.type === 'WorkOrderAwarded') {
      facts = { ...facts, status: 'awarded', contractorId: event.data.contractorId, priceCents: event.data.priceCents };
    } else if (facts && event.type === 'WorkOrderCancelled') {
      facts = { ...facts, status: 'cancelled' };
    }
  }
  return facts;
}

/** The job may be booked by this customer with this contractor: theirs, awarded to them, not cancelled. */
export function checkWorkOrder(facts: WorkOrderFacts | null, customerId: string, contractorId: string): WorkOrderFacts {
  if (!facts) throw new NotFoundError(WORK_ORDER_MESSAGES.notFound);
  if (facts.customerId !== customerId) throw new ForbiddenError(WORK_ORDER_MESSAGES.notOwner);
  if (facts.status === 'cancelled') throw new ConflictError(WORK_ORDER_MESSAGES.cancelled);
  if (facts.status !== 'awarded' || facts.contractorId !== contractorId) {
    throw new ConflictError(WORK_ORDER_MESSAGES.notAwarded);
  }
  return facts;
}

/** Escrow states in which the work is marked done or its money decided: a visit makes no sense. */
const WORK_OVER: ReadonlySet<EscrowStatus> = new Set([
  'completed',
  'frozen',
  'released',
  'refunded',
  'cancelled',
  'distributed',
]);

/**
 * Refuses a visit for a job whose work is marked done, disputed or paid out, folded from the job's
 * escrow stream (the page stops offering one then; this keeps an old tab or a direct call from
 * booking one). Changes requested after completion put the escrow back to funded: visits again.
 */
export async function checkWorkStillToDo(store: EventStore, workOrderId: string): Promise<void> {
  const escrow = foldEvents(
    escrowDecider,
    await readEvents<EscrowEvent>(store, escrowStreamId(workOrderId), escrowEventSchemas),
  );
  if (escrow.status !== 'none' && WORK_OVER.has(escrow.status)) throw new ConflictError(WORK_ORDER_MESSAGES.workDone);
}
