import { htmlLang, type Locale } from '../../i18n/locales.ts';
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
