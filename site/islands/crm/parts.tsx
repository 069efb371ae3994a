import { format } from '../../i18n/index.ts';
import { htmlLang, type Locale } from '../../i18n/locales.ts';
import { crmMessages } from '../../i18n/messages/crm.ts';
import { formatPrice } from '../../i18n/money.ts';
import type { Crm } from './api.ts';
import { dateTimeFormat } from '../../i18n/intl.ts';
import { FORMER_MEMBER } from '../contracts/shared.tsx';

/** The CRM tabs' shared pieces: formats, status pills, the empty state and a job's amount. */

/** A client's name, or "Former member" in the page's language once their account is deleted. */
export const clientName = (m: { formerMember: string }, name: string) =>
  name === FORMER_MEMBER ? m.formerMember : name;

export const dateTime = (iso: string, locale: Locale) =>
  dateTimeFormat(htmlLang[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
export const day = (iso: string, locale: Locale) =>
  dateTimeFormat(htmlLang[locale], {
    dateStyle: 'medium',
    timeZone: iso.length === 10 ? 'UTC' : undefined,
  }).format(new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso));
export const money = (cents: number, locale: Locale) => formatPrice(cents, locale);

export const pill = (tone: 'open' | 'good' | 'bad' | 'neutral') =>
  `inline-block rounded-full border px-2.5 py-0.5 text-xs font-medium ${
    tone === 'open'
      ? 'border-accent/40 bg-accent/10 text-accent-text'
      : tone === 'good'
        ? 'border-success/40 bg-success/10 text-success'
        : tone === 'bad'
          ? 'border-danger/40 bg-danger/10 text-danger'
          : 'border-border bg-surface-2 text-muted'
  }`;

export function Empty({ children }: { children: string }) {
  return <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted">{children}</p>;
}

/**
 * A job's money on the line: its price, and once paid what was actually paid. After an arbitration
 * the contractor may have received a share only: that share is the figure, with the price beside it.
 */
export function JobAmount({
  job,
  locale,
}: {
  job: Pick<Crm['pipeline']['items'][number], 'amountCents' | 'paidCents' | 'stage'>;
  locale: Locale;
}) {
  const m = crmMessages[locale];
  const share = job.stage === 'paid' && job.paidCents !== null && job.paidCents !== job.amountCents;
  if (share) {
    return (
      <span className="tabular-nums" data-paid-cents={job.paidCents}>
        {money(job.paidCents!, locale)}{' '}
        <span className="text-xs text-muted">
          {format(m.shareOfPrice, { price: job.amountCents === null ? '—' : money(job.amountCents, locale) })}
        </span>
      </span>
    );
  }
  return job.amountCents !== null ? <span className="tabular-nums">{money(job.amountCents, locale)}</span> : null;
}
