import { htmlLang, type Locale } from '../../i18n/locales.ts';
import { numberFormat } from '../../i18n/intl.ts';
import { URGENT_MULTIPLIER } from '../../../shared/domain/urgent/rules.ts';

/** The premium's steps, in percent (100, 125, … 300). */
export const STEPS = Array.from(
  { length: (URGENT_MULTIPLIER.maxPct - URGENT_MULTIPLIER.minPct) / URGENT_MULTIPLIER.stepPct + 1 },
  (_, i) => URGENT_MULTIPLIER.minPct + i * URGENT_MULTIPLIER.stepPct,
);

export const times = (pct: number, locale: Locale) =>
  numberFormat(htmlLang[locale], { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(pct / 100);
