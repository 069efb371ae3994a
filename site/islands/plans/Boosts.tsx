import { Rocket } from 'lucide-react';
import { useState } from 'react';
import { BOOSTS, type BoostId } from '../../../shared/domain/plans/catalogue.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { plansMessages } from '../../i18n/messages/plans.ts';
import { pricingMessages } from '../../i18n/messages/pricing.ts';
import { formatCad } from '../../i18n/money.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import type { CardInput } from '../contracts/CardFields.tsx';
import { instantDate } from '../work/format.ts';
import { plansApi, type MyPlan } from './api.ts';
import { PayDialog } from './PayDialog.tsx';
import { Section } from './Section.tsx';

/** Listing boosts (contractors): the first 7-day one free, the others paid in the pay dialog. */
export function Boosts({ plan, locale }: { plan: MyPlan; locale: Locale }) {
  const m = plansMessages[locale];
  const p = pricingMessages[locale];
  const [buying, setBuying] = useState<BoostId | null>(null);
  const [busy, setBusy] = useState<BoostId | null>(null);
  const nameOf = (id: BoostId) =>
    format(p.boostTitle, { days: BOOSTS.find((b) => b.id === id)!.days, name: p[`boost:${id}`] });

  /** Buys a boost; a paid one's failure goes on to the pay dialog, which says why beside its Pay button. */
  async function buy(boostId: BoostId, card?: CardInput) {
    setBusy(boostId);
    try {
      const next = await plansApi.boost(boostId, card);
      toast({
        title: format(m.boosted, { date: instantDate(next.boost.activeUntil ?? new Date().toISOString(), locale) }),
        variant: 'success',
      });
    } finally {
      setBusy(null);
    }
  }

  /** The free boost has no form: its failure is a toast. */
  async function buyFree(boostId: BoostId) {
    try {
      await buy(boostId);
    } catch (error) {
      toast({ title: m.boostFailed, description: messageOf(error, m.boostFailed), variant: 'destructive' });
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
              onClick={() => (offer.priceCents === 0 ? void buyFree(offer.boostId) : setBuying(offer.boostId))}
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
          failedLabel={m.boostFailed}
          locale={locale}
          onPay={(card) => buy(buying, card)}
        />
      )}
    </Section>
  );
}
