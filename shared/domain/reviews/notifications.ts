import type { RecordedEvent } from '../../eventstore/types.ts';
import { notificationIdFor, type NotificationSource } from '../notifications/from-events.ts';
import type { NotificationDraft } from '../notifications/types.ts';
import type { ReviewEvent } from './events.ts';

/** Where a review notification leads: the reviews page (reviews to write, and published ones). */
export const REVIEWS_ACTION_URL = '/reviews';

/**
 * Reviews notify twice (spec type `system`): the other side gets a low-priority nudge when the
 * first review of a booking is written, and both parties hear when the reviews are published.
 *
 * "First review" is the event at revision 0 of `review-<bookingId>`: the stream begins with the
 * first ReviewSubmitted, and the second one is always followed by ReviewsPublished (which tells
 * both parties), so a nudge then would ask someone to write what they already wrote.
 */
export const reviewNotifications: NotificationSource = {
  types: ['ReviewSubmitted', 'ReviewsPublished'],
  notificationsFor(event: RecordedEvent): NotificationDraft[] {
    const domain = event as unknown as ReviewEvent;
    switch (domain.type) {
      case 'ReviewSubmitted': {
        if (event.revision !== 0n) return [];
        const { bookingId, revieweeId, side, submittedAt } = domain.data;
        return [
          {
            notificationId: notificationIdFor(event.id, 'review-nudge', revieweeId),
            userId: revieweeId,
            type: 'system',
            priority: 'low',
            titleKey: 'reviews.nudge.title',
            messageKey: `reviews.nudge.message.${side}`,
            values: { bookingId },
            actionUrl: REVIEWS_ACTION_URL,
            bookingStartTime: null,
            createdAt: submittedAt,
          },
        ];
      }
      case 'ReviewsPublished': {
        const { bookingId, customerId, contractorId, reason, publishedAt } = domain.data;
        return [customerId, contractorId].map((userId) => ({
          notificationId: notificationIdFor(event.id, 'reviews-published', userId),
          userId,
          type: 'system' as const,
          priority: 'normal' as const,
          titleKey: 'reviews.published.title',
          messageKey: `reviews.published.message.${reason}`,
          values: { bookingId },
          actionUrl: REVIEWS_ACTION_URL,
          bookingStartTime: null,
          createdAt: publishedAt,
        }));
      }
      default:
        return [];
    }
  },
};
