import { defineMessages } from '../index.ts';

/**
 * The notification popover and the /notifications page (docs/product.md#notifications). English strings
 * are the product's fixed wording; French is Canadian French.
 */
export const notificationMessages = defineMessages({
  en: {
    title: 'Notifications',
    all: 'All',
    unread: 'Unread',
    filter: 'Show',
    markAllRead: 'Mark all as read',
    settings: 'Notification settings',
    viewAll: 'View all notifications',
    empty: 'No notifications',
    emptyUnread: "You're all caught up!",
    emptyAll: 'You have no notifications yet',
    loadFailed: 'Failed to load notifications',
    tryAgain: 'Try again',
    loading: 'Loading notifications',
    yesterday: 'Yesterday',
    delete: 'Delete notification',
    unreadMark: 'Unread',
    allMarkedRead: 'All notifications marked as read',
    error: 'Error',
    markReadFailed: 'Failed to mark notification as read',
    markAllFailed: 'Failed to mark all notifications as read',
    deleteFailed: 'Failed to delete notification',
    loadMore: 'Load more',
    highPriority: 'High priority',
  },
  fr: {
    title: 'Notifications',
    all: 'Toutes',
    unread: 'Non lues',
    filter: 'Afficher',
    markAllRead: 'Tout marquer comme lu',
    settings: 'Paramètres des notifications',
    viewAll: 'Voir toutes les notifications',
    empty: 'Aucune notification',
    emptyUnread: 'Vous êtes à jour!',
    emptyAll: 'Vous n’avez encore aucune notification',
    loadFailed: 'Impossible de charger les notifications',
    tryAgain: 'Réessayer',
    loading: 'Chargement des notifications',
    yesterday: 'Hier',
    delete: 'Supprimer la notification',
    unreadMark: 'Non lue',
    allMarkedRead: 'Toutes les notifications ont été marquées comme lues',
    error: 'Erreur',
    markReadFailed: 'Impossible de marquer la notification comme lue',
    markAllFailed: 'Impossible de marquer toutes les notifications comme lues',
    deleteFailed: 'Impossible de supprimer la notification',
    loadMore: 'Afficher plus',
    highPriority: 'Priorité élevée',
  },
});

export type NotificationMessages = (typeof notificationMessages)['en'];
