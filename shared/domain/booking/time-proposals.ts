import { timeProposalEventSchemas } from './events.ts';
import { ConflictError, ValidationError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import { SCHEDULE_LIMITS } from './calendar.ts';
import type { TimeProposalEvent } from './events.ts';
import { isValidTimeZone, TIME_PROPOSAL_LIMITS, TIME_PROPOSAL_MESSAGES } from './limits.ts';
import { BOOKING_MESSAGES } from './messages.ts';

/**
 * When the contractor a customer hired has published no weekly hours, the schedule step does not
 * end there: the customer proposes a few times (and says so in the job's conversation), and the
 * contractor is told at once. One stream per proposal, `time-proposal-<id>`. The event carries ids
 * and instants only; what the customer wrote lives in the job's conversation (messaging module).
 */
export { TIME_PROPOSAL_LIMITS, TIME_PROPOSAL_MESSAGES } from './limits.ts';

// The event lives in events.ts with the calendar's (a leaf the event registry imports without a
// cycle through this decider); re-exported here, where the time proposals are decided.
export { timeProposalEventSchemas, timesProposedSchema, type TimeProposalEvent, type TimesProposed } from './events.ts';

export const timeProposalStreamId = (proposalId: string) => `time-proposal-${proposalId}`;

export type ProposeTimes = {
  type: 'ProposeTimes';
  proposalId: string;
  workOrderId: string;
  customerId: string;
  /** The job's contractor (the route checked the job is the customer's and awarded to them). */
  contractorId: string;
  /** Whether the contractor has weekly hours now (then the customer books a slot instead). */
  contractorHasHours: boolean;
  messageId: string;
  times: readonly string[];
  /** The customer's time zone, when their browser gave one. */
  customerTimeZone?: string;
  now: Date;
};

export type TimeProposalState = { status: 'none' } | { status: 'proposed' };

export function proposeTimes(command: ProposeTimes, state: TimeProposalState): TimeProposalEvent[] {
  if (state.status !== 'none') throw new ConflictError(TIME_PROPOSAL_MESSAGES.exists);
  if (command.contractorHasHours) throw new ConflictError(TIME_PROPOSAL_MESSAGES.hasHours);
  if (command.customerTimeZone !== undefined && !isValidTimeZone(command.customerTimeZone)) {
    throw new ValidationError(BOOKING_MESSAGES.viewerTimeZone);
  }
  const instants = [...new Set(command.times.map((time) => Date.parse(time)))];
  if (
    instants.length !== command.times.length ||
    instants.length < TIME_PROPOSAL_LIMITS.timesMin ||
    instants.length > TIME_PROPOSAL_LIMITS.timesMax ||
    instants.some((instant) => Number.isNaN(instant))
  ) {
    throw new ValidationError(TIME_PROPOSAL_MESSAGES.times);
  }
  const now = command.now.getTime();
  if (instants.some((instant) => instant < now + SCHEDULE_LIMITS.minLeadMinutes * 60_000)) {
    throw new ValidationError(TIME_PROPOSAL_MESSAGES.tooSoon);
  }
  if (instants.some((instant) => instant > now + SCHEDULE_LIMITS.maxAheadDays * 86_400_000)) {
    throw new ValidationError(TIME_PROPOSAL_MESSAGES.tooFarAhead);
  }
  return [
    {
      type: 'TimesProposed',
      data: {
        proposalId: command.proposalId,
        workOrderId: command.workOrderId,
        customerId: command.customerId,
        contractorId: command.contractorId,
        messageId: command.messageId,
        times: instants.sort((a, b) => a - b).map((instant) => new Date(instant).toISOString()),
        ...(command.customerTimeZone ? { customerTimeZone: command.customerTimeZone } : {}),
        proposedAt: command.now.toISOString(),
      },
    },
  ];
}

export const timeProposalDecider: Decider<TimeProposalState, ProposeTimes, TimeProposalEvent> = {
  eventSchemas: timeProposalEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => (event.type === 'TimesProposed' ? { status: 'proposed' } : state),
  decide(command, state) {
    switch (command.type) {
      case 'ProposeTimes':
        return proposeTimes(command, state);
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },
};

/**
 * Where the contractor answers: the job's page, which lists the proposed times with a button to
 * accept each (and links to the job's conversation). Accepting books the time through the schedule
 * decider (`RequestBooking` with `proposal`): the calendar's stream makes two accepts one booking.
 */
export const proposalActionUrl = (workOrderId: string) => `/projects/${workOrderId}`;
