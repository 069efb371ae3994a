import {
  DECISION_MATRIX,
  DEFAULT_SCORES,
  EVIDENCE_POINTS,
  EVIDENCE_SCORE_CAP,
  evidenceKinds,
  LONG_DESCRIPTION_BONUS,
  LONG_DESCRIPTION_MIN_EXCLUSIVE,
  SCORE_MAX,
  scoreCategories,
  SMALL_JOB_FLAG_CENTS,
} from '../../../shared/domain/disputes/rules.ts';
import {
  calculateFee,
  FEE_EXAMPLE_JOB_CENTS,
  ARBITRATION_FEE_TIERS,
  FEE_TIERS,
} from '../../../shared/domain/fees/tiers.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { infoDialogMessages } from '../../i18n/messages/info-dialogs.ts';
import { formatCad, formatPercent, formatPrice } from '../../i18n/money.ts';
import {
  bandLabel,
  categoryName,
  categoryText,
  evidenceRow,
  feeTierRange,
  formatNumber,
  outcomeNote,
  outcomeTitle,
} from './info-format.ts';

/**
 * The arbitration rules as the arbitration and quality-evaluation dialogs show them, rendered from
 * shared/domain/disputes/rules.ts and shared/domain/fees/tiers.ts.
 */

/** Points per kind of evidence, the long-description bonus and the cap. */
export function EvidencePoints({ locale }: { locale: Locale }) {
  const m = infoDialogMessages[locale];
  const n = (value: number) => formatNumber(value, locale);
  return (
    <div className="space-y-2">
      <ul className="list-disc space-y-1 pl-5 marker:text-muted">
        {evidenceKinds.map((kind) => (
          <li key={kind}>{evidenceRow(kind, EVIDENCE_POINTS[kind], locale, m)}</li>
        ))}
        <li>
          {format(m.evidenceBonus, { chars: n(LONG_DESCRIPTION_MIN_EXCLUSIVE), bonus: n(LONG_DESCRIPTION_BONUS) })}
        </li>
      </ul>
      <p>{format(m.evidenceCap, { cap: n(EVIDENCE_SCORE_CAP) })}</p>
    </div>
  );
}

/** Quality, price and timeline with what each judges and its default score. */
export function ScoreCategories({ locale }: { locale: Locale }) {
  const m = infoDialogMessages[locale];
  const n = (value: number) => formatNumber(value, locale);
  return (
    <dl className="divide-y divide-border rounded-lg border border-border">
      {scoreCategories.map((category) => (
        <div key={category} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2.5">
          <dt className="font-semibold text-fg">{categoryName(category, m)}</dt>
          <dd className="text-sm text-muted">
            {format(m.defaultScore, { score: n(DEFAULT_SCORES[category]), max: n(SCORE_MAX) })}
          </dd>
          <dd className="w-full text-sm text-fg/90">{categoryText(category, m)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One card per row of the decision matrix: the score band, the outcome and the split. */
export function DecisionMatrix({ locale, level }: { locale: Locale; level: 3 | 4 }) {
  const m = infoDialogMessages[locale];
  const Heading = level === 3 ? 'h3' : 'h4';
  const shares = [
    ['customer', m.shareCustomer],
    ['contractor', m.shareContractor],
    ['platform', m.sharePlatform],
  ] as const;
  return (
    <div className="space-y-3">
      <ul className="grid gap-3 sm:grid-cols-2">
        {DECISION_MATRIX.map((rule) => {
          const note = outcomeNote(rule.id, m);
          return (
            <li key={rule.id} className="rounded-lg border border-border bg-surface p-3">
              <p className="text-xs font-medium text-muted">{bandLabel(rule.band, locale, m)}</p>
              <Heading className="mt-1 text-sm font-semibold text-fg">
                {outcomeTitle(rule.id, rule.split.customer, locale, m)}
              </Heading>
              <p className="sr-only">{m.splitLabel}</p>
              <dl className="mt-2 grid grid-cols-3 gap-1 text-center">
                {shares.map(([key, label]) => (
                  <div key={key} className="rounded-md bg-surface-2 px-1 py-1.5">
                    <dt className="text-[0.7rem] leading-tight text-muted">{label}</dt>
                    <dd className="text-sm font-bold text-fg">{formatPercent(rule.split[key], locale)}</dd>
                  </div>
                ))}
              </dl>
              {note ? <p className="mt-2 text-xs text-muted">{note}</p> : null}
            </li>
          );
        })}
      </ul>
      <p className="text-sm">{format(m.smallJobs, { amount: formatPrice(SMALL_JOB_FLAG_CENTS, locale) })}</p>
    </div>
  );
}

/** The transaction fee tiers, who pays and when, and the worked example. */
export function FeeTiers({ locale }: { locale: Locale }) {
  const m = infoDialogMessages[locale];
  const example = calculateFee(FEE_EXAMPLE_JOB_CENTS);
  return (
    <div className="space-y-3">
      <dl className="divide-y divide-border rounded-lg border border-border">
        {FEE_TIERS.map((tier) => (
          <div key={tier.id} className="flex items-baseline justify-between gap-4 px-3 py-2">
            <dt>{feeTierRange(tier, locale, m)}</dt>
            <dd className="font-semibold text-fg">{formatPercent(tier.rateBps / 100, locale)}</dd>
          </div>
        ))}
      </dl>
      <p>{m.feeWho}</p>
      <p>{m.feeAllTransactions}</p>
      <p>{m.feeArbitrationScale}</p>
      <dl className="divide-y divide-border rounded-lg border border-border" data-fee-reading="arbitration">
        {ARBITRATION_FEE_TIERS.map((tier) => (
          <div key={tier.id} className="flex items-baseline justify-between gap-4 px-3 py-2">
            <dt>{feeTierRange(tier, locale, m)}</dt>
            <dd className="font-semibold text-fg">{formatPercent(tier.rateBps / 100, locale)}</dd>
          </div>
        ))}
      </dl>
      <p>
        {format(m.feeExample, {
          job: formatPrice(example.jobValueCents, locale),
          fee: formatCad(example.feeCents, locale),
          percent: formatPercent(example.percentage, locale),
          receives: formatCad(example.contractorReceivesCents, locale),
        })}
      </p>
    </div>
  );
}
