import { useStore } from '@nanostores/react';
import { lazy, Suspense, useId, useState } from 'react';
import { workOrderPaths } from '../../../shared/domain/work/paths.ts';
import { WORK_LIMITS } from '../../../shared/domain/work/rules.ts';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { formatPrice } from '../../i18n/money.ts';
import { workMessages } from '../../i18n/messages/work.ts';
import { localizedMessageOf } from '../../lib/server-messages.ts';
import { $session } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Textarea } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { JobReviews } from '../reviews/JobReviews.tsx';
import { useMounted } from '../../ui/use-mounted.ts';
import { statusOf, workApi } from './api.ts';
import { useRead, workReads } from './stores.ts';
import { dateText, hoursText } from './format.ts';
import {
  Badge,
  ConfirmDialog,
  ErrorState,
  OrderFacts,
  ProposalStatusBadge,
  SignInPrompt,
  OrderStatusBadge,
} from './parts.tsx';
import { ProposedTimes } from './ProposedTimes.tsx';
import { colon } from '../../i18n/punctuation.ts';

/** The proposal form (and the zod shapes it checks with) loads when a contractor opens it. */
const ProposalDialog = lazy(() =>
  import('./ProposalDialog.tsx').then((module) => ({ default: module.ProposalDialog })),
);

type Props = { locale: Locale; workOrderId: string };

/**
 * /projects/{id}: one work order as its viewer may see it. The customer edits or cancels it and
 * goes to the proposals; the picked contractor answers a direct request; the hired one (and the
 * customer) go on to scheduling; other contractors see the public part and can send a proposal.
 * Once the payment is released, the two parties find the job's reviews here: the form while they
 * may write theirs, then "hidden until…", then both reviews once published.
 */
