import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { notificationBellMessages } from '../../i18n/messages/notification-bell.ts';
import { toast } from '../../stores/toasts.ts';
import { useOnDemand } from '../../ui/on-demand.ts';
import { iconButtonClass } from '../shell/Hint.tsx';
import { BellFace, bellLabel } from './bell-face.tsx';
import { $unreadCount, followUnreadCount } from './unread.ts';

/**
 * The bell button (docs/product.md#notifications): the badge and the live count (stream plus 30 s polling). The
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
