import { BadgeCheck, ListChecks, Receipt, Scale, ScanSearch, UserCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  AI_ANALYSIS_SECONDS,
  AUTO_RESOLVE_CONFIDENCE,
  HUMAN_REVIEW_HOURS,
  HUMAN_REVIEW_REQUEST_HOURS,
  PAYOUT_BUSINESS_DAYS,
  SCORE_MAX,
  SCORE_MIN,
} from '../../../shared/domain/disputes/rules.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { infoDialogMessages } from '../../i18n/messages/info-dialogs.ts';
import { qualityEvaluationMessages } from '../../i18n/messages/quality-evaluation.ts';
import { formatPercent } from '../../i18n/money.ts';
import { bodyDialog } from '../../ui/Dialog.tsx';
import { DecisionMatrix, EvidencePoints, FeeTiers, ScoreCategories } from './DisputeRules.tsx';
import { AccordionGroup, InfoAccordion, InfoAccordionItem } from './InfoAccordion.tsx';
import { formatNumber } from './info-format.ts';

const iconClass = 'h-5 w-5';

/** The dialog's six topics, in their fixed order (docs/product.md#site). */
export const QUALITY_TOPICS = [
  'ai-analysis',
  'quality-categories',
  'decision-matrix',
  'fee-structure',
  'human-oversight',
  'quality-standards',
] as const;

export type QualityTopic = (typeof QUALITY_TOPICS)[number];

/** The six topics in one accordion; `initiallyOpen` opens one of them at first. */
export function QualityEvaluationBody({ locale, initiallyOpen }: { locale: Locale; initiallyOpen?: QualityTopic }) {
  const m = qualityEvaluationMessages[locale];
  const info = infoDialogMessages[locale];
  const n = (value: number) => formatNumber(value, locale);
  const autoResolve = format(info.autoResolve, {
    confidence: formatPercent(AUTO_RESOLVE_CONFIDENCE * 100, locale),
    hours: n(HUMAN_REVIEW_REQUEST_HOURS),
  });

  const topics: Record<QualityTopic, { title: string; icon: ReactNode; body: ReactNode }> = {
    'ai-analysis': {
      title: m.aiTitle,
      icon: <ScanSearch className={iconClass} />,
      body: (
        <>
          <p>{format(info.aiAnalysis, { seconds: n(AI_ANALYSIS_SECONDS) })}</p>
          <p>{m.aiText}</p>
          <EvidencePoints locale={locale} />
          <p>{autoResolve}</p>
        </>
      ),
    },
    'quality-categories': {
      title: m.categoriesTitle,
      icon: <ListChecks className={iconClass} />,
      body: (
        <>
          <p>{format(m.categoriesText, { min: n(SCORE_MIN), max: n(SCORE_MAX) })}</p>
          <ScoreCategories locale={locale} />
        </>
      ),
    },
    'decision-matrix': {
      title: m.matrixTitle,
      icon: <Scale className={iconClass} />,
      body: (
        <>
          <p>{m.matrixText}</p>
          <DecisionMatrix locale={locale} level={4} />
        </>
      ),
    },
    'fee-structure': {
      title: m.feesTitle,
      icon: <Receipt className={iconClass} />,
      body: (
        <>
          <p>{m.feesText}</p>
          <FeeTiers locale={locale} />
        </>
      ),
    },
    'human-oversight': {
      title: m.oversightTitle,
      icon: <UserCheck className={iconClass} />,
      body: (
        <>
          <p>{m.oversightText}</p>
          <ul className="list-disc space-y-1 pl-5 marker:text-muted">
            <li>{autoResolve}</li>
            <li>{format(info.humanReview, { min: n(HUMAN_REVIEW_HOURS.min), max: n(HUMAN_REVIEW_HOURS.max) })}</li>
            <li>{format(info.payout, { min: n(PAYOUT_BUSINESS_DAYS.min), max: n(PAYOUT_BUSINESS_DAYS.max) })}</li>
          </ul>
        </>
      ),
    },
    'quality-standards': {
      title: m.standardsTitle,
      icon: <BadgeCheck className={iconClass} />,
      body: (
        <ul className="list-disc space-y-1 pl-5 marker:text-muted">
          <li>{m.standardsContract}</li>
          <li>{m.standardsApproval}</li>
          <li>{m.standardsRatings}</li>
          <li>{m.standardsBadges}</li>
        </ul>
      ),
    },
  };

  return (
    <InfoAccordion defaultValue={initiallyOpen}>
      <AccordionGroup>
        {QUALITY_TOPICS.map((id) => (
          <InfoAccordionItem key={id} value={id} title={topics[id].title} icon={topics[id].icon} level={3}>
            <div className="space-y-3">{topics[id].body}</div>
          </InfoAccordionItem>
        ))}
      </AccordionGroup>
    </InfoAccordion>
  );
}

/** The landing page's Quality & Price Evaluation System dialog (docs/product.md#site). */
export default bodyDialog(qualityEvaluationMessages, QualityEvaluationBody, 'lg');
