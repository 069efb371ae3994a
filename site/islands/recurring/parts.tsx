import { format } from '../../i18n/index.ts';
import { htmlLang, type Locale } from '../../i18n/locales.ts';
import { type recurringMessages } from '../../i18n/messages/recurring.ts';
import type { Frequency, SubscriptionStatus, VisitStatus } from './api.ts';
import { dateTimeFormat } from '../../i18n/intl.ts';

export type RecurringText = (typeof recurringMessages)['en'];

/** `YYYY-MM-DDTHH:mm` of an instant on the wall clock of `zone` (what the subscribe route takes). */
export function wallClock(iso: string, zone: string): string {
  const parts = Object.fromEntries(
    dateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** "Tue, Dec 1, 10:00 a.m. AST" in the reader's language, on the clock of `zone` (named, as visits keep it). */
export function visitWhen(iso: string, zone: string, locale: Locale): string {
  return dateTimeFormat(htmlLang[locale], {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

export const frequencyLabel = (frequency: Frequency, m: RecurringText) => m[`frequency:${frequency}`];

const statusTone: Record<SubscriptionStatus | VisitStatus, string> = {
  requested: 'border-accent/40 bg-accent/10 text-accent-text',
  active: 'border-success/40 bg-success/10 text-success',
  paused: 'border-border bg-surface-2 text-muted',
  declined: 'border-danger/40 bg-danger/10 text-danger',
  cancelled: 'border-border bg-surface-2 text-muted',
  upcoming: 'border-border bg-surface-2 text-muted',
  booked: 'border-success/40 bg-success/10 text-success',
  completed: 'border-border bg-surface-2 text-fg',
  skipped: 'border-border bg-surface-2 text-muted',
  'not-booked': 'border-danger/40 bg-danger/10 text-danger',
};

export function StatusPill({ status, label }: { status: SubscriptionStatus | VisitStatus; label: string }) {
  return (
    <span className={`inline-block rounded-full border px-2.5 py-0.5 text-xs font-medium ${statusTone[status]}`}>
      {label}
    </span>
  );
}

export function scheduleText(frequency: Frequency, price: string, m: RecurringText): string {
  return format(m.schedule, { frequency: frequencyLabel(frequency, m), price });
}
