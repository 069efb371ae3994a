import { z } from 'zod';
import { provinceCodes } from '../../geo/provinces.ts';
import type { EventSchemas } from '../event-schema.ts';

/**
 * Work orders (docs/product.md#work-orders: direct post and bids). One stream per work order, `workorder-<id>`, holds the
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
export const workLocationSchema = z.object({
  /** The forward sortation area, `A1A`. Absent on events written before it replaced `postalCode`. */
  fsa: z.string().optional(),
  city: z.string(),
  province: z.enum(provinceCodes),
  /** Centroid of the postal code's forward sortation area (never the exact address). */
  lat: z.number(),
  lng: z.number(),
});
export type WorkLocation = z.infer<typeof workLocationSchema> & {
  /**
   * Legacy: the full code `A1A 1A1`, on events written before it left the log. Never written any
   * more; readers take its first three characters (`locationFsa`) and ignore the rest. Personal
   * data, so the schema does not name it (old events keep it; the check ignores it).
   */
  postalCode?: string;
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

export const workOrderDetailsSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** A slug of shared/domain/catalogue/categories.ts. */
  category: z.string(),
  service: z.string().nullable(),
  /** Null when the work is remote. */
  location: workLocationSchema.nullable(),
  remote: z.boolean(),
  /** A fixed budget has min === max. */
  budgetMinCents: z.number(),
  budgetMaxCents: z.number(),
  /** Preferred dates, `YYYY-MM-DD`, in the customer's calendar. */
  preferredDates: z.array(z.string()),
  /** Photo references (ids of uploaded files); the count is limited by the plans issue. */
  photos: z.array(z.string()),
});
export type WorkOrderDetails = Omit<z.infer<typeof workOrderDetailsSchema>, 'location'> & {
  location: WorkLocation | null;
};

export const workOrderPostedSchema = workOrderDetailsSchema.extend({
  workOrderId: z.string(),
  customerId: z.string(),
  mode: z.enum(workModes),
  /** The provider picked for a direct post; null for bids. */
  directContractorId: z.string().nullable(),
  /** Set when the order comes from an accepted urgent alert (same id): it is awarded at once. */
  urgentAlertId: z.string().optional(),
  postedAt: z.string(),
});
export type WorkOrderPosted = {
  type: 'WorkOrderPosted';
  data: Omit<z.infer<typeof workOrderPostedSchema>, 'location'> & WorkOrderDetails;
};

export const workOrderEditedSchema = workOrderDetailsSchema.extend({
  workOrderId: z.string(),
  customerId: z.string(),
  editedAt: z.string(),
});
export type WorkOrderEdited = {
  type: 'WorkOrderEdited';
  data: Omit<z.infer<typeof workOrderEditedSchema>, 'location'> & WorkOrderDetails;
};

export const workOrderCancelledSchema = z.object({
  workOrderId: z.string(),
  customerId: z.string(),
  reason: z.string().nullable(),
  cancelledAt: z.string(),
  /**
   * The contractor the order was sent to (direct post) or awarded to, if any, who is told of the
   * cancellation. Bidders learn of it from their own ProposalDeclined (reason 'order_cancelled').
   */
  contractorId: z.string().nullable().optional(),
});
export type WorkOrderCancelled = { type: 'WorkOrderCancelled'; data: z.infer<typeof workOrderCancelledSchema> };

/** The provider of a direct post accepted the request: the order is awarded to them. */
export const directRequestAcceptedSchema = z.object({
  workOrderId: z.string(),
  customerId: z.string(),
  contractorId: z.string(),
  acceptedAt: z.string(),
});
export type DirectRequestAccepted = {
  type: 'DirectRequestAccepted';
  data: z.infer<typeof directRequestAcceptedSchema>;
};

export const directRequestDeclinedSchema = z.object({
  workOrderId: z.string(),
  customerId: z.string(),
  contractorId: z.string(),
  reason: z.string().nullable(),
  declinedAt: z.string(),
});
export type DirectRequestDeclined = {
  type: 'DirectRequestDeclined';
  data: z.infer<typeof directRequestDeclinedSchema>;
};

export const proposalSubmittedSchema = z.object({
  workOrderId: z.string(),
  customerId: z.string(),
  proposalId: z.string(),
  contractorId: z.string(),
  priceCents: z.number(),
  /** Estimated duration in hours. */
  durationHours: z.number(),
  /** `YYYY-MM-DD`. */
  earliestStart: z.string(),
  message: z.string(),
  submittedAt: z.string(),
});
export type ProposalSubmitted = { type: 'ProposalSubmitted'; data: z.infer<typeof proposalSubmittedSchema> };

export const proposalWithdrawnSchema = z.object({
  workOrderId: z.string(),
  customerId: z.string(),
  proposalId: z.string(),
  contractorId: z.string(),
  withdrawnAt: z.string(),
});
export type ProposalWithdrawn = { type: 'ProposalWithdrawn'; data: z.infer<typeof proposalWithdrawnSchema> };

export const proposalAcceptedSchema = z.object({
  workOrderId: z.string(),
  customerId: z.string(),
  proposalId: z.string(),
  contractorId: z.string(),
  priceCents: z.number(),
  acceptedAt: z.string(),
});
export type ProposalAccepted = { type: 'ProposalAccepted'; data: z.infer<typeof proposalAcceptedSchema> };

export const proposalDeclineReasons = ['other_accepted', 'order_cancelled'] as const;
export type ProposalDeclineReason = (typeof proposalDeclineReasons)[number];

/** Every other live proposal, when one is accepted or the order is cancelled. */
export const proposalDeclinedSchema = z.object({
  workOrderId: z.string(),
  customerId: z.string(),
  proposalId: z.string(),
  contractorId: z.string(),
  declinedAt: z.string(),
  /** Why: another proposal was accepted, or the order was cancelled. Absent means the former. */
  reason: z.enum(proposalDeclineReasons).optional(),
});
export type ProposalDeclined = { type: 'ProposalDeclined'; data: z.infer<typeof proposalDeclinedSchema> };

/**
 * The order has its contractor (direct request accepted, or proposal accepted). The one event the
 * rest of the product keys on: scheduling for the job, messaging, and later contract and escrow.
 */
export const workOrderAwardedSchema = z.object({
  workOrderId: z.string(),
  customerId: z.string(),
  contractorId: z.string(),
  proposalId: z.string().nullable(),
  /** The agreed price (the proposal's price, or the budget maximum of a direct post). */
  priceCents: z.number(),
  awardedAt: z.string(),
});
export type WorkOrderAwarded = { type: 'WorkOrderAwarded'; data: z.infer<typeof workOrderAwardedSchema> };

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

export const workOrderEventSchemas = {
  WorkOrderPosted: workOrderPostedSchema,
  WorkOrderEdited: workOrderEditedSchema,
  WorkOrderCancelled: workOrderCancelledSchema,
  DirectRequestAccepted: directRequestAcceptedSchema,
  DirectRequestDeclined: directRequestDeclinedSchema,
  ProposalSubmitted: proposalSubmittedSchema,
  ProposalWithdrawn: proposalWithdrawnSchema,
  ProposalAccepted: proposalAcceptedSchema,
  ProposalDeclined: proposalDeclinedSchema,
  WorkOrderAwarded: workOrderAwardedSchema,
} as const satisfies EventSchemas<WorkOrderEvent>;

export const workOrderStreamId = (workOrderId: string) => `workorder-${workOrderId}`;
