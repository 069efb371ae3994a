import { Menu } from 'lucide-react';
import type { Locale } from '../../i18n/locales.ts';
import type { SessionState } from '../../stores/session.ts';

// What the mobile menu's button (MobileMenu.tsx) and the sheet it loads on first use
// (MobileSheet.tsx) share, so the sheet does not import the button back.

export type MobileMenuProps = {
  locale: Locale;
  path: string;
  session: SessionState;
  logoutPending: boolean;
  onLogout: () => void;
};

export function MenuIcon() {
  return <Menu aria-hidden="true" className="h-5 w-5" />;
}
