import { describe, expect, it } from 'vitest';
import {
  AI_SAMPLE_FEATURES,
  HOURS_PER_WEEK,
  perSessionCents,
  PLAN_FEATURES,
  planMonthlyCents,
  SESSIONS_PER_MONTH,
  toggleFeature,
} from './plan-builder.ts';

describe('demo plan builder', () => {
  it('costs $120 a month with no premium feature', () => {
    expect(planMonthlyCents([])).toBe(12_000);
  });

  it('adds $15 per premium feature, up to all four', () => {
    expect(PLAN_FEATURES).toHaveLength(4);
    expect(planMonthlyCents(['photo-reports'])).toBe(13_500);
    expect(planMonthlyCents(['photo-reports', 'weekend-availability'])).toBe(15_000);
    expect(planMonthlyCents(PLAN_FEATURES)).toBe(18_000);
  });

  it('counts a feature once even if listed twice', () => {
    expect(planMonthlyCents(['photo-reports', 'photo-reports'])).toBe(13_500);
  });

  it('has a sessions slider of 1–50 starting at 12 and an hours slider of 1–40 starting at 15', () => {
    expect(SESSIONS_PER_MONTH).toMatchObject({ min: 1, max: 50, default: 12 });
    expect(HOURS_PER_WEEK).toMatchObject({ min: 1, max: 40, default: 15 });
  });

  it('divides the monthly price over the sessions, to the cent', () => {
    expect(perSessionCents(12_000, 12)).toBe(1_000);
    expect(perSessionCents(13_500, 12)).toBe(1_125);
    expect(perSessionCents(12_000, 7)).toBe(1_714); // 1714.28…
    expect(perSessionCents(13_500, 50)).toBe(270);
    expect(perSessionCents(10_001, 2)).toBe(5_001); // 5000.5 rounds up
  });
});

describe('AI Subscription Builder sample', () => {
  it('suggests five add-ons at $15, $10, $12, $8 and $20 a month', () => {
    expect(AI_SAMPLE_FEATURES.map((f) => f.priceCents)).toEqual([1_500, 1_000, 1_200, 800, 2_000]);
    expect(new Set(AI_SAMPLE_FEATURES.map((f) => f.id)).size).toBe(5);
  });

  it('samples the spec’s add-on prices ($15, $10, $12, $8 and $20 a month)', () => {
    expect(AI_SAMPLE_FEATURES.map((f) => f.priceCents)).toEqual([1_500, 1_000, 1_200, 800, 2_000]);
  });

  it('switches an add-on on and off by name, in catalogue order', () => {
    const order = AI_SAMPLE_FEATURES.map((f) => f.id);
    let selected = toggleFeature([], 'deep-clean', order);
    selected = toggleFeature(selected, 'eco-products', order);
    expect(selected).toEqual(['eco-products', 'deep-clean']);
    expect(toggleFeature(selected, 'deep-clean', order)).toEqual(['eco-products']);
  });
});
