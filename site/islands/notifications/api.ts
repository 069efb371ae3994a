import { computed, type ReadableAtom } from 'nanostores';
import type { NotificationView } from '../../../shared/http/notifications.ts';
import type { Locale } from '../../i18n/locales.ts';
import { apiRequest } from '../../lib/api.ts';
import { createFetcherStore, invalidateKeys, revalidateKeys } from '../../lib/query.ts';

/** A notification as GET /api/notifications answers it (docs/product.md#notifications). */
export type NotificationItem = NotificationView;

export type Filter = 'all' | 'unread';

const LIST = '/api/notifications?';
const isListKey = (key: string) => key.startsWith(LIST);

export function notificationsUrl(filter: Filter, locale: Locale, page: { limit: number; offset: number }): string {
  const query = new URLSearchParams({
    unreadOnly: String(filter === 'unread'),
    locale,
    limit: String(page.limit),
    offset: String(page.offset),
  });
  return `${LIST}${query}`;
}

/** One page of the list: a cached read per address. */
const pages = new Map<string, ReturnType<typeof createFetcherStore<NotificationItem[] | null>>>();
export function notificationPage(url: string) {
  let page = pages.get(url);
  if (!page) pages.set(url, (page = createFetcherStore<NotificationItem[] | null>([url])));
  return page;
}

/** Reads one more page afresh (the page's "load more"): its items, or the failure. */
export function readNotificationPage(url: string) {
  invalidateKeys(url);
  return notificationPage(url).fetch();
}

export type ListState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; items: NotificationItem[]; hasMore: boolean; loadingMore: boolean };

/**
 * The list as shown: its first `pageCount` pages of `pageSize` (the page's "load more" adds one),
 * loading until the first page is read, each later page's items after the earlier ones'.
 */
export function notificationList(
  filter: Filter,
  locale: Locale,
  pageSize: number,
  pageCount: number,
): ReadableAtom<ListState> {
  const stores = Array.from({ length: pageCount }, (_, index) =>
    notificationPage(notificationsUrl(filter, locale, { limit: pageSize, offset: index * pageSize })),
  );
  return computed(stores, (...values): ListState => {
    const [first] = values;
    if (!first || first.data === undefined)
      return first?.error && !first.loading ? { status: 'error' } : { status: 'loading' };
    const unread = values.findIndex((value) => value.data === undefined);
    const read = unread === -1 ? values : values.slice(0, unread);
    const last = read[read.length - 1]!;
    return {
      status: 'ready',
      items: read.flatMap((value) => value.data ?? []),
      hasMore: (last.data?.length ?? 0) === pageSize,
      loadingMore: unread !== -1 && !values[unread]!.error,
    };
  });
}

/** Reads every shown page again, keeping them on screen (live updates, after an action). */
export async function refetchNotifications() {
  revalidateKeys(isListKey);
  await Promise.all([...pages].map(([, page]) => page.get().promise?.catch(() => null)));
}

/** The next reading of the list starts afresh (with its loading state): a new filter, a reopened list. */
export function forgetNotifications() {
  invalidateKeys(isListKey);
}

const path = (id: string) => `/api/notifications/${encodeURIComponent(id)}`;

export async function markNotificationRead(id: string) {
  await apiRequest('PATCH', `${path(id)}/read`);
  void refetchNotifications();
}
export async function markAllNotificationsRead() {
  await apiRequest('PATCH', '/api/notifications/read-all');
}
export async function deleteNotification(id: string) {
  await apiRequest('DELETE', path(id));
  void refetchNotifications();
}

/** Only our own relative paths are followed ('/x', never '//host' or a scheme). */
export function safeActionPath(actionUrl: string | undefined): string | null {
  return actionUrl && /^\/(?!\/)/.test(actionUrl) ? actionUrl : null;
}
