import { describe, expect, it } from 'vitest';
import type { NotificationRow } from '../../../projections/notifications.ts';
import { notificationView } from '../../../shared/http/notifications.ts';
import { notificationViewOf } from './views.ts';

const row = (over: Partial<NotificationRow> = {}): NotificationRow => ({
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  type: 'system',
  priority: 'normal',
  titleKey: 'welcome.title',
  messageKey: 'no.such.key',
  values: {},
  actionUrl: null,
  bookingStartTime: null,
  isRead: false,
  createdAt: new Date('2026-05-04T14:00:00Z'),
  ...over,
});

describe('notificationViewOf', () => {
  it('renders the texts in the reader’s language and leaves out what the row lacks', () => {
    const en = notificationViewOf(row(), 'en');
    expect(en).toEqual({
      id: '0f8fad5b-d9cb-469f-a165-70867728950e',
      type: 'system',
      priority: 'normal',
      title: 'Welcome to the marketplace!',
      message: 'no.such.key',
      isRead: false,
      createdAt: '2026-05-04T14:00:00.000Z',
    });
    expect(notificationView.parse(en)).toEqual(en);
    expect(notificationViewOf(row(), 'fr').title).not.toBe(en.title);
  });

  it('answers the action and the booking’s start when there are', () => {
    const view = notificationViewOf(
      row({ actionUrl: '/bookings/1', bookingStartTime: new Date('2026-06-01T09:30:00Z') }),
      'en',
    );
    expect(view.actionUrl).toBe('/bookings/1');
    expect(view.booking).toEqual({ startTime: '2026-06-01T09:30:00.000Z' });
  });
});
