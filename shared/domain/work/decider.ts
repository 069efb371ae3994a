import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { isCategorySlug, serviceCategories } from '../catalogue/categories.ts';
import type { Decider } from '../decider.ts';
import {
  withoutFullPostalCode,
  type ProposalDeclined,
  type WorkMode,
  type WorkOrderDetails,
  type WorkOrderEvent,
  workOrderEventSchemas,
} from './events.ts';
import { earliestCanadianToday, isCalendarDate, WORK_LIMITS, WORK_MESSAGES, WORK_ORDER_PHOTO_LIMIT } from './rules.ts';

/**
 * One work order and its proposals (stream `workorder-<id>`). Every rule that spans proposals
 * ("one accepted proposal", "one live proposal per contractor", "no proposal on a closed order")
 * is decided on this one state, and the append's expected revision makes two racing accepts
 * conflict: the retry then sees the first accept and refuses the second.
 */
export type ProposalStatus = 'live' | 'withdrawn' | 'accepted' | 'declined';

export type ProposalState = {
  proposalId: string;
  contractorId: string;
  priceCents: number;
  status: ProposalStatus;
};

/** open → awarded (direct accepted or proposal accepted) | declined (direct declined) | cancelled. */
export type WorkOrderStatus = 'open' | 'awarded' | 'declined' | 'cancelled';

export type WorkOrderState =
  | { status: 'none' }
  | {
      status: WorkOrderStatus;
      workOrderId: string;
      customerId: string;
      mode: WorkMode;
      directContractorId: string | null;
      budgetMaxCents: number;
      awardedContractorId: string | null;
      proposals: Readonly<Record<string, ProposalState>>;
    };

type Existing = Exclude<WorkOrderState, { status: 'none' }>;

// ─── Commands ────────────────────────────────────────────────────────────────────────────────

export type PostWorkOrder = {
  type: 'PostWorkOrder';
  workOrderId: string;
  customerId: string;
  mode: WorkMode;
  directContractorId: string | null;
  details: WorkOrderDetails;
  now: Date;
};

/**
 * An accepted urgent alert becomes its work order, posted directly to the contractor who accepted
 * and awarded at the alert's price in the same append (the acceptance was the agreement).
 */
export type AwardUrgentJob = {
  type: 'AwardUrgentJob';
  /** The urgent alert's id, reused as the work order's. */
  workOrderId: string;
  customerId: string;
  contractorId: string;
  /** Fixed budget: the alert's price with its premium. */
  details: WorkOrderDetails;
  now: Date;
};

export type EditWorkOrder = {
  type: 'EditWorkOrder';
  workOrderId: string;
  actorId: string;
  details: WorkOrderDetails;
  now: Date;
};

export type CancelWorkOrder = {
  type: 'CancelWorkOrder';
  workOrderId: string;
  actorId: string;
  reason: string | null;
  /** Looked up from the bookings read model: a booked order is cancelled through its booking. */
  hasActiveBooking: boolean;
  now: Date;
};

export type AcceptDirectRequest = { type: 'AcceptDirectRequest'; workOrderId: string; actorId: string; now: Date };

export type DeclineDirectRequest = {
  type: 'DeclineDirectRequest';
  workOrderId: string;
  actorId: string;
  reason: string | null;
  now: Date;
};

export type SubmitProposal = {
  type: 'SubmitProposal';
  workOrderId: string;
  proposalId: string;
  contractorId: string;
  priceCents: number;
  durationHours: number;
  earliestStart: string;
  message: string;
  now: Date;
};

export type WithdrawProposal = {
  type: 'WithdrawProposal';
  workOrderId: string;
  proposalId: string;
  actorId: string;
  now: Date;
};

export type AcceptProposal = {
  type: 'AcceptProposal';
  workOrderId: string;
  proposalId: string;
  actorId: string;
  now: Date;
};

export type WorkOrderCommand =
  | PostWorkOrder
  | AwardUrgentJob
  | EditWorkOrder
  | CancelWorkOrder
  | AcceptDirectRequest
  | DeclineDirectRequest
  | SubmitProposal
  | WithdrawProposal
  | AcceptProposal;

// ─── Validation ──────────────────────────────────────────────────────────────────────────────

