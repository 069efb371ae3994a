import { useId, useMemo } from 'react';
import { provinces } from '../../../shared/geo/provinces.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { adminMetricsMessages } from '../../i18n/messages/admin-metrics.ts';
import { formatPrice } from '../../i18n/money.ts';
import { useSession } from '../../lib/first-reads.ts';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { MonthlyBarChart, MonthlyTable } from '../../ui/MonthlyBarChart.tsx';
import { useJson } from '../work/api.ts';
import type { MetricsView as Metrics } from '../../../shared/http/metrics.ts';

/**
 * The admin dashboard's platform metrics (issue 10): GMV, fees, tax collected, refunds, escrow held
 * and active contractors; GMV and fees by month as a chart with the same figures in a table; jobs
 * by province as labelled bars.
 */
function PlatformMetrics({ locale }: { locale: Locale }) {
  const m = adminMetricsMessages[locale];
  const id = useId();
  const session = useSession();
  const isAdmin = session.status === 'authenticated' && session.user.role === 'admin';
  const metrics = useJson<Metrics>(isAdmin ? '/api/admin/metrics' : null);
  const months = metrics.data?.months;
  const monthKeys = useMemo(() => (months ?? []).map((month) => month.month), [months]);
  const series = useMemo(
    () => [
      { label: m.gmv, color: '--accent', values: (months ?? []).map((month) => month.gmvCents / 100) },
      { label: m.fees, color: '--success', values: (months ?? []).map((month) => month.feesCents / 100) },
    ],
    [m, months],
  );
  if (!isAdmin) return null;

  const money = (cents: number) => formatPrice(cents, locale);
  const data = metrics.data;
  const maxJobs = Math.max(1, ...(data?.provinces.map((p) => p.jobs) ?? [1]));
  const provinceName = (code: string) => provinces.find((p) => p.code === code)?.[locale] ?? code;
  const withMoney = data?.months.filter((month) => month.gmvCents > 0 || month.feesCents > 0) ?? [];

  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 min-w-0" data-testid="admin-metrics">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {m.title}
      </h2>
      <p className="mt-1 text-sm text-muted">{m.intro}</p>
      {!data ? (
        metrics.error ? (
          <p role="alert" className="mt-4 text-sm text-danger">
            {m.loadFailed}{' '}
            <button type="button" className="underline" onClick={() => void metrics.reload()}>
              {m.tryAgain}
            </button>
          </p>
        ) : (
          // The figures' room, held while they load: the panels under them load when they near the
          // screen, and would all be near it under a one-line loading text.
          <div role="status" aria-label={m.loading} className="mt-4 space-y-6">
            <div className="grid grid-cols-2 gap-2 lg:grid-cols-3 xl:grid-cols-6">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} className="h-20" />
              ))}
            </div>
            <div className="grid gap-6 lg:grid-cols-3">
              <Skeleton className="h-72 lg:col-span-2" />
              <Skeleton className="h-48 lg:h-72" />
            </div>
          </div>
        )
      ) : (
        <div className="mt-4 space-y-6">
          <dl className="grid grid-cols-2 gap-2 lg:grid-cols-3 xl:grid-cols-6" data-testid="metrics-totals">
            {(
              [
                [m.gmv, money(data.totals.gmvCents), m.gmvHint],
                [m.fees, money(data.totals.feesCents), null],
                [m.tax, money(data.totals.taxCents), m.taxHint],
                [m.refunds, money(data.totals.refundsCents), null],
                [m.held, money(data.totals.escrowHeldCents), format(m.heldHint, { count: data.totals.escrowHeldJobs })],
                [
                  m.contractors,
                  String(data.totals.activeContractors),
                  format(m.contractorsHint, { count: data.totals.contractors }),
                ],
              ] as const
            ).map(([label, value, hint]) => (
              <div key={label} className="rounded-xl border border-border bg-surface p-3">
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="text-lg font-semibold tabular-nums">{value}</dd>
                {hint && <dd className="text-xs text-muted">{hint}</dd>}
              </div>
            ))}
          </dl>
          <div className="grid gap-6 lg:grid-cols-3">
            <figure className="min-w-0 space-y-2 rounded-xl border border-border bg-surface p-4 lg:col-span-2">
              <figcaption className="space-y-1">
                <span className="block font-semibold">{m.chartTitle}</span>
                <span className="flex flex-wrap gap-4 text-xs text-muted">
                  <span className="flex items-center gap-1.5">
                    <span aria-hidden="true" className="h-3 w-3 rounded-sm bg-accent" />
                    {m.gmv}
                  </span>
                  <span className="flex items-center gap-1.5">
                    <span aria-hidden="true" className="h-3 w-3 rounded-sm bg-success" />
                    {m.fees}
                  </span>
                </span>
              </figcaption>
              {withMoney.length === 0 ? (
                <p className="text-sm text-muted">{m.noMoney}</p>
              ) : (
                <>
                  <MonthlyBarChart months={monthKeys} series={series} locale={locale} testId="metrics-chart" />
                  <MonthlyTable
                    rows={withMoney}
                    locale={locale}
                    caption={m.chartLabel}
                    monthLabel={m.month}
                    testId="metrics-table"
                    columns={[
                      { label: m.gmv, value: (row) => money(row.gmvCents) },
                      { label: m.fees, value: (row) => money(row.feesCents) },
                      { label: m.tax, value: (row) => money(row.taxCents) },
                      { label: m.jobs, value: (row) => row.jobsFunded },
                    ]}
                  />
                </>
              )}
            </figure>
            <section aria-labelledby={`${id}-provinces`} className="rounded-xl border border-border bg-surface p-4">
              <h3 id={`${id}-provinces`} className="font-semibold">
                {m.provincesTitle}
              </h3>
              <p className="text-xs text-muted">{m.provincesIntro}</p>
              {data.provinces.length === 0 ? (
                <p className="mt-3 text-sm text-muted">{m.provincesEmpty}</p>
              ) : (
                <ul className="mt-3 space-y-2" data-testid="metrics-provinces">
                  {data.provinces.map((row) => (
                    <li key={row.province} className="text-sm">
                      <div className="flex justify-between gap-2">
                        <span>{provinceName(row.province)}</span>
                        <span className="tabular-nums text-muted">{format(m.provinceJobs, { count: row.jobs })}</span>
                      </div>
                      <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-surface-2">
                        <div
                          className="h-2 rounded-full bg-accent"
                          style={{ width: `${(row.jobs / maxJobs) * 100}%` }}
                        />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        </div>
      )}
    </section>
  );
}

export default island(PlatformMetrics);
