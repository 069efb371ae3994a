/**
 * Barter: skill-for-skill trades (spec sections 1, 2 and 8; docs/decisions.md, "Barter").
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
export type BarterTerms = {
  /** The proposer's side: the service they give, in their words. */
  proposerGives: string;
  proposerHours: number;
  /** Hours of the contractor's service (the trade's offering) the proposer asks for. */
  recipientHours: number;
  /** A note with this round of terms, or null. */
  message: string | null;
};

export type BarterTradeProposed = {
  type: 'BarterTradeProposed';
  data: {
    tradeId: string;
    proposerId: string;
    /** The contractor who offers the service asked for. */
    recipientId: string;
    offeringId: string;
    /** The offering's title when proposed (the trade keeps it if the offering is renamed later). */
    offeringTitle: string;
    terms: BarterTerms;
    proposedAt: string;
  };
};

export type BarterTradeCountered = {
  type: 'BarterTradeCountered';
  data: {
    tradeId: string;
    proposerId: string;
    recipientId: string;
    counteredBy: string;
    terms: BarterTerms;
    counteredAt: string;
  };
};

export type BarterTradeAccepted = {
  type: 'BarterTradeAccepted';
  data: {
    tradeId: string;
    proposerId: string;
    recipientId: string;
    acceptedBy: string;
    terms: BarterTerms;
    acceptedAt: string;
  };
};

export type BarterTradeDeclined = {
  type: 'BarterTradeDeclined';
  data: {
    tradeId: string;
    proposerId: string;
    recipientId: string;
    declinedBy: string;
    reason: string | null;
    declinedAt: string;
  };
};

export type BarterTradeWithdrawn = {
  type: 'BarterTradeWithdrawn';
  data: { tradeId: string; proposerId: string; recipientId: string; withdrawnBy: string; withdrawnAt: string };
};

/** The CASL record: either party may send the other commercial messages until `expiresAt`. */
export type BarterRelationshipRecorded = {
  type: 'BarterRelationshipRecorded';
  data: {
    tradeId: string;
    partyIds: [string, string];
    basis: 'barter';
    establishedAt: string;
    expiresAt: string;
  };
};

export type BarterExchangeMarkedComplete = {
  type: 'BarterExchangeMarkedComplete';
  data: { tradeId: string; proposerId: string; recipientId: string; markedBy: string; markedAt: string };
};

export type BarterTradeCompleted = {
  type: 'BarterTradeCompleted';
  data: { tradeId: string; proposerId: string; recipientId: string; completedAt: string };
};

export type BarterTradeReviewed = {
  type: 'BarterTradeReviewed';
  data: {
    tradeId: string;
    proposerId: string;
    recipientId: string;
    reviewerId: string;
    revieweeId: string;
    rating: number;
    comment: string | null;
    reviewedAt: string;
  };
};

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
