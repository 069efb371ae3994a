import { useStore } from '@nanostores/react';
import { Bell } from 'lucide-react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { notificationBellMessages } from '../../i18n/messages/notification-bell.ts';
import { badgeText } from './format.ts';
import { $unreadCount } from './unread.ts';

// The bell's face and label, shared by the button (BellButton.tsx) and the popover it loads on
// first use (NotificationPopover.tsx), which would otherwise import the button back.

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
          className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-danger px-1 text-[0.6875rem] leading-none font-bold text-danger-fg ring-2 ring-surface tabular-nums"
        >
          {badge}
        </span>
      )}
    </>
  );
}
