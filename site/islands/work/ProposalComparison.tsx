import { isPerformanceBadge } from '../../../shared/domain/catalogue/badges.ts';
import { isCredentialKind } from '../../../shared/domain/credentials/kinds.ts';
import { Badges, VerifiedBadges } from '../catalogue/parts.tsx';
import { Star } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { workOrderPaths } from '../../../shared/domain/work/paths.ts';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { formatPrice } from '../../i18n/money.ts';
import { workMessages, type WorkMessages } from '../../i18n/messages/work.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { statusOf, workApi, type ComparisonRow } from './api.ts';
import { useRead, workReads } from './stores.ts';
import { budgetText, dateText, hoursText, kmText, numberText } from './format.ts';
import {
  ConfirmDialog,
  EmptyState,
  ErrorState,
  OrderStatusBadge,
  ProposalStatusBadge,
  SignInPrompt,
} from './parts.tsx';
import { colon } from '../../i18n/punctuation.ts';

type Props = { locale: Locale; workOrderId: string };

/** The facts of one proposal, in the order both layouts show them. */
function facts(row: ComparisonRow, locale: Locale, m: WorkMessages): { label: string; value: ReactNode }[] {
  return [
    { label: m.colPrice, value: <strong>{formatPrice(row.priceCents, locale)}</strong> },
    { label: m.colDuration, value: hoursText(row.durationHours, locale, m) },
    { label: m.earliestStart, value: dateText(row.earliestStart, locale) },
    {
      label: m.rating,
      value:
        row.ratingAverage !== null && row.ratingCount ? (
          <span className="inline-flex items-center gap-1">
            <Star aria-hidden="true" className="h-4 w-4 fill-current text-accent-text" />
            {format(m.ratingValue, { rating: numberText(row.ratingAverage, locale), count: row.ratingCount })}
          </span>
        ) : (
          <span className="text-muted">{m.noRating}</span>
        ),
    },
    {
      label: m.badges,
      value:
        row.badges && row.badges.length > 0 ? (
          <div className="flex flex-col gap-1.5">
            <Badges badges={row.badges.filter(isPerformanceBadge)} locale={locale} />
            <VerifiedBadges
              badges={row.badges.filter(isCredentialKind).map((kind) => ({ kind, expiresOn: null }))}
              locale={locale}
            />
          </div>
        ) : (
          <span className="text-muted">{row.badges ? m.noBadges : m.unknown}</span>
        ),
    },
    {
      label: m.completedJobs,
      value: row.completedJobs ?? <span className="text-muted">{m.unknown}</span>,
    },
    {
      label: m.distance,
      value: row.distanceKm !== null ? kmText(row.distanceKm, locale) : <span className="text-muted">{m.unknown}</span>,
    },
  ];
}

/**
 * /projects/{id}/proposals: the customer compares the proposals on their order side by side (a
 * table from the md breakpoint, stacked cards below it) and accepts one after a confirm step.
 */
