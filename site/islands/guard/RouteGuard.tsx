import { useContext, useEffect, type ReactNode } from 'react';
import { format } from '../../i18n/index.ts';
import { commonMessages } from '../../i18n/messages/common.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { FirstReadsContext, useSession } from '../../lib/first-reads.ts';
import { ME_KEY, type CurrentUser, type Role } from '../../stores/session.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { useMounted } from '../../ui/use-mounted.ts';
import { signInUrlFor } from './destination.ts';

type Props = { locale: Locale; role?: Role; children?: ReactNode };

/**
 * The guard (docs/product.md#site): skeletons while the session loads, a signed-out visitor goes to /signin with a
 * returnTo, and the wrong role sees the access-denied text. The server checks again on every call.
 */
function RouteGuard({ locale, role, children }: Props) {
  const session = useSession();
  const mounted = useMounted();
  const m = commonMessages[locale];
  // Read with the page on the server (site/lib/first-reads.ts): then the server rendered the page.
  const firstUser = useContext(FirstReadsContext)[ME_KEY] as CurrentUser | undefined;

  useEffect(() => {
    if (session.status === 'unauthenticated') {
      window.location.replace(signInUrlFor(window.location.pathname + window.location.search, locale));
    }
  }, [session.status, locale]);

  // Until mounted, render what the server rendered: another island may already have loaded the
  // session, and showing the page during hydration would mismatch (React error #418). A server
  // that knew the user rendered the page itself, so the first render is the page.
  if ((!mounted && !firstUser) || session.status !== 'authenticated') return <PageSkeleton label={m.loading} />;
  if (role && session.user.role !== role) {
    const roleLabel = { customer: m.roleCustomer, contractor: m.roleContractor, admin: m.roleAdmin }[role];
    return (
      <div className="mx-auto max-w-lg py-16 text-center">
        <p className="text-lg font-medium" role="alert">
          {format(m.accessDenied, { role: locale === 'en' ? role : roleLabel })}
        </p>
        <a href={localizePath('/', locale)} className={buttonClasses('primary', 'md', 'mt-6')}>
          {m.returnHome}
        </a>
      </div>
    );
  }
  return <>{children}</>;
}

export default island(RouteGuard);
