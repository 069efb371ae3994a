import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { notificationsFor } from '../notifications/from-events.ts';
import { renderNotificationText } from '../notifications/messages.ts';
import type { Review } from './events.ts';

const bookingId = '1b7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e70';
const customerId = '2c7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e71';
const contractorId = '3d7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e72';
const at = '2026-06-02T10:00:00.000Z';

const contractorReview: Review = {
  reviewerId: contractorId,
  revieweeId: customerId,
  side: 'contractor',
  rating: 5,
  text: 'Clear instructions, paid promptly.',
  submittedAt: at,
};

function recorded(
  type: string,
  data: unknown,
  revision: bigint,
  id = `0b7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e7${revision}`,
) {
  return {
    id,
    streamId: `review-${bookingId}`,
    revision,
    type,
    data,
    metadata: {},
    position: { commit: 1n, prepare: revision },
    recordedAt: new Date(at),
  } satisfies RecordedEvent;
}

describe('review notifications', () => {
  it('nudges the other side, at low priority, when the first review is written', () => {
    const drafts = notificationsFor(
      recorded('ReviewSubmitted', { ...contractorReview, bookingId, contractorId, customerId }, 0n),
    );
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      userId: customerId,
      type: 'system',
      priority: 'low',
      actionUrl: '/reviews',
      createdAt: at,
    });
    expect(renderNotificationText(drafts[0]!.messageKey, drafts[0]!.values, 'en')).toBe(
      'Your contractor left a review of your booking. Write yours to see it.',
    );
    expect(JSON.stringify(drafts[0]!.values)).not.toContain('Clear instructions');
  });

  it('does not nudge for the second review: the publication tells both', () => {
    expect(
      notificationsFor(recorded('ReviewSubmitted', { ...contractorReview, bookingId, contractorId, customerId }, 1n)),
    ).toEqual([]);
    const drafts = notificationsFor(
      recorded(
        'ReviewsPublished',
        { bookingId, contractorId, customerId, reviews: [contractorReview], reason: 'window-closed', publishedAt: at },
        1n,
      ),
    );
    expect(drafts.map((d) => [d.userId, d.type, d.priority, d.titleKey])).toEqual([
      [customerId, 'system', 'normal', 'reviews.published.title'],
      [contractorId, 'system', 'normal', 'reviews.published.title'],
    ]);
    expect(new Set(drafts.map((d) => d.notificationId)).size).toBe(2);
    expect(renderNotificationText(drafts[0]!.messageKey, {}, 'fr')).toBe(
      'La période d’avis de 7 jours de votre réservation est terminée : les avis écrits sont maintenant publiés.',
    );
  });

  it("names a work order's reviews by the work order, in both languages", () => {
    const workOrderId = '5f7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e74';
    const job = { jobId: workOrderId, jobKind: 'work-order', contractorId, customerId };
    const [nudge] = notificationsFor(recorded('ReviewSubmitted', { ...contractorReview, ...job }, 0n));
    expect(nudge).toMatchObject({ userId: customerId, values: { workOrderId }, actionUrl: '/reviews' });
    expect(renderNotificationText(nudge!.messageKey, nudge!.values, 'en')).toBe(
      'Your contractor left a review of your work order. Write yours to see it.',
    );
    const published = notificationsFor(
      recorded(
        'ReviewsPublished',
        { ...job, reviews: [contractorReview], reason: 'both-written', publishedAt: at },
        2n,
      ),
    );
    expect(published.map((d) => d.userId)).toEqual([customerId, contractorId]);
    expect(renderNotificationText(published[0]!.messageKey, published[0]!.values, 'fr')).toBe(
      'Les deux avis de votre bon de travail sont écrits : vous pouvez maintenant les lire.',
    );
  });
});
