import { hash } from 'node:crypto';
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
  // The digest's hex, with its 7th byte's high nibble set to the version (5) and its 9th byte's
  // two high bits to the variant (10): one string from the one-shot hash, where a Hash object, a
  // Buffer and its slices were made for every notification of a replay.
  const hex = hash('sha1', parts.join('\u0000'), 'hex');
  const variant = VARIANT_DIGITS[Number.parseInt(hex[16]!, 16) & 0b11]!;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The variant's hex digit (10xx in binary) by the digest digit's two low bits. */
const VARIANT_DIGITS = '89ab';

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
