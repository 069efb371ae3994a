import { MINIMUM_AGE } from '../../../shared/domain/accounts/age.ts';
import {
  calculateFee,
  FEE_CALCULATOR,
  FEE_EXAMPLE_JOB_CENTS,
  ARBITRATION_FEE_TIERS,
  FEE_TIERS,
  dollarsToCents,
  type FeeTier,
} from '../../../shared/domain/fees/tiers.ts';
import {
  BADGES,
  BOOSTS,
  PAID_PLAN_MIN_AGE,
  PLAN_FLAG_KEYS,
  PLAN_LIMIT_KEYS,
  PLANS,
  planIds,
  type BadgeDefinition,
  type BadgeId,
  type BoostId,
  type PlanId,
} from '../../../shared/domain/plans/catalogue.ts';
import { format } from '../../i18n/index.ts';
import { htmlLang, type Locale } from '../../i18n/locales.ts';
import { contractorPitchMessages, pricingMessages } from '../../i18n/messages/pricing.ts';
import { formatCad, formatPercent, formatPrice } from '../../i18n/money.ts';
import { numberFormat } from '../../i18n/intl.ts';

/**
 * What the pricing pieces show, as plain text in the page's language, derived from the plan
 * catalogue and the fee tiers in shared/domain. The pages render these pieces as static HTML (the
 * React components here are used without a client directive, so they ship no JavaScript) and the
 * dialogs render the same components live: one source for the markup, the numbers and the words.
 */

/** Where the contractor calls to action lead: sign-up with the contractor role chosen. */
export const CONTRACTOR_SIGNUP_PATH = '/signup?role=contractor';

export type PlanCardView = {
  id: PlanId;
  name: string;
  about: string;
  /** 'Free', '$19/month'. */
  price: string;
  free: boolean;
  available: boolean;
  limits: { key: string; label: string; value: string }[];
  /** The plan's features that are switched on, in display order. */
  features: string[];
};

export function planCards(locale: Locale): PlanCardView[] {
  const m = pricingMessages[locale];
  return planIds.map((id) => {
    const plan = PLANS[id];
    return {
      id,
      name: m[`plan:${id}` as const],
      about: m[`plan:${id}:about` as const],
      price: planPrice(plan.priceCents, locale),
      free: plan.priceCents === 0,
      available: plan.available,
      limits: PLAN_LIMIT_KEYS.map((key) => ({
        key,
        label: m[`limit:${key}` as const],
        value: limitText(plan[key], locale),
      })),
      features: PLAN_FLAG_KEYS.filter((key) => plan[key]).map((key) => m[`flag:${key}` as const]),
    };
  });
}

export function planPrice(priceCents: number, locale: Locale): string {
  const m = pricingMessages[locale];
  return priceCents === 0 ? m.priceFree : format(m.pricePerMonth, { price: formatPrice(priceCents, locale) });
}

/** A plan limit: null is unlimited, 0 is none. */
export function limitText(limit: number | null, locale: Locale): string {
  const m = pricingMessages[locale];
  if (limit === null) return m.unlimited;
  if (limit === 0) return m.none;
  return numberFormat(htmlLang[locale]).format(limit);
}

export type ComparisonCell = { plan: PlanId; text: string; included: boolean | null };
export type ComparisonRow = { key: string; label: string; cells: ComparisonCell[] };

/** The plan comparison table: limits first (text), then features (included or not). */
export function comparisonRows(locale: Locale): ComparisonRow[] {
  const m = pricingMessages[locale];
  const limits = PLAN_LIMIT_KEYS.map((key) => ({
    key,
    label: m[`limit:${key}` as const],
    cells: planIds.map((plan) => ({ plan, text: limitText(PLANS[plan][key], locale), included: null })),
  }));
  const flags = PLAN_FLAG_KEYS.map((key) => ({
    key,
    label: m[`flag:${key}` as const],
    cells: planIds.map((plan) => {
      const included = PLANS[plan][key];
      return { plan, text: included ? m.included : m.notIncluded, included };
    }),
  }));
  return [...limits, ...flags];
}

export type BoostCardView = { id: BoostId; title: string; price: string; about: string; firstFree: string | null };

export function boostCards(locale: Locale): BoostCardView[] {
  const m = pricingMessages[locale];
  return BOOSTS.map((boost) => ({
    id: boost.id,
    title: capitalize(format(m.boostTitle, { days: boost.days, name: m[`boost:${boost.id}` as const] })),
    price: formatPrice(boost.priceCents, locale),
    about: m[`boost:${boost.id}:about` as const],
    firstFree: boost.firstOneFree ? m.boostFirstFree : null,
  }));
}

export type BadgeGroupView = {
  kind: BadgeDefinition['kind'];
  title: string;
  note: string;
  badges: { id: BadgeId; name: string; about: string }[];
};

