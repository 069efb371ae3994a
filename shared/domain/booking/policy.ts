/**
 * The cancellation policy (issue 6: "free more than 24 h before the start, and a late fee
 * otherwise"). One function decides the fee, so the decider, the booking pages (the fee shown
 * before a person confirms) and the tests all read the same rule. The pages state it in words
 * (site/i18n/messages/booking.ts, `policy*`), built from these constants.
 */
export const CANCELLATION_POLICY = {
  /** Cancelling more than this long before the start is free. */
  freeHours: 24,
  /** The late fee: this share of the agreed price… */
  lateFeePercent: 20,
  /** …but at least this much… */
  minimumFeeCents: 1_500,
  /** …and this flat amount when no price was agreed (a booking without an offering or job). */
  noPriceFeeCents: 2_500,
} as const;

const HOUR_MS = 3_600_000;

export type CancellationCase = {
  /** The booking's agreed price in cents, or null when none is known. */
  priceCents: number | null;
  startsAt: Date;
  cancelledAt: Date;
  /** Who cancels: only the customer ever owes a fee (the contractor's cancellation costs the customer nothing). */
  cancelledBy: 'customer' | 'contractor';
  /** A request the contractor never confirmed can be withdrawn free at any time. */
  status: 'requested' | 'confirmed';
};

/**
 * The late-cancellation fee in cents. Free when the contractor cancels, when the booking was not
 * confirmed yet, or when the customer cancels more than 24 h before the start (at exactly 24 h the
 * fee applies). Otherwise 20 % of the agreed price, at least $15 but never more than the price
 * itself, or $25 when no price was agreed.
 */
export function cancellationFeeCents(input: CancellationCase): number {
  if (input.cancelledBy === 'contractor' || input.status !== 'confirmed') return 0;
  const noticeMs = input.startsAt.getTime() - input.cancelledAt.getTime();
  if (noticeMs > CANCELLATION_POLICY.freeHours * HOUR_MS) return 0;
  return lateFeeCents(input.priceCents);
}

/** What a late cancellation costs for this price, whatever the timing (for the pages' policy line). */
export function lateFeeCents(priceCents: number | null): number {
  if (priceCents === null) return CANCELLATION_POLICY.noPriceFeeCents;
  const share = Math.round((priceCents * CANCELLATION_POLICY.lateFeePercent) / 100);
  return Math.min(priceCents, Math.max(CANCELLATION_POLICY.minimumFeeCents, share));
}

/** Cancelling before this instant is free; from this instant on the late fee applies (to a confirmed booking). */
export function freeCancellationUntil(startsAt: Date): Date {
  return new Date(startsAt.getTime() - CANCELLATION_POLICY.freeHours * HOUR_MS);
}

/**
 * The agreed price of a booking made for an offering: a fixed price as it is, an hourly rate for
 * the slot's length (rounded to the cent).
 */
export function offeringBookingPriceCents(
  offering: { pricingModel: 'hourly' | 'fixed'; priceCents: number },
  slotMinutes: number,
): number {
  return offering.pricingModel === 'hourly'
    ? Math.round((offering.priceCents * slotMinutes) / 60)
    : offering.priceCents;
}
