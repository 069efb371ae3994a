import { credentialEventSchemas } from './events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { notificationIdFor, type NotificationSource } from '../notifications/draft.ts';
import type { NotificationDraft } from '../notifications/types.ts';
import type { CredentialEvent } from './events.ts';
import { asHandledEvent } from '../../eventstore/typed.ts';

/** A reviewed credential tells its contractor: the badge is up, or why it is not. */
export const credentialNotifications: NotificationSource = {
  types: ['CredentialApproved', 'CredentialRejected'],
  notificationsFor(recorded: RecordedEvent): NotificationDraft[] {
    const event = asHandledEvent<CredentialEvent>(recorded, credentialEventSchemas);
    if (event.type !== 'CredentialApproved' && event.type !== 'CredentialRejected') return [];
    const approved = event.type === 'CredentialApproved';
    const key = approved ? 'credentials.approved' : 'credentials.rejected';
    return [
      {
        notificationId: notificationIdFor(recorded.id, key, event.data.contractorId),
        userId: event.data.contractorId,
        type: 'system',
        priority: approved ? 'normal' : 'high',
        titleKey: `${key}.title`,
        messageKey: `${key}.message`,
        values: approved ? { expiresOn: event.data.expiresOn } : {},
        actionUrl: '/subscriptions',
        bookingStartTime: null,
        createdAt: approved ? event.data.approvedAt : event.data.rejectedAt,
      },
    ];
  },
};
