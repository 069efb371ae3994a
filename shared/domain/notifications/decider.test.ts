import { describe, it } from 'vitest';
import { NotFoundError } from '../../errors.ts';
import { deciderSpec } from '../testing.ts';
import { notificationActionsDecider } from './decider.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const userId = '6f1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';
const notificationId = '0b7a1d1e-2f4e-5b7a-9b0e-1a2b3c4d5e70';
const at = now.toISOString();

const read = { type: 'NotificationRead' as const, data: { notificationId, userId, readAt: at } };
const deleted = { type: 'NotificationDeleted' as const, data: { notificationId, userId, deletedAt: at } };

describe('notification actions decider', () => {
  const spec = deciderSpec(notificationActionsDecider);

  it('records a read', () => {
    spec([]).when({ type: 'MarkNotificationRead', userId, notificationId, now }).then([read]);
  });

  it('records a second read of the same notification as nothing', () => {
    spec([read]).when({ type: 'MarkNotificationRead', userId, notificationId, now }).then([]);
  });

  it('records read-all only when something is unread', () => {
    spec([])
      .when({ type: 'MarkAllNotificationsRead', userId, hasUnread: true, now })
      .then([{ type: 'AllNotificationsRead', data: { userId, readAt: at } }]);
    spec([]).when({ type: 'MarkAllNotificationsRead', userId, hasUnread: false, now }).then([]);
  });

  it('records a delete', () => {
    spec([read]).when({ type: 'DeleteNotification', userId, notificationId, now }).then([deleted]);
  });

  it('treats a deleted notification as gone', () => {
    spec([deleted])
      .when({ type: 'DeleteNotification', userId, notificationId, now })
      .thenThrows(NotFoundError, 'Notification not found.');
    spec([deleted]).when({ type: 'MarkNotificationRead', userId, notificationId, now }).thenThrows(NotFoundError);
  });
});
