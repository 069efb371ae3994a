import { serviceSubscriptionEventSchemas, recurringOfferEventSchemas } from './events.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { isServiceSlug } from '../catalogue/categories.ts';
import { CANCELLATION_POLICY } from '../booking/policy.ts';
import type { Decider } from '../decider.ts';
import type { PlanId } from '../plans/catalogue.ts';
import { requireFeature } from '../plans/entitlements.ts';
import type {
  RecurringOfferEvent,
  RecurringOfferPublished,
  ServiceSubscriptionEvent,
  ServiceSubscriptionRequested,
} from './events.ts';
import {
  frequencies,
  isValidRule,
  visitAt,
  visitsBetween,
  type Frequency,
  type RecurrenceRule,
  type Visit,
} from './recurrence.ts';
import { RECURRING_LIMITS as L, RECURRING_MESSAGES as M } from './rules.ts';

const DAY_MS = 86_400_000;
/** The booking policy's free-cancellation window (shared/domain/booking/policy.ts). */
const FREE_CANCELLATION_MS = CANCELLATION_POLICY.freeHours * 3_600_000;
const length = (text: string) => [...text].length;
const trimmedOrNull = (text: string | null | undefined) => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

// ─── Offers ──────────────────────────────────────────────────────────────────────────────────

export type PublishRecurringOffer = {
  type: 'PublishRecurringOffer';
  offerId: string;
  contractorId: string;
  /** The contractor's plan now (read by the caller): it must allow subscription services. */
  planId: PlanId;
  title: string;
  description: string;
  service: string;
  pricePerVisitCents: number;
  frequencies: readonly string[];
  now: Date;
};
export type WithdrawRecurringOffer = { type: 'WithdrawRecurringOffer'; actorId: string; now: Date };
export type RecurringOfferCommand = PublishRecurringOffer | WithdrawRecurringOffer;

export type RecurringOffer = RecurringOfferPublished['data'];
export type RecurringOfferState = { status: 'none' } | { status: 'active' | 'withdrawn'; offer: RecurringOffer };

function publishRecurringOffer(command: PublishRecurringOffer, state: RecurringOfferState): RecurringOfferEvent[] {
  if (state.status !== 'none') return [];
  requireFeature(command.planId, 'canUseSubscriptionServices');
  const title = command.title.trim();
  const description = command.description.trim();
  if (length(title) < L.titleMin || length(title) > L.titleMax) throw new ValidationError(M.title);
  if (length(description) > L.descriptionMax) throw new ValidationError(M.description);
  if (!isServiceSlug(command.service)) throw new ValidationError(M.service);
  const price = command.pricePerVisitCents;
  if (!Number.isSafeInteger(price) || price < L.priceMinCents || price > L.priceMaxCents) {
    throw new ValidationError(M.price);
  }
  // Kept in the catalogue's order, each once: the offer reads the same however it was sent.
  const chosen = frequencies.filter((f) => command.frequencies.includes(f));
  if (chosen.length === 0 || command.frequencies.some((f) => !(frequencies as readonly string[]).includes(f))) {
    throw new ValidationError(M.frequencies);
  }
  return [
    {
      type: 'RecurringOfferPublished',
      data: {
        offerId: command.offerId,
        contractorId: command.contractorId,
        title,
        description,
        service: command.service,
        pricePerVisitCents: price,
        frequencies: chosen,
        publishedAt: command.now.toISOString(),
      },
    },
  ];
}

function withdrawRecurringOffer(command: WithdrawRecurringOffer, state: RecurringOfferState): RecurringOfferEvent[] {
  if (state.status === 'none') throw new NotFoundError(M.offerNotFound);
  if (state.offer.contractorId !== command.actorId) throw new ForbiddenError(M.notYourOffer);
  if (state.status === 'withdrawn') return [];
  return [
    {
      type: 'RecurringOfferWithdrawn',
      data: {
        offerId: state.offer.offerId,
        contractorId: state.offer.contractorId,
        withdrawnAt: command.now.toISOString(),
      },
    },
  ];
}

/**
 * A contractor's standing offer of a recurring service. Offering is a plan feature
 * (docs/product.md#plans: canUseSubscriptionServices, Local and up), checked when the offer is published; a customer's
 * subscription re-checks the contractor's plan at that moment (see the subscription decider).
 */
