import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateFee, dollarsToCents, FEE_TIERS, feeTierFor, parseCalculatorInput, percentOfCents } from './tiers.ts';

describe('fee tiers', () => {
  it.each([
    [49.99, 8],
    [50, 8],
    [499.99, 8],
    [500, 6],
    [1_999.99, 6],
    [2_000, 5],
    [4_999.99, 5],
    [5_000, 4],
    [10_000, 4],
  ])('a job of $%s pays %s %%', (dollars, percentage) => {
    expect(calculateFee(dollarsToCents(dollars)).percentage).toBe(percentage);
  });

  it.each([
    [49.99, 400, 4_599],
    [500, 3_000, 47_000],
    [1_999.99, 12_000, 187_999],
    [3_000, 15_000, 285_000],
    [10_000, 40_000, 960_000],
  ])('on $%s the fee is %s cents and the contractor receives %s cents', (dollars, fee, receives) => {
    const result = calculateFee(dollarsToCents(dollars));
    expect(result.feeCents).toBe(fee);
    expect(result.contractorReceivesCents).toBe(receives);
  });

  it('rounds the fee half-up to the cent', () => {
    // 8 % of $0.06 is 0.48 ¢ → 0; of $0.07 it is 0.56 ¢ → 1; 6 % of $500.25 is 3001.5 ¢ → 3002.
    expect(percentOfCents(6, 800)).toBe(0);
    expect(percentOfCents(7, 800)).toBe(1);
    expect(calculateFee(500_25).feeCents).toBe(3_002);
  });

  it('tiers are contiguous and every amount falls in exactly one', () => {
    for (let i = 1; i < FEE_TIERS.length; i += 1) expect(FEE_TIERS[i]!.fromCents).toBe(FEE_TIERS[i - 1]!.toCents);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        const tier = feeTierFor(cents);
        expect(cents).toBeGreaterThanOrEqual(tier.fromCents);
        if (tier.toCents !== null) expect(cents).toBeLessThan(tier.toCents);
        const { feeCents, contractorReceivesCents } = calculateFee(cents);
        expect(feeCents + contractorReceivesCents).toBe(cents);
        expect(feeCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => calculateFee(10.5)).toThrow(RangeError);
    expect(() => calculateFee(-1)).toThrow(RangeError);
  });
});

describe('fee calculator input', () => {
  it('accepts 50 to 10,000 inclusive', () => {
    expect(parseCalculatorInput('50')).toEqual({ ok: true, dollars: 50 });
    expect(parseCalculatorInput('10000')).toEqual({ ok: true, dollars: 10_000 });
    expect(parseCalculatorInput(' 1,250.50 ')).toEqual({ ok: true, dollars: 1_250.5 });
  });

  it('resets an emptied input to 50', () => {
    expect(parseCalculatorInput('')).toEqual({ ok: true, dollars: 50, reset: true });
    expect(parseCalculatorInput('   ')).toEqual({ ok: true, dollars: 50, reset: true });
  });

  it('refuses non-numeric and out-of-range input', () => {
    expect(parseCalculatorInput('abc')).toEqual({ ok: false, reason: 'not-a-number' });
    expect(parseCalculatorInput('1e3')).toEqual({ ok: false, reason: 'not-a-number' });
    expect(parseCalculatorInput('-100')).toEqual({ ok: false, reason: 'not-a-number' });
    expect(parseCalculatorInput('49.99')).toEqual({ ok: false, reason: 'out-of-range' });
    expect(parseCalculatorInput('10000.01')).toEqual({ ok: false, reason: 'out-of-range' });
  });
});
