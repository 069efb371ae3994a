import { useStore } from '@nanostores/react';
import { Rocket } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { BOOSTS, PLANS, planIds, type BoostId, type PlanId } from '../../../shared/domain/plans/catalogue.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { plansMessages } from '../../i18n/messages/plans.ts';
import { pricingMessages } from '../../i18n/messages/pricing.ts';
import { formatCad } from '../../i18n/money.ts';
import { messageOf } from '../../lib/api.ts';
import { $session } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { InfoDialog } from '../../ui/Dialog.tsx';
import { island } from '../../ui/island.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { useCardFields } from '../contracts/CardFields.tsx';
import { instantDate } from '../work/format.ts';
import { useJson } from '../work/api.ts';
import { Credentials } from './Credentials.tsx';
import { GalleryManager } from './GalleryManager.tsx';
import { Section } from './Section.tsx';
import { RecurringServices } from '../recurring/RecurringServices.tsx';
import { plansApi, planUrls, useMyPlan, type MyPlan, type Receipt, type UsageLine } from './api.ts';

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

function usageText(line: UsageLine, m: Messages, locale: Locale): string {
  const p = pricingMessages[locale];
  if (line.per === 'work-order') {
    return line.limit === null ? m.unlimitedPerWorkOrder : format(m.perWorkOrder, { limit: line.limit });
  }
  const used = line.used ?? 0;
  if (line.limit === null) return format(m.usedUnlimited, { used });
  return line.limit === 0 ? p.none : format(m.usedOf, { used, limit: line.limit });
}

