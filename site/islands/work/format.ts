import { serviceCategories } from '../../../shared/domain/catalogue/categories.ts';
import { htmlLang, type Locale } from '../../i18n/locales.ts';
import { formatPrice } from '../../i18n/money.ts';
import type { WorkOrder } from './api.ts';
import { dateTimeFormat, numberFormat } from '../../i18n/intl.ts';
import { plural } from '../../i18n/plural.ts';

/** A fixed budget (min = max) as one amount, a range as "min – max". */
export function budgetText(order: Pick<WorkOrder, 'budgetMinCents' | 'budgetMaxCents'>, locale: Locale): string {
  const min = formatPrice(order.budgetMinCents, locale);
  if (order.budgetMinCents === order.budgetMaxCents) return min;
  return `${min} – ${formatPrice(order.budgetMaxCents, locale)}`;
}

export function categoryLabel(slug: string, locale: Locale): string {
  return serviceCategories.find((c) => c.slug === slug)?.[locale] ?? slug;
}

export function serviceLabel(slug: string | null, locale: Locale): string | null {
  if (!slug) return null;
  for (const category of serviceCategories) {
    const service = category.services.find((s) => s.slug === slug);
    if (service) return service[locale];
  }
  return slug;
}

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A calendar date (`YYYY-MM-DD`) as the reader writes it, with no time-zone shift. */
export function dateText(date: string, locale: Locale): string {
  let formatter = dateFormats.get(locale);
  if (!formatter) {
    formatter = dateTimeFormat(htmlLang[locale], { dateStyle: 'medium', timeZone: 'UTC' });
    dateFormats.set(locale, formatter);
  }
  const parsed = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : formatter.format(parsed);
}

/** An instant (ISO) as a date in the reader's zone. */
export function instantDate(iso: string, locale: Locale): string {
  return dateTimeFormat(htmlLang[locale], { dateStyle: 'medium' }).format(new Date(iso));
}

export function numberText(value: number, locale: Locale, fractionDigits = 1): string {
  return numberFormat(htmlLang[locale], { maximumFractionDigits: fractionDigits }).format(value);
}

export function hoursText(hours: number, locale: Locale, labels: { hour: string; hours: string }): string {
  return plural(locale, hours, { one: labels.hour, other: labels.hours }, { n: numberText(hours, locale) });
}

export function kmText(km: number, locale: Locale): string {
  return `${numberText(km, locale)} km`;
}

/** City and province, else the FSA; null for remote work without a place. */
export function placeText(location: WorkOrder['location']): string | null {
  if (!location) return null;
  const city = [location.city, location.province].filter(Boolean).join(', ');
  return city || location.fsa;
}

/** Today's date in the reader's own calendar (for date inputs' min). */
export function todayIso(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Cents as a dollar string for an input ("1500", "1500.5" → "1500.50"). */
export function centsToInput(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** An instant (a proposed time) in the reader's own zone: "Tuesday, March 3, 2026 at 10:00 a.m.". */
export function instantText(iso: string, locale: Locale): string {
  return dateTimeFormat(htmlLang[locale], { dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
}
