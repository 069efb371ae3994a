import { z } from 'zod';
import type { EventSchemas } from '../event-schema.ts';

// A user's actions on their own notifications, in the stream `notifications-<userId>`. The
// notifications themselves are not events of their own: the projection derives them from the
// domain events (from-events.ts), so only what the user does to them is recorded here.
export const notificationReadSchema = z.object({
  notificationId: z.guid(),
  userId: z.guid(),
  readAt: z.iso.datetime(),
});
export const allNotificationsReadSchema = z.object({
  userId: z.guid(),
  readAt: z.iso.datetime(),
});
export const notificationDeletedSchema = z.object({
  notificationId: z.guid(),
  userId: z.guid(),
  deletedAt: z.iso.datetime(),
});

export type NotificationRead = { type: 'NotificationRead'; data: z.infer<typeof notificationReadSchema> };
export type AllNotificationsRead = { type: 'AllNotificationsRead'; data: z.infer<typeof allNotificationsReadSchema> };
export type NotificationDeleted = { type: 'NotificationDeleted'; data: z.infer<typeof notificationDeletedSchema> };
export type NotificationActionEvent = NotificationRead | AllNotificationsRead | NotificationDeleted;

export const notificationActionEventSchemas = {
  NotificationRead: notificationReadSchema,
  AllNotificationsRead: allNotificationsReadSchema,
  NotificationDeleted: notificationDeletedSchema,
} as const satisfies EventSchemas<NotificationActionEvent>;

export const NOTIFICATION_ACTION_EVENT_TYPES = [
  'NotificationRead',
  'AllNotificationsRead',
  'NotificationDeleted',
] as const;
