import { describe, expect, it } from 'vitest';
import {
  averageScore,
  canAutoResolve,
  DECISION_MATRIX,
  DEFAULT_SCORES,
  EVIDENCE_SCORE_CAP,
  inBand,
  isSmallJob,
  recommendOutcome,
  scoreEvidence,
  type EvidenceItem,
} from './rules.ts';

const text = (length: number) => 'x'.repeat(length);

describe('scoreEvidence', () => {
  it('gives photos and videos 3 points, documents 2 and text 1', () => {
    expect(scoreEvidence([{ kind: 'photo' }])).toBe(3);
    expect(scoreEvidence([{ kind: 'video' }])).toBe(3);
    expect(scoreEvidence([{ kind: 'document' }])).toBe(2);
    expect(scoreEvidence([{ kind: 'text' }])).toBe(1);
    expect(scoreEvidence([{ kind: 'photo' }, { kind: 'document' }, { kind: 'text' }])).toBe(6);
  });

  it('scores no evidence as 0', () => {
    expect(scoreEvidence([])).toBe(0);
  });

  it('adds 1 for a description over 100 characters, not for one of exactly 100', () => {
    expect(scoreEvidence([{ kind: 'text', description: text(100) }])).toBe(1);
    expect(scoreEvidence([{ kind: 'text', description: text(101) }])).toBe(2);
    expect(scoreEvidence([{ kind: 'document', description: text(500) }])).toBe(3);
  });

  it('does not count surrounding spaces, and counts an accented letter or emoji as one character', () => {
    expect(scoreEvidence([{ kind: 'text', description: `  ${text(100)}  ` }])).toBe(1);
    expect(scoreEvidence([{ kind: 'text', description: 'é'.repeat(101) }])).toBe(2);
    // 100 emoji are 200 UTF-16 units but 100 characters.
    expect(scoreEvidence([{ kind: 'text', description: '🙂'.repeat(100) }])).toBe(1);
  });

  it('caps the total at 10', () => {
    const three = (kind: EvidenceItem['kind']) => ({ kind, description: text(101) });
    // 3 + 3 + 2 + 1 = 9, plus 1 bonus = 10: exactly the cap.
    expect(scoreEvidence([{ kind: 'photo' }, { kind: 'video' }, { kind: 'document' }, three('text')])).toBe(10);
    // 4 + 4 + 3 = 11 → 10.
    expect(scoreEvidence([three('photo'), three('video'), three('document')])).toBe(EVIDENCE_SCORE_CAP);
    expect(scoreEvidence(Array.from({ length: 20 }, () => ({ kind: 'photo' as const })))).toBe(10);
  });

  it('refuses an unknown kind of evidence', () => {
    expect(() => scoreEvidence([{ kind: 'audio' as EvidenceItem['kind'] }])).toThrow(RangeError);
  });
});

describe('recommendOutcome', () => {
  const outcome = (score: number, minorIssues?: boolean) => recommendOutcome(score, { minorIssues }).id;

  it('favours the contractor with full payment from 7 up', () => {
    expect(outcome(7)).toBe('contractor-full-payment');
    expect(outcome(10)).toBe('contractor-full-payment');
    expect(recommendOutcome(8).split).toEqual({ customer: 0, contractor: 100, platform: 0 });
  });

  it('treats the band above 4.5 and below 7 as minor issues: 30 / 60 / 10', () => {
    expect(outcome(6.99)).toBe('minor-issues');
    expect(outcome(4.51)).toBe('minor-issues');
    expect(recommendOutcome(5.5).split).toEqual({ customer: 30, contractor: 60, platform: 10 });
  });

  it('splits 70 / 20 / 10 at 4.5 and below, down to just above 3', () => {
    expect(outcome(4.5)).toBe('shared-fault');
    expect(outcome(3.01)).toBe('shared-fault');
    expect(recommendOutcome(4).split).toEqual({ customer: 70, contractor: 20, platform: 10 });
  });

  it('favours the customer with a 90 % refund at 3 and below', () => {
    expect(outcome(3)).toBe('customer-refund');
    expect(outcome(0)).toBe('customer-refund');
    expect(recommendOutcome(2).split.customer).toBe(90);
  });

  it('turns full payment into the minor-issues split when the reviewer found minor issues', () => {
    expect(outcome(7, true)).toBe('minor-issues');
    expect(outcome(9.5, true)).toBe('minor-issues');
    expect(outcome(7, false)).toBe('contractor-full-payment');
  });

  it('ignores the minor-issues finding below 7, where the score decides', () => {
    expect(outcome(6, true)).toBe('minor-issues');
    expect(outcome(4.5, true)).toBe('shared-fault');
    expect(outcome(2, true)).toBe('customer-refund');
  });

  it('refuses a score outside 0 … 10 or not a number', () => {
    for (const bad of [-0.01, 10.01, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => recommendOutcome(bad), String(bad)).toThrow(RangeError);
    }
  });

  it('recommends the outcome for the default scores (7, 6, 7): minor issues', () => {
    expect(averageScore(DEFAULT_SCORES)).toBeCloseTo(20 / 3);
    expect(outcome(averageScore(DEFAULT_SCORES))).toBe('minor-issues');
  });
});

describe('DECISION_MATRIX', () => {
  it('has bands that cover every score from 0 to 10 exactly once', () => {
    for (let hundredths = 0; hundredths <= 1000; hundredths += 1) {
      const score = hundredths / 100;
      const matches = DECISION_MATRIX.filter((rule) => inBand(score, rule.band));
      expect(matches.length, `score ${score}`).toBe(1);
      expect(matches[0]!.id, `score ${score}`).toBe(recommendOutcome(score).id);
    }
  });

  it('gives splits that add up to 100 %', () => {
    for (const rule of DECISION_MATRIX) {
      expect(rule.split.customer + rule.split.contractor + rule.split.platform, rule.id).toBe(100);
    }
  });
});

describe('averageScore', () => {
  it('is the mean of quality, price and timeline', () => {
    expect(averageScore({ quality: 9, price: 6, timeline: 3 })).toBe(6);
  });

  it('refuses a category score outside 0 … 10', () => {
    expect(() => averageScore({ quality: 11, price: 6, timeline: 3 })).toThrow(RangeError);
  });
});

describe('canAutoResolve', () => {
  it('allows an automatic resolution from 80 % confidence', () => {
    expect(canAutoResolve(0.8)).toBe(true);
    expect(canAutoResolve(1)).toBe(true);
    expect(canAutoResolve(0.7999)).toBe(false);
  });

  it('refuses a confidence outside 0 … 1', () => {
    expect(() => canAutoResolve(80)).toThrow(RangeError);
  });
});

describe('isSmallJob', () => {
  it('flags jobs under $100', () => {
    expect(isSmallJob(99_99)).toBe(true);
    expect(isSmallJob(100_00)).toBe(false);
  });
});
