import { z } from 'zod';
import { notificationPriorities, notificationTypes } from '../domain/notifications/types.ts';
import { wholeNumberQuery } from './query.ts';

/** Notifications' HTTP shapes (api/modules/notifications/routes.ts, site/islands/notifications/). */

export const notificationView = z.object({
  id: z.uuid(),
  type: z.enum(notificationTypes),
  priority: z.enum(notificationPriorities),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  actionUrl: z.string().optional(),
  createdAt: z.string(),
  booking: z.object({ startTime: z.string() }).optional(),
});
export type NotificationView = z.output<typeof notificationView>;

export const notificationListView = z.array(notificationView);

const localeQuery = z.enum(['en', 'fr'], { error: 'locale must be en or fr' }).optional();

export const notificationListQuery = z.strictObject({
  unreadOnly: z
    .enum(['true', 'false'], { error: 'unreadOnly must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  locale: localeQuery,
  limit: wholeNumberQuery('limit', { min: 1, max: 100, default: 50 }),
  offset: wholeNumberQuery('offset', { min: 0, max: 10_000, default: 0 }),
});

export const unreadCountView = z.object({ count: z.number().int() });
export type UnreadCount = z.output<typeof unreadCountView>;

// Any text is accepted here and an id that is not a UUID is simply not found: a 404, as for an
// unknown id or another user's, so the answer never tells one case from another.
export const notificationIdParams = z.strictObject({ id: z.string().max(100) });
export const notificationSuccess = z.object({ success: z.literal(true) });
