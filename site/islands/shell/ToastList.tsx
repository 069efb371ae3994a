import { useStore } from '@nanostores/react';
import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { commonMessages } from '../../i18n/messages/common.ts';
import type { Locale } from '../../i18n/locales.ts';
import { useEffect, useRef } from 'react';
import { $toasts, dismissToast, TOAST_DURATION_MS } from '../../stores/toasts.ts';

const variantClasses = {
  default: 'border-border bg-surface text-fg',
  success: 'border-success/40 bg-surface text-fg',
  // Not white on the danger colour: the dark theme's red is light, and white on it failed contrast.
  destructive: 'border-2 border-danger bg-surface text-fg',
} as const;

/**
 * One toast at a time (docs/product.md#site), 5000 ms, swipe right past 50 px, F8 focuses the region.
 * Mounted by the toast host on the first toast (or the first F8).
 */
export function ToastList({ locale, focusRegion }: { locale: Locale; focusRegion: boolean }) {
  const toasts = useStore($toasts);
  const viewport = useRef<HTMLOListElement>(null);
  // The F8 that caused the mount happened before Radix listened for it.
  useEffect(() => {
    if (focusRegion) viewport.current?.focus();
  }, [focusRegion]);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={t.variant}
          className={`pointer-events-auto grid grid-cols-[1fr_auto] items-start gap-2 rounded-xl border p-4 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 transition ${variantClasses[t.variant]}`}
        >
          <div>
            <Toast.Title className={`font-semibold ${t.variant === 'destructive' ? 'text-danger' : ''}`}>
              {t.title}
            </Toast.Title>
            {t.description && (
              <Toast.Description className="mt-1 text-sm opacity-90">{t.description}</Toast.Description>
            )}
          </div>
          <Toast.Close aria-label={commonMessages[locale].close} className="rounded p-1 opacity-70 hover:opacity-100">
            <X aria-hidden="true" className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        ref={viewport}
        hotkey={['F8']}
        label={commonMessages[locale].notificationsRegion}
        // Bottom right, except on a phone held either way, where a dialog takes the whole screen and
        // its own actions sit at the bottom (the onboarding's "Next"): there the toast drops from the
        // top, where its close button sits over the dialog's. The padding around it lets taps through.
        className="pointer-events-none fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none max-sm:top-0 max-sm:bottom-auto [@media(max-height:40rem)]:top-0 [@media(max-height:40rem)]:bottom-auto"
      />
    </Toast.Provider>
  );
}
