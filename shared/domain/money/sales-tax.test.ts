import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { provinceCodes, type ProvinceCode } from '../../geo/provinces.ts';
import { SALES_TAX_TABLE, chargeDate, formatRate, taxOnFee, taxRatesOn, totalTaxCents } from './sales-tax.ts';

const at = (iso: string) => new Date(iso);
const NBSP = '\u00a0';

describe('sales tax on the platform fee', () => {
  it.each([
    ['AB', [['GST', 500]]],
    ['NT', [['GST', 500]]],
    ['NU', [['GST', 500]]],
    ['YT', [['GST', 500]]],
    ['ON', [['HST', 1_300]]],
    ['NB', [['HST', 1_500]]],
    ['NL', [['HST', 1_500]]],
    ['PE', [['HST', 1_500]]],
    ['NS', [['HST', 1_400]]],
    [
      'BC',
      [
        ['GST', 500],
        ['PST', 700],
      ],
    ],
    [
      'MB',
      [
        ['GST', 500],
        ['RST', 700],
      ],
    ],
    [
      'SK',
      [
        ['GST', 500],
        ['PST', 600],
      ],
    ],
    // 9.975 % of $100 is 997.5 ¢, rounded half-up to 998.
    [
      'QC',
      [
        ['GST', 500],
        ['QST', 998],
      ],
    ],
  ] as const)('%s on a $100 fee on 2026-06-01', (province, lines) => {
    const taxed = taxOnFee(10_000, province as ProvinceCode, at('2026-06-01T16:00:00Z'));
    expect(taxed.map((line) => [line.code, line.cents])).toEqual(lines);
  });

  it('covers all thirteen provinces and territories, with the 2026 rates', () => {
    expect(provinceCodes).toHaveLength(13);
    const rates = Object.fromEntries(provinceCodes.map((p) => [p, taxRatesOn(p, '2026-06-01')]));
    expect(rates).toEqual({
      AB: [{ code: 'GST', ratePcm: 5_000 }],
      NT: [{ code: 'GST', ratePcm: 5_000 }],
      NU: [{ code: 'GST', ratePcm: 5_000 }],
      YT: [{ code: 'GST', ratePcm: 5_000 }],
      ON: [{ code: 'HST', ratePcm: 13_000 }],
      NB: [{ code: 'HST', ratePcm: 15_000 }],
      NL: [{ code: 'HST', ratePcm: 15_000 }],
      PE: [{ code: 'HST', ratePcm: 15_000 }],
      NS: [{ code: 'HST', ratePcm: 14_000 }],
      BC: [
        { code: 'GST', ratePcm: 5_000 },
        { code: 'PST', ratePcm: 7_000 },
      ],
      MB: [
        { code: 'GST', ratePcm: 5_000 },
        { code: 'RST', ratePcm: 7_000 },
      ],
      SK: [
        { code: 'GST', ratePcm: 5_000 },
        { code: 'PST', ratePcm: 6_000 },
      ],
      QC: [
        { code: 'GST', ratePcm: 5_000 },
        { code: 'QST', ratePcm: 9_975 },
      ],
    });
  });

  it('has a table without gaps or overlaps, from 2000-01-01 to today, for every province', () => {
    for (const province of provinceCodes) {
      const periods = SALES_TAX_TABLE.filter((p) => p.province === province).sort((a, b) => (a.from < b.from ? -1 : 1));
      expect(periods[0]!.from).toBe('2000-01-01');
      expect(periods.at(-1)!.to).toBeNull();
      for (let i = 1; i < periods.length; i += 1) expect(periods[i]!.from).toBe(periods[i - 1]!.to);
      for (const p of periods) {
        expect(p.lines.length).toBeGreaterThan(0);
        for (const line of p.lines) expect(Number.isSafeInteger(line.ratePcm) && line.ratePcm > 0).toBe(true);
      }
    }
  });

  it('hands out copies, never the table itself', () => {
    const rates = taxRatesOn('QC', '2026-06-01');
    rates[0]!.ratePcm = 0;
    expect(taxRatesOn('QC', '2026-06-01')[0]!.ratePcm).toBe(5_000);
    expect(Object.isFrozen(SALES_TAX_TABLE)).toBe(true);
    expect(Object.isFrozen(SALES_TAX_TABLE[0]!.lines[0])).toBe(true);
  });

  it('Nova Scotia: 15 % HST until 2025-03-31, 14 % from 2025-04-01', () => {
    expect(taxRatesOn('NS', '2025-03-31')).toEqual([{ code: 'HST', ratePcm: 15_000 }]);
    expect(taxRatesOn('NS', '2025-04-01')).toEqual([{ code: 'HST', ratePcm: 14_000 }]);
    expect(taxRatesOn('NS', '2000-01-01')).toEqual([{ code: 'HST', ratePcm: 15_000 }]);
    // The other Atlantic provinces did not change.
    expect(taxRatesOn('NB', '2025-04-01')).toEqual([{ code: 'HST', ratePcm: 15_000 }]);
  });

  it('picks the rate by the day the fee is charged in the province, not by the UTC day', () => {
    // 02:30 UTC on April 1 is 23:30 on March 31 in Halifax (UTC−3 in daylight time).
    expect(chargeDate(at('2025-04-01T02:30:00Z'), 'NS')).toBe('2025-03-31');
    expect(taxOnFee(10_000, 'NS', at('2025-04-01T02:30:00Z'))).toEqual([
      { code: 'HST', ratePcm: 15_000, cents: 1_500 },
    ]);
    // Midnight in Halifax is 03:00 UTC: from then on, 14 %.
    expect(chargeDate(at('2025-04-01T02:59:59Z'), 'NS')).toBe('2025-03-31');
    expect(chargeDate(at('2025-04-01T03:00:00Z'), 'NS')).toBe('2025-04-01');
    expect(taxOnFee(10_000, 'NS', at('2025-04-01T03:00:00Z'))[0]!.cents).toBe(1_400);
  });

  it('reads each province in its own time zone', () => {
    const instant = at('2026-01-01T04:00:00Z');
    // Newfoundland is UTC−3:30, the Atlantic provinces UTC−4, Ontario and Quebec UTC−5, BC UTC−8.
    expect(chargeDate(instant, 'NL')).toBe('2026-01-01');
    expect(chargeDate(instant, 'PE')).toBe('2026-01-01');
    expect(chargeDate(instant, 'ON')).toBe('2025-12-31');
    expect(chargeDate(instant, 'BC')).toBe('2025-12-31');
    // Saskatchewan stays on UTC−6 in summer, when Manitoba is on UTC−5.
    const summer = at('2026-07-01T05:30:00Z');
    expect(chargeDate(summer, 'MB')).toBe('2026-07-01');
    expect(chargeDate(summer, 'SK')).toBe('2026-06-30');
  });

  it('rounds each line half-up on its own, then adds the rounded lines', () => {
    const jan = at('2026-01-10T17:00:00Z');
    // 13 % of 50 ¢ = 6.5 ¢ → 7, and 13 % of 49 ¢ = 6.37 ¢ → 6.
    expect(taxOnFee(50, 'ON', jan)[0]!.cents).toBe(7);
    expect(taxOnFee(49, 'ON', jan)[0]!.cents).toBe(6);
    // 5 % of 10 ¢ = 0.5 → 1 and 9.975 % of 10 ¢ = 0.9975 → 1: 2 ¢, where 14.975 % of 10 ¢ would be 1.
    const qc = taxOnFee(10, 'QC', jan);
    expect(qc.map((l) => l.cents)).toEqual([1, 1]);
    expect(totalTaxCents(qc)).toBe(2);
    // 5 % of 9 ¢ = 0.45 → 0.
    expect(taxOnFee(9, 'AB', jan)[0]!.cents).toBe(0);
    expect(totalTaxCents(taxOnFee(0, 'QC', jan))).toBe(0);
    expect(totalTaxCents([])).toBe(0);
    // A large fee stays exact: $1,234,567.89 in Quebec.
    expect(taxOnFee(123_456_789, 'QC', jan).map((l) => l.cents)).toEqual([6_172_839, 12_314_815]);
  });

  it('refuses what is not money, not a date or not a province', () => {
    const now = at('2026-06-01T16:00:00Z');
    expect(() => taxOnFee(-1, 'ON', now)).toThrow(RangeError);
    expect(() => taxOnFee(1.5, 'ON', now)).toThrow(RangeError);
    expect(() => taxOnFee(Number.NaN, 'ON', now)).toThrow(RangeError);
    expect(() => taxOnFee(Number.MAX_SAFE_INTEGER + 1, 'ON', now)).toThrow(RangeError);
    expect(() => taxOnFee(100, 'ON', new Date(Number.NaN))).toThrow(RangeError);
    expect(() => taxOnFee(100, 'XX' as ProvinceCode, now)).toThrow(RangeError);
    expect(() => chargeDate(new Date('nope'), 'ON')).toThrow(RangeError);
    expect(() => taxRatesOn('ON', '2026-13-01')).toThrow(RangeError);
    expect(() => taxRatesOn('ON', '2026-02-30')).toThrow(RangeError);
    expect(() => taxRatesOn('ON', '2026-6-1')).toThrow(RangeError);
    expect(() => taxRatesOn('ON', '2026-06-01T00:00')).toThrow(RangeError);
    expect(() => taxRatesOn('ON', 'yesterday')).toThrow(RangeError);
    // Before the table starts: no rate.
    expect(() => taxRatesOn('ON', '1999-12-31')).toThrow(RangeError);
    expect(() => taxOnFee(100, 'ON', at('1999-12-31T17:00:00Z'))).toThrow(RangeError);
    expect(() => formatRate(-1, 'en')).toThrow(RangeError);
    expect(() => formatRate(0.5, 'en')).toThrow(RangeError);
  });

  it('formats rates the English and the French way', () => {
    expect(formatRate(5_000, 'en')).toBe('5%');
    expect(formatRate(9_975, 'en')).toBe('9.975%');
    expect(formatRate(13_000, 'en')).toBe('13%');
    expect(formatRate(5_000, 'fr')).toBe(`5${NBSP}%`);
    expect(formatRate(9_975, 'fr')).toBe(`9,975${NBSP}%`);
    expect(formatRate(0, 'en')).toBe('0%');
  });

  it('shows every pcm rate exactly (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (ratePcm) => {
        const whole = Math.floor(ratePcm / 1_000);
        const decimals = String(ratePcm % 1_000)
          .padStart(3, '0')
          .replace(/0+$/, '');
        const expected = decimals ? `${whole}.${decimals}%` : `${whole}%`;
        expect(formatRate(ratePcm, 'en').replace(/,/g, '')).toBe(expected);
      }),
    );
  });

  it('each line is ≥ 0 and within half a cent of fee × rate, the total within a cent per line (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.constantFrom(...provinceCodes),
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2032, 0, 1) }),
        (fee, province, time) => {
          const lines = taxOnFee(fee, province, new Date(time));
          expect(lines.length).toBeGreaterThan(0);
          let totalPcm = 0;
          for (const line of lines) {
            expect(Number.isSafeInteger(line.cents)).toBe(true);
            expect(line.cents).toBeGreaterThanOrEqual(0);
            // |cents × 100,000 − fee × rate| ≤ 50,000, in integers.
            expect(Math.abs(line.cents * 100_000 - fee * line.ratePcm)).toBeLessThanOrEqual(50_000);
            totalPcm += line.ratePcm;
          }
          const exact = (fee * totalPcm) / 100_000;
          expect(Math.abs(totalTaxCents(lines) - exact)).toBeLessThanOrEqual(lines.length);
        },
      ),
      { numRuns: 500 },
    );
  });
});
