import { describe, expect, it } from 'vitest';
import type { PendingReview, ReviewJob, ReviewRow } from '../../../projections/reviews.ts';
import { jobReviewsViewOf, pendingViewOf, publicName, reviewViewOf, viewerOf } from './views.ts';

const completedAt = '2026-03-01T12:00:00.000Z';
const job = (overrides: Partial<ReviewJob> = {}): ReviewJob => ({
  jobId: 'b1',
  kind: 'booking',
  customerId: 'cust',
  contractorId: 'pro',
  completedAt,
  title: null,
  startsAt: '2026-03-01T09:00:00.000Z',
  customerReviewed: false,
  contractorReviewed: false,
  publishedAt: null,
  ...overrides,
});
const review: ReviewRow = {
  jobId: 'b1',
  kind: 'booking',
  side: 'customer',
  reviewerId: 'cust',
  revieweeId: 'pro',
  rating: 5,
  text: 'Great work, on time.',
  submittedAt: '2026-03-02T12:00:00.000Z',
  publishedAt: null,
};
const names = new Map([
  ['cust', 'Marie Tremblay'],
  ['pro', 'Jean-Luc Émond'],
]);

describe('review views', () => {
  it('shows a first name and the initial of the last, a closed account as a former member', () => {
    expect(publicName('Marie  Tremblay')).toBe('Marie T.');
    expect(publicName('Jean-Luc de la Émond')).toBe('Jean-Luc É.');
    expect(publicName('Cher')).toBe('Cher');
    expect(publicName(undefined)).toBe('Former member');
  });

  it('builds a review with its booking id and whether it is published', () => {
    expect(reviewViewOf(review, names)).toEqual({
      jobId: 'b1',
      kind: 'booking',
      bookingId: 'b1',
      side: 'customer',
      reviewerId: 'cust',
      reviewerName: 'Marie T.',
      revieweeId: 'pro',
      rating: 5,
      text: 'Great work, on time.',
      submittedAt: '2026-03-02T12:00:00.000Z',
      published: false,
      publishedAt: null,
    });
    expect(reviewViewOf({ ...review, kind: 'work-order', publishedAt: completedAt }, names)).toMatchObject({
      bookingId: null,
      published: true,
    });
  });

  it('lets a party write until the window closes, once', () => {
    const before = new Date('2026-03-05T00:00:00.000Z');
    const after = new Date('2026-03-09T00:00:00.000Z');
    expect(viewerOf(job(), 'cust', names, before)).toEqual({
      side: 'customer',
      otherParty: { id: 'pro', name: 'Jean-Luc Émond' },
      completedAt,
      deadline: '2026-03-08T12:00:00.000Z',
      hasReviewed: false,
      otherSideReviewed: false,
      canReview: true,
    });
    expect(viewerOf(job(), 'cust', names, after)?.canReview).toBe(false);
    expect(viewerOf(job({ customerReviewed: true }), 'cust', names, before)?.canReview).toBe(false);
    expect(viewerOf(job({ customerReviewed: true }), 'pro', new Map(), before)).toMatchObject({
      side: 'contractor',
      otherParty: { id: 'cust', name: 'Former member' },
      otherSideReviewed: true,
      canReview: true,
    });
    expect(viewerOf(job(), 'stranger', names, before)).toBeNull();
  });

  it('gives a visitor the job’s reviews without a viewer part', () => {
    const view = jobReviewsViewOf(job(), [review], names, null, new Date('2026-03-05T00:00:00.000Z'));
    expect(view).toMatchObject({ jobId: 'b1', bookingId: 'b1', published: false, viewer: null });
    expect(view.reviews).toHaveLength(1);
  });

  it('dates a pending review’s deadline from its completion', () => {
    const pending: PendingReview = { ...job(), side: 'contractor', otherPartyId: 'cust', otherSideReviewed: true };
    expect(pendingViewOf(pending, names)).toEqual({
      jobId: 'b1',
      kind: 'booking',
      bookingId: 'b1',
      title: null,
      side: 'contractor',
      otherParty: { id: 'cust', name: 'Marie Tremblay' },
      startsAt: '2026-03-01T09:00:00.000Z',
      completedAt,
      deadline: '2026-03-08T12:00:00.000Z',
      otherSideReviewed: true,
    });
  });
});
