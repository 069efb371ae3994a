import type { Shares as EscrowShares } from '../escrow/money.ts';
import type { ProvinceCode } from '../../geo/provinces.ts';
import type { CategoryScores, OutcomeId, ScoreCategory } from './rules.ts';

/**
 * A dispute over one job's escrow. A job has at most one dispute ever: it can be opened only
 * while the escrow holds the money, and the decision distributes it. So the dispute's id is the
 * job's id, and "one open dispute per job" is the stream's own uniqueness (docs/decisions.md).
 * The stream is hash-chained like the escrow it freezes, so auditors can replay both.
 */
export const disputeStreamId = (jobId: string) => `dispute-${jobId}`;

export const disputeReasons = [
  'poor-quality',
  'incomplete-work',
  'damage',
  'delay',
  'no-show',
  'overcharge',
  'payment-withheld',
  'other',
] as const;
export type DisputeReason = (typeof disputeReasons)[number];

export type PartyRole = 'customer' | 'contractor';

/** The two parties, carried by every later event of the case so each can be told of it. */
export type DisputeParties = { customerId: string; contractorId: string; openerRole: PartyRole };

/** Uploaded evidence (text evidence is the statements themselves). */
export const fileEvidenceKinds = ['photo', 'video', 'document'] as const;
export type FileEvidenceKind = (typeof fileEvidenceKinds)[number];

export type DisputeOpened = {
  type: 'DisputeOpened';
  data: {
    disputeId: string;
    jobId: string;
    customerId: string;
    contractorId: string;
    openedBy: string;
    openerRole: PartyRole;
    reason: DisputeReason;
    /** The opener's account of the problem: their text evidence. */
    description: string;
    amountCents: number;
    contractorProvince: ProvinceCode;
    /** Whether the contractor had marked the work complete when the dispute was opened. */
    workMarkedComplete: boolean;
    respondBy: string;
    openedAt: string;
  };
};

export type EvidenceAdded = {
  type: 'EvidenceAdded';
  data: {
    disputeId: string;
    evidenceId: string;
    addedBy: string;
    partyRole: PartyRole;
    kind: FileEvidenceKind;
    /** Where the file-storage port keeps the bytes; the content type was read from them. */
    storageKey: string;
    contentType: string;
    sizeBytes: number;
    sha256: string;
    caption: string;
    addedAt: string;
  };
};

export type DisputeAnswered = {
  type: 'DisputeAnswered';
  data: {
    disputeId: string;
    parties: DisputeParties;
    answeredBy: string;
    partyRole: PartyRole;
    statement: string;
    answeredAt: string;
  };
};

/** The other party let the 5 days pass without answering: the case goes ahead without them. */
export type ResponseWindowClosed = {
  type: 'ResponseWindowClosed';
  data: { disputeId: string; parties: DisputeParties; closedAt: string };
};

export type ScoreAdjustment = {
  cause: 'evidence-balance' | 'work-not-complete';
  /** Points added to (or, negative, taken from) the category. */
  delta: number;
};

export type CategoryExplanation = {
  category: ScoreCategory;
  start: number;
  /** Whether the category is the one the dispute's reason is about (it weighs the evidence more). */
  primary: boolean;
  adjustments: ScoreAdjustment[];
  score: number;
};

export type DisputeAnalysis = {
  analyser: string;
  evidenceScores: Record<PartyRole, number>;
  /** (contractor's evidence score − customer's) / 10, from −1 to 1. */
  balance: number;
  scores: CategoryScores;
  explanation: CategoryExplanation[];
  average: number;
  recommendation: { outcome: OutcomeId; shares: Shares };
  /** 0 … 100. */
  confidencePct: number;
  confidence: { base: number; fromBalance: number; fromVolume: number; nearBoundary: number };
  flags: 'small-job'[];
  /** A model's plain-language summary, when an optional provider is configured and answered. */
  narrative: string | null;
};

/** Basis points of the escrowed amount: whole numbers that add up to 10,000. */
export type Shares = EscrowShares;

export type DisputeAnalysed = {
  type: 'DisputeAnalysed';
  data: { disputeId: string; parties: DisputeParties; analysis: DisputeAnalysis; analysedAt: string };
};

/** A confident analysis becomes a proposed resolution, final unless a party appeals in time. */
export type ResolutionProposed = {
  type: 'ResolutionProposed';
  data: {
    disputeId: string;
    parties: DisputeParties;
    outcome: OutcomeId;
    shares: Shares;
    appealBy: string;
    proposedAt: string;
  };
};

export type HumanReviewRequested = {
  type: 'HumanReviewRequested';
  data: { disputeId: string; parties: DisputeParties; requestedBy: string; partyRole: PartyRole; requestedAt: string };
};

export type DecisionOutcome = OutcomeId | 'custom';

export type DisputeDecided = {
  type: 'DisputeDecided';
  data: {
    disputeId: string;
    jobId: string;
    customerId: string;
    contractorId: string;
    /** The arbitrator (an admin), or null when an unappealed proposal became final. */
    decidedBy: string | null;
    via: 'arbitrator' | 'auto-resolution';
    outcome: DecisionOutcome;
    shares: Shares;
    reasons: string;
    /** The arbitrator's flat fee for the case, paid by the platform (0 for an automatic resolution). */
    arbitratorFeeCents: number;
    decidedAt: string;
  };
};

/** The escrow stopped holding the money before it could be frozen (e.g. released in the same instant). */
export type DisputeVoided = {
  type: 'DisputeVoided';
  data: { disputeId: string; parties: DisputeParties; reason: 'escrow-not-held'; voidedAt: string };
};

export type DisputeEvent =
  | DisputeOpened
  | EvidenceAdded
  | DisputeAnswered
  | ResponseWindowClosed
  | DisputeAnalysed
  | ResolutionProposed
  | HumanReviewRequested
  | DisputeDecided
  | DisputeVoided;

export const DISPUTE_EVENT_TYPES = [
  'DisputeOpened',
  'EvidenceAdded',
  'DisputeAnswered',
  'ResponseWindowClosed',
  'DisputeAnalysed',
  'ResolutionProposed',
  'HumanReviewRequested',
  'DisputeDecided',
  'DisputeVoided',
] as const satisfies readonly DisputeEvent['type'][];
