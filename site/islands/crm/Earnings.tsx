import { useMemo } from 'react';
import { format } from '../../i18n/index.ts';
import { type Locale } from '../../i18n/locales.ts';
import { crmMessages } from '../../i18n/messages/crm.ts';
import type { Crm } from './api.ts';
import { MonthlyBarChart, MonthlyTable } from '../../ui/MonthlyBarChart.tsx';
import { day, Empty, money, pill } from './parts.tsx';

export function Earnings({ crm, locale }: { crm: Crm; locale: Locale }) {
  const m = crmMessages[locale];
  const { months, totals } = crm.earnings;
  // Gross first, net over it: what shows above the net is the fee and its tax.
  const series = useMemo(
    () => [
      { label: m.fee, color: '--accent', values: months.map((month) => month.grossCents / 100) },
      { label: m.net, color: '--success', values: months.map((month) => month.netCents / 100) },
    ],
    [m, months],
  );
  const monthKeys = useMemo(() => months.map((month) => month.month), [months]);
  const withMoney = months.filter((month) => month.grossCents > 0);
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted">{m.earningsIntro}</p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="crm-earnings-totals">
        {(
          [
            ['gross', totals.grossCents],
            ['fee', totals.feeCents],
            ['tax', totals.taxCents],
            ['net', totals.netCents],
          ] as const
        ).map(([key, cents]) => (
          <div key={key} className="rounded-lg border border-border bg-surface-2 p-3">
            <dt className="text-xs text-muted">{m[key]}</dt>
            <dd className="text-lg font-semibold tabular-nums">{money(cents, locale)}</dd>
          </div>
        ))}
      </dl>
      {withMoney.length === 0 ? (
        <Empty>{m.earningsEmpty}</Empty>
      ) : (
        <figure className="space-y-2">
          <figcaption className="flex flex-wrap gap-4 text-xs text-muted">
            <span className="flex items-center gap-1.5">
              <span aria-hidden="true" className="h-3 w-3 rounded-sm bg-success" />
              {m.net}
            </span>
            <span className="flex items-center gap-1.5">
              <span aria-hidden="true" className="h-3 w-3 rounded-sm bg-accent" />
              {m.fee} + {m.tax.toLowerCase()}
            </span>
            <span className="sr-only">{m.chartLabel}</span>
          </figcaption>
          <MonthlyBarChart months={monthKeys} series={series} locale={locale} testId="earnings-chart" />
        </figure>
      )}
      {withMoney.length > 0 && (
        <MonthlyTable
          rows={withMoney}
          locale={locale}
          caption={m.chartLabel}
          monthLabel={m.month}
          testId="crm-earnings-table"
          columns={[
            { label: m.gross, value: (row) => money(row.grossCents, locale) },
            { label: m.fee, value: (row) => money(row.feeCents, locale) },
            { label: m.tax, value: (row) => money(row.taxCents, locale) },
            { label: m.net, value: (row) => money(row.netCents, locale), strong: true },
          ]}
        />
      )}
      <section aria-labelledby="crm-payouts">
        <h3 id="crm-payouts" className="text-base font-semibold">
          {m.payoutsTitle}
        </h3>
        {crm.payouts.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{m.payoutsEmpty}</p>
        ) : (
          <ul className="mt-2 divide-y divide-border rounded-lg border border-border" data-testid="crm-payouts">
            {crm.payouts.map((payout) => (
              <li key={payout.payoutId} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <span className="font-medium tabular-nums">{money(payout.amountCents, locale)}</span>
                <span className={pill(payout.status === 'sent' ? 'good' : 'open')}>
                  {payout.status === 'sent'
                    ? format(m['payout:sent'], { date: day(payout.sentAt ?? payout.dueOn, locale) })
                    : format(m['payout:scheduled'], { date: day(payout.dueOn, locale) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