function UsageList({ plan, m, locale }: { plan: MyPlan; m: Messages; locale: Locale }) {
  const p = pricingMessages[locale];
  return (
    <ul className="space-y-4" data-testid="plan-usage">
      {plan.usage.map((line) => {
        const used = line.used ?? 0;
        const share = line.limit && line.used !== null ? Math.min(1, used / line.limit) : 0;
        const full = line.limit !== null && line.used !== null && used >= line.limit;
        return (
          <li key={line.key} data-limit={line.key}>
            <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <span className="font-medium">{p[`limit:${line.key}`]}</span>
              <span className={full ? 'font-medium text-danger' : 'text-muted'}>
                {usageText(line, m, locale)}
                {full && ` · ${m.limitReached}`}
              </span>
            </div>
            {line.per === 'month' && line.limit !== null && (
              <div
                role="progressbar"
                aria-label={p[`limit:${line.key}`]}
                aria-valuemin={0}
                aria-valuemax={line.limit}
                aria-valuenow={used}
                className="mt-2 h-2 overflow-hidden rounded-full bg-surface-2"
              >
                <div
                  className={`h-full rounded-full ${full ? 'bg-danger' : 'bg-accent'}`}
                  style={{ width: `${share * 100}%` }}
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The card form in a dialog, for an upgrade or a paid boost. */
function PayDialog({
  open,
  onOpenChange,
  title,
  intro,
  submitLabel,
  locale,
  onPay,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  intro: string;
  submitLabel: string;
  locale: Locale;
  onPay: (card: NonNullable<ReturnType<ReturnType<typeof useCardFields>['read']>>) => Promise<boolean>;
}) {
  const m = plansMessages[locale];
  const card = useCardFields(locale);
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = card.read();
    if (!input) return;
    setPending(true);
    try {
      if (await onPay(input)) {
        card.clear();
        onOpenChange(false);
      }
    } finally {
      setPending(false);
    }
  }
  return (
    <InfoDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={intro}
      closeLabel={m.close}
      size="md"
      busy={pending}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {m.close}
          </Button>
          <Button type="submit" form="pay-form" disabled={pending}>
            {pending ? m.paying : submitLabel}
          </Button>
        </>
      }
    >
      <form id="pay-form" noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
        {card.fields}
      </form>
    </InfoDialog>
  );
}

function CurrentPlan({
  plan,
  locale,
  onChange,
  confirming,
  setConfirming,
}: {
  plan: MyPlan;
  locale: Locale;
  onChange: (next: MyPlan) => void;
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
      onChange(kind === 'cancel' ? await plansApi.cancel() : await plansApi.resume());
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

function ChangePlan({
  plan,
  locale,
  onChange,
  onCancel,
}: {
  plan: MyPlan;
  locale: Locale;
  onChange: (next: MyPlan) => void;
  onCancel: () => void;
}) {
  const m = plansMessages[locale];
  const p = pricingMessages[locale];
  const [buying, setBuying] = useState<PlanId | null>(null);
  const paid = plan.planId !== 'starter';

  async function pay(planId: PlanId, card: Parameters<typeof plansApi.purchase>[1]) {
    try {
      onChange(await plansApi.purchase(planId, card));
      toast({ title: format(m.upgraded, { plan: p[`plan:${planId}`] }), variant: 'success' });
      return true;
    } catch (error) {
      toast({ title: m.upgradeFailed, description: messageOf(error, m.upgradeFailed), variant: 'destructive' });
      return false;
    }
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
          locale={locale}
          onPay={(card) => pay(buying, card)}
        />
      )}
    </Section>
  );
}

function Boosts({ plan, locale, onChange }: { plan: MyPlan; locale: Locale; onChange: (next: MyPlan) => void }) {
  const m = plansMessages[locale];
  const p = pricingMessages[locale];
  const [buying, setBuying] = useState<BoostId | null>(null);
  const [busy, setBusy] = useState<BoostId | null>(null);
  const nameOf = (id: BoostId) =>
    format(p.boostTitle, { days: BOOSTS.find((b) => b.id === id)!.days, name: p[`boost:${id}`] });

  async function buy(boostId: BoostId, card?: Parameters<typeof plansApi.boost>[1]) {
    setBusy(boostId);
    try {
      const next = await plansApi.boost(boostId, card);
      onChange(next);
      toast({
        title: format(m.boosted, { date: instantDate(next.boost.activeUntil ?? new Date().toISOString(), locale) }),
        variant: 'success',
      });
      return true;
    } catch (error) {
      toast({ title: m.boostFailed, description: messageOf(error, m.boostFailed), variant: 'destructive' });
      return false;
    } finally {
      setBusy(null);
    }
  }

  return (
    <Section id="plan-boosts" title={m.boostsTitle} intro={m.boostsIntro}>
      <p className="mb-4 flex items-center gap-2 text-sm font-medium" data-testid="boost-status">
        <Rocket aria-hidden="true" className="size-4 text-accent-text" />
        {plan.boost.activeUntil
          ? format(m.boostActive, { date: instantDate(plan.boost.activeUntil, locale) })
          : m.boostNone}
      </p>
      <ul className="grid gap-3 sm:grid-cols-3">
        {plan.boost.prices.map((offer) => (
          <li
            key={offer.boostId}
            data-boost={offer.boostId}
            className="flex flex-col gap-2 rounded-lg border border-border p-4"
          >
            <p className="font-semibold">{nameOf(offer.boostId)}</p>
            <p className="flex-1 text-sm text-muted">{p[`boost:${offer.boostId}:about`]}</p>
            <Button
              size="sm"
              variant={offer.priceCents === 0 ? 'primary' : 'outline'}
              disabled={busy !== null}
              onClick={() => (offer.priceCents === 0 ? void buy(offer.boostId) : setBuying(offer.boostId))}
            >
              {offer.priceCents === 0
                ? m.boostFree
                : format(m.boostBuy, { price: formatCad(offer.priceCents, locale) })}
            </Button>
          </li>
        ))}
      </ul>
      {buying && (
        <PayDialog
          open
          onOpenChange={(open) => !open && setBuying(null)}
          title={format(m.boostPayTitle, { name: nameOf(buying) })}
          intro={p[`boost:${buying}:about`]}
          submitLabel={format(m.boostBuy, {
            price: formatCad(plan.boost.prices.find((b) => b.boostId === buying)!.priceCents, locale),
          })}
          locale={locale}
          onPay={(card) => buy(buying, card)}
        />
      )}
    </Section>
  );
}

function BillingHistory({ locale, refreshKey }: { locale: Locale; refreshKey: string }) {
  const m = plansMessages[locale];
  const p = pricingMessages[locale];
  const billing = useJson<{ items: Receipt[] }>(`${planUrls.billing}?v=${encodeURIComponent(refreshKey)}`);
  const itemText = (row: Receipt) => {
    if (row.kind === 'plan') return format(m['item:plan'], { plan: p[`plan:${row.item as PlanId}`] ?? row.item });
    const boost = BOOSTS.find((b) => b.id === row.item);
    return boost ? format(p.boostTitle, { days: boost.days, name: p[`boost:${boost.id}`] }) : row.item;
  };
  return (
    <Section id="plan-billing" title={m.billingTitle}>
      {billing.data === undefined && billing.loading && <PageSkeleton label={m.loading} />}
      {billing.data === undefined && !billing.loading && (
        <p role="alert" className="text-sm text-danger">
          {m.loadFailed}{' '}
          <button type="button" className="underline" onClick={() => void billing.reload()}>
            {m.tryAgain}
          </button>
        </p>
      )}
      {billing.data && billing.data.items.length === 0 && <p className="text-sm text-muted">{m.billingEmpty}</p>}
      {billing.data && billing.data.items.length > 0 && (
        <div className="-mx-4 overflow-x-auto sm:mx-0">
          <table className="w-full min-w-[34rem] text-left text-sm" data-testid="billing">
            <thead className="text-muted">
              <tr>
                <th className="px-4 py-2 font-medium sm:px-2">{m.colDate}</th>
                <th className="px-2 py-2 font-medium">{m.colItem}</th>
                <th className="px-2 py-2 text-right font-medium">{m.colAmount}</th>
                <th className="px-2 py-2 font-medium">{m.colCard}</th>
                <th className="px-4 py-2 font-medium sm:px-2">{m.colReceipt}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {billing.data.items.map((row) => (
                <tr key={row.receiptId}>
                  <td className="px-4 py-2 whitespace-nowrap sm:px-2">{instantDate(row.chargedAt, locale)}</td>
                  <td className="px-2 py-2">
                    {itemText(row)}
                    {row.coversFrom && row.coversTo && (
                      <span className="block text-xs text-muted">
                        {format(m.covers, {
                          from: instantDate(row.coversFrom, locale),
                          to: instantDate(row.coversTo, locale),
                        })}
                      </span>
                    )}
                  </td>
                  <td className="px-2 py-2 text-right whitespace-nowrap">
                    {row.amountCents === 0 ? m.free : formatCad(row.amountCents, locale)}
                  </td>
                  <td className="px-2 py-2 whitespace-nowrap">
                    {row.card
                      ? format(m.cardShort, { brand: row.card.brand.toUpperCase(), last4: row.card.last4 })
                      : '—'}
                  </td>
                  <td className="px-4 py-2 font-mono text-xs break-all sm:px-2">{row.paymentId ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

/** /subscriptions: the plan, its usage, plan changes, boosts (contractors) and the billing history. */
function Subscriptions({ locale }: { locale: Locale }) {
  const m = plansMessages[locale];
  const session = useStore($session);
  const role = session.status === 'authenticated' ? session.user.role : null;
  const loaded = useMyPlan();
  const [latest, setLatest] = useState<MyPlan | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const plan = latest ?? loaded.data;

  if (role === 'admin') return <p className="mt-6 text-muted">{m.adminsHaveNoPlan}</p>;
  if (!plan && loaded.loading) return <PageSkeleton label={m.loading} />;
  if (!plan) {
    return (
      <p role="alert" className="mt-6 text-danger">
        {m.loadFailed}{' '}
        <button type="button" className="underline" onClick={() => void loaded.reload()}>
          {m.tryAgain}
        </button>
      </p>
    );
  }
  // Every change answers the new plan view; the billing history reloads when it changes.
  const version = `${plan.planId}:${plan.status}:${plan.period}:${plan.boost.activeUntil}`;
  return (
    <div className="mt-6 grid gap-6" data-testid="subscriptions">
      <CurrentPlan
        plan={plan}
        locale={locale}
        onChange={setLatest}
        confirming={confirmingCancel}
        setConfirming={setConfirmingCancel}
      />
      <Section id="plan-usage-title" title={m.usageTitle} intro={m.usageIntro}>
        <UsageList plan={plan} m={m} locale={locale} />
      </Section>
      <ChangePlan plan={plan} locale={locale} onChange={setLatest} onCancel={() => setConfirmingCancel(true)} />
      {role === 'contractor' && <Boosts plan={plan} locale={locale} onChange={setLatest} />}
      {role === 'contractor' && session.status === 'authenticated' && (
        <GalleryManager
          locale={locale}
          contractorId={session.user.id}
          limit={PLANS[plan.planId].maxGalleryBillboards}
          onChanged={() => void loaded.reload().then(() => setLatest(null))}
        />
      )}
      {role === 'contractor' && <Credentials locale={locale} paid={plan.planId !== 'starter'} />}
      {(role === 'customer' || role === 'contractor') && <RecurringServices locale={locale} role={role} />}
      <BillingHistory locale={locale} refreshKey={version} />
    </div>
  );
}

export default island(Subscriptions);
