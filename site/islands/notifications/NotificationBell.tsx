import { useEffect } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useOnDemand } from '../../ui/on-demand.ts';

/**
 * The header's notification bell, for signed-in users only (the header renders it only then).
 * This small loader is all a signed-out visitor's first load carries: the bell itself (button, badge,
 * the count's stream and polling) is fetched once a signed-in header mounts it.
 */
export function NotificationBell({ locale }: { locale: Locale }) {
  const bell = useOnDemand(() => import('./BellButton.tsx'));
  const { activate } = bell;
  useEffect(() => {
    void activate();
  }, [activate]);
  if (bell.loaded) return <bell.loaded.BellButton locale={locale} />;
  // Holds the bell's place so the header does not shift when it arrives.
  return <span aria-hidden="true" className="inline-block h-9 w-9 shrink-0 sm:h-10 sm:w-10" />;
}
