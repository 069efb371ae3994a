import { useStore } from '@nanostores/react';
import { Bell } from 'lucide-react';
import { useEffect, useState } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { notificationBellMessages } from '../../i18n/messages/notification-bell.ts';
import { toast } from '../../stores/toasts.ts';
import { useOnDemand } from '../../ui/on-demand.ts';
import { iconButtonClass } from '../shell/Hint.tsx';
import { badgeText } from './format.ts';
import { $unreadCount, followUnreadCount } from './unread.ts';

/**
 * The bell button (spec section 2): the badge and the live count (stream plus 30 s polling). The
 * popover (Radix Popover and the list) is fetched on first hover, focus or press.
 */
export function BellButton({ locale }: { locale: Locale }) {
  const popover = useOnDemand(() => import('./NotificationPopover.tsx'));
  const [used, setUsed] = useState(false);
  const count = useStore($unreadCount);
  useEffect(
    () =>
      followUnreadCount(() => toast({ title: notificationBellMessages[locale].unreadFailed, variant: 'destructive' })),
    [locale],
  );
  if (popover.loaded && used) return <popover.loaded.NotificationPopover locale={locale} />;
  return (
    <button
      type="button"
      className={iconButtonClass}
      aria-label={bellLabel(locale, count)}
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-busy={popover.pending || undefined}
      onPointerEnter={popover.warm}
      onFocus={popover.warm}
      onClick={() => {
        setUsed(true);
        void popover.activate();
      }}
    >
      <BellFace />
    </button>
  );
}

export function bellLabel(locale: Locale, count: number): string {
  const m = notificationBellMessages[locale];
  return count > 0 ? format(m.bellUnread, { count: badgeText(count)! }) : m.bell;
}

/** The bell icon and its unread badge ('99+' above 99). */
export function BellFace() {
  const count = useStore($unreadCount);
  const badge = badgeText(count);
  return (
    <>
      <Bell aria-hidden="true" className="h-5 w-5" />
      {badge && (
        <span
          data-testid="notification-badge"
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-danger px-1 text-[0.6875rem] leading-none font-bold text-white ring-2 ring-surface tabular-nums"
        >
          {badge}
        </span>
      )}
    </>
  );
}
