import { useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { localizePath } from '../../i18n/locales.ts';
import { formatPrice } from '../../i18n/money.ts';
import { workMessages } from '../../i18n/messages/work.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { workApi, type Proposal, type WorkOrder } from './api.ts';
import { useRead, workReads } from './stores.ts';
import { dateText, hoursText } from './format.ts';
import { ConfirmDialog, EmptyState, ErrorState, ListSkeleton, OrderFacts, ProposalStatusBadge } from './parts.tsx';
import { workOrderPaths } from '../../../shared/domain/work/paths.ts';
import { colon } from '../../i18n/punctuation.ts';

type Row = { proposal: Proposal; workOrder: WorkOrder };

/**
 * A contractor's proposals with their status; a live one can be withdrawn, an accepted one
 * scheduled. A proposal sent elsewhere on the page shows up here (workApi.propose refetches this list).
 */
export function MyProposals({ locale, headingLevel = 2 }: { locale: Locale; headingLevel?: 2 | 3 }) {
  const m = workMessages[locale];
  const list = useRead(workReads.myProposals());
  const [withdrawing, setWithdrawing] = useState<Row | null>(null);
  const [pending, setPending] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  async function withdraw() {
    if (!withdrawing) return;
    setPending(true);
    try {
      await workApi.withdraw(withdrawing.workOrder.id, withdrawing.proposal.id);
      toast({ title: m.withdrawn, variant: 'success' });
      setWithdrawing(null);
      await list.reload();
    } catch (error) {
      toast({ title: m.withdrawFailed, description: messageOf(error, m.withdrawFailed), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <section id="my-proposals" aria-labelledby="my-proposals-title" className="scroll-mt-24 space-y-4">
      <Heading id="my-proposals-title" className="text-xl font-bold tracking-tight">
        {m.myProposalsTitle}
      </Heading>
      {list.error && !list.data ? (
        <ErrorState locale={locale} onRetry={() => void list.reload()} />
      ) : !list.data ? (
        <ListSkeleton locale={locale} rows={2} />
      ) : list.data.proposals.length === 0 ? (
        <EmptyState>{m.myProposalsEmpty}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {list.data.proposals.map((row) => (
            <li
              key={row.proposal.id}
              className="rounded-xl border border-border bg-surface p-4"
              data-testid="my-proposal"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <a
                  href={localizePath(workOrderPaths.order(row.workOrder.id), locale)}
                  className="font-semibold hover:underline"
                >
                  {row.workOrder.title}
                </a>
                <ProposalStatusBadge status={row.proposal.status} locale={locale} />
              </div>
              <div className="mt-2">
                <OrderFacts order={row.workOrder} locale={locale} />
              </div>
              <p className="mt-2 text-sm">
                {m.yourPrice}
                {colon(locale)}
                <strong>{formatPrice(row.proposal.priceCents, locale)}</strong> ·{' '}
                {hoursText(row.proposal.durationHours, locale, m)} · {m.earliestStart}:{' '}
                {dateText(row.proposal.earliestStart, locale)}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                {row.proposal.status === 'live' && (
                  <Button variant="outline" size="sm" onClick={() => setWithdrawing(row)}>
                    {m.withdraw}
                  </Button>
                )}
                {row.proposal.status === 'accepted' && row.workOrder.awardedContractor && (
                  <a
                    className={buttonClasses('primary', 'sm')}
                    href={localizePath(
                      workOrderPaths.schedule(row.workOrder.awardedContractor.id, row.workOrder.id),
                      locale,
                    )}
                  >
                    {m.scheduleJob}
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        locale={locale}
        open={withdrawing !== null}
        onOpenChange={(open) => (open ? undefined : setWithdrawing(null))}
        title={m.withdraw}
        description={m.withdrawConfirm}
        confirmLabel={m.withdraw}
        pendingLabel={m.withdrawing}
        pending={pending}
        destructive
        onConfirm={() => void withdraw()}
      />
    </section>
  );
}
