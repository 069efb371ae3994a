import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { deciderSpec } from '../testing.ts';
import { REVIEW_MESSAGES, reviewDeadline, reviewDecider, type ReviewedJob } from './decider.ts';
import type { Review, ReviewEvent } from './events.ts';

const bookingId = '1b7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e70';
const customerId = '2c7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e71';
const contractorId = '3d7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e72';
const stranger = '4e7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e73';

const completedAt = '2026-06-01T15:00:00.000Z';
const booking: ReviewedJob = { jobId: bookingId, kind: 'booking', contractorId, customerId, completedAt };
const parties = { bookingId, jobId: bookingId, jobKind: 'booking' as const, contractorId, customerId };
const day1 = new Date('2026-06-02T10:00:00.000Z');
const day3 = new Date('2026-06-04T10:00:00.000Z');

const spec = deciderSpec(reviewDecider);

const customerReview: Review = {
  reviewerId: customerId,
  revieweeId: contractorId,
  side: 'customer',
  rating: 5,
  text: 'Great work on the deck, on time and tidy.',
  submittedAt: day1.toISOString(),
};
const contractorReview: Review = {
  reviewerId: contractorId,
  revieweeId: customerId,
  side: 'contractor',
  rating: 4,
  text: 'Clear instructions and paid promptly.',
  submittedAt: day3.toISOString(),
};
const customerSubmitted: ReviewEvent = { type: 'ReviewSubmitted', data: { ...customerReview, ...parties } };
const contractorSubmitted: ReviewEvent = { type: 'ReviewSubmitted', data: { ...contractorReview, ...parties } };

const submit = (
  overrides: Partial<{
    reviewerId: string;
    rating: number;
    text: string;
    now: Date;
    job: ReviewedJob | null;
  }> = {},
) => ({
  type: 'SubmitReview' as const,
  reviewerId: customerId,
  job: booking,
  rating: 5,
  text: 'Great work on the deck, on time and tidy.',
  now: day1,
  ...overrides,
});

describe('review decider: SubmitReview', () => {
  it('records the first review on its own, the side derived from who wrote it', () => {
    spec([]).when(submit()).then([customerSubmitted]);
    spec([])
      .when(submit({ reviewerId: contractorId, rating: 4, text: 'Clear instructions and paid promptly.', now: day3 }))
      .then([contractorSubmitted]);
  });

  it('publishes both when the second side writes theirs', () => {
    spec([customerSubmitted])
      .when(submit({ reviewerId: contractorId, rating: 4, text: 'Clear instructions and paid promptly.', now: day3 }))
      .then([
        contractorSubmitted,
        {
          type: 'ReviewsPublished',
          data: {
            ...parties,
            reviews: [customerReview, contractorReview],
            reason: 'both-written',
            publishedAt: day3.toISOString(),
          },
        },
      ]);
  });

  it('refuses a second review by the same side (409)', () => {
    spec([customerSubmitted])
      .when(submit({ now: day3 }))
      .thenThrows(ConflictError, REVIEW_MESSAGES.alreadyReviewed);
  });

  it('refuses anyone but the two parties', () => {
    spec([])
      .when(submit({ reviewerId: stranger }))
      .thenThrows(ForbiddenError, REVIEW_MESSAGES.notParty);
  });

  it('refuses an unknown booking and a booking not completed yet', () => {
    spec([])
      .when(submit({ job: null }))
      .thenThrows(NotFoundError, REVIEW_MESSAGES.bookingNotFound);
    spec([])
      .when(submit({ job: { ...booking, completedAt: null } }))
      .thenThrows(ConflictError, REVIEW_MESSAGES.notCompleted);
  });

  it('accepts whole ratings from 1 to 5 and refuses anything else', () => {
    for (const rating of [1, 2, 3, 4, 5]) {
      const [event] = reviewDecider.decide(submit({ rating }), reviewDecider.initialState());
      expect(event?.type === 'ReviewSubmitted' && event.data.rating).toBe(rating);
    }
    for (const rating of [0, 6, 4.5, -1, Number.NaN]) {
      spec([]).when(submit({ rating })).thenThrows(ValidationError, REVIEW_MESSAGES.rating);
    }
  });

  it('trims the text and asks for 10 to 2000 characters, counted as a person counts them', () => {
    spec([])
      .when(submit({ text: '  Great work on the deck, on time and tidy.\r\n ' }))
      .then([customerSubmitted]);
    for (const text of ['  too short ', ' '.repeat(30), 'x'.repeat(2001)]) {
      spec([]).when(submit({ text })).thenThrows(ValidationError, REVIEW_MESSAGES.text);
    }
    // Ten emoji are ten characters, not twenty UTF-16 units; 2000 of them fit.
    expect(reviewDecider.decide(submit({ text: '👍'.repeat(10) }), { status: 'none' })).toHaveLength(1);
    expect(reviewDecider.decide(submit({ text: '👍'.repeat(2000) }), { status: 'none' })).toHaveLength(1);
  });

  it('refuses control characters instead of stripping them, keeping line breaks and tabs', () => {
    spec([])
      .when(submit({ text: 'Great work\u0007 on the deck.' }))
      .thenThrows(ValidationError, REVIEW_MESSAGES.control);
    const [event] = reviewDecider.decide(submit({ text: 'Great work.\n\tOn time.' }), { status: 'none' });
    expect(event?.type === 'ReviewSubmitted' && event.data.text).toBe('Great work.\n\tOn time.');
  });

  it('is open until the window closes 7 days after completion, and never after publication', () => {
    const deadline = reviewDeadline(completedAt);
    expect(deadline.toISOString()).toBe('2026-06-08T15:00:00.000Z');
    const justBefore = new Date(deadline.getTime() - 1);
    expect(reviewDecider.decide(submit({ now: justBefore }), { status: 'none' })).toHaveLength(1);
    spec([])
      .when(submit({ now: deadline }))
      .thenThrows(ConflictError, REVIEW_MESSAGES.windowClosed);
    const published: ReviewEvent = {
      type: 'ReviewsPublished',
      data: { ...parties, reviews: [customerReview], reason: 'window-closed', publishedAt: deadline.toISOString() },
    };
    spec([customerSubmitted, published])
      .when(submit({ reviewerId: contractorId, now: day3 }))
      .thenThrows(ConflictError, REVIEW_MESSAGES.windowClosed);
  });
});

