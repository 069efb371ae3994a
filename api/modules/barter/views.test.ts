import { describe, expect, it } from 'vitest';
import type { BarterServiceRow, BarterTradeRow } from '../../../projections/barter.ts';
import { servicesAnswer, tradeView } from '../../../shared/http/barter.ts';
import { FORMER_MEMBER } from '../accounts/personal-data.ts';
import { partyIdsOf, serviceToView, sidesOf, tradeToView } from './views.ts';

const proposer = '11111111-1111-4111-8111-111111111111';
const contractor = '22222222-2222-4222-8222-222222222222';
const names = new Map([
  [proposer, 'Pat'],
  [contractor, 'Chris'],
]);

const negotiating: BarterTradeRow = {
  tradeId: '33333333-3333-4333-8333-333333333333',
  proposerId: proposer,
  recipientId: contractor,
  offeringId: '44444444-4444-4444-8444-444444444444',
  offeringTitle: 'Drywall repair',
  status: 'negotiating',
  terms: { proposerGives: 'Two hours of bookkeeping', proposerHours: 2, recipientHours: 1.5, message: null },
  termsBy: proposer,
  counters: 0,
  declineReason: null,
  proposerMarkedAt: null,
  recipientMarkedAt: null,
  proposerReview: null,
  recipientReview: null,
  proposedAt: new Date('2026-01-01T00:00:00.000Z'),
  acceptedAt: null,
  completedAt: null,
  updatedAt: new Date('2026-01-01T00:00:00.000Z'),
};

describe('barter trade views', () => {
  it('let the side that did not write the terms answer them, and the other withdraw', () => {
    const mine = tradeToView(negotiating, proposer, names, null);
    expect(mine.viewerSide).toBe('proposer');
    expect(mine.termsAreMine).toBe(true);
    expect(mine.actions).toEqual({
      accept: false,
      decline: false,
      counter: false,
      withdraw: true,
      markComplete: false,
      review: false,
    });
    const theirs = tradeToView(negotiating, contractor, names, null);
    expect(theirs.viewerSide).toBe('recipient');
    expect(theirs.actions).toMatchObject({ accept: true, decline: true, counter: true, withdraw: false });
    expect(tradeView.parse(theirs)).toEqual(theirs);
    expect(sidesOf(negotiating, contractor)).toEqual({ side: 'recipient', otherId: proposer });
  });

  it('offer marking complete until my side has, then a review once completed, with the CASL end date', () => {
    const accepted: BarterTradeRow = {
      ...negotiating,
      status: 'accepted',
      acceptedAt: new Date('2026-01-02T00:00:00.000Z'),
      proposerMarkedAt: new Date('2026-01-03T00:00:00.000Z'),
    };
    const until = new Date('2028-01-02T00:00:00.000Z');
    expect(tradeToView(accepted, proposer, names, until).actions.markComplete).toBe(false);
    const contractorView = tradeToView(accepted, contractor, names, until);
    expect(contractorView.actions.markComplete).toBe(true);
    expect(contractorView.relationshipUntil).toBe('2028-01-02T00:00:00.000Z');
    expect(contractorView.proposerMarkedAt).toBe('2026-01-03T00:00:00.000Z');

    const completed: BarterTradeRow = {
      ...accepted,
      status: 'completed',
      proposerReview: { rating: 5, comment: null, reviewedAt: '2026-01-04T00:00:00.000Z' },
    };
    expect(tradeToView(completed, proposer, names, until).actions.review).toBe(false);
    expect(tradeToView(completed, contractor, names, until).actions.review).toBe(true);
  });

  it('name a closed account a former member, and list each party once', () => {
    const view = tradeToView(negotiating, proposer, new Map(), null);
    expect(view.proposer.name).toBe(FORMER_MEMBER);
    expect(view.recipient.name).toBe(FORMER_MEMBER);
    expect(partyIdsOf([negotiating, negotiating])).toEqual([proposer, contractor]);
  });

  it('show a service with its contractor, without its row timestamp', () => {
    const row: BarterServiceRow = {
      offeringId: negotiating.offeringId,
      contractorId: contractor,
      title: 'Drywall repair',
      description: 'Patches and seams',
      service: null,
      pricingModel: 'hourly',
      priceCents: 6000,
      barterWants: 'Bookkeeping',
      city: 'Halifax',
      province: 'NS',
      ratingAverage: null,
      ratingCount: 0,
      updatedAt: new Date(),
    };
    const view = serviceToView(row, names);
    expect(view).not.toHaveProperty('updatedAt');
    expect(view.contractor).toEqual({ id: contractor, name: 'Chris' });
    expect(servicesAnswer.parse({ services: [view], total: 1 }).services[0]).toEqual(view);
  });
});