const within = (text: string, min: number, max: number) => text.length >= min && text.length <= max;

function validReason(reason: string | null): string | null {
  const trimmed = reason?.trim() ?? '';
  if (trimmed.length > WORK_LIMITS.reasonMax) throw new ValidationError(WORK_MESSAGES.reason);
  return trimmed || null;
}

function validCents(cents: number): boolean {
  return Number.isInteger(cents);
}

/** The details as they are recorded: trimmed, checked, dates sorted and unique. */
export function validDetails(details: WorkOrderDetails, now: Date): WorkOrderDetails {
  const title = details.title.trim();
  const description = details.description.trim();
  if (!within(title, WORK_LIMITS.titleMin, WORK_LIMITS.titleMax)) throw new ValidationError(WORK_MESSAGES.title);
  if (!within(description, WORK_LIMITS.descriptionMin, WORK_LIMITS.descriptionMax)) {
    throw new ValidationError(WORK_MESSAGES.description);
  }
  if (!isCategorySlug(details.category)) throw new ValidationError(WORK_MESSAGES.category);
  if (details.service !== null) {
    const category = serviceCategories.find((c) => c.slug === details.category)!;
    if (!category.services.some((s) => s.slug === details.service)) throw new ValidationError(WORK_MESSAGES.service);
  }
  const { budgetMinCents: min, budgetMaxCents: max } = details;
  if (!validCents(min) || !validCents(max)) throw new ValidationError(WORK_MESSAGES.budgetCents);
  if (min <= 0 || max <= 0) throw new ValidationError(WORK_MESSAGES.budgetPositive);
  if (min > WORK_LIMITS.budgetMaxCents || max > WORK_LIMITS.budgetMaxCents) {
    throw new ValidationError(WORK_MESSAGES.budgetMax);
  }
  if (min > max) throw new ValidationError(WORK_MESSAGES.budgetOrder);
  const dates = [...new Set(details.preferredDates)].sort();
  if (dates.length > WORK_LIMITS.preferredDatesMax) throw new ValidationError(WORK_MESSAGES.preferredDatesCount);
  if (!dates.every(isCalendarDate)) throw new ValidationError(WORK_MESSAGES.preferredDateFormat);
  const today = earliestCanadianToday(now);
  if (dates.some((date) => date < today)) throw new ValidationError(WORK_MESSAGES.preferredDatePast);
  if (!details.remote && details.location === null) throw new ValidationError(WORK_MESSAGES.locationRequired);
  if (details.photos.length > WORK_ORDER_PHOTO_LIMIT) throw new ValidationError(WORK_MESSAGES.photos);
  if (new Set(details.photos).size !== details.photos.length) throw new ValidationError(WORK_MESSAGES.photosDuplicate);
  return {
    title,
    description,
    category: details.category,
    service: details.service,
    // A remote job keeps the place it was given (its area still helps nearby contractors). The
    // event keeps its FSA only: a full postal code of a home stays out of the log.
    location: details.location && withoutFullPostalCode(details.location),
    remote: details.remote,
    budgetMinCents: min,
    budgetMaxCents: max,
    preferredDates: dates,
    photos: [...details.photos],
  };
}

function existing(state: WorkOrderState): Existing {
  if (state.status === 'none') throw new NotFoundError(WORK_MESSAGES.notFound);
  return state;
}

const liveProposals = (state: Existing) => Object.values(state.proposals).filter((p) => p.status === 'live');

// ─── Command handlers ────────────────────────────────────────────────────────────────────────

export function postWorkOrder(command: PostWorkOrder, state: WorkOrderState): WorkOrderEvent[] {
  if (state.status !== 'none') throw new ConflictError(WORK_MESSAGES.alreadyPosted);
  const details = validDetails(command.details, command.now);
  if (command.mode === 'direct') {
    if (!command.directContractorId) throw new ValidationError(WORK_MESSAGES.directContractorRequired);
    if (command.directContractorId === command.customerId) {
      throw new ValidationError(WORK_MESSAGES.directContractorSelf);
    }
  } else if (command.directContractorId !== null) {
    throw new ValidationError(WORK_MESSAGES.directContractorInBids);
  }
  return [
    {
      type: 'WorkOrderPosted',
      data: {
        ...details,
        workOrderId: command.workOrderId,
        customerId: command.customerId,
        mode: command.mode,
        directContractorId: command.directContractorId,
        postedAt: command.now.toISOString(),
      },
    },
  ];
}

