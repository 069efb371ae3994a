import { z } from 'zod';
import { provinceCodes } from '../../geo/provinces.ts';
import type { EventSchemas } from '../event-schema.ts';
import { sharesSchema } from '../escrow/events.ts';
import { outcomeIds, scoreCategories } from './rules.ts';

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

export const partyRoleSchema = z.enum(['customer', 'contractor']);
export type PartyRole = z.infer<typeof partyRoleSchema>;

/** The two parties, carried by every later event of the case so each can be told of it. */
export const disputePartiesSchema = z.object({
  customerId: z.string(),
  contractorId: z.string(),
  openerRole: partyRoleSchema,
});
export type DisputeParties = z.infer<typeof disputePartiesSchema>;

/** Uploaded evidence (text evidence is the statements themselves). */
export const fileEvidenceKinds = ['photo', 'video', 'document'] as const;
export type FileEvidenceKind = (typeof fileEvidenceKinds)[number];

export const disputeOpenedSchema = z.object({
  disputeId: z.string(),
  jobId: z.string(),
  customerId: z.string(),
  contractorId: z.string(),
  openedBy: z.string(),
  openerRole: partyRoleSchema,
  reason: z.enum(disputeReasons),
  /** The opener's account of the problem: their text evidence. */
  description: z.string(),
  amountCents: z.number(),
  contractorProvince: z.enum(provinceCodes),
  /** Whether the contractor had marked the work complete when the dispute was opened. */
  workMarkedComplete: z.boolean(),
  respondBy: z.string(),
  openedAt: z.string(),
});
export type DisputeOpened = { type: 'DisputeOpened'; data: z.infer<typeof disputeOpenedSchema> };

export const evidenceAddedSchema = z.object({
  disputeId: z.string(),
  evidenceId: z.string(),
  addedBy: z.string(),
  partyRole: partyRoleSchema,
  kind: z.enum(fileEvidenceKinds),
  /** Where the file-storage port keeps the bytes; the content type was read from them. */
  storageKey: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  sha256: z.string(),
  caption: z.string(),
  addedAt: z.string(),
});
export type EvidenceAdded = { type: 'EvidenceAdded'; data: z.infer<typeof evidenceAddedSchema> };

export const disputeAnsweredSchema = z.object({
  disputeId: z.string(),
  parties: disputePartiesSchema,
  answeredBy: z.string(),
  partyRole: partyRoleSchema,
  statement: z.string(),
  answeredAt: z.string(),
});
export type DisputeAnswered = { type: 'DisputeAnswered'; data: z.infer<typeof disputeAnsweredSchema> };

/** The other party let the 5 days pass without answering: the case goes ahead without them. */
export const responseWindowClosedSchema = z.object({
  disputeId: z.string(),
  parties: disputePartiesSchema,
  closedAt: z.string(),
});
export type ResponseWindowClosed = { type: 'ResponseWindowClosed'; data: z.infer<typeof responseWindowClosedSchema> };

export const scoreAdjustmentSchema = z.object({
  cause: z.enum(['evidence-balance', 'work-not-complete']),
  /** Points added to (or, negative, taken from) the category. */
  delta: z.number(),
});
export type ScoreAdjustment = z.infer<typeof scoreAdjustmentSchema>;

export const categoryExplanationSchema = z.object({
  category: z.enum(scoreCategories),
  start: z.number(),
  /** Whether the category is the one the dispute's reason is about (it weighs the evidence more). */
  primary: z.boolean(),
  adjustments: z.array(scoreAdjustmentSchema),
  score: z.number(),
});
export type CategoryExplanation = z.infer<typeof categoryExplanationSchema>;

/** Basis points of the escrowed amount: whole numbers that add up to 10,000. */
export type Shares = z.infer<typeof sharesSchema>;

