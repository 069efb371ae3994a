import { useState } from 'react';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { logout } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { useShellMessages } from './messages.tsx';

/** Logout (docs/product.md#site): sign out, then go to the home page; a failure is a toast. */
export function useLogout(locale: Locale) {
  const [pending, setPending] = useState(false);
  const m = useShellMessages();

  async function run() {
    if (pending) return;
    setPending(true);
    try {
      await logout();
      window.location.assign(localizePath('/', locale));
    } catch (error) {
      setPending(false);
      const message = error instanceof Error ? error.message : '';
      toast({
        title: m.logoutFailed,
        description: message && message !== m.logoutFailed && message !== 'Logout failed' ? message : undefined,
        variant: 'destructive',
      });
    }
  }

  return { pending, logout: run };
}
