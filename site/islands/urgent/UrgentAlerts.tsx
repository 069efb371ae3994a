import { useStore } from '@nanostores/react';
import { isPaidPlan } from '../../../shared/domain/plans/entitlements.ts';
import type { Locale } from '../../i18n/locales.ts';
import { urgentMessages } from '../../i18n/messages/urgent.ts';
import { $session } from '../../stores/session.ts';
import { island } from '../../ui/island.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { useMyPlan } from '../plans/api.ts';
import { UpgradeLink } from '../plans/UpgradeLink.tsx';
import { ErrorState } from '../work/parts.tsx';
import { AlertItem } from './AlertItem.tsx';
import { SendForm } from './SendForm.tsx';
import { $urgentAlerts, reloadUrgentAlerts } from './stores.ts';

/**
 * /urgent-alerts: a customer on Local or higher sends urgent jobs and follows them; a contractor
 * sees the ones sent to them and accepts. The server decides who may do what; this page only
 * hides what would be refused.
 */
function UrgentAlerts({ locale }: { locale: Locale }) {
  const m = urgentMessages[locale];
  const session = useStore($session);
  const role = session.status === 'authenticated' ? session.user.role : null;
  const plan = useMyPlan();
  const list = useStore($urgentAlerts);
  const isContractor = role === 'contractor';
  const paid = plan.data ? isPaidPlan(plan.data.planId) : false;

  return (
    <div className="mt-4 grid gap-6">
      <p className="max-w-prose text-muted">{isContractor ? m.contractorIntro : m.intro}</p>
      {role === 'customer' &&
        plan.data &&
        (paid ? (
          <SendForm locale={locale} />
        ) : (
          <p className="rounded-xl border border-border bg-surface p-4 text-sm">
            {m.needsLocal} <UpgradeLink locale={locale} />
          </p>
        ))}
      {isContractor && plan.data && !paid && (
        <p className="rounded-xl border border-border bg-surface p-4 text-sm">
          {urgentMessages[locale].needsLocal} <UpgradeLink locale={locale} />
        </p>
      )}
      <section aria-labelledby="urgent-list" className="min-w-0">
        <h2 id="urgent-list" className="mb-3 text-lg font-semibold">
          {isContractor ? m.inboxTitle : m.mineTitle}
        </h2>
        {list.data === undefined && !list.error && <PageSkeleton label={m.loading} />}
        {list.data === undefined && list.error !== undefined && !list.loading && (
          <ErrorState locale={locale} message={m.loadFailed} onRetry={reloadUrgentAlerts} />
        )}
        {list.data && list.data.alerts.length === 0 && (
          <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted">
            {isContractor ? m.emptyContractor : m.empty}
          </p>
        )}
        {list.data && list.data.alerts.length > 0 && (
          <ul className="divide-y divide-border rounded-xl border border-border bg-surface" data-testid="urgent-alerts">
            {list.data.alerts.map((alert) => (
              <AlertItem key={alert.id} alert={alert} locale={locale} isContractor={isContractor} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default island(UrgentAlerts);
