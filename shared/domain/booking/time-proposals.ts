import { ConflictError, ValidationError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import { SCHEDULE_LIMITS } from './calendar.ts';

/**
 * When the contractor a customer hired has published no weekly hours, the schedule step does not
 * end there: the customer proposes a few times (and says so in the job's conversation), and the
 * contractor is told at once. One stream per proposal, `time-proposal-<id>`. The event carries ids
 * and instants only; what the customer wrote lives in the job's conversation (messaging module).
 */
export const TIME_PROPOSAL_LIMITS = { timesMin: 1, timesMax: 3 } as const;

export const TIME_PROPOSAL_MESSAGES = {
  times: `Propose from ${TIME_PROPOSAL_LIMITS.timesMin} to ${TIME_PROPOSAL_LIMITS.timesMax} different times.`,
  tooSoon: 'Please propose times at least 1 hour from now.',
  tooFarAhead: 'Times can be proposed at most 180 days ahead.',
  hasHours: 'This contractor has published their hours: choose one of their open slots instead.',
  exists: 'This proposal already exists.',
} as const;

export type TimesProposed = {
  type: 'TimesProposed';
  data: {
    proposalId: string;
    workOrderId: string;
    customerId: string;
    contractorId: string;
    /** The message in the job's conversation that lists the times for the contractor. */
    messageId: string;
    /** ISO instants, earliest first. */
    times: string[];
    proposedAt: string;
  };
};

export type TimeProposalEvent = TimesProposed;

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
  now: Date;
};

export type TimeProposalState = { status: 'none' } | { status: 'proposed' };

export function proposeTimes(command: ProposeTimes, state: TimeProposalState): TimeProposalEvent[] {
  if (state.status !== 'none') throw new ConflictError(TIME_PROPOSAL_MESSAGES.exists);
  if (command.contractorHasHours) throw new ConflictError(TIME_PROPOSAL_MESSAGES.hasHours);
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
        proposedAt: command.now.toISOString(),
      },
    },
  ];
}

export const timeProposalDecider: Decider<TimeProposalState, ProposeTimes, TimeProposalEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => (event.type === 'TimesProposed' ? { status: 'proposed' } : state),
  decide: (command, state) => proposeTimes(command, state),
};

/** Where the contractor reads the proposal and answers: the job's conversation. */
export const proposalActionUrl = (workOrderId: string) => `/messages?c=work-order:${workOrderId}`;