export const recurringOfferDecider: Decider<RecurringOfferState, RecurringOfferCommand, RecurringOfferEvent> = {
  eventSchemas: recurringOfferEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'RecurringOfferPublished') return { status: 'active', offer: event.data };
    return state.status === 'none' ? state : { ...state, status: 'withdrawn' };
  },
  decide(command, state) {
    switch (command.type) {
      case 'PublishRecurringOffer':
        return publishRecurringOffer(command, state);
      case 'WithdrawRecurringOffer':
        return withdrawRecurringOffer(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String((unknown as { type: string }).type)}`);
      }
    }
  },
};

// ─── Subscriptions ───────────────────────────────────────────────────────────────────────────

export type RequestServiceSubscription = {
  type: 'RequestServiceSubscription';
  subscriptionId: string;
  customerId: string;
  /** The offer as its stream stands now (read by the caller). */
  offer: RecurringOfferState;
  /** The contractor's plan now: a lapsed plan takes no new subscriptions. */
  contractorPlanId: PlanId;
  frequency: string;
  /** The first visit, local `YYYY-MM-DDTHH:mm` in the contractor's calendar zone. */
  firstVisit: string;
  timeZone: string;
  durationMinutes: number;
  customerTimeZone: string;
  card: { paymentMethodId: string; brand: string; last4: string };
  note: string | null;
  now: Date;
};

/** Issued by the recurring-visits job once the agreement's contract is executed. */
export type ActivateServiceSubscription = {
  type: 'ActivateServiceSubscription';
  contractVersion: number;
  contractTextHash: string;
  now: Date;
};
export type DeclineServiceSubscription = {
  type: 'DeclineServiceSubscription';
  actorId: string;
  reason: string | null;
  now: Date;
};
/** Issued by the job after the calendar took (or refused) the visit's booking. */
export type RecordVisitBooked = { type: 'RecordVisitBooked'; visitIndex: number; bookingId: string; now: Date };
export type RecordVisitNotBooked = { type: 'RecordVisitNotBooked'; visitIndex: number; reason: string; now: Date };
export type SkipVisit = { type: 'SkipVisit'; actorId: string; visitIndex: number; now: Date };
export type PauseServiceSubscription = { type: 'PauseServiceSubscription'; actorId: string; now: Date };
export type ResumeServiceSubscription = { type: 'ResumeServiceSubscription'; actorId: string; now: Date };
export type CancelServiceSubscription = {
  type: 'CancelServiceSubscription';
  actorId: string;
  reason: string | null;
  now: Date;
};

export type ServiceSubscriptionCommand =
  | RequestServiceSubscription
  | ActivateServiceSubscription
  | DeclineServiceSubscription
  | RecordVisitBooked
  | RecordVisitNotBooked
  | SkipVisit
  | PauseServiceSubscription
  | ResumeServiceSubscription
  | CancelServiceSubscription;

import type { SubscriptionStatus } from './statuses.ts';
export { subscriptionStatuses, type SubscriptionStatus } from './statuses.ts';

export type VisitRecord =
  | { status: 'booked'; bookingId: string; startsAt: string }
  | { status: 'not-booked'; startsAt: string; reason: string }
  | { status: 'skipped'; startsAt: string; skippedBy: string };

export type SubscriptionTerms = ServiceSubscriptionRequested['data'];
export type ServiceSubscriptionState =
  | { status: 'none' }
  | {
      status: SubscriptionStatus;
      terms: SubscriptionTerms;
      visits: Readonly<Record<number, VisitRecord>>;
      /** How many pauses so far: a visit booked again after one gets a new booking id (visit-id.ts). */
      generation: number;
    };
type Existing = Exclude<ServiceSubscriptionState, { status: 'none' }>;

export const ruleOf = (terms: SubscriptionTerms): RecurrenceRule => ({
  frequency: terms.frequency,
  firstVisit: terms.firstVisit,
  timeZone: terms.timeZone,
  durationMinutes: terms.durationMinutes,
});

/**
 * The visits the job should book now: an active subscription's visits starting from an hour
 * ahead (the calendar's minimum lead) to `bookAheadDays` ahead, that have no record yet.
 */
export function visitsToBook(state: ServiceSubscriptionState, now: Date): Visit[] {
  if (state.status !== 'active') return [];
  const from = new Date(now.getTime() + 60 * 60_000);
  const to = new Date(now.getTime() + L.bookAheadDays * DAY_MS);
  return visitsBetween(ruleOf(state.terms), from, to).filter((visit) => !state.visits[visit.index]);
}

function existing(state: ServiceSubscriptionState): Existing {
  if (state.status === 'none') throw new NotFoundError(M.notFound);
  return state;
}

function partyOf(state: Existing, actorId: string): 'customer' | 'contractor' {
  if (actorId === state.terms.customerId) return 'customer';
  if (actorId === state.terms.contractorId) return 'contractor';
  throw new ForbiddenError(M.notAParty);
}

const partiesOf = (state: Existing) => ({
  subscriptionId: state.terms.subscriptionId,
  contractorId: state.terms.contractorId,
  customerId: state.terms.customerId,
});

function requestServiceSubscription(
  command: RequestServiceSubscription,
  state: ServiceSubscriptionState,
): ServiceSubscriptionEvent[] {
  if (state.status !== 'none') throw new ConflictError(M.exists);
  const { offer } = command;
  if (offer.status === 'none') throw new NotFoundError(M.offerNotFound);
  if (offer.status === 'withdrawn') throw new ConflictError(M.offerWithdrawn);
  if (offer.offer.contractorId === command.customerId) throw new ValidationError(M.ownOffer);
  try {
    requireFeature(command.contractorPlanId, 'canUseSubscriptionServices');
  } catch {
    // The plan's 403 speaks to the contractor; the customer is told the service is unavailable.
    throw new ConflictError(M.offerUnavailable);
  }
  if (!(offer.offer.frequencies as readonly string[]).includes(command.frequency)) {
    throw new ValidationError(M.frequencyNotOffered);
  }
  const frequency = command.frequency as Frequency;
  const rule: RecurrenceRule = {
    frequency,
    firstVisit: command.firstVisit,
    timeZone: command.timeZone,
    durationMinutes: command.durationMinutes,
  };
  if (!isValidRule(rule)) throw new ValidationError(M.firstVisit);
  const first = Date.parse(visitAt(rule, 0).startsAt);
  if (first <= command.now.getTime()) throw new ValidationError(M.firstVisitPast);
  if (first > command.now.getTime() + L.firstVisitAheadDays * DAY_MS) throw new ValidationError(M.firstVisitTooFar);
  const note = trimmedOrNull(command.note);
  if (note && length(note) > L.noteMax) throw new ValidationError(M.note);
  const o = offer.offer;
  const event: ServiceSubscriptionEvent = {
    type: 'ServiceSubscriptionRequested',
    data: {
      subscriptionId: command.subscriptionId,
      offerId: o.offerId,
      contractorId: o.contractorId,
      customerId: command.customerId,
      title: o.title,
      description: o.description,
      service: o.service,
      pricePerVisitCents: o.pricePerVisitCents,
      frequency,
      firstVisit: command.firstVisit,
      timeZone: command.timeZone,
      durationMinutes: command.durationMinutes,
      customerTimeZone: command.customerTimeZone,
      paymentMethodId: command.card.paymentMethodId,
      cardBrand: command.card.brand,
      cardLast4: command.card.last4,
      note,
      requestedAt: command.now.toISOString(),
    },
  };
  return [event];
}

function checkReason(reason: string | null): string | null {
  const trimmed = trimmedOrNull(reason);
  if (trimmed && length(trimmed) > L.reasonMax) throw new ValidationError(M.reason);
  return trimmed;
}

const hasEnded = (state: Existing) => state.status === 'declined' || state.status === 'cancelled';

function decideSubscription(
  command: ServiceSubscriptionCommand,
  state: ServiceSubscriptionState,
): ServiceSubscriptionEvent[] {
  switch (command.type) {
    case 'RequestServiceSubscription':
      return requestServiceSubscription(command, state);
    case 'ActivateServiceSubscription':
      return activateServiceSubscription(command, state);
    case 'DeclineServiceSubscription':
      return declineServiceSubscription(command, state);
    case 'RecordVisitBooked':
      return recordVisitBooked(command, state);
    case 'RecordVisitNotBooked':
      return recordVisitNotBooked(command, state);
    case 'SkipVisit':
      return skipVisit(command, state);
    case 'PauseServiceSubscription':
      return pauseServiceSubscription(command, state);
    case 'ResumeServiceSubscription':
      return resumeServiceSubscription(command, state);
    case 'CancelServiceSubscription':
      return cancelServiceSubscription(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${String((unknown as { type: string }).type)}`);
    }
  }
}

