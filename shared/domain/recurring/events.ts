import type { Frequency } from './recurrence.ts';

/**
 * Recurring subscription services (spec section 1: "recurring weekly, bi-weekly or monthly").
 *
 * - `recurring-offer-<offerId>`: a contractor's standing offer of one service at a price per
 *   visit, for the frequencies they accept. Published and withdrawn; a withdrawal leaves the
 *   subscriptions already agreed running.
 * - `service-subscription-<subscriptionId>`: one customer's subscription to one offer. Its terms
 *   (price, frequency, first visit) are copied from the offer when requested and never change;
 *   the contract `contract-<subscriptionId>` that both sign is the agreement, and its execution
 *   activates the subscription. Every visit is a booking on the contractor's calendar, with its
 *   own contract (executed under the agreement) and its own escrow, funded from the card kept on
 *   file (docs/decisions.md, "Recurring services").
 *
 * This file is the contract other modules read (bookings, money jobs, dashboards): add events or
 * optional fields, never change an existing meaning.
 */
export const recurringOfferStreamId = (offerId: string) => `recurring-offer-${offerId}`;
export const serviceSubscriptionStreamId = (subscriptionId: string) => `service-subscription-${subscriptionId}`;

export type RecurringOfferPublished = {
  type: 'RecurringOfferPublished';
  data: {
    offerId: string;
    contractorId: string;
    title: string;
    description: string;
    /** A taxonomy service slug (shared/domain/catalogue/categories.ts). */
    service: string;
    /** Integer CAD cents, before the platform's fee (which the contractor pays). */
    pricePerVisitCents: number;
    frequencies: Frequency[];
    publishedAt: string;
  };
};

export type RecurringOfferWithdrawn = {
  type: 'RecurringOfferWithdrawn';
  data: { offerId: string; contractorId: string; withdrawnAt: string };
};

export type RecurringOfferEvent = RecurringOfferPublished | RecurringOfferWithdrawn;

export type ServiceSubscriptionRequested = {
  type: 'ServiceSubscriptionRequested';
  data: {
    subscriptionId: string;
    offerId: string;
    contractorId: string;
    customerId: string;
    title: string;
    description: string;
    service: string;
    pricePerVisitCents: number;
    frequency: Frequency;
    /** The first visit, local wall-clock time in `timeZone` (the contractor's calendar zone). */
    firstVisit: string;
    timeZone: string;
    /** The calendar's slot length when requested: how long each visit is booked for. */
    durationMinutes: number;
    customerTimeZone: string;
    /** The provider's token for the card every visit is charged to; the number is not kept. */
    paymentMethodId: string;
    cardBrand: string;
    cardLast4: string;
    note: string | null;
    requestedAt: string;
  };
};

/** The agreement (contract) was signed by both: visits are booked from now on. */
export type ServiceSubscriptionActivated = {
  type: 'ServiceSubscriptionActivated';
  data: {
    subscriptionId: string;
    contractorId: string;
    customerId: string;
    contractVersion: number;
    contractTextHash: string;
    activatedAt: string;
  };
};

export type ServiceSubscriptionDeclined = {
  type: 'ServiceSubscriptionDeclined';
  data: { subscriptionId: string; contractorId: string; customerId: string; reason: string | null; declinedAt: string };
};

export type RecurringVisitBooked = {
  type: 'RecurringVisitBooked';
  data: {
    subscriptionId: string;
    contractorId: string;
    customerId: string;
    visitIndex: number;
    bookingId: string;
    startsAt: string;
    bookedAt: string;
  };
};

/** The calendar refused the visit (closed that day, slot taken): both are told, nothing is charged. */
export type RecurringVisitNotBooked = {
  type: 'RecurringVisitNotBooked';
  data: {
    subscriptionId: string;
    contractorId: string;
    customerId: string;
    visitIndex: number;
    startsAt: string;
    reason: string;
    at: string;
  };
};

export type RecurringVisitSkipped = {
  type: 'RecurringVisitSkipped';
  data: {
    subscriptionId: string;
    contractorId: string;
    customerId: string;
    visitIndex: number;
    startsAt: string;
    skippedBy: string;
    skippedAt: string;
  };
};

export type ServiceSubscriptionPaused = {
  type: 'ServiceSubscriptionPaused';
  data: {
    subscriptionId: string;
    contractorId: string;
    customerId: string;
    pausedBy: string;
    pausedAt: string;
    /**
     * Booked visits more than 24 hours ahead, given back by the pause: their bookings are cancelled
     * (free), and after a resume they are booked again under new booking ids.
     */
    releasedVisits: number[];
  };
};

export type ServiceSubscriptionResumed = {
  type: 'ServiceSubscriptionResumed';
  data: { subscriptionId: string; contractorId: string; customerId: string; resumedBy: string; resumedAt: string };
};

export type ServiceSubscriptionCancelled = {
  type: 'ServiceSubscriptionCancelled';
  data: {
    subscriptionId: string;
    contractorId: string;
    customerId: string;
    cancelledBy: string;
    reason: string | null;
    cancelledAt: string;
  };
};

export type ServiceSubscriptionEvent =
  | ServiceSubscriptionRequested
  | ServiceSubscriptionActivated
  | ServiceSubscriptionDeclined
  | RecurringVisitBooked
  | RecurringVisitNotBooked
  | RecurringVisitSkipped
  | ServiceSubscriptionPaused
  | ServiceSubscriptionResumed
  | ServiceSubscriptionCancelled;

export const SERVICE_SUBSCRIPTION_EVENT_TYPES = [
  'ServiceSubscriptionRequested',
  'ServiceSubscriptionActivated',
  'ServiceSubscriptionDeclined',
  'RecurringVisitBooked',
  'RecurringVisitNotBooked',
  'RecurringVisitSkipped',
  'ServiceSubscriptionPaused',
  'ServiceSubscriptionResumed',
  'ServiceSubscriptionCancelled',
] as const satisfies readonly ServiceSubscriptionEvent['type'][];
