import {
  AI_ANALYSIS_SECONDS,
  AUTO_RESOLVE_CONFIDENCE,
  HUMAN_REVIEW_HOURS,
  HUMAN_REVIEW_REQUEST_HOURS,
  PAYOUT_BUSINESS_DAYS,
  SCORE_MAX,
} from '../../../shared/domain/disputes/rules.ts';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { arbitrationMessages } from '../../i18n/messages/arbitration.ts';
import { infoDialogMessages } from '../../i18n/messages/info-dialogs.ts';
import { formatPercent } from '../../i18n/money.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { bodyDialog } from '../../ui/Dialog.tsx';
import { DecisionMatrix, EvidencePoints, ScoreCategories } from './DisputeRules.tsx';
import { formatNumber } from './info-format.ts';
import { Steps } from './Steps.tsx';

export function ArbitrationBody({ locale }: { locale: Locale }) {
  const m = arbitrationMessages[locale];
  const info = infoDialogMessages[locale];
  const n = (value: number) => formatNumber(value, locale);
  const steps = [
    {
      title: m.submitTitle,
      body: (
        <div className="space-y-2">
          <p>{m.submitText}</p>
          <EvidencePoints locale={locale} />
        </div>
      ),
    },
    {
      title: m.analysisTitle,
      body: (
        <div className="space-y-2">
          <p>{format(info.aiAnalysis, { seconds: n(AI_ANALYSIS_SECONDS) })}</p>
          <p>
            {format(info.autoResolve, {
              confidence: formatPercent(AUTO_RESOLVE_CONFIDENCE * 100, locale),
              hours: n(HUMAN_REVIEW_REQUEST_HOURS),
            })}
          </p>
        </div>
      ),
    },
    {
      title: m.reviewTitle,
      body: <p>{format(info.humanReview, { min: n(HUMAN_REVIEW_HOURS.min), max: n(HUMAN_REVIEW_HOURS.max) })}</p>,
    },
    {
      title: m.payoutTitle,
      body: <p>{format(info.payout, { min: n(PAYOUT_BUSINESS_DAYS.min), max: n(PAYOUT_BUSINESS_DAYS.max) })}</p>,
    },
  ];

  return (
    <div className="space-y-6 text-sm leading-relaxed">
      <p className="text-fg/90">{m.intro}</p>
      <section className="space-y-3">
        <h3 className="text-base font-semibold">{m.howTitle}</h3>
        <Steps steps={steps} />
      </section>
      <section className="space-y-3">
        <h3 className="text-base font-semibold">{m.matrixTitle}</h3>
        <p className="text-fg/90">{format(m.matrixIntro, { max: n(SCORE_MAX) })}</p>
        <DecisionMatrix locale={locale} level={4} />
      </section>
      <section className="space-y-3">
        <h3 className="text-base font-semibold">{m.categoriesTitle}</h3>
        <ScoreCategories locale={locale} />
      </section>
      <div className="flex sm:justify-end">
        <a
          href={localizePath('/arbitration-dashboard', locale)}
          className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}
        >
          {m.dashboard}
        </a>
      </div>
    </div>
  );
}

/** The arbitration information dialog (docs/product.md#disputes), opened from the footer. */
export default bodyDialog(arbitrationMessages, ArbitrationBody, 'xl');
