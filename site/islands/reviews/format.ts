import { htmlLang, type Locale } from '../../i18n/locales.ts';
import { format } from '../../i18n/index.ts';
import { dateTimeFormat, numberFormat } from '../../i18n/intl.ts';

/** A calendar date in the reader's language: "June 8, 2026" / "8 juin 2026". */
export function formatDate(iso: string | null, locale: Locale): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(htmlLang[locale], { dateStyle: 'long' }).format(date);
}

/** An average of stars with one decimal in the reader's language: 4.5 / 4,5. */
export function formatAverage(average: number, locale: Locale): string {
  return numberFormat(htmlLang[locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
}

/**
 * What was reviewed, in a line: a booking by its date ("Booking on June 8, 2026"), a work order by
 * its title ("Work order: Paint the deck").
 */
export function jobLabel(
  job: { kind: 'booking' | 'work-order'; title: string | null; startsAt?: string | null },
  m: { bookingOn: string; booking: string; workOrder: string; workOrderTitled: string },
  locale: Locale,
): string {
  if (job.kind === 'work-order') return job.title ? format(m.workOrderTitled, { title: job.title }) : m.workOrder;
  return job.startsAt ? format(m.bookingOn, { date: formatDate(job.startsAt, locale) }) : m.booking;
}
