import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';

/**
 * Barter: skill-for-skill trades (docs/product.md#barter; docs/decisions.md, "Barter").
 *
 * `barter-trade-<tradeId>`: one proposal from a user to the contractor of a service that accepts
 * barter: "my service and hours for yours". The side that did not write the current terms accepts,
 * declines or counters them; the side that wrote them may withdraw. Once accepted, each side marks
 * the exchange complete; when both have, the trade is completed and each may review the other once.
 * No money moves, so no escrow or contract is involved.
 *
 * Acceptance also records an existing business relationship between the two parties, the basis of
 * implied consent under Canada's anti-spam law (CASL, s. 10(10)(b): a barter within the past two
 * years), with the day it lapses.
 *
 * This file is the contract other modules read (notifications, dashboards): add events or optional
 * fields, never change an existing meaning.
 */
export const barterTradeStreamId = (tradeId: string) => `barter-trade-${tradeId}`;

/** What one round of the negotiation offers. Hours are in half-hour steps. */
export const barterTermsSchema = z.object({
  /** The proposer's side: the service they give, in their words. */
  proposerGives: z.string(),
  proposerHours: z.number(),
  /** Hours of the contractor's service (the trade's offering) the proposer asks for. */
  recipientHours: z.number(),
  /** A note with this round of terms, or null. */
  message: z.string().nullable(),
});
export type BarterTerms = z.infer<typeof barterTermsSchema>;

export const barterTradeProposedSchema = z.object({
  tradeId: z.string(),
  proposerId: z.string(),
  /** The contractor who offers the service asked for. */
  recipientId: z.string(),
  offeringId: z.string(),
  /** The offering's title when proposed (the trade keeps it if the offering is renamed later). */
  offeringTitle: z.string(),
  terms: barterTermsSchema,
  proposedAt: z.string(),
});
export type BarterTradeProposed = { type: 'BarterTradeProposed'; data: z.infer<typeof barterTradeProposedSchema> };

export const barterTradeCounteredSchema = z.object({
  tradeId: z.string(),
  proposerId: z.string(),
  recipientId: z.string(),
  counteredBy: z.string(),
  terms: barterTermsSchema,
  counteredAt: z.string(),
});
export type BarterTradeCountered = { type: 'BarterTradeCountered'; data: z.infer<typeof barterTradeCounteredSchema> };

export const barterTradeAcceptedSchema = z.object({
  tradeId: z.string(),
  proposerId: z.string(),
  recipientId: z.string(),
  acceptedBy: z.string(),
  terms: barterTermsSchema,
  acceptedAt: z.string(),
});
export type BarterTradeAccepted = { type: 'BarterTradeAccepted'; data: z.infer<typeof barterTradeAcceptedSchema> };

export const barterTradeDeclinedSchema = z.object({
  tradeId: z.string(),
  proposerId: z.string(),
  recipientId: z.string(),
  declinedBy: z.string(),
  reason: z.string().nullable(),
  declinedAt: z.string(),
});
export type BarterTradeDeclined = { type: 'BarterTradeDeclined'; data: z.infer<typeof barterTradeDeclinedSchema> };

export const barterTradeWithdrawnSchema = z.object({
  tradeId: z.string(),
  proposerId: z.string(),
  recipientId: z.string(),
  withdrawnBy: z.string(),
  withdrawnAt: z.string(),
});
export type BarterTradeWithdrawn = { type: 'BarterTradeWithdrawn'; data: z.infer<typeof barterTradeWithdrawnSchema> };

/** The CASL record: either party may send the other commercial messages until `expiresAt`. */
export const barterRelationshipRecordedSchema = z.object({
  tradeId: z.string(),
  partyIds: z.tuple([z.string(), z.string()]),
  basis: z.literal('barter'),
  establishedAt: z.string(),
  expiresAt: z.string(),
});
export type BarterRelationshipRecorded = {
  type: 'BarterRelationshipRecorded';
  data: z.infer<typeof barterRelationshipRecordedSchema>;
};

export const barterExchangeMarkedCompleteSchema = z.object({
  tradeId: z.string(),
  proposerId: z.string(),
  recipientId: z.string(),
  markedBy: z.string(),
  markedAt: z.string(),
});
export type BarterExchangeMarkedComplete = {
  type: 'BarterExchangeMarkedComplete';
  data: z.infer<typeof barterExchangeMarkedCompleteSchema>;
};

export const barterTradeCompletedSchema = z.object({
  tradeId: z.string(),
  proposerId: z.string(),
  recipientId: z.string(),
  completedAt: z.string(),
});
export type BarterTradeCompleted = { type: 'BarterTradeCompleted'; data: z.infer<typeof barterTradeCompletedSchema> };

export const barterTradeReviewedSchema = z.object({
  tradeId: z.string(),
  proposerId: z.string(),
  recipientId: z.string(),
  reviewerId: z.string(),
  revieweeId: z.string(),
  rating: z.number(),
  comment: z.string().nullable(),
  reviewedAt: z.string(),
});
export type BarterTradeReviewed = { type: 'BarterTradeReviewed'; data: z.infer<typeof barterTradeReviewedSchema> };

export type BarterTradeEvent =
  | BarterTradeProposed
  | BarterTradeCountered
  | BarterTradeAccepted
  | BarterTradeDeclined
  | BarterTradeWithdrawn
  | BarterRelationshipRecorded
  | BarterExchangeMarkedComplete
  | BarterTradeCompleted
  | BarterTradeReviewed;

export const barterTradeEventSchemas = {
  BarterTradeProposed: barterTradeProposedSchema,
  BarterTradeCountered: barterTradeCounteredSchema,
  BarterTradeAccepted: barterTradeAcceptedSchema,
  BarterTradeDeclined: barterTradeDeclinedSchema,
  BarterTradeWithdrawn: barterTradeWithdrawnSchema,
  BarterRelationshipRecorded: barterRelationshipRecordedSchema,
  BarterExchangeMarkedComplete: barterExchangeMarkedCompleteSchema,
  BarterTradeCompleted: barterTradeCompletedSchema,
  BarterTradeReviewed: barterTradeReviewedSchema,
} as const satisfies EventSchemas<BarterTradeEvent>;

export const barterTradeEventTypes = [
  'BarterTradeProposed',
  'BarterTradeCountered',
  'BarterTradeAccepted',
  'BarterTradeDeclined',
  'BarterTradeWithdrawn',
  'BarterRelationshipRecorded',
  'BarterExchangeMarkedComplete',
  'BarterTradeCompleted',
  'BarterTradeReviewed',
] as const satisfies readonly BarterTradeEvent['type'][];
