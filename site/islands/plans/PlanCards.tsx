import { useState } from 'react';
import { PLANS, planIds, type PlanId } from '../../../shared/domain/plans/catalogue.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { plansMessages } from '../../i18n/messages/plans.ts';
import { pricingMessages } from '../../i18n/messages/pricing.ts';
import { formatCad } from '../../i18n/money.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { InfoDialog } from '../../ui/Dialog.tsx';
import type { CardInput } from '../contracts/CardFields.tsx';
import { instantDate } from '../work/format.ts';
import { plansApi, type MyPlan } from './api.ts';
import { PayDialog } from './PayDialog.tsx';
import { Section } from './Section.tsx';

/** The current plan (with its cancel and resume) and the plans to change to; each change updates the plan store. */
type Messages = (typeof plansMessages)['en'];

function StatusPill({ status, m }: { status: MyPlan['status']; m: Messages }) {
  const tone =
    status === 'active'
      ? 'border-success/40 bg-success/10 text-success'
      : status === 'past-due'
        ? 'border-danger/40 bg-danger/10 text-danger'
        : 'border-border bg-surface-2 text-muted';
  return (
    <span className={`rounded-full border px-2.5 py-0.5 text-xs font-medium ${tone}`} data-testid="plan-status">
      {m[`status:${status}`]}
    </span>
  );
}

export function CurrentPlan({
  plan,
  locale,
  confirming,
  setConfirming,
}: {
  plan: MyPlan;
  locale: Locale;
  /** The cancel confirmation, also opened by "Downgrade to Starter". */
  confirming: boolean;
  setConfirming: (open: boolean) => void;
}) {
  const m = plansMessages[locale];
  const p = pricingMessages[locale];
  const name = p[`plan:${plan.planId}`];
  const [busy, setBusy] = useState<'cancel' | 'resume' | null>(null);
  const price = formatCad(PLANS[plan.planId].priceCents, locale);
  const date = (iso: string | null) => (iso ? instantDate(iso, locale) : '');

  async function act(kind: 'cancel' | 'resume') {
    setBusy(kind);
    try {
      await (kind === 'cancel' ? plansApi.cancel() : plansApi.resume());
      toast({ title: kind === 'cancel' ? m.cancelled : m.resumed, variant: 'success' });
      setConfirming(false);
    } catch (error) {
      toast({ title: m.actionFailed, description: messageOf(error, m.actionFailed), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Section id="plan-current" title={m.currentTitle}>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-2xl font-bold" data-testid="plan-name">
          {name}
        </p>
        <StatusPill status={plan.status} m={m} />
      </div>
      <div className="mt-2 space-y-1 text-sm text-muted">
        {plan.status === 'free' && <p>{m.starterNote}</p>}
        {plan.status === 'active' && <p>{format(m.renewsOn, { date: date(plan.periodEnd), price })}</p>}
        {plan.status === 'cancelling' && <p>{format(m.endsOn, { date: date(plan.periodEnd) })}</p>}
        {plan.status === 'past-due' && <p className="text-danger">{format(m.pastDue, { date: date(plan.retryAt) })}</p>}
        {plan.period !== null && plan.periodStart && plan.periodEnd && (
          <p>{format(m.period, { n: plan.period, from: date(plan.periodStart), to: date(plan.periodEnd) })}</p>
        )}
        {plan.card && <p>{format(m.cardOnFile, { brand: plan.card.brand.toUpperCase(), last4: plan.card.last4 })}</p>}
      </div>
      {(plan.status === 'active' || plan.status === 'past-due') && (
        <Button variant="outline" className="mt-4" onClick={() => setConfirming(true)}>
          {m.cancel}
        </Button>
      )}
      {plan.status === 'cancelling' && (
        <Button className="mt-4" disabled={busy !== null} onClick={() => void act('resume')}>
          {busy === 'resume' ? m.resuming : m.resume}
        </Button>
      )}
      <InfoDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={format(m.cancelTitle, { plan: name })}
        description={format(m.cancelText, { plan: name, date: date(plan.periodEnd) })}
        closeLabel={m.keep}
        size="md"
        busy={busy !== null}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={busy !== null}>
              {m.keep}
            </Button>
            <Button variant="destructive" onClick={() => void act('cancel')} disabled={busy !== null}>
              {busy === 'cancel' ? m.cancelling : m.cancelConfirm}
            </Button>
          </>
        }
      >
        {null}
      </InfoDialog>
    </Section>
  );
}

export function ChangePlan({ plan, locale, onCancel }: { plan: MyPlan; locale: Locale; onCancel: () => void }) {
  const m = plansMessages[locale];
  const p = pricingMessages[locale];
  const [buying, setBuying] = useState<PlanId | null>(null);
  const paid = plan.planId !== 'starter';

  /** A failure goes on to the pay dialog, which says why beside its Pay button. */
  async function pay(planId: PlanId, card: CardInput) {
    await plansApi.purchase(planId, card);
    toast({ title: format(m.upgraded, { plan: p[`plan:${planId}`] }), variant: 'success' });
  }

  return (
    <Section id="plan-change" title={m.changeTitle} intro={paid ? m.downgradeNote : undefined}>
      {!plan.canBuyPaidPlan && <p className="mb-4 text-sm font-medium text-danger">{m.tooYoung}</p>}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {planIds.map((id) => {
          const definition = PLANS[id];
          const isCurrent = id === plan.planId;
          const price =
            definition.priceCents === 0
              ? p.priceFree
              : format(p.pricePerMonth, { price: formatCad(definition.priceCents, locale) });
          return (
            <li
              key={id}
              data-plan={id}
              className={`flex flex-col gap-2 rounded-lg border p-4 ${isCurrent ? 'border-accent ring-1 ring-accent' : 'border-border'}`}
            >
              <p className="font-semibold">{p[`plan:${id}`]}</p>
              <p className="text-sm">{price}</p>
              <p className="flex-1 text-sm text-muted">{p[`plan:${id}:about`]}</p>
              {isCurrent ? (
                <p className="text-sm font-medium text-accent-text">{m.current}</p>
              ) : !definition.available ? (
                <p className="text-sm text-muted">{p.comingSoon}</p>
              ) : id === 'starter' ? (
                plan.status === 'active' || plan.status === 'past-due' ? (
                  <Button variant="outline" size="sm" onClick={onCancel}>
                    {m.downgradeToStarter}
                  </Button>
                ) : null
              ) : (
                <Button size="sm" disabled={!plan.canBuyPaidPlan} onClick={() => setBuying(id)}>
                  {format(m.upgradeTo, { plan: p[`plan:${id}`] })}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {buying && (
        <PayDialog
          open
          onOpenChange={(open) => !open && setBuying(null)}
          title={format(m.payTitle, { plan: p[`plan:${buying}`] })}
          intro={format(m.payIntro, { price: formatCad(PLANS[buying].priceCents, locale) })}
          submitLabel={format(m.payButton, { price: formatCad(PLANS[buying].priceCents, locale) })}
          failedLabel={m.upgradeFailed}
          locale={locale}
          onPay={(card) => pay(buying, card)}
        />
      )}
    </Section>
  );
}