function activateServiceSubscription(
  command: ActivateServiceSubscription,
  state: ServiceSubscriptionState,
): ServiceSubscriptionEvent[] {
  const current = existing(state);
  const now = command.now.toISOString();
  // The job may see the executed contract twice; the first activation is the one.
  if (current.status !== 'requested') return [];
  return [
    {
      type: 'ServiceSubscriptionActivated',
      data: {
        ...partiesOf(current),
        contractVersion: command.contractVersion,
        contractTextHash: command.contractTextHash,
        activatedAt: now,
      },
    },
  ];
}

function declineServiceSubscription(
  command: DeclineServiceSubscription,
  state: ServiceSubscriptionState,
): ServiceSubscriptionEvent[] {
  const current = existing(state);
  const now = command.now.toISOString();
  if (partyOf(current, command.actorId) !== 'contractor') throw new ForbiddenError(M.contractorOnly);
  if (current.status !== 'requested') throw new ConflictError(M.notRequested);
  const reason = checkReason(command.reason);
  return [{ type: 'ServiceSubscriptionDeclined', data: { ...partiesOf(current), reason, declinedAt: now } }];
}

function recordVisitBooked(command: RecordVisitBooked, state: ServiceSubscriptionState): ServiceSubscriptionEvent[] {
  const current = existing(state);
  const now = command.now.toISOString();
  if (current.visits[command.visitIndex]) return [];
  const visit = visitAt(ruleOf(current.terms), command.visitIndex);
  return [
    {
      type: 'RecurringVisitBooked',
      data: {
        ...partiesOf(current),
        visitIndex: command.visitIndex,
        bookingId: command.bookingId,
        startsAt: visit.startsAt,
        bookedAt: now,
      },
    },
  ];
}

