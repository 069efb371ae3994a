import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../errors.ts';
import { planIds } from './catalogue.ts';
import { monthStart, requireAllowance, requireFeature, requirePaidPlan } from './entitlements.ts';

const refusal = (run: () => void): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ForbiddenError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('plan limits', () => {
  it('allows up to the limit and refuses the next one, naming the limit and the plan that lifts it', () => {
    expect(() => requireAllowance('starter', 'maxBidProjects', 4)).not.toThrow();
    expect(refusal(() => requireAllowance('starter', 'maxBidProjects', 5))).toBe(
      'Plan limit reached: your Starter plan includes 5 bid projects a month. Upgrade to Local for unlimited bid projects.',
    );
    expect(refusal(() => requireAllowance('starter', 'maxDirectHireConnections', 3))).toBe(
      'Plan limit reached: your Starter plan includes 3 direct-hire connections a month. Upgrade to Local for unlimited direct-hire connections.',
    );
    expect(() => requireAllowance('local', 'maxBidProjects', 10_000)).not.toThrow();
  });

  it('counts photos added at once, and points past Local when only Pro fits', () => {
    expect(() => requireAllowance('starter', 'maxPhotosUploads', 0, 5)).not.toThrow();
    expect(refusal(() => requireAllowance('starter', 'maxPhotosUploads', 0, 6))).toBe(
      'Plan limit reached: your Starter plan includes 5 photo uploads per work order. Upgrade to Local for 10 photo uploads per work order.',
    );
    expect(refusal(() => requireAllowance('local', 'maxPhotosUploads', 0, 11))).toBe(
      'Plan limit reached: your Local plan includes 10 photo uploads per work order. The Pro plan (coming soon) offers unlimited photo uploads.',
    );
  });

  it('says "no" for a zero allowance (Starter gallery billboards)', () => {
    expect(refusal(() => requireAllowance('starter', 'maxGalleryBillboards', 0))).toBe(
      'Plan limit reached: your Starter plan includes no gallery billboards. Upgrade to Local for 3 gallery billboards.',
    );
    expect(() => requireAllowance('enterprise', 'maxGalleryBillboards', 1e9)).not.toThrow();
  });

  it('gates features by plan and names the plan that has them', () => {
    expect(refusal(() => requireFeature('starter', 'canUseSubscriptionServices'))).toBe(
      'Subscription services is not included in your Starter plan. Upgrade to Local for it.',
    );
    expect(refusal(() => requireFeature('local', 'canAccessRemoteWork'))).toBe(
      'Remote work is not included in your Local plan. The Pro plan (coming soon) offers it.',
    );
    for (const plan of planIds) expect(() => requireFeature(plan, 'canUseBidding')).not.toThrow();
    expect(() => requirePaidPlan('local', 'Urgent alerts')).not.toThrow();
    expect(refusal(() => requirePaidPlan('starter', 'Urgent alerts'))).toMatch(/^Urgent alerts need a paid plan/);
  });

  it('counts monthly limits from the first of the month (UTC)', () => {
    expect(monthStart(new Date('2026-11-22T23:59:00Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });
});
