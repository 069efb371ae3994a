import type { RecordedEvent } from '../../eventstore/types.ts';
import { notificationIdFor, type NotificationSource } from '../notifications/draft.ts';
import type { NotificationDraft } from '../notifications/types.ts';
import { reviewedJobOf, type ReviewedJobRef, type ReviewEvent, reviewEventSchemas } from './events.ts';
import { asHandledEvent } from '../../eventstore/typed.ts';

/** Where a review notification leads: the reviews page (reviews to write, and published ones). */
export const REVIEWS_ACTION_URL = '/reviews';

/**
 * Reviews notify twice (notification type `system`, docs/product.md#notifications): the other side gets a low-priority nudge when the
 * first review of a job is written, and both parties hear when the reviews are published.
 *
 * "First review" is the event at revision 0 of `review-<jobId>`: the stream begins with the
 * first ReviewSubmitted, and the second one is always followed by ReviewsPublished (which tells
 * both parties), so a nudge then would ask someone to write what they already wrote.
 */
/** A booking's notifications name the booking (as before work orders were reviewed); a work order's, the work order. */
function jobValues(data: ReviewedJobRef): { values: Record<string, string>; workOrder: boolean } {
  const { jobId, jobKind } = reviewedJobOf(data);
  return jobKind === 'work-order'
    ? { values: { workOrderId: jobId }, workOrder: true }
    : { values: { bookingId: jobId }, workOrder: false };
}

export const reviewNotifications: NotificationSource = {
  types: ['ReviewSubmitted', 'ReviewsPublished'],
  notificationsFor(event: RecordedEvent): NotificationDraft[] {
    const domain = asHandledEvent<ReviewEvent>(event, reviewEventSchemas);
    switch (domain.type) {
      case 'ReviewSubmitted': {
        if (event.revision !== 0n) return [];
        const { revieweeId, side, submittedAt } = domain.data;
        const { values, workOrder } = jobValues(domain.data);
        // The customer's wording ("your job") fits both kinds; the contractor's names what was reviewed.
        const messageKey =
          workOrder && side === 'contractor'
            ? 'reviews.nudge.message.work-order.contractor'
            : `reviews.nudge.message.${side}`;
        return [
          {
            notificationId: notificationIdFor(event.id, 'review-nudge', revieweeId),
            userId: revieweeId,
            type: 'system',
            priority: 'low',
            titleKey: 'reviews.nudge.title',
            messageKey,
            values,
            actionUrl: REVIEWS_ACTION_URL,
            bookingStartTime: null,
            createdAt: submittedAt,
          },
        ];
      }
      case 'ReviewsPublished': {
        const { customerId, contractorId, reason, publishedAt } = domain.data;
        const { values, workOrder } = jobValues(domain.data);
        return [customerId, contractorId].map((userId) => ({
          notificationId: notificationIdFor(event.id, 'reviews-published', userId),
          userId,
          type: 'system' as const,
          priority: 'normal' as const,
          titleKey: 'reviews.published.title',
          messageKey: workOrder
            ? `reviews.published.message.work-order.${reason}`
            : `reviews.published.message.${reason}`,
          values,
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
