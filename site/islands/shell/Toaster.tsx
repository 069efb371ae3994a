import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { $toasts, restoreCarriedOverToast, TOAST_WAITING_ATTRIBUTE, TOASTER_ATTRIBUTE } from '../../stores/toasts.ts';
import { island } from '../../ui/island.tsx';
import { useOnDemand } from '../../ui/on-demand.ts';

/**
 * The toast host on every page, loaded on demand (Base.astro, `client:request`): by the first
 * toast of the page, a toast carried over from the previous one, or the first F8, the hotkey that
 * focuses the notifications region (ui/shell-boot.ts and stores/toasts.ts ask for it). Radix Toast
 * comes with it.
 */
function Toaster({ locale }: { locale: Locale }) {
  const toasts = useStore($toasts);
  const list = useOnDemand(() => import('./ToastList.tsx'));
  const [viaHotkey, setViaHotkey] = useState(false);
  const { activate, loaded } = list;

  useEffect(() => {
    const root = document.documentElement;
    const reason = root.getAttribute(TOAST_WAITING_ATTRIBUTE);
    root.removeAttribute(TOAST_WAITING_ATTRIBUTE);
    root.setAttribute(TOASTER_ATTRIBUTE, '');
    // A toast of this page itself is already in the store, and is what the carry-over key holds.
    if (reason !== 'toast') restoreCarriedOverToast();
    if (reason === 'hotkey') {
      setViaHotkey(true);
      void activate();
    }
    return () => root.removeAttribute(TOASTER_ATTRIBUTE);
  }, [activate]);
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
