import type {
  CategoryExplanation,
  DisputeAnalysis,
  DisputeReason,
  PartyRole,
  ScoreAdjustment,
  Shares,
} from './events.ts';
import {
  CONTRACTOR_FAVOURED_MIN_SCORE,
  CUSTOMER_FAVOURED_MAX_SCORE,
  DEFAULT_SCORES,
  EVIDENCE_SCORE_CAP,
  isSmallJob,
  recommendOutcome,
  scoreCategories,
  scoreEvidence,
  SCORE_MAX,
  SCORE_MIN,
  SHARED_FAULT_MAX_SCORE,
  type EscrowSplit,
  type EvidenceItem,
  type ScoreCategory,
} from './rules.ts';

/**
 * The built-in dispute analyser: deterministic, offline, and explainable number by number, so a
 * party, the arbitrator and an auditor can each redo it by hand from the case's events.
 *
 * Every score measures the contractor's side of the job (10 is faultless work, 0 is none) and
 * starts at the default (quality 7, price 6, timeline 7; docs/product.md#disputes). Two things move it:
 *
 * - **The evidence balance**: (contractor's evidence score − customer's) / 10, from −1 to 1. The
 *   category the dispute is about (by its reason) moves by 6 × the balance, the other two by 2 ×.
 *   Evidence is scored as docs/product.md#disputes says, per party, each capped at 10.
 * - **Work not marked complete** when the dispute was opened takes 1.5 from the timeline.
 *
 * The average of the three picks the decision matrix's outcome. The confidence starts at 50 %,
 * adds up to 35 points for one-sided evidence and up to 15 for its volume, loses 10 when the
 * average sits within 0.25 of a band's edge (a small change would flip the outcome), and never
 * exceeds 95 %: an automatic analysis does not claim certainty.
 */
export const ANALYSER_ID = 'built-in-v1';

const PRIMARY_WEIGHT = 6;
const SECONDARY_WEIGHT = 2;
const NOT_COMPLETE_TIMELINE_PENALTY = 1.5;
export const CONFIDENCE = { base: 50, balanceMax: 35, volumeMax: 15, nearBoundary: 10, boundaryMargin: 0.25, cap: 95 };
const BAND_EDGES = [CUSTOMER_FAVOURED_MAX_SCORE, SHARED_FAULT_MAX_SCORE, CONTRACTOR_FAVOURED_MIN_SCORE];

/** The category each reason is about; 'other' names none, so all three weigh the same. */
export const REASON_CATEGORY: Readonly<Record<DisputeReason, ScoreCategory | null>> = {
  'poor-quality': 'quality',
  'incomplete-work': 'quality',
  damage: 'quality',
  'payment-withheld': 'quality',
  delay: 'timeline',
  'no-show': 'timeline',
  overcharge: 'price',
  other: null,
};

export type AnalysisInput = {
  amountCents: number;
  reason: DisputeReason;
  workMarkedComplete: boolean;
  evidence: Readonly<Record<PartyRole, readonly EvidenceItem[]>>;
  narrative?: string | null;
};

/** Tenths, as integers, so 6 × −0.4 is −2.4 and not −2.4000000000000004. */
const tenths = (value: number) => Math.round(value * 10);
const clampScore = (t: number) => Math.min(SCORE_MAX * 10, Math.max(SCORE_MIN * 10, t));

export function sharesOf(split: EscrowSplit): Shares {
  return {
    customerBps: split.customer * 100,
    contractorBps: split.contractor * 100,
    platformBps: split.platform * 100,
  };
}

export function analyseDispute(input: AnalysisInput): DisputeAnalysis {
  const customer = scoreEvidence(input.evidence.customer);
  const contractor = scoreEvidence(input.evidence.contractor);
  const balanceTenths = contractor - customer; // each is 0 … 10, so this is −10 … 10 tenths of 1
  const primary = REASON_CATEGORY[input.reason];

  const explanation: CategoryExplanation[] = scoreCategories.map((category) => {
    const isPrimary = category === primary;
    const adjustments: ScoreAdjustment[] = [];
    if (balanceTenths !== 0) {
      const weight = isPrimary ? PRIMARY_WEIGHT : SECONDARY_WEIGHT;
      adjustments.push({ cause: 'evidence-balance', delta: (weight * balanceTenths) / 10 });
    }
    if (category === 'timeline' && !input.workMarkedComplete) {
      adjustments.push({ cause: 'work-not-complete', delta: -NOT_COMPLETE_TIMELINE_PENALTY });
    }
    const start = DEFAULT_SCORES[category];
    const scoreTenths = clampScore(tenths(start) + adjustments.reduce((sum, a) => sum + tenths(a.delta), 0));
    return { category, start, primary: isPrimary, adjustments, score: scoreTenths / 10 };
  });

  const scores = Object.fromEntries(explanation.map((e) => [e.category, e.score])) as Record<ScoreCategory, number>;
  // Two decimals: the matrix's edges (3, 4.5, 7) are compared exactly on what the parties see.
  const average = Math.round(((scores.quality + scores.price + scores.timeline) * 100) / 3) / 100;
  const outcome = recommendOutcome(average);

  const fromBalance = Math.round((CONFIDENCE.balanceMax * Math.abs(balanceTenths)) / 10);
  const volume = Math.min(EVIDENCE_SCORE_CAP, customer + contractor);
  const fromVolume = Math.round((CONFIDENCE.volumeMax * volume) / EVIDENCE_SCORE_CAP);
  const nearEdge = BAND_EDGES.some((edge) => Math.abs(average - edge) < CONFIDENCE.boundaryMargin);
  const nearBoundary = nearEdge ? -CONFIDENCE.nearBoundary : 0;
  const confidencePct = Math.min(CONFIDENCE.cap, CONFIDENCE.base + fromBalance + fromVolume + nearBoundary);

  return {
    analyser: ANALYSER_ID,
    evidenceScores: { customer, contractor },
    balance: balanceTenths / 10,
    scores,
    explanation,
    average,
    recommendation: { outcome: outcome.id, shares: sharesOf(outcome.split) },
    confidencePct,
    confidence: { base: CONFIDENCE.base, fromBalance, fromVolume, nearBoundary },
    flags: isSmallJob(input.amountCents) ? ['small-job'] : [],
    narrative: input.narrative ?? null,
  };
}
