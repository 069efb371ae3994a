import {
  AlarmClock,
  Bell,
  CalendarCheck,
  CalendarClock,
  CalendarPlus,
  CalendarRange,
  CalendarX,
  CheckCheck,
  Info,
  Settings,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { notificationMessages } from '../../i18n/messages/notifications.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import {
  deleteNotification,
  forgetNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationList,
  notificationsUrl,
  readNotificationPage,
  refetchNotifications,
  safeActionPath,
  type Filter,
  type NotificationItem,
} from './api.ts';
import { formatBookingTime, formatTimestamp } from './format.ts';
import { $unreadCount, refreshUnreadCount } from './unread.ts';

/** An icon per type; any other type gets the default icon (docs/product.md#notifications). */
const ICONS: Record<string, LucideIcon> = {
  booking_confirmation: CalendarCheck,
  booking_cancellation: CalendarX,
  booking_update: CalendarClock,
  schedule_change: CalendarRange,
  reminder: AlarmClock,
  booking_request: CalendarPlus,
  system: Info,
};

const POPOVER_PAGE = 50;
const PAGE_SIZE = 20;

/**
 * The notification list with its filters and actions, shared by the popover (a 24rem scrolling
 * area, a view-all link) and the /notifications page (load more). The list is read through cached
 * page stores (api.ts), afresh each time it mounts or changes filter; every action answers after
 * the server's read model includes it, so reading the pages again right after shows the change.
 */