export const disputeAnalysisSchema = z.object({
  analyser: z.string(),
  evidenceScores: z.object({ customer: z.number(), contractor: z.number() }),
  /** (contractor's evidence score − customer's) / 10, from −1 to 1. */
  balance: z.number(),
  scores: z.object({ quality: z.number(), price: z.number(), timeline: z.number() }).readonly(),
  explanation: z.array(categoryExplanationSchema),
  average: z.number(),
  recommendation: z.object({ outcome: z.enum(outcomeIds), shares: sharesSchema }),
  /** 0 … 100. */
  confidencePct: z.number(),
  confidence: z.object({
    base: z.number(),
    fromBalance: z.number(),
    fromVolume: z.number(),
    nearBoundary: z.number(),
  }),
  flags: z.array(z.literal('small-job')),
  /** A model's plain-language summary, when an optional provider is configured and answered. */
  narrative: z.string().nullable(),
});
export type DisputeAnalysis = z.infer<typeof disputeAnalysisSchema>;

export const disputeAnalysedSchema = z.object({
  disputeId: z.string(),
  parties: disputePartiesSchema,
  analysis: disputeAnalysisSchema,
  analysedAt: z.string(),
});
export type DisputeAnalysed = { type: 'DisputeAnalysed'; data: z.infer<typeof disputeAnalysedSchema> };

/** A confident analysis becomes a proposed resolution, final unless a party appeals in time. */
export const resolutionProposedSchema = z.object({
  disputeId: z.string(),
  parties: disputePartiesSchema,
  outcome: z.enum(outcomeIds),
  shares: sharesSchema,
  appealBy: z.string(),
  proposedAt: z.string(),
});
export type ResolutionProposed = { type: 'ResolutionProposed'; data: z.infer<typeof resolutionProposedSchema> };

export const humanReviewRequestedSchema = z.object({
  disputeId: z.string(),
  parties: disputePartiesSchema,
  requestedBy: z.string(),
  partyRole: partyRoleSchema,
  requestedAt: z.string(),
});
export type HumanReviewRequested = { type: 'HumanReviewRequested'; data: z.infer<typeof humanReviewRequestedSchema> };

export const decisionOutcomeSchema = z.union([z.enum(outcomeIds), z.literal('custom')]);
export type DecisionOutcome = z.infer<typeof decisionOutcomeSchema>;

export const disputeDecidedSchema = z.object({
  disputeId: z.string(),
  jobId: z.string(),
  customerId: z.string(),
  contractorId: z.string(),
  /** The arbitrator (an admin), or null when an unappealed proposal became final. */
  decidedBy: z.string().nullable(),
  via: z.enum(['arbitrator', 'auto-resolution']),
  outcome: decisionOutcomeSchema,
  shares: sharesSchema,
  reasons: z.string(),
  /** The arbitrator's flat fee for the case, paid by the platform (0 for an automatic resolution). */
  arbitratorFeeCents: z.number(),
  decidedAt: z.string(),
});
export type DisputeDecided = { type: 'DisputeDecided'; data: z.infer<typeof disputeDecidedSchema> };

/** The escrow stopped holding the money before it could be frozen (e.g. released in the same instant). */
export const disputeVoidedSchema = z.object({
  disputeId: z.string(),
  parties: disputePartiesSchema,
  reason: z.literal('escrow-not-held'),
  voidedAt: z.string(),
});
export type DisputeVoided = { type: 'DisputeVoided'; data: z.infer<typeof disputeVoidedSchema> };

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

export const disputeEventSchemas = {
  DisputeOpened: disputeOpenedSchema,
  EvidenceAdded: evidenceAddedSchema,
  DisputeAnswered: disputeAnsweredSchema,
  ResponseWindowClosed: responseWindowClosedSchema,
  DisputeAnalysed: disputeAnalysedSchema,
  ResolutionProposed: resolutionProposedSchema,
  HumanReviewRequested: humanReviewRequestedSchema,
  DisputeDecided: disputeDecidedSchema,
  DisputeVoided: disputeVoidedSchema,
} as const satisfies EventSchemas<DisputeEvent>;

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
