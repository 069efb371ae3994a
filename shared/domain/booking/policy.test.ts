import { describe, expect, it } from 'vitest';
import {
  cancellationFeeCents,
  CANCELLATION_POLICY,
  freeCancellationUntil,
  lateFeeCents,
  offeringBookingPriceCents,
} from './policy.ts';

const startsAt = new Date('2026-05-12T14:00:00.000Z');
const HOUR = 3_600_000;
const before = (ms: number) => new Date(startsAt.getTime() - ms);

describe('lateFeeCents', () => {
  it('is 20 % of the agreed price', () => {
    expect(lateFeeCents(10_000)).toBe(2_000);
    expect(lateFeeCents(12_345)).toBe(2_469);
  });

  it('is at least $15', () => {
    expect(lateFeeCents(5_000)).toBe(1_500);
    expect(lateFeeCents(7_500)).toBe(1_500);
    expect(lateFeeCents(7_505)).toBe(1_501);
  });

  it('is never more than the price itself', () => {
    expect(lateFeeCents(1_000)).toBe(1_000);
    expect(lateFeeCents(0)).toBe(0);
  });

  it('is $25 when no price was agreed', () => {
    expect(lateFeeCents(null)).toBe(2_500);
    expect(CANCELLATION_POLICY.noPriceFeeCents).toBe(2_500);
  });
});

describe('cancellationFeeCents', () => {
  const customerCancels = (cancelledAt: Date, priceCents: number | null = 10_000) =>
    cancellationFeeCents({ priceCents, startsAt, cancelledAt, cancelledBy: 'customer', status: 'confirmed' });

  it('is free more than 24 h before the start, down to the last millisecond', () => {
    expect(customerCancels(before(72 * HOUR))).toBe(0);
    expect(customerCancels(before(24 * HOUR + 1))).toBe(0);
  });

  it('charges the late fee at exactly 24 h before the start and later', () => {
    expect(customerCancels(before(24 * HOUR))).toBe(2_000);
    expect(customerCancels(before(24 * HOUR - 1))).toBe(2_000);
    expect(customerCancels(before(60_000))).toBe(2_000);
    expect(customerCancels(before(2 * HOUR), null)).toBe(2_500);
  });

  it('never charges when the contractor cancels, however late', () => {
    expect(
      cancellationFeeCents({
        priceCents: 10_000,
        startsAt,
        cancelledAt: before(HOUR),
        cancelledBy: 'contractor',
        status: 'confirmed',
      }),
    ).toBe(0);
  });

  it('never charges for withdrawing a request the contractor has not confirmed', () => {
    expect(
      cancellationFeeCents({
        priceCents: 10_000,
        startsAt,
        cancelledAt: before(HOUR),
        cancelledBy: 'customer',
        status: 'requested',
      }),
    ).toBe(0);
  });

  it('names the instant the fee starts to apply', () => {
    expect(freeCancellationUntil(startsAt).toISOString()).toBe('2026-05-11T14:00:00.000Z');
    expect(customerCancels(freeCancellationUntil(startsAt))).toBe(2_000);
  });
});

describe('offeringBookingPriceCents', () => {
  it('charges an hourly rate for the slot length and a fixed price as it is', () => {
    expect(offeringBookingPriceCents({ pricingModel: 'hourly', priceCents: 4_550 }, 120)).toBe(9_100);
    expect(offeringBookingPriceCents({ pricingModel: 'hourly', priceCents: 5_000 }, 45)).toBe(3_750);
    expect(offeringBookingPriceCents({ pricingModel: 'hourly', priceCents: 3_333 }, 30)).toBe(1_667);
    expect(offeringBookingPriceCents({ pricingModel: 'fixed', priceCents: 12_000 }, 240)).toBe(12_000);
  });
});
