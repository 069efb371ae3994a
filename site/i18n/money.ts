import { htmlLang, type Locale } from './locales.ts';
import { numberFormat } from './intl.ts';

function formatter(locale: Locale, fractionDigits: number): Intl.NumberFormat {
  return numberFormat(htmlLang[locale], {
    style: 'currency',
    currency: 'CAD',
    // English Canada writes "$1,000.00"; French Canada "1 000,00 $". Without this, en-CA may say "CA$".
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

/** Integer CAD cents as money: `formatCad(300000, 'en')` → "$3,000.00". */
export function formatCad(cents: number, locale: Locale, options: { wholeDollars?: boolean } = {}): string {
  const whole = options.wholeDollars ?? false;
  return formatter(locale, whole ? 0 : 2).format(cents / 100);
}

/** A price that drops ".00" when it is whole: $19, $19.50. */
export function formatPrice(cents: number, locale: Locale): string {
  return formatCad(cents, locale, { wholeDollars: cents % 100 === 0 });
}

/** A percentage in the locale's style: "6 %" in French, "6%" in English. */
export function formatPercent(percentage: number, locale: Locale): string {
  return numberFormat(htmlLang[locale], { style: 'percent', maximumFractionDigits: 3 }).format(percentage / 100);
}
