import type { ProvinceCode } from '../../geo/provinces.ts';
import { feeTierOf, percentOfCents, type FeeReading } from '../fees/tiers.ts';
import { taxOnFee, totalTaxCents, type TaxLine } from '../money/sales-tax.ts';
import type { FeeBasis } from './events.ts';

/**
 * Where the cents of an escrow go. Every function here returns parts that add up exactly to the
 * amount it was given (integer cents; the last part takes the rounding remainder), which is what
 * the conservation property test checks over random histories.
 */

export type FeeWithTax = FeeBasis & { feeCents: number; taxLines: TaxLine[] };

/**
 * The platform fee on `baseCents` (what the contractor receives before the fee) with its tax. The
 * tier is chosen by the job value under the reading; the tax by the contractor's province at the
 * moment the fee is charged.
 */
export function feeWithTax(input: {
  reading: FeeReading;
  jobValueCents: number;
  baseCents: number;
  province: ProvinceCode;
  at: Date;
}): FeeWithTax {
  const tier = feeTierOf(input.reading, input.jobValueCents);
  const feeCents = percentOfCents(input.baseCents, tier.rateBps);
  return {
    reading: input.reading,
    tierId: tier.id,
    rateBps: tier.rateBps,
    feeCents,
    taxLines: taxOnFee(feeCents, input.province, input.at),
  };
}

export const platformTakeCents = (fee: FeeWithTax) => fee.feeCents + totalTaxCents(fee.taxLines);

/** A normal release: the amount less the transaction fee and its tax. */
export function releaseBreakdown(amountCents: number, province: ProvinceCode, at: Date) {
  const fee = feeWithTax({ reading: 'transaction', jobValueCents: amountCents, baseCents: amountCents, province, at });
  return { fee, contractorNetCents: amountCents - platformTakeCents(fee) };
}

/** A cancellation after funding: the late fee (capped at the amount) to the contractor, the rest back. */
export function cancellationBreakdown(amountCents: number, lateFeeCents: number) {
  const kept = Math.min(Math.max(0, lateFeeCents), amountCents);
  return { refundCents: amountCents - kept, contractorCents: kept };
}

export type Shares = { customerBps: number; contractorBps: number; platformBps: number };

export function sharesAreValid(shares: Shares): boolean {
  const values = [shares.customerBps, shares.contractorBps, shares.platformBps];
  return values.every((v) => Number.isSafeInteger(v) && v >= 0) && values.reduce((a, b) => a + b, 0) === 10_000;
}

/**
 * An arbitrator's split. The customer's and the platform's shares are rounded half-up; the
 * contractor's gross is the remainder, and the arbitration-scale fee (tier by the job value) and
 * its tax come out of the contractor's part only (docs/decisions.md, "The two fee readings").
 */
export function arbitratedBreakdown(amountCents: number, shares: Shares, province: ProvinceCode, at: Date) {
  if (!sharesAreValid(shares)) throw new RangeError('shares must be whole basis points adding up to 10,000');
  const customerRefundCents = percentOfCents(amountCents, shares.customerBps);
  const platformShareCents = Math.min(
    percentOfCents(amountCents, shares.platformBps),
    amountCents - customerRefundCents,
  );
  const contractorGrossCents = amountCents - customerRefundCents - platformShareCents;
  const fee = feeWithTax({
    reading: 'arbitration',
    jobValueCents: amountCents,
    baseCents: contractorGrossCents,
    province,
    at,
  });
  return {
    customerRefundCents,
    platformShareCents,
    contractorGrossCents,
    fee,
    contractorNetCents: contractorGrossCents - platformTakeCents(fee),
  };
}
