import { useStore } from '@nanostores/react';
import { BOOSTS, type PlanId } from '../../../shared/domain/plans/catalogue.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { plansMessages } from '../../i18n/messages/plans.ts';
import { pricingMessages } from '../../i18n/messages/pricing.ts';
import { formatCad } from '../../i18n/money.ts';
import { revalidateKeys } from '../../lib/query.ts';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { instantDate } from '../work/format.ts';
import { $billing, planUrls, type MyPlan, type Receipt, type UsageLine } from './api.ts';
import { Section } from './Section.tsx';

/** The plan's usage against each limit, and the billing history (from the billing store). */
type Messages = (typeof plansMessages)['en'];

function usageText(line: UsageLine, m: Messages, locale: Locale): string {
  const p = pricingMessages[locale];
  if (line.per === 'work-order') {
    return line.limit === null ? m.unlimitedPerWorkOrder : format(m.perWorkOrder, { limit: line.limit });
  }
  const used = line.used ?? 0;
  if (line.limit === null) return format(m.usedUnlimited, { used });
  return line.limit === 0 ? p.none : format(m.usedOf, { used, limit: line.limit });
}

export function UsageList({ plan, m, locale }: { plan: MyPlan; m: Messages; locale: Locale }) {
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

export function BillingHistory({ locale }: { locale: Locale }) {
  const m = plansMessages[locale];
  const p = pricingMessages[locale];
  const billing = useStore($billing);
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
          <button type="button" className="underline" onClick={() => revalidateKeys(planUrls.billing)}>
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
