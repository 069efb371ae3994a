import { describe, expect, it } from 'vitest';
import type { BillingRow, PlanRow } from '../../../projections/plans.ts';
import { PLANS } from '../../../shared/domain/plans/catalogue.ts';
import { planViewOf, receiptOf } from './views.ts';

const now = new Date('2026-03-02T15:00:00Z');
const later = new Date('2026-04-02T15:00:00Z');

const plan: PlanRow = {
  accountId: 'pro',
  planId: 'local',
  status: 'active',
  period: 2,
  periodStart: now,
  periodEnd: later,
  cardBrand: 'visa',
  cardLast4: '4242',
  paymentMethodId: 'pm_1',
  renewalFailures: 0,
  retryAt: null,
  lastFailureCode: null,
};

describe('the plan view', () => {
  it('is Starter, free, for an account that never bought a plan', () => {
    const view = planViewOf('customer', { plan: null, boost: null, ageInYears: 30, usage: null }, now);
    expect(view).toMatchObject({ planId: 'starter', status: 'free', period: null, card: null, canBuyPaidPlan: true });
    // A customer's only limit is photos per work order, counted on each order.
    expect(view.usage).toEqual([
      { key: 'maxPhotosUploads', used: null, limit: PLANS.starter.maxPhotosUploads, per: 'work-order' },
    ]);
  });

  it('shows a contractor every limit of their plan with this month’s counts and the gallery’s size', () => {
    const view = planViewOf(
      'contractor',
      { plan, boost: null, ageInYears: 40, usage: { bidProjects: 3, directHires: 1, billboards: 4 } },
      now,
    );
    expect(view).toMatchObject({ planId: 'local', status: 'active', card: { brand: 'visa', last4: '4242' } });
    expect(view.periodEnd).toBe(later.toISOString());
    expect(view.usage).toEqual([
      { key: 'maxDirectHireConnections', used: 1, limit: PLANS.local.maxDirectHireConnections, per: 'month' },
      { key: 'maxPhotosUploads', used: null, limit: PLANS.local.maxPhotosUploads, per: 'work-order' },
      { key: 'maxBidProjects', used: 3, limit: PLANS.local.maxBidProjects, per: 'month' },
      { key: 'maxGalleryBillboards', used: 4, limit: PLANS.local.maxGalleryBillboards, per: 'total' },
    ]);
  });

  it('offers the first 7-day boost free until it is used, and shows a boost only while it runs', () => {
    const fresh = planViewOf('contractor', { plan, boost: null, ageInYears: 40, usage: null }, now).boost;
    expect(fresh.firstBoostFree).toBe(true);
    expect(fresh.prices.find((p) => p.boostId === 'boost-7')?.priceCents).toBe(0);
    const used = planViewOf(
      'contractor',
      { plan, boost: { activeUntil: later, usedFreeBoost: true }, ageInYears: 40, usage: null },
      now,
    ).boost;
    expect(used).toMatchObject({ firstBoostFree: false, activeUntil: later.toISOString() });
    expect(used.prices.find((p) => p.boostId === 'boost-7')?.priceCents).toBe(5_00);
    const ended = planViewOf(
      'contractor',
      { plan, boost: { activeUntil: now, usedFreeBoost: true }, ageInYears: 40, usage: null },
      now,
    ).boost;
    expect(ended.activeUntil).toBeNull();
  });

  it('lets only adults buy a paid plan', () => {
    expect(planViewOf('customer', { plan: null, boost: null, ageInYears: 17, usage: null }, now).canBuyPaidPlan).toBe(
      false,
    );
    expect(planViewOf('customer', { plan: null, boost: null, ageInYears: 18, usage: null }, now).canBuyPaidPlan).toBe(
      true,
    );
  });
});

describe('a receipt', () => {
  const row: BillingRow = {
    receiptId: 'r-1',
    kind: 'boost',
    item: 'boost-7',
    amountCents: 0,
    paymentId: null,
    cardBrand: null,
    cardLast4: null,
    coversFrom: now,
    coversTo: null,
    chargedAt: now,
  };

  it('names the card only when one paid', () => {
    expect(receiptOf(row)).toEqual({
      receiptId: 'r-1',
      kind: 'boost',
      item: 'boost-7',
      amountCents: 0,
      paymentId: null,
      card: null,
      coversFrom: now.toISOString(),
      coversTo: null,
      chargedAt: now.toISOString(),
    });
    expect(receiptOf({ ...row, paymentId: 'pay_1', cardBrand: 'visa', cardLast4: '4242' }).card).toEqual({
      brand: 'visa',
      last4: '4242',
    });
  });
});