function recordVisitNotBooked(
  command: RecordVisitNotBooked,
  state: ServiceSubscriptionState,
): ServiceSubscriptionEvent[] {
  const current = existing(state);
  const now = command.now.toISOString();
  if (current.visits[command.visitIndex]) return [];
  const visit = visitAt(ruleOf(current.terms), command.visitIndex);
  return [
    {
      type: 'RecurringVisitNotBooked',
      data: {
        ...partiesOf(current),
        visitIndex: command.visitIndex,
        startsAt: visit.startsAt,
        reason: command.reason,
        at: now,
      },
    },
  ];
}

function skipVisit(command: SkipVisit, state: ServiceSubscriptionState): ServiceSubscriptionEvent[] {
  const current = existing(state);
  const now = command.now.toISOString();
  partyOf(current, command.actorId);
  if (hasEnded(current)) throw new ConflictError(M.ended);
  const index = command.visitIndex;
  if (!Number.isInteger(index) || index < 0 || index > L.visitIndexMax) throw new ValidationError(M.visitIndex);
  const visit = visitAt(ruleOf(current.terms), index);
  if (Date.parse(visit.startsAt) <= command.now.getTime()) throw new ConflictError(M.visitPast);
  const record = current.visits[index];
  if (record?.status === 'skipped') throw new ConflictError(M.visitSkipped);
  if (record?.status === 'not-booked') throw new ConflictError(M.visitNotBooked);
  return [
    {
      type: 'RecurringVisitSkipped',
      data: {
        ...partiesOf(current),
        visitIndex: index,
        startsAt: visit.startsAt,
        skippedBy: command.actorId,
        skippedAt: now,
      },
    },
  ];
}

