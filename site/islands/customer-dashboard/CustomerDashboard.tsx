import { Briefcase, CalendarDays, MessageSquare, Search, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { customerDashboardMessages, type CustomerDashboardMessages } from '../../i18n/messages/customer-dashboard.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { BookingsList } from '../booking/BookingsList.tsx';
import type { Booking } from '../booking/api.ts';
import { conversationParam, type Conversation } from '../messaging/api.ts';
import type { PendingReview } from '../reviews/api.ts';
import { PendingReviews } from '../reviews/PendingReviews.tsx';
import { useJson, type WorkOrder } from '../work/api.ts';
import { EmptyState, ErrorState, ListSkeleton, OrderStatusBadge, priceFact } from '../work/parts.tsx';
import { countOrders } from './summary.ts';
import { PaymentsList } from '../contracts/PaymentsList.tsx';
import { plural } from '../../i18n/plural.ts';

type Props = { locale: Locale };

const SECTIONS = ['overview', 'orders', 'payments', 'bookings', 'messages', 'reviews'] as const;

/**
 * /customer-dashboard: everything a customer has going on. Each section loads on its own, so one
 * failing read shows its own error and retry while the others render.
 */
function CustomerDashboard({ locale }: Props) {
  const m = customerDashboardMessages[locale];
  const orders = useJson<{ orders: WorkOrder[] }>('/api/work-orders/mine');
  const upcoming = useJson<Booking[]>('/api/bookings/mine?when=upcoming');
  const unread = useJson<{ count: number }>('/api/conversations/unread-count');
  const pending = useJson<PendingReview[]>('/api/reviews/pending');
  const conversations = useJson<Conversation[]>('/api/conversations');
  const counts = orders.data ? countOrders(orders.data.orders) : null;

  return (
    <div className="mt-6 space-y-10">
      <nav aria-label={m.sections} className="-mx-1 overflow-x-auto">
        <ul className="flex gap-2 px-1 pb-1 text-sm">
          {SECTIONS.map((section) => (
            <li key={section}>
              <a
                href={`#${section}`}
                className="inline-block whitespace-nowrap rounded-full border border-border px-3 py-1.5 hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
              >
                {m[section]}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <section id="overview" aria-labelledby="overview-heading" className="scroll-mt-24">
        <h2 id="overview-heading" className="sr-only">
          {m.overview}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <Count href="#orders" label={m.openOrders} value={counts?.openOrders} icon={<Briefcase size={18} />} />
          <Count
            href="#orders"
            label={m.proposalsWaiting}
            value={counts?.proposalsWaiting}
            icon={<Search size={18} />}
          />
          <Count
            href="#bookings"
            label={m.upcomingBookings}
            value={upcoming.data?.length}
            icon={<CalendarDays size={18} />}
          />
          <Count
            href="#messages"
            label={m.unreadMessages}
            value={unread.data?.count}
            icon={<MessageSquare size={18} />}
          />
          <Count href="#reviews" label={m.reviewsToWrite} value={pending.data?.length} icon={<Star size={18} />} />
        </ul>
        <div className="mt-4 flex flex-wrap gap-2">
          <a className={buttonClasses('primary', 'md')} href={localizePath('/post-job', locale)}>
            {m.postJob}
          </a>
          <a className={buttonClasses('outline', 'md')} href={localizePath('/contractors', locale)}>
            {m.findContractor}
          </a>
        </div>
      </section>

      <Section id="orders" title={m.orders}>
        {orders.error && !orders.data ? (
          <ErrorState locale={locale} message={m.loadFailed} onRetry={() => void orders.reload()} />
        ) : !orders.data ? (
          <ListSkeleton locale={locale} />
        ) : orders.data.orders.length === 0 ? (
          <EmptyState
            action={
              <a className={buttonClasses('primary', 'md')} href={localizePath('/post-job', locale)}>
                {m.postJob}
              </a>
            }
          >
            {m.noOrders}
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {orders.data.orders.map((order) => (
              <OrderRow key={order.id} order={order} locale={locale} m={m} />
            ))}
          </ul>
        )}
      </Section>

      <Section
        id="payments"
        title={m.payments}
        action={
          <a className="text-sm font-medium underline underline-offset-4" href={localizePath('/contracts', locale)}>
            {m.allContracts}
          </a>
        }
      >
        <PaymentsList locale={locale} />
      </Section>

      <Section id="bookings" title={m.bookings}>
        <BookingsList locale={locale} viewer="customer" />
      </Section>

      <Section
        id="messages"
        title={m.messages}
        action={
          <a className="text-sm font-medium underline underline-offset-4" href={localizePath('/messages', locale)}>
            {m.allMessages}
          </a>
        }
      >
        {conversations.error && !conversations.data ? (
          <ErrorState locale={locale} message={m.loadFailed} onRetry={() => void conversations.reload()} />
        ) : !conversations.data ? (
          <ListSkeleton locale={locale} rows={2} />
        ) : conversations.data.length === 0 ? (
          <EmptyState>{m.noMessages}</EmptyState>
        ) : (
          <ul className="divide-y divide-border rounded-xl border border-border bg-surface">
            {recentFirst(conversations.data)
              .slice(0, 5)
              .map((conversation) => (
                <ConversationRow
                  key={`${conversation.kind}:${conversation.id}`}
                  conversation={conversation}
                  locale={locale}
                  m={m}
                />
              ))}
          </ul>
        )}
      </Section>

      <Section
        id="reviews"
        title={m.reviews}
        action={
          <a className="text-sm font-medium underline underline-offset-4" href={localizePath('/reviews', locale)}>
            {m.allReviews}
          </a>
        }
      >
        <PendingReviews locale={locale} />
      </Section>
    </div>
  );
}

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Count({
  href,
  label,
  value,
  icon,
}: {
  href: string;
  label: string;
  value: number | undefined;
  icon: ReactNode;
}) {
  return (
    <li>
      <a
        href={href}
        className="flex h-full flex-col gap-1 rounded-xl border border-border bg-surface p-4 hover:border-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        data-count={label}
      >
        <span className="flex items-center gap-2 text-sm text-muted">
          <span aria-hidden="true">{icon}</span>
          {label}
        </span>
        {value === undefined ? (
          <Skeleton className="h-7 w-10" />
        ) : (
          <span className="text-2xl font-bold tabular-nums">{value}</span>
        )}
      </a>
    </li>
  );
}

function OrderRow({ order, locale, m }: { order: WorkOrder; locale: Locale; m: CustomerDashboardMessages }) {
  // Once someone is hired, the price agreed with them (not the budget the order was posted with).
  const price = priceFact(order, locale);
  const comparable = order.mode === 'bids' && order.status === 'open' && order.proposalCount > 0;
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-surface p-4"
      data-work-order={order.id}
    >
      <div className="min-w-0">
        <a
          className="font-medium underline-offset-4 hover:underline"
          href={localizePath(`/projects/${order.id}`, locale)}
        >
          {order.title}
        </a>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
          <OrderStatusBadge order={order} locale={locale} />
          <span data-price={price.agreed ? 'agreed' : 'budget'}>{price.agreed ? price.labelled : price.text}</span>
          {order.location?.city ? <span>{order.location.city}</span> : null}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {comparable ? (
          <a className={buttonClasses('primary', 'sm')} href={localizePath(`/projects/${order.id}/proposals`, locale)}>
            {plural(locale, order.proposalCount, { one: m.compareOneProposal, other: m.compareProposals })}
          </a>
        ) : null}
        <a className={buttonClasses('outline', 'sm')} href={localizePath(`/projects/${order.id}`, locale)}>
          {m.viewOrder}
        </a>
      </div>
    </li>
  );
}

function ConversationRow({
  conversation,
  locale,
  m,
}: {
  conversation: Conversation;
  locale: Locale;
  m: CustomerDashboardMessages;
}) {
  const href = `${localizePath('/messages', locale)}?c=${encodeURIComponent(conversationParam(conversation.kind, conversation.id))}`;
  const last = conversation.lastMessage;
  return (
    <li>
      <a
        href={href}
        className="flex items-start justify-between gap-3 p-4 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent"
        data-conversation={conversation.id}
      >
        <span className="min-w-0">
          <span className="block font-medium">{conversation.otherParty?.name ?? conversation.subject.title ?? ''}</span>
          {conversation.subject.title ? (
            <span className="block text-sm text-muted">{conversation.subject.title}</span>
          ) : null}
          <span className="mt-1 block truncate text-sm">
            {last ? `${last.mine ? m.you : ''}${last.preview}` : m.noMessagesYet}
          </span>
        </span>
        {conversation.unreadCount > 0 ? (
          <span className="shrink-0 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg">
            {format(m.unread, { n: conversation.unreadCount })}
          </span>
        ) : null}
      </a>
    </li>
  );
}

/** Conversations with messages first, the latest on top; then the ones nobody has written in. */
function recentFirst(conversations: readonly Conversation[]): Conversation[] {
  const at = (c: Conversation) => c.lastMessage?.postedAt ?? '';
  return [...conversations].sort((a, b) => at(b).localeCompare(at(a)));
}

export default island(CustomerDashboard);
