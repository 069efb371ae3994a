import { useId, useState } from 'react';
import { workOrderPaths } from '../../../shared/domain/work/paths.ts';
import { WORK_LIMITS } from '../../../shared/domain/work/rules.ts';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { workMessages } from '../../i18n/messages/work.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Textarea } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { workApi, type WorkOrder } from './api.ts';
import { useRead, workReads } from './stores.ts';
import { ConfirmDialog, EmptyState, ErrorState, ListSkeleton, OrderFacts, OrderStatusBadge } from './parts.tsx';

/**
 * The contractor dashboard's inbox of direct requests: work orders customers sent to this
 * contractor alone, to accept (the order is awarded to them) or decline with an optional reason.
 */
function DirectRequests({ locale }: { locale: Locale }) {
  const m = workMessages[locale];
  const id = useId();
  const list = useRead(workReads.directRequests());
  const [busy, setBusy] = useState<string | null>(null);
  const [declining, setDeclining] = useState<WorkOrder | null>(null);
  const [reason, setReason] = useState('');

  async function answer(order: WorkOrder, kind: 'accept' | 'decline') {
    setBusy(order.id);
    try {
      await workApi.answerDirect(order.id, kind, kind === 'decline' ? reason.trim() || null : null);
      toast(
        kind === 'accept'
          ? { title: m.requestAccepted, description: m.requestAcceptedText, variant: 'success' }
          : { title: m.requestDeclined, variant: 'success' },
      );
      setDeclining(null);
      setReason('');
      await list.reload();
    } catch (error) {
      toast({ title: m.answerFailed, description: messageOf(error, m.answerFailed), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 scroll-mt-20 space-y-4" id="direct-requests">
      <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight">
        {m.directTitle}
      </h2>
      {list.error && !list.data ? (
        <ErrorState locale={locale} onRetry={() => void list.reload()} />
      ) : !list.data ? (
        <ListSkeleton locale={locale} rows={2} />
      ) : list.data.orders.length === 0 ? (
        <EmptyState>{m.directEmpty}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {list.data.orders.map((order) => (
            <li key={order.id} className="rounded-xl border border-border bg-surface p-4" data-testid="direct-request">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <a
                  href={localizePath(workOrderPaths.order(order.id), locale)}
                  className="font-semibold hover:underline"
                >
                  {order.title}
                </a>
                <OrderStatusBadge order={order} locale={locale} />
              </div>
              {order.customer && (
                <p className="mt-1 text-sm text-muted">{format(m.from, { name: order.customer.name })}</p>
              )}
              <div className="mt-2">
                <OrderFacts order={order} locale={locale} />
              </div>
              <p className="mt-2 line-clamp-3 text-sm whitespace-pre-line">{order.description}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                {order.status === 'open' && (
                  <>
                    <Button size="sm" disabled={busy !== null} onClick={() => void answer(order, 'accept')}>
                      {busy === order.id ? m.answering : m.acceptRequest}
                    </Button>
                    <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => setDeclining(order)}>
                      {m.declineRequest}
                    </Button>
                  </>
                )}
                {(order.status === 'awarded' || order.status === 'scheduled') && (
                  <a
                    className={buttonClasses('primary', 'sm')}
                    href={localizePath(workOrderPaths.schedule(order.awardedContractor?.id ?? '', order.id), locale)}
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
        open={declining !== null}
        onOpenChange={(open) => (open ? undefined : setDeclining(null))}
        title={m.declineTitle}
        description={m.declineText}
        confirmLabel={m.declineConfirm}
        pendingLabel={m.answering}
        pending={busy !== null}
        destructive
        onConfirm={() => declining && void answer(declining, 'decline')}
      >
        <div className="space-y-1.5">
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
            {m.reason}
          </label>
          <Textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={WORK_LIMITS.reasonMax}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
      </ConfirmDialog>
    </section>
  );
}

export default island(DirectRequests);
