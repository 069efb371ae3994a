import type { FeeTier } from '../../../shared/domain/fees/tiers.ts';
import type { PlanDefinition, PlanId } from '../../../shared/domain/plans/catalogue.ts';
import type { EvidenceKind, OutcomeId, ScoreBand, ScoreCategory } from '../../../shared/domain/disputes/rules.ts';
import { htmlLang, type Locale } from '../../i18n/locales.ts';
import { format } from '../../i18n/index.ts';
import { formatPercent, formatPrice } from '../../i18n/money.ts';
import type { InfoDialogMessages } from '../../i18n/messages/info-dialogs.ts';
import { numberFormat } from '../../i18n/intl.ts';
import { plural } from '../../i18n/plural.ts';

/**
 * Turns the shared domain data (fee tiers, plans, arbitration rules) into the sentences the
 * information dialogs show, so every number on screen comes from one definition.
 */

/** 4.5 → "4.5" in English, "4,5" in French. */
export function formatNumber(value: number, locale: Locale): string {
  return numberFormat(htmlLang[locale], { maximumFractionDigits: 2 }).format(value);
}

/** "Under $500", "$500–$1,999", "$5,000 and over" (the upper bound shown in whole dollars). */
export function feeTierRange(tier: FeeTier, locale: Locale, m: InfoDialogMessages): string {
  const min = formatPrice(tier.fromCents, locale);
  if (tier.toCents === null) return format(m.tierFrom, { min });
  if (tier.fromCents === 0) return format(m.tierUnder, { max: formatPrice(tier.toCents, locale) });
  return format(m.tierBetween, { min, max: formatPrice(tier.toCents - 100, locale) });
}

/** "Under $500: 8%". */
export function feeTierRow(tier: FeeTier, locale: Locale, m: InfoDialogMessages): string {
  return format(m.tierRow, {
    range: feeTierRange(tier, locale, m),
    percent: formatPercent(tier.rateBps / 100, locale),
  });
}

const planNameKeys = {
  starter: 'planStarter',
  local: 'planLocal',
  pro: 'planPro',
  enterprise: 'planEnterprise',
} as const satisfies Record<PlanId, keyof InfoDialogMessages>;

export function planName(id: PlanId, m: InfoDialogMessages): string {
  return m[planNameKeys[id]];
}

/** "Free" or "$19/month". */
export function planPrice(plan: PlanDefinition, locale: Locale, m: InfoDialogMessages): string {
  return plan.priceCents === 0 ? m.free : format(m.perMonth, { price: formatPrice(plan.priceCents, locale) });
}

const evidenceKeys = {
  photo: 'evidencePhoto',
  video: 'evidenceVideo',
  document: 'evidenceDocument',
  text: 'evidenceText',
} as const satisfies Record<EvidenceKind, keyof InfoDialogMessages>;

/** "Photo: 3 points", "Written statement: 1 point". */
export function evidenceRow(kind: EvidenceKind, points: number, locale: Locale, m: InfoDialogMessages): string {
  return plural(
    locale,
    points,
    { one: m.evidencePoint, other: m.evidencePoints },
    { kind: m[evidenceKeys[kind]], points: formatNumber(points, locale) },
  );
}

const categoryKeys = {
  quality: { name: 'categoryQuality', text: 'categoryQualityText' },
  price: { name: 'categoryPrice', text: 'categoryPriceText' },
  timeline: { name: 'categoryTimeline', text: 'categoryTimelineText' },
} as const satisfies Record<ScoreCategory, { name: keyof InfoDialogMessages; text: keyof InfoDialogMessages }>;

export function categoryName(category: ScoreCategory, m: InfoDialogMessages): string {
  return m[categoryKeys[category].name];
}

export function categoryText(category: ScoreCategory, m: InfoDialogMessages): string {
  return m[categoryKeys[category].text];
}

/** The condition of a decision-matrix row, from its score band. */
export function bandLabel(band: ScoreBand, locale: Locale, m: InfoDialogMessages): string {
  const n = (value: number) => formatNumber(value, locale);
  if (band.above !== undefined && band.below !== undefined)
    return format(m.bandAboveBelow, { min: n(band.above), max: n(band.below) });
  if (band.above !== undefined && band.atMost !== undefined)
    return format(m.bandAboveAtMost, { min: n(band.above), max: n(band.atMost) });
  if (band.atLeast !== undefined) return format(m.bandAtLeast, { min: n(band.atLeast) });
  if (band.atMost !== undefined) return format(m.bandAtMost, { max: n(band.atMost) });
  throw new RangeError(`a score band needs a bound: ${JSON.stringify(band)}`);
}

const outcomeKeys = {
  'contractor-full-payment': 'outcomeContractorFullPayment',
  'customer-refund': 'outcomeCustomerRefund',
  'shared-fault': 'outcomeSharedFault',
  'minor-issues': 'outcomeMinorIssues',
} as const satisfies Record<OutcomeId, keyof InfoDialogMessages>;

const outcomeNoteKeys: Partial<Record<OutcomeId, keyof InfoDialogMessages>> = {
  'contractor-full-payment': 'outcomeContractorFullPaymentNote',
  'minor-issues': 'outcomeMinorIssuesNote',
};

export function outcomeTitle(id: OutcomeId, customerPercent: number, locale: Locale, m: InfoDialogMessages): string {
  return format(m[outcomeKeys[id]], { percent: formatPercent(customerPercent, locale) });
}

export function outcomeNote(id: OutcomeId, m: InfoDialogMessages): string | undefined {
  const key = outcomeNoteKeys[id];
  return key ? m[key] : undefined;
}
