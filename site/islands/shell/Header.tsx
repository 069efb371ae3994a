import { useStore } from '@nanostores/react';
import { Handshake, LogIn, LogOut, MessagesSquare } from 'lucide-react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { commonMessages } from '../../i18n/messages/common.ts';
import type { ShellMessages } from '../../i18n/messages/shell.ts';
import { $session, type SessionState } from '../../stores/session.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useMounted } from '../../ui/use-mounted.ts';
import { NotificationBell } from '../notifications/NotificationBell.tsx';
import { AccentPopover } from './AccentPopover.tsx';
import { isCurrentPath } from './dashboards.ts';
import { DashboardSwitcher } from './DashboardSwitcher.tsx';
import { openDialog } from './events.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { ShellMessagesProvider, useShellMessages } from './messages.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { NAV_LINKS } from './nav.ts';
import { ThemeToggle } from './ThemeControls.tsx';
import { TranslateButton } from './TranslateButton.tsx';
import { useLogout } from './use-logout.ts';

const LOADING: SessionState = { status: 'loading' };

/**
 * The site header (docs/product.md#site): brand, navigation (a sheet below md), translate, language,
 * theme and accent controls, the notification bell slot, the dashboard switcher and sign in/out.
 *
 * It hydrates on the first sign of use, or at idle when the session hint says someone is signed in
 * (Base.astro, `client:interaction="signed-in"`), so it must read right without any code: until
 * the session is known (server HTML, hydration, and while /api/auth/me answers) it holds both the
 * sign-in link of a signed-out visitor and the skeletons of a signed-in one, and CSS shows the one
 * the session hint on <html> calls for (ui/shell-boot.ts).
 */
function Header({ messages, ...props }: { locale: Locale; path: string; messages: ShellMessages }) {
  return (
    <ShellMessagesProvider messages={messages}>
      <HeaderBar {...props} />
    </ShellMessagesProvider>
  );
}

function HeaderBar({ locale, path }: { locale: Locale; path: string }) {
  const m = useShellMessages();
  const brand = commonMessages[locale].brand;
  const live = useStore($session);
  const mounted = useMounted();
  const session = mounted ? live : LOADING;
  const user = session.status === 'authenticated' ? session.user : null;
  const { pending, logout } = useLogout(locale);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-3 sm:h-16 sm:gap-2 sm:px-6">
        <a
          href={localizePath('/', locale)}
          aria-label={m.homeLink}
          className="mr-auto flex min-w-0 items-center gap-2 rounded-lg py-1 pr-1 text-lg font-bold tracking-tight focus-visible:outline-2"
        >
          <span
            aria-hidden="true"
            className="grid h-8 w-8 shrink-0 place-items-center rounded-lg bg-accent text-accent-fg shadow-sm"
          >
            <Handshake className="h-5 w-5" />
          </span>
          <span className="truncate">{brand}</span>
        </a>

        <div className="hidden items-center gap-1 md:flex">
          <TranslateButton />
          <LanguageSwitch locale={locale} path={path} />
        </div>
        <ThemeToggle />
        <AccentPopover />

        {user && <NotificationBell locale={locale} />}

        <div className="hidden items-center gap-2 md:flex">
          {session.status === 'loading' ? (
            <>
              <div className="flex items-center gap-2 signed-out:hidden" aria-hidden="true">
                <Skeleton className="h-9 w-9" />
                <Skeleton className="h-9 w-24" />
              </div>
              <SignInLink locale={locale} className="signed-in:hidden" />
            </>
          ) : user ? (
            <>
              <DashboardSwitcher locale={locale} role={user.role} path={path} />
              <span
                className="hidden max-w-44 truncate pl-1 text-sm text-muted lg:inline xl:max-w-72"
                title={user.name}
              >
                {format(m.welcome, { name: user.name })}
              </span>
              <button
                type="button"
                onClick={() => void logout()}
                disabled={pending}
                className={buttonClasses('outline', 'sm', 'h-9')}
              >
                <LogOut aria-hidden="true" className="h-4 w-4" />
                {pending ? m.loggingOut : m.logout}
              </button>
            </>
          ) : (
            <SignInLink locale={locale} />
          )}
        </div>

        <MobileMenu
          locale={locale}
          path={path}
          session={session}
          logoutPending={pending}
          onLogout={() => void logout()}
        />
      </div>

      <nav aria-label={m.mainNav} className="hidden border-t border-border/70 md:block">
        <ul className="mx-auto flex min-h-11 max-w-6xl flex-wrap items-center gap-x-0.5 gap-y-1 px-4 py-1.5 text-sm whitespace-nowrap sm:px-6">
          {NAV_LINKS.map((link) => (
            <li key={link.path}>
              <a
                href={localizePath(link.path, locale)}
                aria-current={isCurrentPath(path, link.path) ? 'page' : undefined}
                className="relative inline-flex h-8 items-center rounded-md px-2.5 font-medium text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 aria-[current=page]:text-fg aria-[current=page]:after:absolute aria-[current=page]:after:inset-x-2.5 aria-[current=page]:after:bottom-0 aria-[current=page]:after:h-0.5 aria-[current=page]:after:rounded-full aria-[current=page]:after:bg-accent"
              >
                {m[link.key]}
              </a>
            </li>
          ))}
          <li className="ml-auto">
            <button
              type="button"
              onClick={() => openDialog('forum')}
              className="inline-flex h-8 items-center gap-2 rounded-md px-2.5 font-medium text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2"
            >
              <MessagesSquare aria-hidden="true" className="h-4 w-4" />
              {m.communityForum}
            </button>
          </li>
        </ul>
      </nav>
    </header>
  );
}

function SignInLink({ locale, className = '' }: { locale: Locale; className?: string }) {
  const m = useShellMessages();
  return (
    <a href={localizePath('/signin', locale)} className={buttonClasses('primary', 'sm', `h-9 ${className}`.trim())}>
      <LogIn aria-hidden="true" className="h-4 w-4" />
      {m.signIn}
    </a>
  );
}

export default island(Header);
