import { MINIMUM_AGE, MINIMUM_PAID_AGE } from '../../../shared/domain/accounts/age.ts';
import {
  AI_ANALYSIS_SECONDS,
  AUTO_RESOLVE_CONFIDENCE,
  EVIDENCE_POINTS,
  EVIDENCE_SCORE_CAP,
  HUMAN_REVIEW_HOURS,
  HUMAN_REVIEW_REQUEST_HOURS,
  LONG_DESCRIPTION_BONUS,
  LONG_DESCRIPTION_MIN_EXCLUSIVE,
  PAYOUT_BUSINESS_DAYS,
} from '../../../shared/domain/disputes/rules.ts';
import {
  calculateFee,
  FEE_EXAMPLE_JOB_CENTS,
  ARBITRATION_FEE_TIERS,
  FEE_TIERS,
} from '../../../shared/domain/fees/tiers.ts';
import { BOOSTS, planIds, PLANS, type BoostId } from '../../../shared/domain/plans/catalogue.ts';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { commonMessages } from '../../i18n/messages/common.ts';
import { faqMessages } from '../../i18n/messages/faq.ts';
import { infoDialogMessages } from '../../i18n/messages/info-dialogs.ts';
import { formatCad, formatPercent, formatPrice } from '../../i18n/money.ts';
import { feeTierRow, formatNumber, planName, planPrice } from './info-format.ts';

/** The urgent-alert premium cap (docs/product.md#urgent-alerts): up to 3× the normal price. */
const URGENT_PREMIUM_MULTIPLIER = 3;

export type FaqEntry = {
  id: string;
  question: string;
  /** Paragraphs before the list. */
  answer: string[];
  list?: string[];
  /** Paragraphs after the list. */
  after?: string[];
  link?: { href: string; label: string };
};

export type FaqGroup = { id: string; title: string; entries: FaqEntry[] };

const paragraphs = (text: string) => text.split('\n\n');

const boostKeys = {
  'boost-7': 'boost7',
  'featured-30': 'boostFeatured30',
  'premium-90': 'boostPremium90',
} as const satisfies Record<BoostId, string>;

/**
 * The FAQ in `locale`: six groups, 24 questions. Every figure is read from shared/domain (fees,
 * plans, boosts, ages, arbitration rules) and formatted for the locale.
 */
