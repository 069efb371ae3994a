import { useStore } from '@nanostores/react';
import { ClipboardList, HardHat } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { workOrderPaths } from '../../../shared/domain/work/paths.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { workMessages } from '../../i18n/messages/work.ts';
import { $session } from '../../stores/session.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { useMounted } from '../../ui/use-mounted.ts';
import { useRead, workReads } from './stores.ts';
import {
  EmptyState,
  ErrorState,
  ListSkeleton,
  OrderFacts,
  proposalCountText,
  ProposalStatusBadge,
  SignInPrompt,
  OrderStatusBadge,
} from './parts.tsx';

/**
 * Where the landing search sends its values (`mode` contractors or work-orders, docs/product.md#site):
 * the matching list, with the same query. Null stays on the hub.
 */
export function searchDestination(search: string): string | null {
  const query = new URLSearchParams(search);
  const mode = query.get('mode');
  if (mode !== 'contractors' && mode !== 'work-orders') return null;
  return `${mode === 'contractors' ? '/contractors' : '/browse-jobs'}?${query.toString()}`;
}

const SUMMARY_LIMIT = 5;

function Card({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <span className="rounded-xl bg-accent/10 p-2 text-accent-text">{icon}</span>
        <div>
          <h2 className="text-lg font-semibold">{title}</h2>
          <p className="mt-1 text-sm text-muted">{text}</p>
        </div>
      </div>
      {children}
    </section>
  );
}

function MyOrders({ locale }: { locale: Locale }) {
  const m = workMessages[locale];
  const list = useRead(workReads.mine());
  return (
    <section aria-labelledby="hub-orders" className="space-y-3">
      <h2 id="hub-orders" className="text-lg font-semibold">
        {m.hubMyOrders}
      </h2>
      {list.error && !list.data ? (
        <ErrorState locale={locale} onRetry={() => void list.reload()} />
      ) : !list.data ? (
        <ListSkeleton locale={locale} rows={2} />
      ) : list.data.orders.length === 0 ? (
        <EmptyState>{m.hubNoOrders}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {list.data.orders.slice(0, SUMMARY_LIMIT).map((order) => (
            <li key={order.id} className="rounded-xl border border-border bg-surface p-4" data-testid="my-order">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <a
                  href={localizePath(workOrderPaths.order(order.id), locale)}
                  className="font-semibold hover:underline"
                >
                  {order.title}
                </a>
                <OrderStatusBadge order={order} locale={locale} />
              </div>
              <div className="mt-2">
                <OrderFacts order={order} locale={locale} />
              </div>
              {order.mode === 'bids' && (
                <p className="mt-2 text-sm">
                  <a
                    href={localizePath(workOrderPaths.proposals(order.id), locale)}
                    className="text-accent-text underline-offset-2 hover:underline"
                  >
                    {m.hubSeeProposals} · {proposalCountText(order.proposalCount, m, locale)}
                  </a>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MyProposalSummary({ locale }: { locale: Locale }) {
  const m = workMessages[locale];
  const list = useRead(workReads.myProposals());
  return (
    <section aria-labelledby="hub-proposals" className="space-y-3">
      <h2 id="hub-proposals" className="text-lg font-semibold">
        {m.hubMyProposals}
      </h2>
      {list.error && !list.data ? (
        <ErrorState locale={locale} onRetry={() => void list.reload()} />
      ) : !list.data ? (
        <ListSkeleton locale={locale} rows={2} />
      ) : list.data.proposals.length === 0 ? (
        <EmptyState>{m.hubNoProposals}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {list.data.proposals.slice(0, SUMMARY_LIMIT).map(({ proposal, workOrder }) => (
            <li
              key={proposal.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border bg-surface p-4"
            >
              <a
                href={localizePath(workOrderPaths.order(workOrder.id), locale)}
                className="font-semibold hover:underline"
              >
                {workOrder.title}
              </a>
              <ProposalStatusBadge status={proposal.status} locale={locale} />
            </li>
          ))}
        </ul>
      )}
      <a
        href={localizePath('/open-bids#my-proposals', locale)}
        className="text-sm text-accent-text underline-offset-2 hover:underline"
      >
        {m.hubMyProposals} →
      </a>
    </section>
  );
}

/**
 * /platform: the hub. A customer creates a work order and sees their orders; a contractor finds
 * work and sees their proposals; a signed-out visitor sees both paths with sign-in prompts. A
 * landing search arriving with `mode` goes on to the list it asked for.
 */
function PlatformHub({ locale }: { locale: Locale }) {
  const m = workMessages[locale];
  const mounted = useMounted();
  const session = useStore($session);

  useEffect(() => {
    const destination = searchDestination(window.location.search);
    if (destination) window.location.replace(localizePath(destination, locale));
  }, [locale]);

  const role = mounted && session.status === 'authenticated' ? session.user.role : null;
  const signedOut = mounted && session.status === 'unauthenticated';

  const customerCard = (
    <Card
      icon={<ClipboardList aria-hidden="true" className="h-6 w-6" />}
      title={m.hubCustomerTitle}
      text={m.hubCustomerText}
    >
      <div className="flex flex-wrap gap-2">
        <a className={buttonClasses('primary', 'md')} href={localizePath('/post-job', locale)}>
          {m.hubCustomerAction}
        </a>
        <a className={buttonClasses('outline', 'md')} href={localizePath('/contractors', locale)}>
          {m.hubBrowseContractors}
        </a>
        {role === 'customer' && (
          <a className={buttonClasses('outline', 'md')} href={localizePath('/urgent-alerts', locale)}>
            {m.hubUrgent}
          </a>
        )}
      </div>
      {signedOut && <SignInPrompt locale={locale} text={m.hubSignInCustomer} />}
    </Card>
  );
  const contractorCard = (
    <Card
      icon={<HardHat aria-hidden="true" className="h-6 w-6" />}
      title={m.hubContractorTitle}
      text={m.hubContractorText}
    >
      <div className="flex flex-wrap gap-2">
        <a className={buttonClasses('primary', 'md')} href={localizePath('/browse-jobs', locale)}>
          {m.hubContractorAction}
        </a>
        <a className={buttonClasses('outline', 'md')} href={localizePath('/open-bids', locale)}>
          {m.hubOpenBids}
        </a>
        {role === 'contractor' && (
          <a className={buttonClasses('outline', 'md')} href={localizePath('/urgent-alerts', locale)}>
            {m.hubUrgent}
          </a>
        )}
      </div>
      {signedOut && <SignInPrompt locale={locale} text={m.hubSignInContractor} />}
    </Card>
  );

  return (
    <div className="mt-6 space-y-8">
      <p className="max-w-prose text-muted">{m.hubIntro}</p>
      {!mounted || session.status === 'loading' ? (
        <ListSkeleton locale={locale} rows={2} />
      ) : role === 'customer' ? (
        <div className="grid gap-6 lg:grid-cols-2">
          {customerCard}
          <MyOrders locale={locale} />
        </div>
      ) : role === 'contractor' ? (
        <div className="grid gap-6 lg:grid-cols-2">
          {contractorCard}
          <MyProposalSummary locale={locale} />
        </div>
      ) : role === 'admin' ? (
        <p>{m.hubAdmin}</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          {customerCard}
          {contractorCard}
        </div>
      )}
    </div>
  );
}

export default island(PlatformHub);
