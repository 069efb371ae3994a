import { CalendarDays, MapPin, Wallet } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { workMessages, type WorkMessages } from '../../i18n/messages/work.ts';
import { commonMessages } from '../../i18n/messages/common.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { InfoDialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { serviceCategories } from '../../../shared/domain/catalogue/categories.ts';
import { signInUrlFor } from '../guard/destination.ts';
import type { ProposalStatus, WorkOrder, WorkOrderMoneyStatus, WorkOrderStatus } from './api.ts';
import { formatPrice } from '../../i18n/money.ts';
import { budgetText, categoryLabel, instantDate, kmText, placeText, serviceLabel } from './format.ts';
import { plural } from '../../i18n/plural.ts';
import { colon } from '../../i18n/punctuation.ts';

export const statusKey: Record<WorkOrderStatus, keyof WorkMessages> = {
  open: 'statusOpen',
  awarded: 'statusAwarded',
  scheduled: 'statusScheduled',
  completed: 'statusCompleted',
  declined: 'statusDeclined',
  cancelled: 'statusCancelled',
};

/** Where a hired job's money stands, in the order's own words (cancelled reads as the order's status). */
export const moneyStatusKey: Record<Exclude<WorkOrderMoneyStatus, 'cancelled'>, keyof WorkMessages> = {
  'awaiting-payment': 'moneyAwaitingPayment',
  funded: 'moneyFunded',
  completed: 'moneyCompleted',
  released: 'moneyReleased',
  disputed: 'moneyDisputed',
  decided: 'moneyDecided',
  refunded: 'moneyRefunded',
};

export const proposalStatusKey: Record<ProposalStatus, keyof WorkMessages> = {
  live: 'proposalLive',
  withdrawn: 'proposalWithdrawn',
  accepted: 'proposalAccepted',
  declined: 'proposalDeclined',
};

const tone = {
  good: 'border-success/40 bg-success/10 text-success',
  bad: 'border-danger/40 bg-danger/10 text-danger',
  neutral: 'border-border bg-surface-2 text-muted',
  accent: 'border-accent/40 bg-accent/10 text-accent-text',
} as const;

