import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { PLANS } from '../../../shared/domain/plans/catalogue.ts';
import type { Locale } from '../../i18n/locales.ts';
import { plansMessages } from '../../i18n/messages/plans.ts';
import { $session } from '../../stores/session.ts';
import { island } from '../../ui/island.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { Credentials } from '../credentials/Credentials.tsx';
import { GalleryManager } from '../gallery/GalleryManager.tsx';
import { RecurringServices } from '../recurring/RecurringServices.tsx';
import { $myPlan, reloadMyPlan } from './api.ts';
import { BillingHistory, UsageList } from './Billing.tsx';
import { Boosts } from './Boosts.tsx';
import { ChangePlan, CurrentPlan } from './PlanCards.tsx';
import { Section } from './Section.tsx';

/** /subscriptions: the plan, its usage, plan changes, boosts (contractors) and the billing history. */
function Subscriptions({ locale }: { locale: Locale }) {
  const m = plansMessages[locale];
  const session = useStore($session);
  const role = session.status === 'authenticated' ? session.user.role : null;
  const loaded = useStore($myPlan);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const plan = loaded.data;

  if (role === 'admin') return <p className="mt-6 text-muted">{m.adminsHaveNoPlan}</p>;
  if (!plan && loaded.loading) return <PageSkeleton label={m.loading} />;
  if (!plan) {
    return (
      <p role="alert" className="mt-6 text-danger">
        {m.loadFailed}{' '}
        <button type="button" className="underline" onClick={reloadMyPlan}>
          {m.tryAgain}
        </button>
      </p>
    );
  }
  return (
    <div className="mt-6 grid gap-6" data-testid="subscriptions">
      <CurrentPlan plan={plan} locale={locale} confirming={confirmingCancel} setConfirming={setConfirmingCancel} />
      <Section id="plan-usage-title" title={m.usageTitle} intro={m.usageIntro}>
        <UsageList plan={plan} m={m} locale={locale} />
      </Section>
      <ChangePlan plan={plan} locale={locale} onCancel={() => setConfirmingCancel(true)} />
      {role === 'contractor' && <Boosts plan={plan} locale={locale} />}
      {role === 'contractor' && session.status === 'authenticated' && (
        <GalleryManager
          locale={locale}
          contractorId={session.user.id}
          limit={PLANS[plan.planId].maxGalleryBillboards}
          onChanged={reloadMyPlan}
        />
      )}
      {role === 'contractor' && <Credentials locale={locale} paid={plan.planId !== 'starter'} />}
      {(role === 'customer' || role === 'contractor') && <RecurringServices locale={locale} role={role} />}
      <BillingHistory locale={locale} />
    </div>
  );
}

export default island(Subscriptions);