export function awardUrgentJob(command: AwardUrgentJob, state: WorkOrderState): WorkOrderEvent[] {
  const [posted] = postWorkOrder(
    { ...command, type: 'PostWorkOrder', mode: 'direct', directContractorId: command.contractorId },
    state,
  );
  if (posted?.type !== 'WorkOrderPosted') throw new Error('postWorkOrder appended no WorkOrderPosted');
  return [
    { ...posted, data: { ...posted.data, urgentAlertId: command.workOrderId } },
    {
      type: 'WorkOrderAwarded',
      data: {
        workOrderId: command.workOrderId,
        customerId: command.customerId,
        contractorId: command.contractorId,
        proposalId: null,
        priceCents: posted.data.budgetMaxCents,
        awardedAt: posted.data.postedAt,
      },
    },
  ];
}

export function editWorkOrder(command: EditWorkOrder, state: WorkOrderState): WorkOrderEvent[] {
  const order = existing(state);
  if (command.actorId !== order.customerId) throw new ForbiddenError(WORK_MESSAGES.onlyCustomerEdits);
  if (order.status !== 'open') throw new ConflictError(WORK_MESSAGES.notEditable);
  const details = validDetails(command.details, command.now);
  return [
    {
      type: 'WorkOrderEdited',
      data: {
        ...details,
        workOrderId: order.workOrderId,
        customerId: order.customerId,
        editedAt: command.now.toISOString(),
      },
    },
  ];
}

export function cancelWorkOrder(command: CancelWorkOrder, state: WorkOrderState): WorkOrderEvent[] {
  const order = existing(state);
  if (command.actorId !== order.customerId) throw new ForbiddenError(WORK_MESSAGES.onlyCustomerCancels);
  if (order.status === 'cancelled') throw new ConflictError(WORK_MESSAGES.alreadyCancelled);
  if (order.status === 'declined') throw new ConflictError(WORK_MESSAGES.notCancellable);
  if (command.hasActiveBooking) throw new ConflictError(WORK_MESSAGES.hasBooking);
  const reason = validReason(command.reason);
  const at = command.now.toISOString();
  const declined: ProposalDeclined[] = liveProposals(order).map((proposal) => ({
    type: 'ProposalDeclined',
    data: {
      workOrderId: order.workOrderId,
      customerId: order.customerId,
      proposalId: proposal.proposalId,
      contractorId: proposal.contractorId,
      declinedAt: at,
      reason: 'order_cancelled',
    },
  }));
  return [
    ...declined,
    {
      type: 'WorkOrderCancelled',
      data: {
        workOrderId: order.workOrderId,
        customerId: order.customerId,
        reason,
        cancelledAt: at,
        contractorId: order.awardedContractorId ?? order.directContractorId,
      },
    },
  ];
}

function directRequest(command: AcceptDirectRequest | DeclineDirectRequest, state: WorkOrderState): Existing {
  const order = existing(state);
  if (order.mode !== 'direct') throw new ConflictError(WORK_MESSAGES.notDirect);
  if (command.actorId !== order.directContractorId) throw new ForbiddenError(WORK_MESSAGES.onlyPickedContractor);
  if (order.status === 'cancelled') throw new ConflictError(WORK_MESSAGES.alreadyCancelled);
  if (order.status !== 'open') throw new ConflictError(WORK_MESSAGES.directAnswered);
  return order;
}

export function acceptDirectRequest(command: AcceptDirectRequest, state: WorkOrderState): WorkOrderEvent[] {
  const order = directRequest(command, state);
  const at = command.now.toISOString();
  const contractorId = order.directContractorId!;
  return [
    {
      type: 'DirectRequestAccepted',
      data: { workOrderId: order.workOrderId, customerId: order.customerId, contractorId, acceptedAt: at },
    },
    {
      type: 'WorkOrderAwarded',
      data: {
        workOrderId: order.workOrderId,
        customerId: order.customerId,
        contractorId,
        proposalId: null,
        priceCents: order.budgetMaxCents,
        awardedAt: at,
      },
    },
  ];
}