export function faqContent(locale: Locale): FaqGroup[] {
  const m = faqMessages[locale];
  const info = infoDialogMessages[locale];
  const brand = commonMessages[locale].brand;
  const n = (value: number) => formatNumber(value, locale);
  const ages = { basicAge: n(MINIMUM_AGE), paidAge: n(MINIMUM_PAID_AGE) };
  const plans = {
    starterPlan: planName('starter', info),
    localPlan: planName('local', info),
  };
  const example = calculateFee(FEE_EXAMPLE_JOB_CENTS);
  const limit = (value: number | null) => (value === null ? '∞' : n(value));

  return [
    {
      id: 'start',
      title: m.groupStart,
      entries: [
        { id: 'what', question: format(m.whatQ, { brand }), answer: paragraphs(format(m.whatA, { brand })) },
        {
          id: 'models',
          question: m.modelsQ,
          answer: [m.modelsA],
          list: [m.modelsSubscription, m.modelsDirect, m.modelsBids],
        },
        { id: 'ages', question: m.agesQ, answer: [format(m.agesA, { ...ages, brand })] },
        { id: 'languages', question: format(m.languagesQ, { brand }), answer: [m.languagesA] },
      ],
    },
    {
      id: 'customers',
      title: m.groupCustomers,
      entries: [
        { id: 'hire', question: m.hireQ, answer: paragraphs(m.hireA) },
        { id: 'subscriptions', question: m.subscriptionsQ, answer: [m.subscriptionsA] },
        {
          id: 'urgent',
          question: m.urgentQ,
          answer: paragraphs(format(m.urgentA, { multiplier: `${n(URGENT_PREMIUM_MULTIPLIER)}×`, ...plans })),
        },
        { id: 'contract', question: m.contractQ, answer: [m.contractA] },
      ],
    },
    {
      id: 'contractors',
      title: m.groupContractors,
      entries: [
        { id: 'start', question: m.startQ, answer: paragraphs(format(m.startA, plans)) },
        {
          id: 'plans',
          question: m.plansQ,
          answer: [m.plansA],
          list: planIds.map((id) =>
            format(PLANS[id].available ? m.planRow : m.planRowNotOffered, {
              name: planName(id, info),
              price: planPrice(PLANS[id], locale, info),
            }),
          ),
          after: [
            format(m.plansLimits, {
              ...plans,
              ...ages,
              starterConnections: limit(PLANS.starter.maxDirectHireConnections),
              starterBids: limit(PLANS.starter.maxBidProjects),
            }),
          ],
        },
        {
          id: 'boosts',
          question: m.boostsQ,
          answer: [m.boostsA],
          list: BOOSTS.map((boost) => {
            const text = format(m[boostKeys[boost.id]], {
              days: n(boost.days),
              price: formatPrice(boost.priceCents, locale),
            });
            return boost.firstOneFree ? format(m.boostFirstFree, { boost: text }) : text;
          }),
        },
        { id: 'badges', question: m.badgesQ, answer: paragraphs(format(m.badgesA, { brand })) },
        { id: 'barter', question: m.barterQ, answer: [m.barterA] },
      ],
    },
    {
      id: 'payments',
      title: m.groupPayments,
      entries: [
        { id: 'escrow', question: m.escrowQ, answer: [m.escrowA] },
        {
          id: 'fees',
          question: format(m.feesQ, { brand }),
          answer: [m.feesA],
          list: FEE_TIERS.map((tier) => feeTierRow(tier, locale, info)),
          after: [
            info.feeWho,
            info.feeAllTransactions,
            `${info.feeArbitrationScale} ${ARBITRATION_FEE_TIERS.map((tier) => feeTierRow(tier, locale, info)).join('; ')}.`,
            format(info.feeExample, {
              job: formatPrice(example.jobValueCents, locale),
              fee: formatCad(example.feeCents, locale),
              percent: formatPercent(example.percentage, locale),
              receives: formatCad(example.contractorReceivesCents, locale),
            }),
          ],
        },
        { id: 'problem', question: m.problemQ, answer: [m.problemA] },
      ],
    },
    {
      id: 'disputes',
      title: m.groupDisputes,
      entries: [
        {
          id: 'dispute',
          question: m.disputeQ,
          answer: [
            format(m.disputeA, {
              photoPoints: n(EVIDENCE_POINTS.photo),
              documentPoints: n(EVIDENCE_POINTS.document),
              textPoints: n(EVIDENCE_POINTS.text),
              chars: n(LONG_DESCRIPTION_MIN_EXCLUSIVE),
              bonus: n(LONG_DESCRIPTION_BONUS),
              cap: n(EVIDENCE_SCORE_CAP),
            }),
          ],
        },
        {
          id: 'decision',
          question: m.decisionQ,
          answer: [
            format(info.aiAnalysis, { seconds: n(AI_ANALYSIS_SECONDS) }),
            format(info.autoResolve, {
              confidence: formatPercent(AUTO_RESOLVE_CONFIDENCE * 100, locale),
              hours: n(HUMAN_REVIEW_REQUEST_HOURS),
            }),
            format(info.humanReview, { min: n(HUMAN_REVIEW_HOURS.min), max: n(HUMAN_REVIEW_HOURS.max) }),
            format(info.payout, { min: n(PAYOUT_BUSINESS_DAYS.min), max: n(PAYOUT_BUSINESS_DAYS.max) }),
          ],
        },
        { id: 'arbitrator', question: m.arbitratorQ, answer: [m.arbitratorA] },
      ],
    },
    {
      id: 'account',
      title: m.groupAccount,
      entries: [
        { id: 'two-roles', question: m.twoRolesQ, answer: [m.twoRolesA] },
        { id: 'switch', question: m.switchQ, answer: paragraphs(m.switchA) },
        { id: 'community', question: m.communityQ, answer: [m.communityA] },
        { id: 'notifications', question: m.notificationsQ, answer: [m.notificationsA] },
        {
          id: 'privacy',
          question: m.privacyQ,
          answer: [m.privacyA],
          link: { href: localizePath('/privacy-policy', locale), label: m.privacyLink },
        },
      ],
    },
  ];
}