function pauseServiceSubscription(
  command: PauseServiceSubscription,
  state: ServiceSubscriptionState,
): ServiceSubscriptionEvent[] {
  const current = existing(state);
  const now = command.now.toISOString();
  if (partyOf(current, command.actorId) !== 'customer') throw new ForbiddenError(M.customerOnly);
  if (current.status === 'paused') return [];
  if (current.status !== 'active') throw new ConflictError(hasEnded(current) ? M.ended : M.notActive);
  // Visits more than 24 hours ahead are given back (cancelled free); nearer ones stay booked.
  const freeFrom = command.now.getTime() + FREE_CANCELLATION_MS;
  const releasedVisits = Object.entries(current.visits)
    .filter(([, visit]) => visit.status === 'booked' && Date.parse(visit.startsAt) > freeFrom)
    .map(([index]) => Number(index))
    .sort((a, b) => a - b);
  return [
    {
      type: 'ServiceSubscriptionPaused',
      data: { ...partiesOf(current), pausedBy: command.actorId, pausedAt: now, releasedVisits },
    },
  ];
}

function resumeServiceSubscription(
  command: ResumeServiceSubscription,
  state: ServiceSubscriptionState,
): ServiceSubscriptionEvent[] {
  const current = existing(state);
  const now = command.now.toISOString();
  if (partyOf(current, command.actorId) !== 'customer') throw new ForbiddenError(M.customerOnly);
  if (current.status === 'active') return [];
  if (current.status !== 'paused') throw new ConflictError(hasEnded(current) ? M.ended : M.notPaused);
  return [
    {
      type: 'ServiceSubscriptionResumed',
      data: { ...partiesOf(current), resumedBy: command.actorId, resumedAt: now },
    },
  ];
}

function cancelServiceSubscription(
  command: CancelServiceSubscription,
  state: ServiceSubscriptionState,
): ServiceSubscriptionEvent[] {
  const current = existing(state);
  const now = command.now.toISOString();
  partyOf(current, command.actorId);
  if (hasEnded(current)) throw new ConflictError(M.ended);
  const reason = checkReason(command.reason);
  return [
    {
      type: 'ServiceSubscriptionCancelled',
      data: { ...partiesOf(current), cancelledBy: command.actorId, reason, cancelledAt: now },
    },
  ];
}

function evolveSubscription(
  state: ServiceSubscriptionState,
  event: ServiceSubscriptionEvent,
): ServiceSubscriptionState {
  if (event.type === 'ServiceSubscriptionRequested') {
    return { status: 'requested', terms: event.data, visits: {}, generation: 0 };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'ServiceSubscriptionActivated':
    case 'ServiceSubscriptionResumed':
      return { ...state, status: 'active' };
    case 'ServiceSubscriptionPaused': {
      const visits = { ...state.visits };
      for (const index of event.data.releasedVisits) delete visits[index];
      return { ...state, status: 'paused', visits, generation: state.generation + 1 };
    }
    case 'ServiceSubscriptionDeclined':
      return { ...state, status: 'declined' };
    case 'ServiceSubscriptionCancelled':
      return { ...state, status: 'cancelled' };
    case 'RecurringVisitBooked': {
      const { visitIndex, bookingId, startsAt } = event.data;
      return { ...state, visits: { ...state.visits, [visitIndex]: { status: 'booked', bookingId, startsAt } } };
    }
    case 'RecurringVisitNotBooked': {
      const { visitIndex, startsAt, reason } = event.data;
      return { ...state, visits: { ...state.visits, [visitIndex]: { status: 'not-booked', startsAt, reason } } };
    }
    case 'RecurringVisitSkipped': {
      const { visitIndex, startsAt, skippedBy } = event.data;
      return { ...state, visits: { ...state.visits, [visitIndex]: { status: 'skipped', startsAt, skippedBy } } };
    }
  }
}

/**
 * One customer's subscription to a recurring service. It is requested with the offer's terms
 * copied in, becomes active when the agreement's contract is executed (both signed), and then
 * books a visit at a time. Skipping, pausing (customer) and cancelling (either) stop visits from
 * being booked; a visit already booked is cancelled on its calendar by the caller or the job,
 * under the booking's cancellation policy.
 */
export const serviceSubscriptionDecider: Decider<
  ServiceSubscriptionState,
  ServiceSubscriptionCommand,
  ServiceSubscriptionEvent
> = {
  eventSchemas: serviceSubscriptionEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve: evolveSubscription,
  decide: decideSubscription,
};
