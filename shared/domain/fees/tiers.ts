/**
 * The platform's transaction fee (docs/product.md#fees): a percentage of the job value chosen by tier,
 * charged to the contractor, computed when escrow is created and deducted only on successful
 * completion. Everything is integer CAD cents; percentages are basis points so no float ever
 * touches money. The calculator, the pricing pages and escrow all call `calculateFee`.
 */

export type FeeTier = {
  /** Stable id, used for message keys and in escrow events. */
  id: 'under-500' | '500-1999' | '2000-4999' | '5000-plus';
  /** Inclusive lower bound of the job value, in cents. */
  fromCents: number;
  /** Exclusive upper bound, in cents; null for the open-ended top tier. */
  toCents: number | null;
  /** The fee rate in basis points (1 % = 100 bp). */
  rateBps: number;
};

/** Ordered from the lowest job value up; the tiers cover 0 … ∞ without gaps. */
export const FEE_TIERS: readonly FeeTier[] = [
  { id: 'under-500', fromCents: 0, toCents: 500_00, rateBps: 800 },
  { id: '500-1999', fromCents: 500_00, toCents: 2_000_00, rateBps: 600 },
  { id: '2000-4999', fromCents: 2_000_00, toCents: 5_000_00, rateBps: 500 },
  { id: '5000-plus', fromCents: 5_000_00, toCents: null, rateBps: 400 },
];

/** The fee calculator's range and slider (docs/product.md#fees), in whole dollars. */
export const FEE_CALCULATOR = { minDollars: 50, maxDollars: 10_000, stepDollars: 50, defaultDollars: 1_000 } as const;

/** The worked example the contractor sign-up dialog and the pricing page show. */
export const FEE_EXAMPLE_JOB_CENTS = 3_000_00;

export type FeeResult = {
  tier: FeeTier;
  /** The percentage shown to people, e.g. 6 for 6 %. */
  percentage: number;
  jobValueCents: number;
  feeCents: number;
  contractorReceivesCents: number;
};

export function feeTierFor(jobValueCents: number): FeeTier {
  return feeTierOf('transaction', jobValueCents);
}

/** The fee on a job value, rounded half-up to the cent, and what the contractor receives. */
export function calculateFee(jobValueCents: number): FeeResult {
  const tier = feeTierFor(jobValueCents);
  const feeCents = percentOfCents(jobValueCents, tier.rateBps);
  return {
    tier,
    percentage: tier.rateBps / 100,
    jobValueCents,
    feeCents,
    contractorReceivesCents: jobValueCents - feeCents,
  };
}

/** `cents × bps / 10 000`, rounded half-up, in integer arithmetic. */
export function percentOfCents(cents: number, bps: number): number {
  assertCents(cents);
  if (!Number.isSafeInteger(bps) || bps < 0)
    throw new RangeError(`basis points must be a non-negative integer: ${bps}`);
  return Math.floor((cents * bps + 5_000) / 10_000);
}

export type CalculatorInput = { ok: true; dollars: number } | { ok: false; reason: 'not-a-number' | 'out-of-range' };

/**
 * The calculator's input rule (docs/product.md#fees): a value is accepted only if it is numeric and
 * from 50 to 10,000 inclusive. An emptied input resets to 50 (the caller shows 50 again).
 */
export function parseCalculatorInput(raw: string): CalculatorInput | { ok: true; dollars: number; reset: true } {
  const text = raw.trim().replace(/[\s,$]/g, '');
  if (text === '') return { ok: true, dollars: FEE_CALCULATOR.minDollars, reset: true };
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { ok: false, reason: 'not-a-number' };
  const dollars = Number(text);
  if (dollars < FEE_CALCULATOR.minDollars || dollars > FEE_CALCULATOR.maxDollars)
    return { ok: false, reason: 'out-of-range' };
  return { ok: true, dollars };
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

function assertCents(cents: number) {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError(`an amount must be a non-negative integer of cents: ${cents}`);
}

/**
 * The arbitration sliding scale of docs/product.md#fees (under $500 5 %, $500–1,999 4 %, $2,000–4,999
 * 3.5 %, $5,000+ 3 %). The pricing text gives it beside the 8/6/5/4 % tiers "which apply to all
 * transactions"; both readings hold here: the transaction tiers on every job completed normally,
 * this scale on a case a human arbitrator decides (docs/decisions.md, "The two fee readings").
 * Same bounds as FEE_TIERS, so the tier is picked by the job value the same way.
 */
export const ARBITRATION_FEE_TIERS: readonly FeeTier[] = [
  { id: 'under-500', fromCents: 0, toCents: 500_00, rateBps: 500 },
  { id: '500-1999', fromCents: 500_00, toCents: 2_000_00, rateBps: 400 },
  { id: '2000-4999', fromCents: 2_000_00, toCents: 5_000_00, rateBps: 350 },
  { id: '5000-plus', fromCents: 5_000_00, toCents: null, rateBps: 300 },
];

export type FeeReading = 'transaction' | 'arbitration';

/** The tier of a job value under one reading. */
export function feeTierOf(reading: FeeReading, jobValueCents: number): FeeTier {
  assertCents(jobValueCents);
  const tiers = reading === 'transaction' ? FEE_TIERS : ARBITRATION_FEE_TIERS;
  // The last tier has no upper bound, so the search always finds one.
  return tiers.find((tier) => tier.toCents === null || jobValueCents < tier.toCents)!;
}