describe('review decider: PublishReviews', () => {
  const after = new Date('2026-06-08T15:00:00.000Z');
  const publish = (now = after) => ({ type: 'PublishReviews' as const, job: booking, now });

  it('publishes a lone review once the window has closed', () => {
    spec([customerSubmitted])
      .when(publish())
      .then([
        {
          type: 'ReviewsPublished',
          data: { ...parties, reviews: [customerReview], reason: 'window-closed', publishedAt: after.toISOString() },
        },
      ]);
  });

  it('does nothing when already published or when nobody wrote', () => {
    const both = reviewDecider.decide(
      submit({ reviewerId: contractorId, rating: 4, text: 'Clear instructions and paid promptly.', now: day3 }),
      reviewDecider.evolve(reviewDecider.initialState(), customerSubmitted),
    );
    spec([customerSubmitted, ...both])
      .when(publish())
      .then([]);
    spec([]).when(publish()).then([]);
  });

  it('refuses to publish while the window is open', () => {
    spec([customerSubmitted])
      .when(publish(new Date(after.getTime() - 1)))
      .thenThrows(ConflictError, REVIEW_MESSAGES.windowOpen);
  });
});

describe('review decider: work orders won by a bid or a direct request', () => {
  const workOrderId = '5f7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e74';
  const releasedAt = '2026-06-10T12:00:00.000Z';
  const order: ReviewedJob = {
    jobId: workOrderId,
    kind: 'work-order',
    contractorId,
    customerId,
    completedAt: releasedAt,
  };
  const job = { jobId: workOrderId, jobKind: 'work-order' as const, contractorId, customerId };
  const at = new Date('2026-06-11T09:00:00.000Z');
  const later = new Date('2026-06-12T09:00:00.000Z');
  const customerOnOrder: Review = { ...customerReview, submittedAt: at.toISOString() };
  const contractorOnOrder: Review = { ...contractorReview, submittedAt: later.toISOString() };
  const customerWrote: ReviewEvent = { type: 'ReviewSubmitted', data: { ...customerOnOrder, ...job } };
  const onOrder = (overrides: Parameters<typeof submit>[0] = {}) => submit({ job: order, now: at, ...overrides });

  it('names the work order as the job (no booking id) and publishes both when the second side writes', () => {
    spec([]).when(onOrder()).then([customerWrote]);
    spec([customerWrote])
      .when(onOrder({ reviewerId: contractorId, rating: 4, text: contractorReview.text, now: later }))
      .then([
        { type: 'ReviewSubmitted', data: { ...contractorOnOrder, ...job } },
        {
          type: 'ReviewsPublished',
          data: {
            ...job,
            reviews: [customerOnOrder, contractorOnOrder],
            reason: 'both-written',
            publishedAt: later.toISOString(),
          },
        },
      ]);
  });

  it('refuses a work order before its escrow is released, a stranger, a second review and a closed window', () => {
    spec([])
      .when(onOrder({ job: { ...order, completedAt: null } }))
      .thenThrows(ConflictError, REVIEW_MESSAGES.notReleased);
    spec([])
      .when(onOrder({ reviewerId: stranger }))
      .thenThrows(ForbiddenError, REVIEW_MESSAGES.notParty);
    spec([customerWrote])
      .when(onOrder({ now: later }))
      .thenThrows(ConflictError, REVIEW_MESSAGES.alreadyReviewed);
    spec([])
      .when(onOrder({ now: reviewDeadline(releasedAt) }))
      .thenThrows(ConflictError, REVIEW_MESSAGES.windowClosed);
  });

  it('publishes a lone review of a work order when its window closes, still naming the work order', () => {
    const closed = reviewDeadline(releasedAt);
    spec([customerWrote])
      .when({ type: 'PublishReviews', job: order, now: closed })
      .then([
        {
          type: 'ReviewsPublished',
          data: { ...job, reviews: [customerOnOrder], reason: 'window-closed', publishedAt: closed.toISOString() },
        },
      ]);
  });

  it('reads a booking review written before jobs had ids, and names the job when publishing it', () => {
    const legacy: ReviewEvent = {
      type: 'ReviewSubmitted',
      data: { ...customerReview, bookingId, contractorId, customerId },
    };
    const closed = reviewDeadline(completedAt);
    spec([legacy])
      .when({ type: 'PublishReviews', job: booking, now: closed })
      .then([
        {
          type: 'ReviewsPublished',
          data: { ...parties, reviews: [customerReview], reason: 'window-closed', publishedAt: closed.toISOString() },
        },
      ]);
    spec([legacy])
      .when(submit({ now: day3 }))
      .thenThrows(ConflictError, REVIEW_MESSAGES.alreadyReviewed);
  });
});
