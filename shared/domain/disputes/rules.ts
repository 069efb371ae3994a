/**
 * The arbitration rules (docs/product.md#disputes): how evidence is scored, how an average
 * score maps to an outcome and its split of the escrowed amount, and the process's timings. Pure
 * data and functions, no I/O: the information dialogs render these numbers, and the disputes
 * module decides with them.
 *
 * Fees are not here: shared/domain/fees/tiers.ts holds both readings of the fee rules, and
 * shared/domain/escrow/money.ts applies the arbitration scale to the contractor's share of a
 * distributed escrow (docs/decisions.md, "The two fee readings").
 */

// ── Evidence ────────────────────────────────────────────────────────────────────────────────

export const evidenceKinds = ['photo', 'video', 'document', 'text'] as const;
export type EvidenceKind = (typeof evidenceKinds)[number];

/** Points per piece of evidence (docs/product.md#disputes): photos or videos 3, documents 2, text 1. */
export const EVIDENCE_POINTS: Readonly<Record<EvidenceKind, number>> = { photo: 3, video: 3, document: 2, text: 1 };

/** A description longer than this many characters ("over 100") earns the bonus. */
export const LONG_DESCRIPTION_MIN_EXCLUSIVE = 100;
export const LONG_DESCRIPTION_BONUS = 1;
export const EVIDENCE_SCORE_CAP = 10;

export type EvidenceItem = { kind: EvidenceKind; description?: string };

/**
 * The evidence score of a dispute. Each item earns its kind's points, plus the bonus when its own
 * description is over 100 characters (counted in Unicode code points, surrounding spaces
 * ignored, so padding earns nothing); the total is capped at 10.
 */
export function scoreEvidence(items: readonly EvidenceItem[]): number {
  let total = 0;
  for (const item of items) {
    const points = EVIDENCE_POINTS[item.kind];
    if (points === undefined) throw new RangeError(`unknown evidence kind: ${String(item.kind)}`);
    total += points;
    if (isLongDescription(item.description)) total += LONG_DESCRIPTION_BONUS;
  }
  return Math.min(total, EVIDENCE_SCORE_CAP);
}

export function isLongDescription(description: string | undefined): boolean {
  return [...(description ?? '').trim()].length > LONG_DESCRIPTION_MIN_EXCLUSIVE;
}

// ── Scores and the decision matrix ─────────────────────────────────────────────────────────

/** Each category is scored from 0 to 10. */
export const SCORE_MIN = 0;
export const SCORE_MAX = 10;

export const scoreCategories = ['quality', 'price', 'timeline'] as const;
export type ScoreCategory = (typeof scoreCategories)[number];
export type CategoryScores = Readonly<Record<ScoreCategory, number>>;

/** The scores a case starts from (docs/product.md#disputes). */
export const DEFAULT_SCORES: CategoryScores = { quality: 7, price: 6, timeline: 7 };

export function averageScore(scores: CategoryScores): number {
  for (const category of scoreCategories) assertScore(scores[category]);
  return scoreCategories.reduce((sum, category) => sum + scores[category], 0) / scoreCategories.length;
}

/** Shares of the escrowed amount, in whole percent; they always add up to 100. */
export type EscrowSplit = Readonly<{ customer: number; contractor: number; platform: number }>;

export const outcomeIds = ['contractor-full-payment', 'customer-refund', 'shared-fault', 'minor-issues'] as const;
export type OutcomeId = (typeof outcomeIds)[number];

/** Bounds of an average-score band; a missing bound is open. */
export type ScoreBand = Readonly<{ above?: number; atLeast?: number; below?: number; atMost?: number }>;

export type DecisionRule = Readonly<{ id: OutcomeId; band: ScoreBand; split: EscrowSplit }>;

/** An average of 7 or more favours the contractor. */
export const CONTRACTOR_FAVOURED_MIN_SCORE = 7;
/** An average of 3 or less favours the customer. */
export const CUSTOMER_FAVOURED_MAX_SCORE = 3;
/** An average of 4.5 or less (and above 3) is a shared fault. */
export const SHARED_FAULT_MAX_SCORE = 4.5;

/**
 * The decision matrix (docs/product.md#disputes). As first written, its bands overlapped ("4.5 or
 * lower" also covers "3 or lower") and "minor issues" had no band, so it is read in this order of
 * precedence, which makes the bands below disjoint and cover 0 … 10:
 *
 * 1. 7 or more → the contractor is favoured: full payment. The normal transaction fee is then
 *    deducted from the contractor's share as on any completed job; it is not part of this split.
 * 2. otherwise 3 or less → the customer is favoured: a 90 % refund. The rule as first written gave
 *    only the refund; the remaining 10 % is read as the platform's share, as in the two splits below.
 * 3. otherwise 4.5 or less → shared fault: 70 % customer, 20 % contractor, 10 % platform.
 * 4. otherwise (above 4.5, below 7) → minor issues: 30 % customer, 60 % contractor, 10 % platform.
 */
