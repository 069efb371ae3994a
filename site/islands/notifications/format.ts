import { htmlLang, type Locale } from '../../i18n/locales.ts';
import { dateTimeFormat } from '../../i18n/intl.ts';

/** The bell's badge: nothing at zero, the count up to 99, then '99+' (docs/product.md#notifications). */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

type Options = { timeZone?: string };

function dayKey(date: Date, timeZone?: string): string {
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/**
 * A notification's time (docs/product.md#notifications): the time if it is today, 'Yesterday', else month and
 * day — all in the reader's time zone.
 */
export function formatTimestamp(
  iso: string,
  now: Date,
  locale: Locale,
  yesterday: string,
  options: Options = {},
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const { timeZone } = options;
  const day = dayKey(date, timeZone);
  if (day === dayKey(now, timeZone)) {
    return dateTimeFormat(htmlLang[locale], { timeZone, hour: 'numeric', minute: '2-digit' }).format(date);
  }
  // The calendar day before today (noon avoids daylight-saving edges).
  const todayNoon = new Date(`${dayKey(now, timeZone)}T12:00:00Z`);
  const previous = new Date(todayNoon.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  if (day === previous) return yesterday;
  return dateTimeFormat(htmlLang[locale], { timeZone, month: 'short', day: 'numeric' }).format(date);
}

/** A booking's start: month and day plus the time (docs/product.md#notifications). */
export function formatBookingTime(iso: string, locale: Locale, options: Options = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(htmlLang[locale], {
    timeZone: options.timeZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}
