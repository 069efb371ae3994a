import type { NotificationRow } from '../../../projections/notifications.ts';
import { renderNotificationText, type Locale } from '../../../shared/domain/notifications/messages.ts';
import type { NotificationView } from '../../../shared/http/notifications.ts';

/** A notification as GET /api/notifications answers it: its texts rendered in the reader's language. */
export function notificationViewOf(row: NotificationRow, locale: Locale): NotificationView {
  return {
    id: row.id,
    type: row.type,
    priority: row.priority,
    title: renderNotificationText(row.titleKey, row.values, locale),
    message: renderNotificationText(row.messageKey, row.values, locale),
    isRead: row.isRead,
    ...(row.actionUrl ? { actionUrl: row.actionUrl } : {}),
    createdAt: row.createdAt.toISOString(),
    ...(row.bookingStartTime ? { booking: { startTime: row.bookingStartTime.toISOString() } } : {}),
  };
}
