import { lazy } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useSession } from '../../lib/first-reads.ts';
import { island } from '../../ui/island.tsx';
import { LazyPanel } from '../../ui/LazyPanel.tsx';
import PlatformMetrics from './PlatformMetrics.tsx';

/**
 * The admin dashboard: the platform metrics at the top, then nine tools in page order, each one's
 * code loaded when it nears the screen (site/ui/LazyPanel.tsx), so opening the dashboard on a phone
 * runs the metrics and not the nine tools under them. The page is rendered per request with the
 * metrics in it (site/lib/first-reads.ts); the panels stay one island rather than ten because the
 * metrics' skeleton, when they were not read with the page, must be laid out in the same render
 * above the placeholders before they look at where they are.
 */
const panels = [
  { name: 'users', Panel: lazy(() => import('./UsersAdmin.tsx')), minHeight: '20rem' },
  { name: 'user-switches', Panel: lazy(() => import('./UserSwitches.tsx')) },
  { name: 'credentials', Panel: lazy(() => import('./CredentialQueue.tsx')) },
  { name: 'disputes', Panel: lazy(() => import('./DisputesOverview.tsx')) },
  { name: 'feedback', Panel: lazy(() => import('./FeedbackAdmin.tsx')) },
  { name: 'contact', Panel: lazy(() => import('./ContactInbox.tsx')) },
  { name: 'forum', Panel: lazy(() => import('./ForumModeration.tsx')) },
  { name: 'audit', Panel: lazy(() => import('./AuditTrail.tsx')), minHeight: '24rem' },
  { name: 'legal-copies', Panel: lazy(() => import('./LegalCopies.tsx')) },
] as const;

function AdminPanels({ locale }: { locale: Locale }) {
  const session = useSession();
  if (session.status !== 'authenticated' || session.user.role !== 'admin') return null;
  return (
    <>
      <PlatformMetrics locale={locale} />
      {panels.map((panel) => (
        <LazyPanel key={panel.name} locale={locale} {...panel} />
      ))}
    </>
  );
}

export default island(AdminPanels);
