import { useStore } from '@nanostores/react';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { iconButtonClass } from '../shell/Hint.tsx';
import { BellFace, bellLabel } from './bell-face.tsx';
import { NotificationList } from './NotificationList.tsx';
import { $unreadCount } from './unread.ts';

/** The popover (docs/product.md#notifications), mounted open by the first press of the bell. */
export function NotificationPopover({ locale }: { locale: Locale }) {
  const [open, setOpen] = useState(true);
  const count = useStore($unreadCount);
  const titleId = useId();
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={iconButtonClass} aria-label={bellLabel(locale, count)}>
        <BellFace />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby={titleId}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-xl border border-border bg-surface text-fg shadow-xl outline-none"
        >
          <NotificationList locale={locale} variant="popover" titleId={titleId} onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