export function declineDirectRequest(command: DeclineDirectRequest, state: WorkOrderState): WorkOrderEvent[] {
  const order = directRequest(command, state);
  return [
    {
      type: 'DirectRequestDeclined',
      data: {
        workOrderId: order.workOrderId,
        customerId: order.customerId,
        contractorId: order.directContractorId!,
        reason: validReason(command.reason),
        declinedAt: command.now.toISOString(),
      },
    },
  ];
}

export function submitProposal(command: SubmitProposal, state: WorkOrderState): WorkOrderEvent[] {
  const order = existing(state);
  if (order.mode !== 'bids') throw new ConflictError(WORK_MESSAGES.notBids);
  if (command.contractorId === order.customerId) throw new ForbiddenError(WORK_MESSAGES.ownOrder);
  if (order.status !== 'open') throw new ConflictError(WORK_MESSAGES.notOpenForProposals);
  if (order.proposals[command.proposalId]) throw new ConflictError('This proposal already exists');
  if (liveProposals(order).some((p) => p.contractorId === command.contractorId)) {
    throw new ConflictError(WORK_MESSAGES.liveProposalExists);
  }
  const { priceCents, durationHours } = command;
  if (!Number.isInteger(priceCents) || priceCents <= 0 || priceCents > WORK_LIMITS.budgetMaxCents) {
    throw new ValidationError(WORK_MESSAGES.price);
  }
  if (
    !Number.isFinite(durationHours) ||
    durationHours < WORK_LIMITS.durationHoursMin ||
    durationHours > WORK_LIMITS.durationHoursMax ||
    !Number.isInteger(durationHours * 2)
  ) {
    throw new ValidationError(WORK_MESSAGES.duration);
  }
  if (!isCalendarDate(command.earliestStart)) throw new ValidationError(WORK_MESSAGES.earliestStartFormat);
  if (command.earliestStart < earliestCanadianToday(command.now)) {
    throw new ValidationError(WORK_MESSAGES.earliestStartPast);
  }
  const message = command.message.trim();
  if (!within(message, WORK_LIMITS.proposalMessageMin, WORK_LIMITS.proposalMessageMax)) {
    throw new ValidationError(WORK_MESSAGES.proposalMessage);
  }
  return [
    {
      type: 'ProposalSubmitted',
      data: {
        workOrderId: order.workOrderId,
        customerId: order.customerId,
        proposalId: command.proposalId,
        contractorId: command.contractorId,
        priceCents,
        durationHours,
        earliestStart: command.earliestStart,
        message,
        submittedAt: command.now.toISOString(),
      },
    },
  ];
}

export function withdrawProposal(command: WithdrawProposal, state: WorkOrderState): WorkOrderEvent[] {
  const order = existing(state);
  const proposal = order.proposals[command.proposalId];
  if (!proposal) throw new NotFoundError(WORK_MESSAGES.proposalNotFound);
  if (proposal.contractorId !== command.actorId) throw new ForbiddenError(WORK_MESSAGES.onlyProposalOwner);
  if (proposal.status === 'accepted') throw new ConflictError(WORK_MESSAGES.proposalAccepted);
  if (proposal.status !== 'live') throw new ConflictError(WORK_MESSAGES.proposalNotLive);
  return [
    {
      type: 'ProposalWithdrawn',
      data: {
        workOrderId: order.workOrderId,
        customerId: order.customerId,
        proposalId: proposal.proposalId,
        contractorId: proposal.contractorId,
        withdrawnAt: command.now.toISOString(),
      },
    },
  ];
}

