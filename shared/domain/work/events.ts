import type { ProvinceCode } from '../../geo/provinces.ts';

/**
 * Work orders (spec: direct post and bids). One stream per work order, `workorder-<id>`, holds the
 * order and all its proposals, so "one accepted proposal" and "no proposal on a closed order" are
 * decided on one consistent state (two customers' clicks racing to accept conflict on append).
 * Money is integer CAD cents. Events carry ids, never personal data.
 *
 * This file is the contract other modules read (bookings, messaging, reviews, directory, seed):
 * add events or optional fields, never change the meaning of an existing one.
 */
export const workModes = ['direct', 'bids'] as const;
export type WorkMode = (typeof workModes)[number];

/**
 * Where the work happens, resolved from a Canadian postal code at posting time. The event keeps
 * the forward sortation area only: a full postal code of a home is personal data, kept outside the
 * log (shared/personal-data/postal-codes.ts) and shown to the parties from there.
 */
export type WorkLocation = {
  /** The forward sortation area, `A1A`. Absent on events written before it replaced `postalCode`. */
  fsa?: string;
  /**
   * Legacy: the full code `A1A 1A1`, on events written before it left the log. Never written any
   * more; readers take its first three characters (`locationFsa`) and ignore the rest.
   */
  postalCode?: string;
  city: string;
  province: ProvinceCode;
  /** Centroid of the postal code's forward sortation area (never the exact address). */
  lat: number;
  lng: number;
};

/** The forward sortation area of a location, from a new event's `fsa` or a legacy event's full code. */
export function locationFsa(location: WorkLocation): string {
  return location.fsa ?? location.postalCode!.slice(0, 3);
}

/** A location as readers keep it: the FSA, never a legacy event's full postal code. */
export function withoutFullPostalCode(location: WorkLocation): WorkLocation {
  const { postalCode: _postalCode, ...kept } = location;
  return { ...kept, fsa: locationFsa(location) };
}

export type WorkOrderDetails = {
  title: string;
  description: string;
  /** A slug of shared/domain/catalogue/categories.ts. */
  category: string;
  service: string | null;
  /** Null when the work is remote. */
  location: WorkLocation | null;
  remote: boolean;
  /** A fixed budget has min === max. */
  budgetMinCents: number;
  budgetMaxCents: number;
  /** Preferred dates, `YYYY-MM-DD`, in the customer's calendar. */
  preferredDates: string[];
  /** Photo references (ids of uploaded files); the count is limited by the plans issue. */
  photos: string[];
};

export type WorkOrderPosted = {
  type: 'WorkOrderPosted';
  data: WorkOrderDetails & {
    workOrderId: string;
    customerId: string;
    mode: WorkMode;
    /** The provider picked for a direct post; null for bids. */
    directContractorId: string | null;
    /** Set when the order comes from an accepted urgent alert (same id): it is awarded at once. */
    urgentAlertId?: string;
    postedAt: string;
  };
};

export type WorkOrderEdited = {
  type: 'WorkOrderEdited';
  data: WorkOrderDetails & { workOrderId: string; customerId: string; editedAt: string };
};

export type WorkOrderCancelled = {
  type: 'WorkOrderCancelled';
  data: {
    workOrderId: string;
    customerId: string;
    reason: string | null;
    cancelledAt: string;
    /**
     * The contractor the order was sent to (direct post) or awarded to, if any, who is told of the
     * cancellation. Bidders learn of it from their own ProposalDeclined (reason 'order_cancelled').
     */
    contractorId?: string | null;
  };
};

/** The provider of a direct post accepted the request: the order is awarded to them. */
export type DirectRequestAccepted = {
  type: 'DirectRequestAccepted';
  data: { workOrderId: string; customerId: string; contractorId: string; acceptedAt: string };
};

export type DirectRequestDeclined = {
  type: 'DirectRequestDeclined';
  data: { workOrderId: string; customerId: string; contractorId: string; reason: string | null; declinedAt: string };
};

export type ProposalSubmitted = {
  type: 'ProposalSubmitted';
  data: {
    workOrderId: string;
    customerId: string;
    proposalId: string;
    contractorId: string;
    priceCents: number;
    /** Estimated duration in hours. */
    durationHours: number;
    /** `YYYY-MM-DD`. */
    earliestStart: string;
    message: string;
    submittedAt: string;
  };
};

export type ProposalWithdrawn = {
  type: 'ProposalWithdrawn';
  data: { workOrderId: string; customerId: string; proposalId: string; contractorId: string; withdrawnAt: string };
};

export type ProposalAccepted = {
  type: 'ProposalAccepted';
  data: {
    workOrderId: string;
    customerId: string;
    proposalId: string;
    contractorId: string;
    priceCents: number;
    acceptedAt: string;
  };
};

/** Every other live proposal, when one is accepted or the order is cancelled. */
export type ProposalDeclined = {
  type: 'ProposalDeclined';
  data: {
    workOrderId: string;
    customerId: string;
    proposalId: string;
    contractorId: string;
    declinedAt: string;
    /** Why: another proposal was accepted, or the order was cancelled. Absent means the former. */
    reason?: ProposalDeclineReason;
  };
};

export const proposalDeclineReasons = ['other_accepted', 'order_cancelled'] as const;
export type ProposalDeclineReason = (typeof proposalDeclineReasons)[number];

/**
 * The order has its contractor (direct request accepted, or proposal accepted). The one event the
 * rest of the product keys on: scheduling for the job, messaging, and later contract and escrow.
 */
export type WorkOrderAwarded = {
  type: 'WorkOrderAwarded';
  data: {
    workOrderId: string;
    customerId: string;
    contractorId: string;
    proposalId: string | null;
    /** The agreed price (the proposal's price, or the budget maximum of a direct post). */
    priceCents: number;
    awardedAt: string;
  };
};

export type WorkOrderEvent =
  | WorkOrderPosted
  | WorkOrderEdited
  | WorkOrderCancelled
  | DirectRequestAccepted
  | DirectRequestDeclined
  | ProposalSubmitted
  | ProposalWithdrawn
  | ProposalAccepted
  | ProposalDeclined
  | WorkOrderAwarded;

export const workOrderStreamId = (workOrderId: string) => `workorder-${workOrderId}`;