export function NotificationList({
  locale,
  variant,
  onNavigate,
  titleId,
}: {
  locale: Locale;
  variant: 'popover' | 'page';
  onNavigate?: () => void;
  titleId?: string;
}) {
  const m = notificationMessages[locale];
  // Declared before the list's subscription, so a list that mounts reads afresh.
  useEffect(() => forgetNotifications(), []);
  const [filter, setFilter] = useState<Filter>('all');
  const [pageCount, setPageCount] = useState(1);
  const pageSize = variant === 'popover' ? POPOVER_PAGE : PAGE_SIZE;
  const $list = useMemo(
    () => notificationList(filter, locale, pageSize, pageCount),
    [filter, locale, pageSize, pageCount],
  );
  const state = useStore($list);

  // Someone else's action (another tab, a new notification) changes the count: show it here too.
  useEffect(() => $unreadCount.listen(() => void refetchNotifications()), []);

  function changeFilter(value: Filter) {
    if (value === filter) return;
    forgetNotifications();
    setPageCount(1);
    setFilter(value);
  }

  async function loadMore() {
    if (state.status !== 'ready') return;
    const next = notificationsUrl(filter, locale, { limit: pageSize, offset: pageCount * pageSize });
    setPageCount(pageCount + 1);
    const read = await readNotificationPage(next);
    if ('error' in read) {
      setPageCount(pageCount);
      toast({ title: m.error, description: m.loadFailed, variant: 'destructive' });
    }
  }

  async function open(item: NotificationItem) {
    if (!item.isRead) {
      try {
        await markNotificationRead(item.id);
        void refreshUnreadCount();
      } catch {
        toast({ title: m.error, description: m.markReadFailed, variant: 'destructive' });
      }
    }
    const target = safeActionPath(item.actionUrl);
    if (target) {
      onNavigate?.();
      window.location.assign(localizePath(target, locale));
    }
  }

  async function markAll() {
    try {
      await markAllNotificationsRead();
      toast({ title: m.allMarkedRead, variant: 'success' });
      await Promise.all([refetchNotifications(), refreshUnreadCount()]);
    } catch {
      toast({ title: m.error, description: m.markAllFailed, variant: 'destructive' });
    }
  }

  async function remove(item: NotificationItem) {
    try {
      await deleteNotification(item.id);
      void refreshUnreadCount();
    } catch {
      toast({ title: m.error, description: m.deleteFailed, variant: 'destructive' });
    }
  }

  const now = new Date();
  const items = state.status === 'ready' ? state.items : [];
  const filterButton = (value: Filter, label: string) => (
    <button
      type="button"
      aria-pressed={filter === value}
      onClick={() => changeFilter(value)}
      className="h-8 rounded-md px-3 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 aria-pressed:bg-accent aria-pressed:text-accent-fg"
    >
      {label}
    </button>
  );

  return (
    <div className={variant === 'popover' ? '' : 'rounded-xl border border-border bg-surface'}>
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        {variant === 'popover' ? (
          <h2 id={titleId} className="font-semibold">
            {m.title}
          </h2>
        ) : (
          <span />
        )}
        <div className="flex items-center gap-1">
          <button type="button" onClick={() => void markAll()} className={buttonClasses('ghost', 'sm', 'px-2')}>
            <CheckCheck aria-hidden="true" className="h-4 w-4" />
            {m.markAllRead}
          </button>
          <a
            href={localizePath('/notification-preferences', locale)}
            aria-label={m.settings}
            title={m.settings}
            className={buttonClasses('ghost', 'icon', 'h-8 w-8')}
          >
            <Settings aria-hidden="true" className="h-4 w-4" />
          </a>
        </div>
      </div>
      <div role="group" aria-label={m.filter} className="flex gap-1 border-b border-border px-4 py-2">
        {filterButton('all', m.all)}
        {filterButton('unread', m.unread)}
      </div>

      <div className={variant === 'popover' ? 'h-96 overflow-y-auto' : ''} data-testid="notification-list-area">
        {state.status === 'loading' && (
          <div role="status" aria-label={m.loading} className="divide-y divide-border">
            {Array.from({ length: 5 }, (_, index) => (
              <div key={index} data-testid="notification-skeleton" className="flex gap-3 px-4 py-3">
                <Skeleton className="h-8 w-8 shrink-0 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-3 w-full" />
                </div>
              </div>
            ))}
          </div>
        )}
        {state.status === 'error' && (
          <div role="alert" className="flex flex-col items-center gap-3 px-4 py-12 text-center">
            <p className="text-sm text-muted">{m.loadFailed}</p>
            <button type="button" onClick={forgetNotifications} className={buttonClasses('outline', 'sm')}>
              {m.tryAgain}
            </button>
          </div>
        )}
        {state.status === 'ready' && items.length === 0 && (
          <div className="flex flex-col items-center gap-2 px-4 py-12 text-center">
            <Bell aria-hidden="true" className="h-10 w-10 text-muted" />
            <p className="font-medium">{m.empty}</p>
            <p className="text-sm text-muted">{filter === 'unread' ? m.emptyUnread : m.emptyAll}</p>
          </div>
        )}
        {items.length > 0 && (
          <ul className="divide-y divide-border">
            {items.map((item) => {
              const Icon = ICONS[item.type] ?? Bell;
              return (
                <li
                  key={item.id}
                  data-testid="notification-item"
                  data-read={item.isRead}
                  className={`group relative flex items-start gap-3 px-4 py-3 transition-colors hover:bg-surface-2 ${item.isRead ? '' : 'bg-accent/5'}`}
                >
                  <span
                    aria-hidden="true"
                    className={`mt-0.5 grid h-8 w-8 shrink-0 place-items-center rounded-full ${item.priority === 'high' ? 'bg-danger/15 text-danger' : 'bg-surface-2 text-accent-text'}`}
                  >
                    <Icon className="h-4 w-4" />
                  </span>
                  <button
                    type="button"
                    onClick={() => void open(item)}
                    className="min-w-0 flex-1 rounded-md text-left focus-visible:outline-2"
                  >
                    <span className="flex items-start justify-between gap-2">
                      <span className={`text-sm ${item.isRead ? 'font-medium' : 'font-semibold'}`}>{item.title}</span>
                      <time dateTime={item.createdAt} className="shrink-0 text-xs text-muted">
                        {formatTimestamp(item.createdAt, now, locale, m.yesterday)}
                      </time>
                    </span>
                    <span className="mt-0.5 block text-sm text-muted">{item.message}</span>
                    {item.booking && (
                      <span className="mt-1 flex items-center gap-1 text-xs text-muted">
                        <CalendarClock aria-hidden="true" className="h-3.5 w-3.5" />
                        <time dateTime={item.booking.startTime}>
                          {formatBookingTime(item.booking.startTime, locale)}
                        </time>
                      </span>
                    )}
                    {!item.isRead && <span className="sr-only">{m.unreadMark}</span>}
                    {item.priority === 'high' && <span className="sr-only">{m.highPriority}</span>}
                  </button>
                  {!item.isRead && <span aria-hidden="true" className="mt-2 h-2 w-2 shrink-0 rounded-full bg-accent" />}
                  <Button
                    variant="destructive-ghost"
                    size="icon-sm"
                    onClick={() => void remove(item)}
                    aria-label={m.delete}
                    title={m.delete}
                    className="shrink-0"
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      {variant === 'popover' && items.length > 0 && (
        <div className="border-t border-border px-4 py-2 text-center">
          <a
            href={localizePath('/notifications', locale)}
            onClick={onNavigate}
            className="text-sm font-medium text-accent-text underline-offset-4 hover:underline focus-visible:outline-2"
          >
            {m.viewAll}
          </a>
        </div>
      )}
      {variant === 'page' && state.status === 'ready' && state.hasMore && (
        <div className="border-t border-border px-4 py-3 text-center">
          <button
            type="button"
            disabled={state.loadingMore}
            onClick={() => void loadMore()}
            className={buttonClasses('outline', 'sm')}
          >
            {m.loadMore}
          </button>
        </div>
      )}
    </div>
  );
}