/** Performance badges (free) first, then verified credential badges (paid subscribers). */
export function badgeGroups(locale: Locale): BadgeGroupView[] {
  const m = pricingMessages[locale];
  const group = (kind: BadgeDefinition['kind'], title: string, note: string): BadgeGroupView => ({
    kind,
    title,
    note,
    badges: BADGES.filter((badge) => badge.kind === kind).map(({ id }) => ({
      id,
      name: m[`badge:${id}` as const],
      about: m[`badge:${id}:about` as const],
    })),
  });
  return [
    group('performance', m.badgesPerformance, m.badgesPerformanceNote),
    group('verified', m.badgesVerified, m.badgesVerifiedNote),
  ];
}

export type FeeTierRowView = { id: FeeTier['id']; range: string; rate: string; arbitrationRate: string };

/** 'Under $500', '$500 to $1,999.99', …, '$5,000 and over' with each tier's rate. */
export function feeTierRows(locale: Locale): FeeTierRowView[] {
  const m = pricingMessages[locale];
  return FEE_TIERS.map((tier) => {
    const from = formatPrice(tier.fromCents, locale);
    let range: string;
    if (tier.toCents === null) range = format(m.feeTierOver, { from });
    else if (tier.fromCents === 0) range = format(m.feeTierUnder, { to: formatPrice(tier.toCents, locale) });
    // The upper bound is exclusive: the last amount in the tier is one cent below it.
    else range = format(m.feeTierRange, { from, to: formatPrice(tier.toCents - 1, locale) });
    const arbitration = ARBITRATION_FEE_TIERS.find((t) => t.id === tier.id)!;
    return {
      id: tier.id,
      range,
      rate: formatPercent(tier.rateBps / 100, locale),
      arbitrationRate: formatPercent(arbitration.rateBps / 100, locale),
    };
  });
}

export type FeeResultView = {
  tierId: FeeTier['id'];
  jobValue: string;
  percent: string;
  fee: string;
  receives: string;
};

/** The calculator's result for an accepted value in dollars. */
export function feeResult(dollars: number, locale: Locale): FeeResultView {
  return feeResultForCents(dollarsToCents(dollars), locale);
}

export function feeResultForCents(cents: number, locale: Locale): FeeResultView {
  const result = calculateFee(cents);
  return {
    tierId: result.tier.id,
    jobValue: formatCad(result.jobValueCents, locale),
    percent: formatPercent(result.percentage, locale),
    fee: formatCad(result.feeCents, locale),
    receives: formatCad(result.contractorReceivesCents, locale),
  };
}

/** The worked example ($3,000: 5 % → $150.00, the contractor receives $2,850.00). */
export function feeExample(locale: Locale): FeeResultView & { title: string } {
  const m = pricingMessages[locale];
  const view = feeResultForCents(FEE_EXAMPLE_JOB_CENTS, locale);
  return {
    ...view,
    title: format(m.feeExampleTitle, { value: formatPrice(FEE_EXAMPLE_JOB_CENTS, locale) }),
  };
}

/** The calculator's bounds as money, for its hint and error: '$50', '$10,000'. */
export function calculatorBounds(locale: Locale): { min: string; max: string } {
  return {
    min: formatPrice(dollarsToCents(FEE_CALCULATOR.minDollars), locale),
    max: formatPrice(dollarsToCents(FEE_CALCULATOR.maxDollars), locale),
  };
}

/** 'Paid plans require you to be 18 or older. Basic use is open from age 15.' */
export function paidAgeRule(locale: Locale): string {
  return format(pricingMessages[locale].paidAgeRule, { paidAge: PAID_PLAN_MIN_AGE, basicAge: MINIMUM_AGE });
}

export const whyJoinKeys = ['fees', 'escrow', 'work', 'reputation'] as const;
export type WhyJoinKey = (typeof whyJoinKeys)[number];

export function whyJoin(locale: Locale): { key: WhyJoinKey; title: string; about: string }[] {
  const m = contractorPitchMessages[locale];
  const rates = FEE_TIERS.map((tier) => tier.rateBps / 100);
  const values = {
    highest: formatPercent(Math.max(...rates), locale),
    lowest: formatPercent(Math.min(...rates), locale),
  };
  return whyJoinKeys.map((key) => ({
    key,
    title: m[`why:${key}` as const],
    about: format(m[`why:${key}:about` as const], values),
  }));
}

/** The three steps of "How it works" (docs/product.md#plans: a 3-step how it works). */
export const stepKeys = ['apply', 'review', 'earn'] as const;

export function howItWorksSteps(
  locale: Locale,
): { key: (typeof stepKeys)[number]; label: string; title: string; about: string }[] {
  const m = contractorPitchMessages[locale];
  return stepKeys.map((key, index) => ({
    key,
    label: format(m.stepNumber, { n: index + 1 }),
    title: m[`step:${key}` as const],
    about: m[`step:${key}:about` as const],
  }));
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
