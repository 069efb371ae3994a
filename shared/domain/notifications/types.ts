/**
 * Notifications (docs/product.md#notifications). A notification is derived from a domain event by the
 * notifications projection; `notificationsFor` is the one place that says which events notify whom.
 */
export const notificationTypes = [
  'booking_confirmation',
  'booking_cancellation',
  'booking_update',
  'schedule_change',
  'reminder',
  'booking_request',
  'system',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notificationPriorities = ['high', 'normal', 'low'] as const;
export type NotificationPriority = (typeof notificationPriorities)[number];

/** What an event asks to tell one user. Texts are message keys resolved in the user's language. */
export type NotificationDraft = {
  /** Stable and unique per (source event, recipient): the projection's idempotency key. */
  notificationId: string;
  userId: string;
  type: NotificationType;
  priority: NotificationPriority;
  /** Message key and values for the title and message (site or e-mail renders them). */
  titleKey: string;
  messageKey: string;
  values: Record<string, string | number>;
  actionUrl: string | null;
  bookingStartTime: string | null;
  createdAt: string;
};
