import { defineMessages } from '../index.ts';

/**
 * The notification bell: everything the first load needs. Kept apart from notifications.ts, whose
 * popover strings load only with the popover.
 */
export const notificationBellMessages = defineMessages({
  en: {
    bell: 'Notifications',
    bellUnread: 'Notifications, {count} unread',
    unreadFailed: 'Failed to fetch unread count',
  },
  fr: {
    bell: 'Notifications',
    bellUnread: 'Notifications, {count} non lues',
    unreadFailed: 'Impossible de récupérer le nombre de notifications non lues',
  },
});
