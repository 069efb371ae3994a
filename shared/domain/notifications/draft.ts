import { createHash } from 'node:crypto';
import type { RecordedEvent } from '../../eventstore/types.ts';
import type { NotificationDraft, NotificationPriority, NotificationType } from './types.ts';

// What every module's notifications.ts needs to write its drafts. It imports no module's
// notifications, so from-events.ts can compose them all without an import cycle.

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