export function acceptProposal(command: AcceptProposal, state: WorkOrderState): WorkOrderEvent[] {
  const order = existing(state);
  if (command.actorId !== order.customerId) throw new ForbiddenError(WORK_MESSAGES.onlyCustomerAccepts);
  const proposal = order.proposals[command.proposalId];
  if (!proposal) throw new NotFoundError(WORK_MESSAGES.proposalNotFound);
  if (Object.values(order.proposals).some((p) => p.status === 'accepted')) {
    throw new ConflictError(WORK_MESSAGES.alreadyAccepted);
  }
  if (order.status === 'cancelled') throw new ConflictError(WORK_MESSAGES.alreadyCancelled);
  if (order.status !== 'open') throw new ConflictError(WORK_MESSAGES.notOpenForProposals);
  if (proposal.status !== 'live') throw new ConflictError(WORK_MESSAGES.proposalNotLive);
  const at = command.now.toISOString();
  const others: ProposalDeclined[] = liveProposals(order)
    .filter((p) => p.proposalId !== proposal.proposalId)
    .map((p) => ({
      type: 'ProposalDeclined',
      data: {
        workOrderId: order.workOrderId,
        customerId: order.customerId,
        proposalId: p.proposalId,
        contractorId: p.contractorId,
        declinedAt: at,
        reason: 'other_accepted',
      },
    }));
  return [
    {
      type: 'ProposalAccepted',
      data: {
        workOrderId: order.workOrderId,
        customerId: order.customerId,
        proposalId: proposal.proposalId,
        contractorId: proposal.contractorId,
        priceCents: proposal.priceCents,
        acceptedAt: at,
      },
    },
    ...others,
    {
      type: 'WorkOrderAwarded',
      data: {
        workOrderId: order.workOrderId,
        customerId: order.customerId,
        contractorId: proposal.contractorId,
        proposalId: proposal.proposalId,
        priceCents: proposal.priceCents,
        awardedAt: at,
      },
    },
  ];
}

// ─── The decider ─────────────────────────────────────────────────────────────────────────────

function withProposal(state: WorkOrderState, proposalId: string, status: ProposalStatus): WorkOrderState {
  if (state.status === 'none') return state;
  const proposal = state.proposals[proposalId];
  if (!proposal) return state;
  return { ...state, proposals: { ...state.proposals, [proposalId]: { ...proposal, status } } };
}

export const workOrderDecider: Decider<WorkOrderState, WorkOrderCommand, WorkOrderEvent> = {
  eventSchemas: workOrderEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'WorkOrderPosted':
        return {
          status: 'open',
          workOrderId: event.data.workOrderId,
          customerId: event.data.customerId,
          mode: event.data.mode,
          directContractorId: event.data.directContractorId,
          budgetMaxCents: event.data.budgetMaxCents,
          awardedContractorId: null,
          proposals: {},
        };
      case 'WorkOrderEdited':
        if (state.status === 'none') return state;
        return { ...state, budgetMaxCents: event.data.budgetMaxCents };
      case 'WorkOrderCancelled':
        if (state.status === 'none') return state;
        return { ...state, status: 'cancelled' };
      case 'DirectRequestDeclined':
        if (state.status === 'none') return state;
        return { ...state, status: 'declined' };
      case 'DirectRequestAccepted':
        return state;
      case 'WorkOrderAwarded':
        if (state.status === 'none') return state;
        return { ...state, status: 'awarded', awardedContractorId: event.data.contractorId };
      case 'ProposalSubmitted': {
        if (state.status === 'none') return state;
        const p = event.data;
        return {
          ...state,
          proposals: {
            ...state.proposals,
            [p.proposalId]: {
              proposalId: p.proposalId,
              contractorId: p.contractorId,
              priceCents: p.priceCents,
              status: 'live',
            },
          },
        };
      }
      case 'ProposalWithdrawn':
        return withProposal(state, event.data.proposalId, 'withdrawn');
      case 'ProposalAccepted':
        return withProposal(state, event.data.proposalId, 'accepted');
      case 'ProposalDeclined':
        return withProposal(state, event.data.proposalId, 'declined');
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'PostWorkOrder':
        return postWorkOrder(command, state);
      case 'AwardUrgentJob':
        return awardUrgentJob(command, state);
      case 'EditWorkOrder':
        return editWorkOrder(command, state);
      case 'CancelWorkOrder':
        return cancelWorkOrder(command, state);
      case 'AcceptDirectRequest':
        return acceptDirectRequest(command, state);
      case 'DeclineDirectRequest':
        return declineDirectRequest(command, state);
      case 'SubmitProposal':
        return submitProposal(command, state);
      case 'WithdrawProposal':
        return withdrawProposal(command, state);
      case 'AcceptProposal':
        return acceptProposal(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String((unknown as { type: string }).type)}`);
      }
    }
  },
};
