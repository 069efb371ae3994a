import type {
  BookingCancelled,
  BookingCompleted,
  BookingConfirmed,
  BookingDeclined,
  BookingRequested,
} from '../shared/domain/booking/events.ts';
import type { ContractCancelled, ContractExecuted, ContractGenerated } from '../shared/domain/contracts/events.ts';
import type { EscrowCreated } from '../shared/domain/escrow/events.ts';
import type {
  ServiceSubscriptionCancelled,
  ServiceSubscriptionDeclined,
  ServiceSubscriptionRequested,
} from '../shared/domain/recurring/events.ts';
import type { WorkOrderAwarded, WorkOrderCancelled } from '../shared/domain/work/events.ts';
import { defineFoldedProjection, foldedTable } from '../infrastructure/projections/folded-rows.ts';

/**
 * The jobs whose money process still waits on a step the timers take (workflows/money-jobs.ts,
 * workflows/recurring-jobs.ts), one row a job, so a timer's tick reads the jobs in flight and not
 * the whole history: finished jobs have no row, and the completed bookings and awarded work orders
 * of past years are never scanned.
 *
 * - `confirmation`: a direct booking (or a recurring visit) requested, not confirmed yet;
 * - `contract`: a job that needs its contract: an awarded work order, a confirmed direct booking or
 *   visit, a requested subscription;
 * - `signatures`: its contract waits for its price (a revision sets it) and both signatures; a
 *   subscription's agreement, never escrowed, leaves instead;
 * - `escrow`: its contract is executed and its escrow not created yet.
 *
 * The row goes when the last step is taken (EscrowCreated), the contract is cancelled, or the job
 * ends before it has one. The timers still check each job against the read models the command is
 * written from (the work order, the booking, the contract), so this list only has to hold every job
 * that waits: a row is written before, and removed only after, the event that ends the wait.
 */
export const moneyStepsProjection = defineFoldedProjection<MoneyStepEvent, { steps: MoneyStepRecord }>({
  name: 'money-steps',
  version: 1,
  rebuildWeight: 0.9,
  handles: [
    'WorkOrderAwarded',
    'WorkOrderCancelled',
    'BookingRequested',
    'BookingConfirmed',
    'BookingDeclined',
    'BookingCancelled',
    'BookingCompleted',
    'ServiceSubscriptionRequested',
    'ServiceSubscriptionDeclined',
    'ServiceSubscriptionCancelled',
    'ContractGenerated',
    'ContractExecuted',
    'ContractCancelled',
    'EscrowCreated',
  ],
  schema: `
    create table if not exists rm_money_steps (
      job_id uuid primary key,
      job_kind text not null,
      step text not null,
      since timestamptz not null
    );
    create index if not exists rm_money_steps_waiting on rm_money_steps (step, job_kind, since);`,
  reset: 'drop table if exists rm_money_steps',
  tables: { steps: foldedTable<MoneyStepRecord>('rm_money_steps', ['job_id']) },
  keys: (event) => {
    const jobId = jobIdOf(event);
    return { steps: jobId === null ? [] : [[jobId]] };
  },
  fold(event, { steps }) {
    const jobId = jobIdOf(event);
    if (jobId === null) return;
    const key = [jobId];
    const row = steps.get(key);
    /** Before its contract, a job that ends needs no step of the money process. */
    const endedBeforeContract = () => {
      if (row && (row.step === 'confirmation' || row.step === 'contract')) steps.delete(key);
    };
    switch (event.type) {
      case 'WorkOrderAwarded': {
        const d = event.data;
        if (!row) steps.put({ job_id: d.workOrderId, job_kind: 'work-order', step: 'contract', since: d.awardedAt });
        return;
      }
      case 'BookingRequested': {
        const d = event.data;
        // A work order's booking is part of the work order's job, whose row its award wrote.
        if (d.workOrderId !== null || row) return;
        steps.put({
          job_id: d.bookingId,
          job_kind: d.recurring ? 'visit' : 'booking',
          step: 'confirmation',
          since: d.requestedAt,
        });
        return;
      }
      case 'BookingConfirmed':
        if (row?.step === 'confirmation') steps.put({ ...row, step: 'contract', since: event.data.confirmedAt });
        return;
      case 'ServiceSubscriptionRequested': {
        const d = event.data;
        if (!row)
          steps.put({ job_id: d.subscriptionId, job_kind: 'subscription', step: 'contract', since: d.requestedAt });
        return;
      }
      // The contract timer reads awarded and scheduled work orders: once its booking is completed
      // the order is done with (the work orders read model's 'completed'), contract or not.
      case 'BookingCompleted':
      case 'WorkOrderCancelled':
      case 'BookingDeclined':
      case 'BookingCancelled':
      case 'ServiceSubscriptionDeclined':
      case 'ServiceSubscriptionCancelled':
        endedBeforeContract();
        return;
      case 'ContractGenerated': {
        const { terms, generatedAt } = event.data;
        // An agreement is never escrowed: nothing waits after it. A contract without a price still
        // waits: a revision sets the price before anyone can sign (the contract decider's rule).
        if (terms.jobKind === 'subscription') {
          if (row) steps.delete(key);
          return;
        }
        steps.put({
          job_id: event.data.jobId,
          job_kind: row?.job_kind ?? terms.jobKind,
          step: 'signatures',
          since: generatedAt,
        });
        return;
      }
      case 'ContractExecuted':
        if (row?.step === 'signatures') steps.put({ ...row, step: 'escrow', since: event.data.executedAt });
        return;
      case 'ContractCancelled':
      case 'EscrowCreated':
        if (row) steps.delete(key);
        return;
    }
  },
});

type MoneyStepEvent =
  | WorkOrderAwarded
  | WorkOrderCancelled
  | BookingRequested
  | BookingConfirmed
  | BookingDeclined
  | BookingCancelled
  | BookingCompleted
  | ServiceSubscriptionRequested
  | ServiceSubscriptionDeclined
  | ServiceSubscriptionCancelled
  | ContractGenerated
  | ContractExecuted
  | ContractCancelled
  | EscrowCreated;

export type MoneyStep = 'confirmation' | 'contract' | 'signatures' | 'escrow';

/** A row of rm_money_steps as the fold writes it. */
type MoneyStepRecord = {
  job_id: string;
  job_kind: 'work-order' | 'booking' | 'visit' | 'subscription';
  step: MoneyStep;
  since: string;
};

/** The job the event is about; a direct booking's completion is none (its row waits for the contract). */
function jobIdOf(event: MoneyStepEvent): string | null {
  switch (event.type) {
    case 'WorkOrderAwarded':
    case 'WorkOrderCancelled':
      return event.data.workOrderId;
    case 'BookingCompleted':
      return event.data.workOrderId ?? null;
    case 'BookingRequested':
    case 'BookingConfirmed':
    case 'BookingDeclined':
    case 'BookingCancelled':
      return event.data.bookingId;
    case 'ServiceSubscriptionRequested':
    case 'ServiceSubscriptionDeclined':
    case 'ServiceSubscriptionCancelled':
      return event.data.subscriptionId;
    case 'ContractGenerated':
    case 'ContractExecuted':
    case 'ContractCancelled':
    case 'EscrowCreated':
      return event.data.jobId;
  }
}
