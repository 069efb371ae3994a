import { apiRequest, getJson } from '../../lib/api.ts';
import type { Locale } from '../../i18n/locales.ts';

/** A notification as GET /api/notifications answers it (spec section 3). */
export type NotificationItem = {
  id: string;
  type: string;
  priority: 'high' | 'normal' | 'low';
  title: string;
  message: string;
  isRead: boolean;
  actionUrl?: string;
  createdAt: string;
  booking?: { startTime: string };
};

export type Filter = 'all' | 'unread';

export async function fetchNotifications(
  filter: Filter,
  locale: Locale,
  page: { limit: number; offset: number },
): Promise<NotificationItem[]> {
  const query = new URLSearchParams({
    unreadOnly: String(filter === 'unread'),
    locale,
    limit: String(page.limit),
    offset: String(page.offset),
  });
  return (await getJson<NotificationItem[]>(`/api/notifications?${query}`)) ?? [];
}

const path = (id: string) => `/api/notifications/${encodeURIComponent(id)}`;

export const markNotificationRead = (id: string) => apiRequest('PATCH', `${path(id)}/read`);
export const markAllNotificationsRead = () => apiRequest('PATCH', '/api/notifications/read-all');
export const deleteNotification = (id: string) => apiRequest('DELETE', path(id));

/** Only our own relative paths are followed ('/x', never '//host' or a scheme). */
export function safeActionPath(actionUrl: string | undefined): string | null {
  return actionUrl && /^\/(?!\/)/.test(actionUrl) ? actionUrl : null;
}
