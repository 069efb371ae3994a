import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { notificationIdFor } from './draft.ts';
import { notificationsFor } from './from-events.ts';
import { renderNotificationText } from './messages.ts';

const accountId = '6f1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';

function recorded(type: string, data: unknown, id = '0b7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e70'): RecordedEvent {
  return {
    id,
    streamId: `account-${accountId}`,
    revision: 0n,
    type,
    data,
    metadata: {},
    position: { commit: 1n, prepare: 1n },
    recordedAt: new Date('2026-03-01T10:00:00.000Z'),
  };
}

const registered = (role: string) =>
  recorded('AccountRegistered', { accountId, role, registeredAt: '2026-03-01T10:00:00.000Z' });

describe('notificationsFor', () => {
  it('makes the drafts of an event once, frozen, for every read model that asks', () => {
    const event = registered('contractor');
    const drafts = notificationsFor(event);
    expect(notificationsFor(event)).toBe(drafts);
    // Another event object with the same content gets drafts of its own, equal to these.
    const again = notificationsFor(registered('contractor'));
    expect(again).not.toBe(drafts);
    expect(again).toEqual(drafts);
    expect(Object.isFrozen(drafts)).toBe(true);
    expect(Object.isFrozen(drafts[0])).toBe(true);
    expect(Object.isFrozen(drafts[0]!.values)).toBe(true);
  });

  it('welcomes a new account with a normal-priority system notification', () => {
    const [draft, ...rest] = notificationsFor(registered('customer'));
    expect(rest).toEqual([]);
    expect(draft).toMatchObject({
      userId: accountId,
      type: 'system',
      priority: 'normal',
      titleKey: 'welcome.title',
      messageKey: 'welcome.message.customer',
      bookingStartTime: null,
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    expect(renderNotificationText(draft!.titleKey, draft!.values, 'en')).toBe('Welcome to the marketplace!');
  });

  it('sends each role to its own starting page', () => {
    const urls = ['contractor', 'customer', 'admin'].map((role) => notificationsFor(registered(role))[0]!.actionUrl);
    expect(urls).toEqual(['/contractor-dashboard', '/platform', '/admin-dashboard']);
  });

  it('gives the same id for the same event and recipient, another for another event', () => {
    const first = notificationsFor(registered('customer'))[0]!.notificationId;
    expect(notificationsFor(registered('customer'))[0]!.notificationId).toBe(first);
    const other = recorded(
      'AccountRegistered',
      { accountId, role: 'customer', registeredAt: '2026-03-01T10:00:00.000Z' },
      '1b7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e70',
    );
    expect(notificationsFor(other)[0]!.notificationId).not.toBe(first);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('maps events that notify nobody to nothing', () => {
    expect(notificationsFor(recorded('AccountClosed', { accountId, closedAt: '2026-03-02T10:00:00.000Z' }))).toEqual(
      [],
    );
    expect(notificationsFor(recorded('ServiceOfferingCreated', {}))).toEqual([]);
  });

  it('derives ids from all their parts', () => {
    expect(notificationIdFor('a', 'b')).not.toBe(notificationIdFor('ab'));
  });
});
