import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';
import { frequencies } from './recurrence.ts';

/**
 * Recurring subscription services (docs/product.md#recurring-services: "recurring weekly, bi-weekly or monthly").
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

export const recurringOfferPublishedSchema = z.object({
  offerId: z.string(),
  contractorId: z.string(),
  title: z.string(),
  description: z.string(),
  /** A taxonomy service slug (shared/domain/catalogue/categories.ts). */
  service: z.string(),
  /** Integer CAD cents, before the platform's fee (which the contractor pays). */
  pricePerVisitCents: z.number(),
  frequencies: z.array(z.enum(frequencies)),
  publishedAt: z.string(),
});
export type RecurringOfferPublished = {
  type: 'RecurringOfferPublished';
  data: z.infer<typeof recurringOfferPublishedSchema>;
};

export const recurringOfferWithdrawnSchema = z.object({
  offerId: z.string(),
  contractorId: z.string(),
  withdrawnAt: z.string(),
});
export type RecurringOfferWithdrawn = {
  type: 'RecurringOfferWithdrawn';
  data: z.infer<typeof recurringOfferWithdrawnSchema>;
};

export type RecurringOfferEvent = RecurringOfferPublished | RecurringOfferWithdrawn;

export const recurringOfferEventSchemas = {
  RecurringOfferPublished: recurringOfferPublishedSchema,
  RecurringOfferWithdrawn: recurringOfferWithdrawnSchema,
} as const satisfies EventSchemas<RecurringOfferEvent>;

export const serviceSubscriptionRequestedSchema = z.object({
  subscriptionId: z.string(),
  offerId: z.string(),
  contractorId: z.string(),
  customerId: z.string(),
  title: z.string(),
  description: z.string(),
  service: z.string(),
  pricePerVisitCents: z.number(),
  frequency: z.enum(frequencies),
  /** The first visit, local wall-clock time in `timeZone` (the contractor's calendar zone). */
  firstVisit: z.string(),
  timeZone: z.string(),
  /** The calendar's slot length when requested: how long each visit is booked for. */
  durationMinutes: z.number(),
  customerTimeZone: z.string(),
  /** The provider's token for the card every visit is charged to; the number is not kept. */
  paymentMethodId: z.string(),
  cardBrand: z.string(),
  cardLast4: z.string(),
  note: z.string().nullable(),
  requestedAt: z.string(),
});
export type ServiceSubscriptionRequested = {
  type: 'ServiceSubscriptionRequested';
  data: z.infer<typeof serviceSubscriptionRequestedSchema>;
};

/** The agreement (contract) was signed by both: visits are booked from now on. */
export const serviceSubscriptionActivatedSchema = z.object({
  subscriptionId: z.string(),
  contractorId: z.string(),
  customerId: z.string(),
  contractVersion: z.number(),
  contractTextHash: z.string(),
  activatedAt: z.string(),
});
export type ServiceSubscriptionActivated = {
  type: 'ServiceSubscriptionActivated';
  data: z.infer<typeof serviceSubscriptionActivatedSchema>;
};

export const serviceSubscriptionDeclinedSchema = z.object({
  subscriptionId: z.string(),
  contractorId: z.string(),
  customerId: z.string(),
  reason: z.string().nullable(),
  declinedAt: z.string(),
});
export type ServiceSubscriptionDeclined = {
  type: 'ServiceSubscriptionDeclined';
  data: z.infer<typeof serviceSubscriptionDeclinedSchema>;
};

export const recurringVisitBookedSchema = z.object({
  subscriptionId: z.string(),
  contractorId: z.string(),
  customerId: z.string(),
  visitIndex: z.number(),
  bookingId: z.string(),
  startsAt: z.string(),
  bookedAt: z.string(),
});
export type RecurringVisitBooked = { type: 'RecurringVisitBooked'; data: z.infer<typeof recurringVisitBookedSchema> };

/** The calendar refused the visit (closed that day, slot taken): both are told, nothing is charged. */
export const recurringVisitNotBookedSchema = z.object({
  subscriptionId: z.string(),
  contractorId: z.string(),
  customerId: z.string(),
  visitIndex: z.number(),
  startsAt: z.string(),
  reason: z.string(),
  at: z.string(),
});
export type RecurringVisitNotBooked = {
  type: 'RecurringVisitNotBooked';
  data: z.infer<typeof recurringVisitNotBookedSchema>;
};

export const recurringVisitSkippedSchema = z.object({
  subscriptionId: z.string(),
  contractorId: z.string(),
  customerId: z.string(),
  visitIndex: z.number(),
  startsAt: z.string(),
  skippedBy: z.string(),
  skippedAt: z.string(),
});
export type RecurringVisitSkipped = {
  type: 'RecurringVisitSkipped';
  data: z.infer<typeof recurringVisitSkippedSchema>;
};

export const serviceSubscriptionPausedSchema = z.object({
  subscriptionId: z.string(),
  contractorId: z.string(),
  customerId: z.string(),
  pausedBy: z.string(),
  pausedAt: z.string(),
  /**
   * Booked visits more than 24 hours ahead, given back by the pause: their bookings are cancelled
   * (free), and after a resume they are booked again under new booking ids.
   */
  releasedVisits: z.array(z.number()),
});
export type ServiceSubscriptionPaused = {
  type: 'ServiceSubscriptionPaused';
  data: z.infer<typeof serviceSubscriptionPausedSchema>;
};

export const serviceSubscriptionResumedSchema = z.object({
  subscriptionId: z.string(),
  contractorId: z.string(),
  customerId: z.string(),
  resumedBy: z.string(),
  resumedAt: z.string(),
});
export type ServiceSubscriptionResumed = {
  type: 'ServiceSubscriptionResumed';
  data: z.infer<typeof serviceSubscriptionResumedSchema>;
};

export const serviceSubscriptionCancelledSchema = z.object({
  subscriptionId: z.string(),
  contractorId: z.string(),
  customerId: z.string(),
  cancelledBy: z.string(),
  reason: z.string().nullable(),
  cancelledAt: z.string(),
});
export type ServiceSubscriptionCancelled = {
  type: 'ServiceSubscriptionCancelled';
  data: z.infer<typeof serviceSubscriptionCancelledSchema>;
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

export const serviceSubscriptionEventSchemas = {
  ServiceSubscriptionRequested: serviceSubscriptionRequestedSchema,
  ServiceSubscriptionActivated: serviceSubscriptionActivatedSchema,
  ServiceSubscriptionDeclined: serviceSubscriptionDeclinedSchema,
  RecurringVisitBooked: recurringVisitBookedSchema,
  RecurringVisitNotBooked: recurringVisitNotBookedSchema,
  RecurringVisitSkipped: recurringVisitSkippedSchema,
  ServiceSubscriptionPaused: serviceSubscriptionPausedSchema,
  ServiceSubscriptionResumed: serviceSubscriptionResumedSchema,
  ServiceSubscriptionCancelled: serviceSubscriptionCancelledSchema,
} as const satisfies EventSchemas<ServiceSubscriptionEvent>;

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