function WorkOrderDetail({ locale, workOrderId }: Props) {
  const m = workMessages[locale];
  const id = useId();
  const mounted = useMounted();
  const session = useStore($session);
  const detail = useRead(workReads.order(workOrderId));
  const [dialog, setDialog] = useState<'cancel' | 'decline' | 'withdraw' | 'propose' | null>(null);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);

  if (detail.error && !detail.data) {
    const status = statusOf(detail.error);
    if (status === 401) return <SignInPrompt locale={locale} text={m.detailSignIn} />;
    if (status === 403)
      return (
        <p role="alert" className="mt-6 rounded-xl border border-border p-5">
          {m.detailForbidden}
        </p>
      );
    if (status === 404 || status === 400)
      return (
        <p role="alert" className="mt-6 rounded-xl border border-border p-5">
          {m.notFound}
        </p>
      );
    return <ErrorState locale={locale} onRetry={() => void detail.reload()} />;
  }
  if (!detail.data) return <PageSkeleton label={m.loading} />;

  const { workOrder: order, viewer, myProposal } = detail.data;
  const hired = order.awardedContractor;
  // A visit is booked while the work is ahead: not once it is marked done, paid out, disputed or ended.
  const workAhead =
    order.moneyStatus === null || order.moneyStatus === 'awaiting-payment' || order.moneyStatus === 'funded';
  const schedulable = hired && workAhead && (order.status === 'awarded' || order.status === 'scheduled');
  const liveProposals =
    detail.data.proposals?.filter((p) => p.status === 'live' || p.status === 'accepted').length ?? 0;

  async function run(action: () => Promise<unknown>, success: string, failure: string, description?: string) {
    setPending(true);
    try {
      await action();
      toast({ title: success, description, variant: 'success' });
      setDialog(null);
      setReason('');
      await detail.reload();
    } catch (error) {
      // The server answers in the page's language (the escrow's refusal of a late cancellation too).
      toast({ title: failure, description: localizedMessageOf(error, failure, locale), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  const reasonField = (
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
  );

  return (
    <article className="mt-4 max-w-3xl space-y-6" aria-labelledby={`${id}-title`}>
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge order={order} locale={locale} />
          <Badge>{order.mode === 'direct' ? m.modeDirect : m.modeBids}</Badge>
        </div>
        <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight">
          {order.title}
        </h2>
        <OrderFacts order={order} locale={locale} />
      </header>

      <p className="whitespace-pre-line">{order.description}</p>

      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        {order.location?.postalCode && (
          <div>
            <dt className="text-muted">{m.postalCode}</dt>
            <dd>{order.location.postalCode}</dd>
          </div>
        )}
        {order.preferredDates.length > 0 && (
          <div>
            <dt className="text-muted">{m.preferredDates}</dt>
            <dd>{order.preferredDates.map((d) => dateText(d, locale)).join(' · ')}</dd>
          </div>
        )}
        {order.customer && !viewer.isCustomer && (
          <div>
            <dt className="text-muted">{m.customer}</dt>
            <dd>{order.customer.name}</dd>
          </div>
        )}
        {order.directContractor && viewer.isCustomer && (
          <div>
            <dt className="text-muted">{m.sentTo}</dt>
            <dd>{order.directContractor.name}</dd>
          </div>
        )}
        {hired && (
          <div>
            <dt className="text-muted">{m.hired}</dt>
            <dd>
              {hired.name}
              {(order.agreedPriceCents ?? order.awardedPriceCents) !== null &&
                ` · ${format(m.labelled, { label: m.agreedPrice, value: formatPrice((order.agreedPriceCents ?? order.awardedPriceCents)!, locale) })}`}
            </dd>
          </div>
        )}
      </dl>

      {order.photos.length > 0 && (
        <section aria-label={m.photos}>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {order.photos.map((photo, index) => (
              <li key={photo.id}>
                <a href={photo.url} target="_blank" rel="noreferrer">
                  <img
                    src={photo.url}
                    alt={format(m.photoAlt, { n: index + 1 })}
                    loading="lazy"
                    className="aspect-[4/3] w-full rounded-lg border border-border object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      {/* What this viewer can do next. */}
      <section className="space-y-3 rounded-2xl border border-border bg-surface p-4">
        {viewer.isCustomer && order.mode === 'bids' && (
          <a className={buttonClasses('primary', 'md')} href={localizePath(workOrderPaths.proposals(order.id), locale)}>
            {format(m.seeProposals, { n: liveProposals })}
          </a>
        )}
        {viewer.isCustomer && order.mode === 'direct' && order.status === 'open' && order.directContractor && (
          <p className="text-sm">{format(m.directPending, { name: order.directContractor.name })}</p>
        )}
        {viewer.isCustomer && order.status === 'declined' && (
          <div className="space-y-2">
            <p className="text-sm">
              {m.directDeclinedText}
              {order.declineReason ? ` “${order.declineReason}”` : ''}
            </p>
            <a className={buttonClasses('outline', 'sm')} href={localizePath('/post-job', locale)}>
              {m.postAgain}
            </a>
          </div>
        )}
        {schedulable && (viewer.isCustomer || viewer.isAwardedContractor) && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm">
              {viewer.isAwardedContractor ? m.scheduleText : format(m.scheduleCustomerText, { name: hired.name })}
            </p>
            <a
              className={buttonClasses('primary', 'md')}
              href={localizePath(workOrderPaths.schedule(hired.id, order.id), locale)}
            >
              {m.schedule}
            </a>
          </div>
        )}
        {viewer.canAnswerDirectRequest && (
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={pending}
              onClick={() =>
                void run(
                  () => workApi.answerDirect(order.id, 'accept'),
                  m.requestAccepted,
                  m.answerFailed,
                  m.requestAcceptedText,
                )
              }
            >
              {pending ? m.answering : m.acceptRequest}
            </Button>
            <Button variant="outline" disabled={pending} onClick={() => setDialog('decline')}>
              {m.declineRequest}
            </Button>
          </div>
        )}
        {myProposal && (
          <div className="space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold">{m.yourProposal}</h3>
              <ProposalStatusBadge status={myProposal.status} locale={locale} />
            </div>
            <p className="text-sm">
              {formatPrice(myProposal.priceCents, locale)} · {hoursText(myProposal.durationHours, locale, m)} ·{' '}
              {m.earliestStart}
              {colon(locale)}
              {dateText(myProposal.earliestStart, locale)}
            </p>
            {myProposal.status === 'live' && (
              <Button variant="outline" size="sm" onClick={() => setDialog('withdraw')}>
                {m.withdraw}
              </Button>
            )}
          </div>
        )}
        {viewer.canPropose && <Button onClick={() => setDialog('propose')}>{m.sendProposal}</Button>}
        {mounted && session.status === 'unauthenticated' && order.status === 'open' && (
          <SignInPrompt locale={locale} text={m.signInToBid} />
        )}
        {(viewer.canEdit || viewer.canCancel) && (
          <div className="flex flex-wrap gap-2 border-t border-border pt-3">
            {viewer.canEdit && (
              <a
                className={buttonClasses('outline', 'sm')}
                href={`${localizePath('/post-job', locale)}?edit=${order.id}`}
              >
                {m.edit}
              </a>
            )}
            {viewer.canCancel && (
              <Button variant="destructive" size="sm" onClick={() => setDialog('cancel')}>
                {m.cancelOrder}
              </Button>
            )}
          </div>
        )}
        {order.status === 'cancelled' && order.cancelReason && viewer.isCustomer && (
          <p className="text-sm text-muted">“{order.cancelReason}”</p>
        )}
      </section>

      {schedulable && (viewer.isCustomer || viewer.isAwardedContractor) && (
        <ProposedTimes
          locale={locale}
          workOrderId={order.id}
          viewerIsContractor={viewer.isAwardedContractor}
          onAccepted={() => void detail.reload()}
        />
      )}

      {/* The money status is shown to the parties only; a released job is reviewable (reviews' own rules). */}
      {order.moneyStatus === 'released' && (viewer.isCustomer || viewer.isAwardedContractor) && (
        <JobReviews job={{ kind: 'work-order', jobId: order.id }} locale={locale} />
      )}

      <ConfirmDialog
        locale={locale}
        open={dialog === 'cancel'}
        onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
        title={m.cancelTitle}
        description={hired ? m.cancelHiredText : m.cancelText}
        confirmLabel={m.cancelConfirm}
        cancelLabel={m.keep}
        pendingLabel={m.cancelling}
        pending={pending}
        destructive
        onConfirm={() => void run(() => workApi.cancel(order.id, reason.trim() || null), m.cancelled, m.cancelFailed)}
      >
        {reasonField}
      </ConfirmDialog>
      <ConfirmDialog
        locale={locale}
        open={dialog === 'decline'}
        onOpenChange={(open) => setDialog(open ? 'decline' : null)}
        title={m.declineTitle}
        description={m.declineText}
        confirmLabel={m.declineConfirm}
        pendingLabel={m.answering}
        pending={pending}
        destructive
        onConfirm={() =>
          void run(
            () => workApi.answerDirect(order.id, 'decline', reason.trim() || null),
            m.requestDeclined,
            m.answerFailed,
          )
        }
      >
        {reasonField}
      </ConfirmDialog>
      {myProposal && (
        <ConfirmDialog
          locale={locale}
          open={dialog === 'withdraw'}
          onOpenChange={(open) => setDialog(open ? 'withdraw' : null)}
          title={m.withdraw}
          description={m.withdrawConfirm}
          confirmLabel={m.withdraw}
          pendingLabel={m.withdrawing}
          pending={pending}
          destructive
          onConfirm={() => void run(() => workApi.withdraw(order.id, myProposal.id), m.withdrawn, m.withdrawFailed)}
        />
      )}
      {dialog === 'propose' && (
        <Suspense fallback={null}>
          <ProposalDialog
            locale={locale}
            order={order}
            open
            onOpenChange={(open) => setDialog(open ? 'propose' : null)}
            onSubmitted={() => void detail.reload()}
          />
        </Suspense>
      )}
    </article>
  );
}

export default island(WorkOrderDetail);
