import { createHash } from 'node:crypto';
import type { AccountEvent, Role } from '../accounts/events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { reviewNotifications } from '../reviews/notifications.ts';
import { bookingNotifications } from '../booking/notifications.ts';
import type { NotificationDraft, NotificationPriority, NotificationType } from './types.ts';
import { workNotifications } from '../work/notifications.ts';
import { moneyNotifications } from '../escrow/notifications.ts';
import { disputeNotifications } from '../disputes/notifications.ts';
import { planNotifications } from '../plans/notifications.ts';
import { urgentNotifications } from '../urgent/notifications.ts';
import { credentialNotifications } from '../credentials/notifications.ts';
import { recurringNotifications } from '../recurring/notifications.ts';
import { barterNotifications } from '../barter/notifications.ts';
import { timeProposalNotifications } from '../booking/time-proposal-notifications.ts';

/** Where a user lands from their welcome notification: their own starting page. */
export const WELCOME_ACTION_URL: Record<Role, string> = {
  contractor: '/contractor-dashboard',
  customer: '/platform',
  admin: '/admin-dashboard',
};

/**
 * A UUID derived from its parts (name-based, version 5 layout over SHA-1): the same source event
 * and recipient always give the same notification id, so replaying the log or a retried batch
 * never creates a second notification, and the e-mail outbox can key on the same id.
 */
export function notificationIdFor(...parts: string[]): string {
  const bytes = createHash('sha1').update(parts.join('\u0000')).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type DraftOptions = {
  /** Where the notification leads; the module's default otherwise. */
  actionUrl?: string;
  /** The booking or visit it is about, shown with the notification. */
  startsAt?: string;
  values?: Record<string, string | number>;
};

/**
 * The draft builder a module uses for one source event: the id is derived from the event, the
 * message key and the recipient, and the title and message are the key's `.title` and `.message`.
 */
export function draftMaker(recorded: RecordedEvent, defaultActionUrl: string) {
  return (
    userId: string,
    key: string,
    type: NotificationType,
    priority: NotificationPriority,
    createdAt: string,
    options: DraftOptions = {},
  ): NotificationDraft => ({
    notificationId: notificationIdFor(recorded.id, key, userId),
    userId,
    type,
    priority,
    titleKey: `${key}.title`,
    messageKey: `${key}.message`,
    values: options.values ?? {},
    actionUrl: options.actionUrl ?? defaultActionUrl,
    bookingStartTime: options.startsAt ?? null,
    createdAt,
  });
}

/** One module's part of the mapping: the event types it reads and the notifications they give. */
export type NotificationSource = {
  types: readonly string[];
  notificationsFor(event: RecordedEvent): NotificationDraft[];
};

/** Accounts: a welcome for every new account. */
export const accountNotifications: NotificationSource = {
  types: ['AccountRegistered'],
  notificationsFor(event) {
    const domain = event as unknown as AccountEvent;
    if (domain.type !== 'AccountRegistered') return [];
    const { accountId, role, registeredAt } = domain.data;
    return [
      {
        notificationId: notificationIdFor(event.id, 'welcome', accountId),
        userId: accountId,
        type: 'system',
        priority: 'normal',
        titleKey: 'welcome.title',
        messageKey: `welcome.message.${role}`,
        values: {},
        actionUrl: WELCOME_ACTION_URL[role],
        bookingStartTime: null,
        createdAt: registeredAt,
      },
    ];
  },
};

/**
 * Every module that notifies. Each case names the recipients, the type, the priority, the message
 * keys (see messages.ts) and the values those messages need — ids and times, never personal data.
 */
const sources: readonly NotificationSource[] = [
  accountNotifications,
  workNotifications,
  bookingNotifications,
  reviewNotifications,
  moneyNotifications,
  disputeNotifications,
  planNotifications,
  urgentNotifications,
  credentialNotifications,
  recurringNotifications,
  barterNotifications,
  timeProposalNotifications,
];

/**
 * The one mapping from domain events to notifications (spec section 3), shared by the in-app
 * notifications projection and the e-mail outbox. Pure: everything comes from the recorded event.
 */
export function notificationsFor(event: RecordedEvent): NotificationDraft[] {
  return sources.flatMap((source) => (source.types.includes(event.type) ? source.notificationsFor(event) : []));
}

/** The event types `notificationsFor` may answer for (the projection's `handles`). */
export const NOTIFYING_EVENT_TYPES: readonly string[] = [...new Set(sources.flatMap((source) => source.types))];
