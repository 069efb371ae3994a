import { notificationActionEventSchemas } from './events.ts';
import { NotFoundError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import type { NotificationActionEvent } from './events.ts';

/**
 * A user's actions on their notifications (stream `notifications-<userId>`).
 *
 * Which notifications a user has is not in this stream: they are derived from other modules'
 * events by the projection. So the route checks existence and ownership in the read model first
 * (an unknown id or another user's id is a 404 there, before any command), and this decider
 * records the action idempotently against what the stream itself knows: a second read appends
 * nothing, and a notification this user already deleted is gone (404) even if the read model has
 * not caught up yet.
 */
export type NotificationActionsState = {
  read: ReadonlySet<string>;
  deleted: ReadonlySet<string>;
};

export const NOTIFICATION_NOT_FOUND = 'Notification not found.';

export type MarkNotificationRead = { type: 'MarkNotificationRead'; userId: string; notificationId: string; now: Date };
/** `hasUnread` comes from the read model: read-all with nothing unread records nothing. */
export type MarkAllNotificationsRead = {
  type: 'MarkAllNotificationsRead';
  userId: string;
  hasUnread: boolean;
  now: Date;
};
export type DeleteNotification = { type: 'DeleteNotification'; userId: string; notificationId: string; now: Date };
export type NotificationActionCommand = MarkNotificationRead | MarkAllNotificationsRead | DeleteNotification;

export function markNotificationRead(
  command: MarkNotificationRead,
  state: NotificationActionsState,
): NotificationActionEvent[] {
  if (state.deleted.has(command.notificationId)) throw new NotFoundError(NOTIFICATION_NOT_FOUND);
  if (state.read.has(command.notificationId)) return [];
  return [
    {
      type: 'NotificationRead',
      data: { notificationId: command.notificationId, userId: command.userId, readAt: command.now.toISOString() },
    },
  ];
}

export function markAllNotificationsRead(command: MarkAllNotificationsRead): NotificationActionEvent[] {
  if (!command.hasUnread) return [];
  return [{ type: 'AllNotificationsRead', data: { userId: command.userId, readAt: command.now.toISOString() } }];
}

export function deleteNotification(
  command: DeleteNotification,
  state: NotificationActionsState,
): NotificationActionEvent[] {
  if (state.deleted.has(command.notificationId)) throw new NotFoundError(NOTIFICATION_NOT_FOUND);
  return [
    {
      type: 'NotificationDeleted',
      data: { notificationId: command.notificationId, userId: command.userId, deletedAt: command.now.toISOString() },
    },
  ];
}

export const notificationActionsDecider: Decider<
  NotificationActionsState,
  NotificationActionCommand,
  NotificationActionEvent
> = {
  eventSchemas: notificationActionEventSchemas,
  initialState: () => ({ read: new Set(), deleted: new Set() }),
  evolve(state, event) {
    switch (event.type) {
      case 'NotificationRead':
        return { ...state, read: new Set(state.read).add(event.data.notificationId) };
      case 'NotificationDeleted':
        return { ...state, deleted: new Set(state.deleted).add(event.data.notificationId) };
      default:
        // AllNotificationsRead covers whatever the read model held then; ids are not listed here.
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'MarkNotificationRead':
        return markNotificationRead(command, state);
      case 'MarkAllNotificationsRead':
        return markAllNotificationsRead(command);
      case 'DeleteNotification':
        return deleteNotification(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String((unknown as { type: string }).type)}`);
      }
    }
  },
};