export function Badge({ children, kind = 'neutral' }: { children: ReactNode; kind?: keyof typeof tone }) {
  return (
    <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium ${tone[kind]}`}>
      {children}
    </span>
  );
}

export function StatusBadge({ status, locale }: { status: WorkOrderStatus; locale: Locale }) {
  const kind = status === 'open' ? 'accent' : status === 'cancelled' || status === 'declined' ? 'bad' : 'good';
  return <Badge kind={kind}>{workMessages[locale][statusKey[status]]}</Badge>;
}

/**
 * The job's real state: once it is hired and its escrow is open, where the money stands (paid into
 * escrow, work completed, released, in dispute, decided); before that, or once it ended without
 * money, the order's own status.
 */
export function OrderStatusBadge({
  order,
  locale,
}: {
  order: Pick<WorkOrder, 'status' | 'moneyStatus'>;
  locale: Locale;
}) {
  const money = order.moneyStatus;
  const ended = order.status === 'cancelled' || order.status === 'declined' || order.status === 'open';
  if (ended || money === null || money === 'cancelled') return <StatusBadge status={order.status} locale={locale} />;
  const kind = money === 'disputed' || money === 'refunded' ? 'bad' : money === 'awaiting-payment' ? 'accent' : 'good';
  return (
    <span data-money-status={money}>
      <Badge kind={kind}>{workMessages[locale][moneyStatusKey[money]]}</Badge>
    </span>
  );
}

/** The price to show: the agreed price once someone is hired, else the budget. */
export function priceFact(
  order: Pick<WorkOrder, 'agreedPriceCents' | 'budgetMinCents' | 'budgetMaxCents'>,
  locale: Locale,
) {
  const m = workMessages[locale];
  const fact =
    order.agreedPriceCents !== null
      ? { label: m.agreedPrice, text: formatPrice(order.agreedPriceCents, locale), agreed: true }
      : { label: m.budget, text: budgetText(order, locale), agreed: false };
  return { ...fact, labelled: format(m.labelled, { label: fact.label, value: fact.text }) };
}

export function ProposalStatusBadge({ status, locale }: { status: ProposalStatus; locale: Locale }) {
  const kind =
    status === 'accepted' ? 'good' : status === 'live' ? 'accent' : status === 'declined' ? 'bad' : 'neutral';
  return <Badge kind={kind}>{workMessages[locale][proposalStatusKey[status]]}</Badge>;
}

export function proposalCountText(n: number, m: WorkMessages, locale: Locale): string {
  if (n === 0) return m.noProposalsYet;
  return plural(locale, n, { one: m.proposalsCountOne, other: m.proposalsCount });
}

/** The facts every list shows about an order: category, agreed price (else budget), place, distance, date. */
export function OrderFacts({ order, locale }: { order: WorkOrder; locale: Locale }) {
  const m = workMessages[locale];
  const price = priceFact(order, locale);
  const place = order.remote ? m.remote : placeText(order.location);
  const service = serviceLabel(order.service, locale);
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
      <li>
        {categoryLabel(order.category, locale)}
        {service ? ` · ${service}` : ''}
      </li>
      <li className="inline-flex items-center gap-1" data-price={price.agreed ? 'agreed' : 'budget'}>
        <Wallet aria-hidden="true" className="h-4 w-4" />
        {price.agreed ? (
          price.labelled
        ) : (
          <>
            <span className="sr-only">
              {price.label}
              {colon(locale)}
            </span>
            {price.text}
          </>
        )}
      </li>
      {place && (
        <li className="inline-flex items-center gap-1">
          <MapPin aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">
            {m.location}
            {colon(locale)}
          </span>
          {place}
          {order.distanceKm !== null ? ` · ${format(m.distanceAway, { km: kmText(order.distanceKm, locale) })}` : ''}
        </li>
      )}
      <li className="inline-flex items-center gap-1">
        <CalendarDays aria-hidden="true" className="h-4 w-4" />
        {format(m.postedOn, { date: instantDate(order.postedAt, locale) })}
      </li>
    </ul>
  );
}

export function ListSkeleton({ locale, rows = 3 }: { locale: Locale; rows?: number }) {
  return (
    <div role="status" aria-label={workMessages[locale].loading} className="space-y-3">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="space-y-2 rounded-xl border border-border bg-surface p-4">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      ))}
    </div>
  );
}

export function ErrorState({ locale, message, onRetry }: { locale: Locale; message?: string; onRetry: () => void }) {
  const m = workMessages[locale];
  return (
    <div role="alert" className="rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm">
      <p>{message ?? m.loadFailed}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        {m.retry}
      </Button>
    </div>
  );
}

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted">
      <p>{children}</p>
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

/** A sign-in (and sign-up) prompt that brings the visitor back here afterwards. */
export function SignInPrompt({ locale, text }: { locale: Locale; text: string }) {
  const m = workMessages[locale];
  const [returnTo, setReturnTo] = useState('/');
  useEffect(() => setReturnTo(window.location.pathname + window.location.search), []);
  return (
    <div className="rounded-xl border border-border bg-surface p-5">
      <p>{text}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <a className={buttonClasses('primary', 'md')} href={signInUrlFor(returnTo, locale)}>
          {m.signIn}
        </a>
        <a className={buttonClasses('outline', 'md')} href={localizePath('/signup', locale)}>
          {m.signUp}
        </a>
      </div>
    </div>
  );
}

/** A yes/no step before an action that cannot be undone. */
export function ConfirmDialog({
  locale,
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  pendingLabel,
  pending,
  destructive = false,
  onConfirm,
  children,
}: {
  locale: Locale;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  pendingLabel: string;
  pending: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  const m = workMessages[locale];
  return (
    <InfoDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={children ? description : undefined}
      closeLabel={commonMessages[locale].close}
      size="md"
      busy={pending}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {cancelLabel ?? m.cancel}
          </Button>
          <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm} disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {children ?? <p className="text-sm text-muted">{description}</p>}
    </InfoDialog>
  );
}

/** A native select styled like the other controls (native keeps it accessible on phones). */
export function Select({
  id,
  describedBy,
  invalid,
  value,
  disabled,
  onChange,
  children,
}: {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  value: string;
  disabled?: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <select
      id={id}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      className="h-10 w-full rounded-lg border border-border bg-surface px-3 text-fg focus-visible:outline-2 disabled:opacity-60 aria-[invalid=true]:border-danger"
    >
      {children}
    </select>
  );
}

/**
 * The category and service selects of a job form (a service narrows its category; changing the
 * category clears it). Two grid cells, so the caller lays them out.
 */
export function CategoryServiceFields({
  locale,
  category,
  service,
  onChange,
  errors = {},
}: {
  locale: Locale;
  category: string;
  service: string;
  onChange: (next: { category: string; service: string }) => void;
  errors?: { category?: string; service?: string };
}) {
  const m = workMessages[locale];
  const chosen = serviceCategories.find((c) => c.slug === category);
  return (
    <>
      <Field label={m.category} error={errors.category}>
        {(f) => (
          <Select
            id={f.id}
            describedBy={f.describedBy}
            invalid={f.invalid}
            value={category}
            onChange={(value) => onChange({ category: value, service: '' })}
          >
            <option value="">{m.chooseCategory}</option>
            {serviceCategories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c[locale]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={m.service} error={errors.service}>
        {(f) => (
          <Select
            id={f.id}
            describedBy={f.describedBy}
            invalid={f.invalid}
            value={service}
            disabled={!chosen}
            onChange={(value) => onChange({ category, service: value })}
          >
            <option value="">{m.anyService}</option>
            {chosen?.services.map((sv) => (
              <option key={sv.slug} value={sv.slug}>
                {sv[locale]}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </>
  );
}
