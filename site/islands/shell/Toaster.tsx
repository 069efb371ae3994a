import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { $toasts, restoreCarriedOverToast } from '../../stores/toasts.ts';
import { island } from '../../ui/island.tsx';
import { useOnDemand } from '../../ui/on-demand.ts';

/**
 * The toast host on every page. Radix Toast is fetched with the first toast (most pages never show
 * one), or with the first F8, the hotkey that focuses the notifications region.
 */
function Toaster({ locale }: { locale: Locale }) {
  const toasts = useStore($toasts);
  const list = useOnDemand(() => import('./ToastList.tsx'));
  const [viaHotkey, setViaHotkey] = useState(false);
  const { activate, loaded } = list;

  useEffect(() => restoreCarriedOverToast(), []);
  useEffect(() => {
    if (toasts.length > 0 && !loaded) void activate();
  }, [toasts.length, loaded, activate]);
  useEffect(() => {
    if (loaded) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      setViaHotkey(true);
      void activate();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [loaded, activate]);

  return loaded ? <loaded.ToastList locale={locale} focusRegion={viaHotkey} /> : null;
}

export default island(Toaster);
