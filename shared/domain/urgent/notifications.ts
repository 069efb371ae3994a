import { urgentAlertEventSchemas } from './events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { notificationIdFor, type NotificationSource } from '../notifications/draft.ts';
import type { NotificationDraft, NotificationPriority, NotificationType } from '../notifications/types.ts';
import { workOrderPaths } from '../work/paths.ts';
import type { UrgentAlertEvent } from './events.ts';
import { asHandledEvent } from '../../eventstore/typed.ts';

export const URGENT_ALERTS_URL = '/urgent-alerts';

/**
 * Urgent alerts: every contractor reached is told at once (high priority, by e-mail too when they
 * allow it); the first acceptance tells the customer and lets the others know the job is gone; a
 * cancellation tells those reached.
 */
export const urgentNotifications: NotificationSource = {
  types: ['UrgentAlertSent', 'UrgentAlertAccepted', 'UrgentAlertCancelled'],
  notificationsFor(recorded: RecordedEvent): NotificationDraft[] {
    const event = asHandledEvent<UrgentAlertEvent>(recorded, urgentAlertEventSchemas);
    const note = (
      userId: string,
      key: string,
      priority: NotificationPriority,
      type: NotificationType,
      actionUrl: string,
      createdAt: string,
    ): NotificationDraft => ({
      notificationId: notificationIdFor(recorded.id, key, userId),
      userId,
      type,
      priority,
      titleKey: `${key}.title`,
      messageKey: `${key}.message`,
      values: {},
      actionUrl,
      bookingStartTime: null,
      createdAt,
    });
    switch (event.type) {
      case 'UrgentAlertSent':
        return event.data.recipients.map((id) =>
          note(id, 'urgent.sent', 'high', 'booking_request', URGENT_ALERTS_URL, event.data.sentAt),
        );
      case 'UrgentAlertAccepted': {
        const d = event.data;
        return [
          note(
            d.customerId,
            'urgent.accepted',
            'high',
            'booking_confirmation',
            workOrderPaths.order(d.alertId),
            d.acceptedAt,
          ),
        ];
      }
      case 'UrgentAlertCancelled':
        return event.data.recipients.map((id) =>
          note(id, 'urgent.cancelled', 'low', 'booking_cancellation', URGENT_ALERTS_URL, event.data.cancelledAt),
        );
      default:
        return [];
    }
  },
};
