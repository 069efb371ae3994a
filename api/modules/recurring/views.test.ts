import { describe, expect, it } from 'vitest';
import type { RecurringOfferRow, SubscriptionRow, VisitRow } from '../../../projections/recurring-services.ts';
import { FORMER_MEMBER, offerJson, subscriptionViewOf, visitsShown, VISITS_SHOWN } from './views.ts';

const requestedAt = new Date('2026-03-01T12:00:00Z');
const day = 86_400_000;

const row: SubscriptionRow = {
  subscriptionId: '22222222-2222-4222-8222-222222222222',
  offerId: 'offer-1',
  contractorId: 'pro',
  customerId: 'cust',
  title: 'Lawn care',
  description: 'Mowing and edging',
  service: 'lawn-care',
  pricePerVisitCents: 6_000,
  frequency: 'weekly',
  firstVisit: '2026-03-09T09:00',
  timeZone: 'America/Toronto',
  durationMinutes: 60,
  customerTimeZone: 'America/Toronto',
  paymentMethodId: 'pm_1',
  cardBrand: 'visa',
  cardLast4: '4242',
  note: null,
  status: 'active',
  declineReason: null,
  cancelReason: null,
  endedBy: null,
  contractVersion: 1,
  requestedAt,
  activatedAt: requestedAt,
  pausedAt: null,
  endedAt: null,
};

/** The first visit, 9:00 in Toronto (daylight time from March 8). */
const first = new Date('2026-03-09T13:00:00.000Z');
const visit = (index: number, over: Partial<VisitRow> = {}): VisitRow => ({
  visitIndex: index,
  status: 'booked',
  bookingId: `booking-${index}`,
  startsAt: new Date(first.getTime() + index * 7 * day),
  reason: null,
  actorId: null,
  bookingStatus: 'confirmed',
  bookingStartsAt: null,
  ...over,
});

describe('the visits a subscription lists', () => {
  it('lists the next visits of a live subscription, recorded ones with what became of them', () => {
    const now = new Date(first.getTime() - day);
    const shown = visitsShown(
      row,
      [visit(0), visit(1, { status: 'skipped', bookingId: null, bookingStatus: null, reason: 'Away' })],
      now,
    );
    expect(shown).toHaveLength(VISITS_SHOWN);
    expect(shown[0]).toEqual({
      index: 0,
      startsAt: first.toISOString(),
      status: 'booked',
      bookingId: 'booking-0',
      reason: null,
      canSkip: true,
    });
    expect(shown[1]).toMatchObject({ index: 1, status: 'skipped', reason: 'Away', canSkip: false });
    expect(shown[2]).toMatchObject({ index: 2, status: 'upcoming', bookingId: null, canSkip: true });
  });

  it('drops the visits that are over, and the planned ones already past', () => {
    const now = new Date(first.getTime() + 7 * day + 2 * 3_600_000);
    const shown = visitsShown(row, [visit(0, { bookingStatus: 'completed' })], now);
    expect(shown[0]?.index).toBe(2);
  });

  it('names a booking cancelled or declined on the calendar as cancelled, a completed one as completed', () => {
    const now = new Date(first.getTime() - day);
    const shown = visitsShown(
      row,
      [visit(0, { bookingStatus: 'declined' }), visit(1, { bookingStatus: 'completed' })],
      now,
    );
    expect(shown.slice(0, 2).map((v) => v.status)).toEqual(['cancelled', 'completed']);
  });

  it('plans a visit given back by a pause again, and offers no skip while nothing is live', () => {
    const now = new Date(first.getTime() - day);
    const released = visitsShown(row, [visit(0, { status: 'released' })], now);
    expect(released[0]).toMatchObject({ index: 0, status: 'upcoming', bookingId: null });
    const cancelled = visitsShown({ ...row, status: 'cancelled' }, [visit(0)], now);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.canSkip).toBe(false);
  });
});

describe('a subscription as a party sees it', () => {
  const facts = { names: new Map([['pro', 'Pat']]), visits: [], contract: undefined };

  it('shows the customer their card and their actions, and the agreement pending until it exists', () => {
    const view = subscriptionViewOf(row, 'cust', facts, requestedAt);
    expect(view).toMatchObject({
      role: 'customer',
      otherParty: { id: 'pro', name: 'Pat' },
      card: { brand: 'visa', last4: '4242' },
      firstVisitAt: first.toISOString(),
      agreement: { url: `/contracts/${row.subscriptionId}`, status: 'pending', signedByMe: false },
      actions: { decline: false, pause: true, resume: false, cancel: true },
    });
  });

  it('hides the card from the contractor and names a party who left as a former member', () => {
    const view = subscriptionViewOf(
      { ...row, status: 'requested' },
      'pro',
      {
        names: new Map(),
        visits: [],
        contract: { status: 'awaiting-signatures', signatures: { contractor: undefined } },
      },
      requestedAt,
    );
    expect(view).toMatchObject({
      role: 'contractor',
      card: null,
      otherParty: { id: 'cust', name: FORMER_MEMBER },
      agreement: { status: 'awaiting-signatures', signedByMe: false },
      actions: { decline: true, pause: false, resume: false, cancel: true },
    });
  });
});

describe('an offer', () => {
  it('is its row with the publication instant as text', () => {
    const offer: RecurringOfferRow = {
      offerId: 'offer-1',
      contractorId: 'pro',
      title: 'Lawn care',
      description: '',
      service: 'lawn-care',
      pricePerVisitCents: 6_000,
      frequencies: ['weekly'],
      status: 'active',
      publishedAt: requestedAt,
    };
    expect(offerJson(offer)).toEqual({
      id: 'offer-1',
      contractorId: 'pro',
      title: 'Lawn care',
      description: '',
      service: 'lawn-care',
      pricePerVisitCents: 6_000,
      frequencies: ['weekly'],
      status: 'active',
      publishedAt: requestedAt.toISOString(),
    });
  });
});
