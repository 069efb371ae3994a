import type { RecordedEvent } from '../../eventstore/types.ts';
import type { AccountRegistered } from '../accounts/events.ts';
import type { NotificationDraft } from './types.ts';

/**
 * MINIMAL placeholder (prefs branch): only AccountRegistered → one 'system' welcome draft.
 * The notifications branch owns the real mapping; keep theirs at merge.
 */
export function notificationsFor(event: RecordedEvent): NotificationDraft[] {
  switch (event.type) {
    case 'AccountRegistered': {
      const { accountId, registeredAt } = (event as unknown as AccountRegistered).data;
      return [
        {
          notificationId: `${event.id}:${accountId}`,
          userId: accountId,
          type: 'system',
          priority: 'normal',
          titleKey: 'welcomeTitle',
          messageKey: 'welcomeMessage',
          values: {},
          actionUrl: null,
          bookingStartTime: null,
          createdAt: registeredAt,
        },
      ];
    }
    default:
      return [];
  }
}
