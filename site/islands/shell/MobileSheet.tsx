import { Languages, LogIn, LogOut, MessagesSquare, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { format } from '../../i18n/index.ts';
import { localizePath } from '../../i18n/locales.ts';
import { useShellMessages } from './messages.tsx';
import { buttonClasses } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { MobileDashboardList } from './DashboardSwitcher.tsx';
import { openDialog } from './events.ts';
import { iconButtonClass } from './Hint.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { isCurrentPath } from './dashboards.ts';
import { NAV_LINKS } from './nav.ts';
import { translateUrl } from './translate.ts';

import { MenuIcon, type MobileMenuProps as Props } from './menu-icon.tsx';

/** Tailwind's md breakpoint. */
const DESKTOP_QUERY = '(min-width: 48rem)';

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium transition-colors hover:bg-surface-2 focus-visible:outline-2 aria-[current=page]:bg-surface-2 aria-[current=page]:font-semibold';

/**
 * The mobile menu (below the md breakpoint) (docs/product.md#site): a sheet with the navigation, the
 * Community Forum button, the dashboards, the language switch and sign in/out. It closes when an
 * entry is chosen. Mounted, open, by the first press of the menu button.
 */
export function MobileSheet({ locale, path, session, logoutPending, onLogout }: Props) {
  const m = useShellMessages();
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);
  const user = session.status === 'authenticated' ? session.user : null;

  // The sheet exists below md only: widening the window past it closes the menu (and its focus trap).
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => desktop.matches && setOpen(false);
    onChange();
    desktop.addEventListener('change', onChange);
    return () => desktop.removeEventListener('change', onChange);
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={`${iconButtonClass} md:hidden`} aria-label={m.openMenu}>
        <MenuIcon />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-[2px] md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,88vw)] flex-col border-l border-border bg-surface text-fg shadow-2xl outline-none md:hidden"
        >
          <div className="flex h-14 items-center justify-between border-b border-border px-4">
            <Dialog.Title className="text-base font-semibold">{m.menuTitle}</Dialog.Title>
            <Dialog.Close className={iconButtonClass} aria-label={m.closeMenu}>
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>

          <div className="flex-1 space-y-5 overflow-y-auto p-3">
            {user && <p className="truncate px-3 text-sm text-muted">{format(m.welcome, { name: user.name })}</p>}

            <nav aria-label={m.mainNav}>
              <ul className="space-y-0.5">
                {NAV_LINKS.map((link) => (
                  <li key={link.path}>
                    <a
                      href={localizePath(link.path, locale)}
                      onClick={close}
                      aria-current={isCurrentPath(path, link.path) ? 'page' : undefined}
                      className={itemClass}
                    >
                      {m[link.key]}
                    </a>
                  </li>
                ))}
                <li>
                  <button
                    type="button"
                    className={itemClass}
                    onClick={() => {
                      close();
                      // After the sheet has closed and returned focus, so the forum dialog keeps it.
                      setTimeout(() => openDialog('forum'), 0);
                    }}
                  >
                    <MessagesSquare aria-hidden="true" className="h-4 w-4 text-muted" />
                    {m.communityForum}
                  </button>
                </li>
              </ul>
            </nav>

            {user && <MobileDashboardList locale={locale} role={user.role} path={path} onNavigate={close} />}

            <div className="space-y-0.5 border-t border-border pt-4">
              <LanguageSwitch locale={locale} path={path} variant="menu" onNavigate={close} />
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  window.open(translateUrl(window.location.href, navigator.language), '_blank', 'noopener,noreferrer');
                  close();
                }}
              >
                <Languages aria-hidden="true" className="h-4 w-4 text-muted" />
                {m.translatePage}
              </button>
            </div>
          </div>

          <div className="border-t border-border p-4">
            {session.status === 'loading' ? (
              // Opened by the press that woke the header, the session may still be on its way: the
              // session hint decides, as in the header (ui/shell-boot.ts).
              <>
                <Skeleton className="h-10 w-full signed-out:hidden" />
                <a
                  href={localizePath('/signin', locale)}
                  onClick={close}
                  className={buttonClasses('primary', 'md', 'w-full signed-in:hidden')}
                >
                  <LogIn aria-hidden="true" className="h-4 w-4" />
                  {m.signIn}
                </a>
              </>
            ) : user ? (
              <button
                type="button"
                onClick={onLogout}
                disabled={logoutPending}
                className={buttonClasses('outline', 'md', 'w-full')}
              >
                <LogOut aria-hidden="true" className="h-4 w-4" />
                {logoutPending ? m.loggingOut : m.logout}
              </button>
            ) : (
              <a
                href={localizePath('/signin', locale)}
                onClick={close}
                className={buttonClasses('primary', 'md', 'w-full')}
              >
                <LogIn aria-hidden="true" className="h-4 w-4" />
                {m.signIn}
              </a>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