function ProposalComparison({ locale, workOrderId }: Props) {
  const m = workMessages[locale];
  const data = useRead(workReads.comparison(workOrderId));
  const [accepting, setAccepting] = useState<ComparisonRow | null>(null);
  const [pending, setPending] = useState(false);

  if (data.error && !data.data) {
    const status = statusOf(data.error);
    if (status === 401) return <SignInPrompt locale={locale} text={m.compareSignIn} />;
    if (status === 403)
      return (
        <p role="alert" className="mt-6 rounded-xl border border-border p-5">
          {m.compareForbidden}
        </p>
      );
    if (status === 404 || status === 400)
      return (
        <p role="alert" className="mt-6 rounded-xl border border-border p-5">
          {m.notFound}
        </p>
      );
    return <ErrorState locale={locale} onRetry={() => void data.reload()} />;
  }
  if (!data.data) return <PageSkeleton label={m.loading} />;

  const { workOrder: order } = data.data;
  const rows = data.data.proposals.filter((p) => p.status !== 'withdrawn');
  const canAccept = order.status === 'open';
  const lowest = Math.min(...rows.filter((r) => r.status === 'live').map((r) => r.priceCents));
  const hired = order.awardedContractor;

  async function accept() {
    if (!accepting) return;
    setPending(true);
    try {
      await workApi.accept(order.id, accepting.id);
      toast({
        title: m.accepted,
        description: format(m.acceptedText, { name: accepting.contractorName }),
        variant: 'success',
      });
      setAccepting(null);
      await data.reload();
    } catch (error) {
      toast({ title: m.acceptFailed, description: messageOf(error, m.acceptFailed), variant: 'destructive' });
      setAccepting(null);
      await data.reload();
    } finally {
      setPending(false);
    }
  }

  const action = (row: ComparisonRow) =>
    canAccept && row.status === 'live' ? (
      <Button
        size="sm"
        onClick={() => setAccepting(row)}
        aria-label={format(m.labelled, { label: m.accept, value: row.contractorName })}
      >
        {m.accept}
      </Button>
    ) : (
      <ProposalStatusBadge status={row.status} locale={locale} />
    );

  return (
    <div className="mt-4 space-y-6">
      <div className="space-y-2">
        <p className="text-sm text-muted">
          <a href={localizePath(workOrderPaths.order(order.id), locale)} className="underline-offset-2 hover:underline">
            ← {m.backToOrder}
          </a>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-xl font-semibold">{order.title}</h2>
          <OrderStatusBadge order={order} locale={locale} />
        </div>
        <p className="text-sm text-muted">
          {format(m.labelled, { label: m.budget, value: budgetText(order, locale) })} · {m.compareIntro}
        </p>
      </div>

      {hired && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-success/40 bg-success/5 p-4"
        >
          <p>
            {m.hired}
            {colon(locale)}
            <strong>{hired.name}</strong>
            {(order.agreedPriceCents ?? order.awardedPriceCents) !== null
              ? ` · ${formatPrice((order.agreedPriceCents ?? order.awardedPriceCents)!, locale)}`
              : ''}
          </p>
          {(order.status === 'awarded' || order.status === 'scheduled') && (
            <a
              className={buttonClasses('primary', 'sm')}
              href={localizePath(workOrderPaths.schedule(hired.id, order.id), locale)}
            >
              {m.schedule}
            </a>
          )}
        </div>
      )}

      {rows.length === 0 ? (
        <EmptyState>{m.compareEmpty}</EmptyState>
      ) : (
        <>
          {/* md and up: one row per proposal, the facts side by side. */}
          <div
            className="hidden overflow-x-auto rounded-xl border border-border md:block"
            tabIndex={0}
            aria-label={m.compareTitle}
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{m.compareTitle}</caption>
              <thead className="bg-surface-2 text-xs tracking-wide text-muted uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {m.contractorName}
                  </th>
                  {facts(rows[0]!, locale, m).map((fact) => (
                    <th key={fact.label} scope="col" className="px-3 py-2">
                      {fact.label}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2">
                    {m.status}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {rows.map((row) => (
                  <tr
                    key={row.id}
                    data-testid="proposal-row"
                    className={row.status === 'accepted' ? 'bg-success/5' : ''}
                  >
                    <th scope="row" className="px-3 py-3 align-top font-medium">
                      {row.contractorName}
                      {row.status === 'live' && row.priceCents === lowest && rows.length > 1 && (
                        <span className="ml-2 text-xs text-accent-text">↓ {formatPrice(lowest, locale)}</span>
                      )}
                      <p className="mt-1 max-w-64 text-xs font-normal whitespace-pre-line text-muted">{row.message}</p>
                    </th>
                    {facts(row, locale, m).map((fact) => (
                      <td key={fact.label} className="px-3 py-3 align-top">
                        {fact.value}
                      </td>
                    ))}
                    <td className="px-3 py-3 align-top">{action(row)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {/* Below md (360 px phones): one card per proposal. */}
          <ul className="space-y-3 md:hidden">
            {rows.map((row) => (
              <li key={row.id} data-testid="proposal-card" className="rounded-xl border border-border bg-surface p-4">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-semibold">{row.contractorName}</h3>
                  {row.status !== 'live' && <ProposalStatusBadge status={row.status} locale={locale} />}
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                  {facts(row, locale, m).map((fact) => (
                    <div key={fact.label}>
                      <dt className="text-xs text-muted">{fact.label}</dt>
                      <dd>{fact.value}</dd>
                    </div>
                  ))}
                </dl>
                <p className="mt-3 text-sm whitespace-pre-line">{row.message}</p>
                {canAccept && row.status === 'live' && (
                  <Button className="mt-3 w-full" onClick={() => setAccepting(row)}>
                    {m.accept}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}

      <ConfirmDialog
        locale={locale}
        open={accepting !== null}
        onOpenChange={(open) => (open ? undefined : setAccepting(null))}
        title={format(m.acceptTitle, { name: accepting?.contractorName ?? '' })}
        description={format(m.acceptText, { price: accepting ? formatPrice(accepting.priceCents, locale) : '' })}
        confirmLabel={m.acceptConfirm}
        pendingLabel={m.accepting}
        pending={pending}
        onConfirm={() => void accept()}
      />
    </div>
  );
}

export default island(ProposalComparison);