export const DECISION_MATRIX: readonly DecisionRule[] = [
  {
    id: 'contractor-full-payment',
    band: { atLeast: CONTRACTOR_FAVOURED_MIN_SCORE },
    split: { customer: 0, contractor: 100, platform: 0 },
  },
  {
    id: 'customer-refund',
    band: { atMost: CUSTOMER_FAVOURED_MAX_SCORE },
    split: { customer: 90, contractor: 0, platform: 10 },
  },
  {
    id: 'shared-fault',
    band: { above: CUSTOMER_FAVOURED_MAX_SCORE, atMost: SHARED_FAULT_MAX_SCORE },
    split: { customer: 70, contractor: 20, platform: 10 },
  },
  {
    id: 'minor-issues',
    band: { above: SHARED_FAULT_MAX_SCORE, below: CONTRACTOR_FAVOURED_MIN_SCORE },
    split: { customer: 30, contractor: 60, platform: 10 },
  },
];

export function decisionRule(id: OutcomeId): DecisionRule {
  return DECISION_MATRIX.find((rule) => rule.id === id)!;
}

export function inBand(score: number, band: ScoreBand): boolean {
  return (
    (band.above === undefined || score > band.above) &&
    (band.atLeast === undefined || score >= band.atLeast) &&
    (band.below === undefined || score < band.below) &&
    (band.atMost === undefined || score <= band.atMost)
  );
}

export type Outcome = Readonly<{ id: OutcomeId; split: EscrowSplit }>;

/**
 * The outcome the matrix recommends for an average score from 0 to 10.
 *
 * `minorIssues` is the reviewer's finding that otherwise good work has minor issues. It matters
 * only at 7 or more, where it turns full payment into the minor-issues split; below 7 the score
 * alone decides, because the band between 4.5 and 7 already is the minor-issues band.
 */
export function recommendOutcome(average: number, options: { minorIssues?: boolean } = {}): Outcome {
  assertScore(average);
  const rule = DECISION_MATRIX.find((candidate) => inBand(average, candidate.band))!;
  const id = rule.id === 'contractor-full-payment' && options.minorIssues ? 'minor-issues' : rule.id;
  return { id, split: decisionRule(id).split };
}

function assertScore(score: number) {
  if (!Number.isFinite(score) || score < SCORE_MIN || score > SCORE_MAX)
    throw new RangeError(`a score must be a number from ${SCORE_MIN} to ${SCORE_MAX}: ${score}`);
}

// ── Process and timings ────────────────────────────────────────────────────────────────────

/** The AI analysis finishes within this many seconds of submission. */
export const AI_ANALYSIS_SECONDS = 30;

/** An AI analysis at least this confident (0 … 1) may resolve the case by itself. */
export const AUTO_RESOLVE_CONFIDENCE = 0.8;

/** After an automatic resolution either party may ask for a human review within this many hours. */
export const HUMAN_REVIEW_REQUEST_HOURS = 48;

/** A human arbitrator's review typically takes this long. */
export const HUMAN_REVIEW_HOURS = { min: 24, max: 48 } as const;

/** The escrowed money is paid out this many business days after the decision. */
export const PAYOUT_BUSINESS_DAYS = { min: 2, max: 3 } as const;

/** The other party may answer a dispute, with their own evidence, within this many days. */
export const RESPONSE_DAYS = 5;

/**
 * The human arbitrator's flat fee per decided case (CAD cents). The platform pays it out of its
 * own revenue; it is recorded on the decision so the cost of arbitration is auditable, and it is
 * never taken from the escrowed money (docs/decisions.md).
 */
export const ARBITRATOR_FLAT_FEE_CENTS = 75_00;

/** Disputes over jobs under this value (CAD cents) are flagged. */
export const SMALL_JOB_FLAG_CENTS = 100_00;

export function canAutoResolve(confidence: number): boolean {
  if (!Number.isFinite(confidence) || confidence < 0 || confidence > 1)
    throw new RangeError(`a confidence must be a number from 0 to 1: ${confidence}`);
  return confidence >= AUTO_RESOLVE_CONFIDENCE;
}

export function isSmallJob(jobValueCents: number): boolean {
  if (!Number.isSafeInteger(jobValueCents) || jobValueCents < 0)
    throw new RangeError(`an amount must be a non-negative integer of cents: ${jobValueCents}`);
  return jobValueCents < SMALL_JOB_FLAG_CENTS;
}
