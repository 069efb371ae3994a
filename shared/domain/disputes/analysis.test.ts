import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyseDispute, type AnalysisInput } from './analysis.ts';
import { disputeReasons } from './events.ts';
import { recommendOutcome, type EvidenceItem } from './rules.ts';

const text = (length: number): EvidenceItem => ({ kind: 'text', description: 'x'.repeat(length) });
const input = (overrides: Partial<AnalysisInput> = {}): AnalysisInput => ({
  amountCents: 50_000,
  reason: 'poor-quality',
  workMarkedComplete: true,
  evidence: { customer: [], contractor: [] },
  ...overrides,
});

describe('analyseDispute', () => {
  it('keeps the default scores (7, 6, 7) when the evidence is balanced and the work was complete', () => {
    const analysis = analyseDispute(input({ evidence: { customer: [text(10)], contractor: [text(10)] } }));
    expect(analysis.scores).toEqual({ quality: 7, price: 6, timeline: 7 });
    expect(analysis.balance).toBe(0);
    expect(analysis.average).toBe(6.67);
    expect(analysis.recommendation).toEqual({
      outcome: 'minor-issues',
      shares: { customerBps: 3000, contractorBps: 6000, platformBps: 1000 },
    });
    // 50 + 0 for balance + 15 × 2 / 10 = 3 for volume.
    expect(analysis.confidencePct).toBe(53);
    expect(analysis.explanation.every((line) => line.adjustments.length === 0)).toBe(true);
  });

  it('weighs the evidence 6 × on the category of the reason and 2 × on the others, and explains each step', () => {
    // Customer: photo 3 + text of 101 characters 2 = 5; contractor: text of 100 characters = 1.
    const analysis = analyseDispute(
      input({ evidence: { customer: [{ kind: 'photo' }, text(101)], contractor: [text(100)] } }),
    );
    expect(analysis.evidenceScores).toEqual({ customer: 5, contractor: 1 });
    expect(analysis.balance).toBe(-0.4);
    expect(analysis.scores).toEqual({ quality: 4.6, price: 5.2, timeline: 6.2 });
    expect(analysis.explanation[0]).toEqual({
      category: 'quality',
      start: 7,
      primary: true,
      adjustments: [{ cause: 'evidence-balance', delta: -2.4 }],
      score: 4.6,
    });
    expect(analysis.average).toBe(5.33);
    expect(analysis.recommendation.outcome).toBe('minor-issues');
    // 50 + round(35 × 0.4) = 14 + round(15 × 6 / 10) = 9.
    expect(analysis.confidence).toEqual({ base: 50, fromBalance: 14, fromVolume: 9, nearBoundary: 0 });
    expect(analysis.confidencePct).toBe(73);
  });

  it('takes 1.5 from the timeline when the work was not marked complete', () => {
    const analysis = analyseDispute(input({ reason: 'delay', workMarkedComplete: false }));
    expect(analysis.explanation[2]).toEqual({
      category: 'timeline',
      start: 7,
      primary: true,
      adjustments: [{ cause: 'work-not-complete', delta: -1.5 }],
      score: 5.5,
    });
  });

  it('lands on the matrix edges 7, 4.5 and 3 exactly, and is less confident near them', () => {
    // Contractor +1 on a delay: quality 7.2, price 6.2, timeline 7.6 → 7 exactly.
    const atSeven = analyseDispute(input({ reason: 'delay', evidence: { customer: [], contractor: [text(10)] } }));
    expect(atSeven.average).toBe(7);
    expect(atSeven.recommendation.outcome).toBe('contractor-full-payment');
    expect(atSeven.confidence.nearBoundary).toBe(-10);

    // Customer +5 (photo, document) on overcharge, work not complete: quality 6, price 3, timeline 4.5 → 4.5.
    const atFourAndHalf = analyseDispute(
      input({
        reason: 'overcharge',
        workMarkedComplete: false,
        evidence: { customer: [{ kind: 'photo' }, { kind: 'document' }], contractor: [] },
      }),
    );
    expect(atFourAndHalf.scores).toEqual({ quality: 6, price: 3, timeline: 4.5 });
    expect(atFourAndHalf.average).toBe(4.5);
    expect(atFourAndHalf.recommendation.outcome).toBe('shared-fault');

    // Customer +10 on quality, work not complete: 1, 4, 3.5 → 2.83, 3 or less.
    const atThreeOrLess = analyseDispute(
      input({
        workMarkedComplete: false,
        evidence: { customer: [{ kind: 'photo' }, { kind: 'video' }, { kind: 'document' }, text(200)], contractor: [] },
      }),
    );
    expect(atThreeOrLess.evidenceScores.customer).toBe(10);
    expect(atThreeOrLess.scores).toEqual({ quality: 1, price: 4, timeline: 3.5 });
    expect(atThreeOrLess.average).toBe(2.83);
    expect(atThreeOrLess.recommendation.outcome).toBe('customer-refund');
    // 50 + 35 + 15 − 10 (2.83 is within 0.25 of the edge at 3) = 90.
    expect(atThreeOrLess.confidencePct).toBe(90);
    const farFromEdges = analyseDispute(
      input({
        evidence: { customer: [{ kind: 'photo' }, { kind: 'video' }, { kind: 'document' }, text(200)], contractor: [] },
      }),
    );
    expect(farFromEdges.average).toBe(3.33);
    expect(farFromEdges.confidencePct).toBe(95); // 50 + 35 + 15 = 100, capped at 95
  });

  it('flags jobs under $100', () => {
    expect(analyseDispute(input({ amountCents: 9_999 })).flags).toEqual(['small-job']);
    expect(analyseDispute(input({ amountCents: 10_000 })).flags).toEqual([]);
  });

  it('is deterministic, keeps every score in 0 … 10, and always recommends what the matrix says for the average', () => {
    const item = fc.record({
      kind: fc.constantFrom('photo', 'video', 'document', 'text') as fc.Arbitrary<EvidenceItem['kind']>,
      description: fc.string({ maxLength: 130 }),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...disputeReasons),
        fc.boolean(),
        fc.array(item, { maxLength: 6 }),
        fc.array(item, { maxLength: 6 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (reason, workMarkedComplete, customer, contractor, amountCents) => {
          const given = input({ reason, workMarkedComplete, amountCents, evidence: { customer, contractor } });
          const analysis = analyseDispute(given);
          expect(analyseDispute(given)).toEqual(analysis);
          for (const score of Object.values(analysis.scores)) expect(score).toBeGreaterThanOrEqual(0);
          for (const score of Object.values(analysis.scores)) expect(score).toBeLessThanOrEqual(10);
          expect(analysis.recommendation.outcome).toBe(recommendOutcome(analysis.average).id);
          expect(analysis.confidencePct).toBeGreaterThanOrEqual(40);
          expect(analysis.confidencePct).toBeLessThanOrEqual(95);
        },
      ),
      { numRuns: 500 },
    );
  });
});
