import { format } from '../../i18n/index.ts';
import type { ReactNode } from 'react';
import { htmlLang, type Locale } from '../../i18n/locales.ts';
import { contractsMessages } from '../../i18n/messages/contracts.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import type { EscrowStatus } from './api.ts';
import { dateTimeFormat, numberFormat } from '../../i18n/intl.ts';

export const FORMER_MEMBER = 'Former member';

/** A date (and time) in the viewer's zone and language. */
export function formatWhen(iso: string, locale: Locale, withTime = true): string {
  return dateTimeFormat(htmlLang[locale], {
    dateStyle: 'long',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(new Date(iso));
}

/** A calendar date (YYYY-MM-DD), shown as that day wherever the viewer is. */
export function formatDay(date: string, locale: Locale): string {
  return dateTimeFormat(htmlLang[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/**
 * When a payout or refund moves, never blank: sent on its day; else due on its business day; else
 * (a refund, issued at once) the day the decision that moved it was recorded.
 */
export function payoutDate(
  payout: { sentAt: string | null; dueOn: string | null; scheduledAt: string },
  texts: { payoutSent: string; payoutDue: string; payoutIssued: string },
  locale: Locale,
): string {
  if (payout.sentAt) return format(texts.payoutSent, { date: formatWhen(payout.sentAt, locale, false) });
  if (payout.dueOn) return format(texts.payoutDue, { date: formatDay(payout.dueOn, locale) });
  return format(texts.payoutIssued, { date: formatWhen(payout.scheduledAt, locale, false) });
}

export function percent(value: number, locale: Locale): string {
  return numberFormat(htmlLang[locale], { style: 'percent', maximumFractionDigits: 3 }).format(value / 100);
}

const tones: Record<string, string> = {
  good: 'border-success/40 bg-success/10 text-success',
  waiting: 'border-accent/40 bg-accent/10 text-accent-text',
  neutral: 'border-border bg-surface-2 text-fg',
  bad: 'border-danger/40 bg-danger/10 text-danger',
};

export function Badge({ tone, children, status }: { tone: keyof typeof tones; children: ReactNode; status?: string }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

const escrowTones: Record<EscrowStatus, keyof typeof tones> = {
  'awaiting-funding': 'waiting',
  funded: 'good',
  completed: 'waiting',
  frozen: 'bad',
  released: 'neutral',
  refunded: 'neutral',
  cancelled: 'neutral',
  distributed: 'neutral',
};

export function EscrowBadge({ locale, status }: { locale: Locale; status: EscrowStatus }) {
  return (
    <Badge tone={escrowTones[status]} status={status}>
      {contractsMessages[locale][`escrow:${status}`]}
    </Badge>
  );
}

export function LoadError({ message, retry, label }: { message: string; retry?: () => void; label: string }) {
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-3 py-12 text-center">
      <p className="text-lg font-medium">{message}</p>
      {retry && (
        <button type="button" onClick={retry} className={buttonClasses('outline', 'sm')}>
          {label}
        </button>
      )}
    </div>
  );
}
