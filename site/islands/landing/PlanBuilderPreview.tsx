import { useId, useState } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { planBuilderMessages } from '../../i18n/messages/landing.ts';
import { formatPrice } from '../../i18n/money.ts';
import { island } from '../../ui/island.tsx';
import {
  HOURS_PER_WEEK,
  PLAN_BASE_CENTS,
  PLAN_FEATURE_CENTS,
  PLAN_FEATURES,
  perSessionCents,
  planMonthlyCents,
  SESSIONS_PER_MONTH,
  toggleFeature,
  type PlanFeature,
} from './plan-builder.ts';
import { pagedValue, type SliderRange } from './slider.ts';

type Props = { locale: Locale };

/**
 * The interactive plan preview of the landing page's subscription section (the demo
 * plan builder, docs/product.md#site): four premium-feature switches over a $120 base, sessions and hours sliders, and
 * the monthly total. Its server HTML already shows the starting plan, so nothing moves on hydration.
 */
function PlanBuilderPreview({ locale }: Props) {
  const m = planBuilderMessages[locale];
  const id = useId();
  const [features, setFeatures] = useState<PlanFeature[]>([]);
  const [sessions, setSessions] = useState<number>(SESSIONS_PER_MONTH.default);
  const [hours, setHours] = useState<number>(HOURS_PER_WEEK.default);
  const total = planMonthlyCents(features);
  const perMonth = (cents: number) => format(m.perMonth, { price: formatPrice(cents, locale) });

  return (
    <div className="rounded-2xl border border-border bg-surface p-5 shadow-xl shadow-black/10 sm:p-6">
      <h3 className="text-lg font-bold tracking-tight">{m.previewTitle}</h3>
      <p className="mt-1 text-sm text-muted">{m.previewIntro}</p>

      <div className="mt-4 flex items-center justify-between rounded-lg bg-surface-2 px-3 py-2 text-sm">
        <span className="font-medium">{m.basePlan}</span>
        <span className="font-semibold tabular-nums">{perMonth(PLAN_BASE_CENTS)}</span>
      </div>

      <fieldset className="mt-4">
        <legend className="text-sm font-medium">{m.premiumFeatures}</legend>
        <div className="mt-2 grid gap-2">
          {PLAN_FEATURES.map((feature) => (
            <label
              key={feature}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2.5 text-sm transition hover:bg-surface-2 has-[:checked]:border-accent"
            >
              <input
                type="checkbox"
                role="switch"
                name="feature"
                value={feature}
                checked={features.includes(feature)}
                onChange={() => setFeatures((current) => toggleFeature(current, feature, PLAN_FEATURES))}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className="relative h-5 w-9 shrink-0 rounded-full bg-border transition peer-checked:bg-accent peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-text after:absolute after:top-0.5 after:left-0.5 after:size-4 after:rounded-full after:bg-fg after:transition peer-checked:after:translate-x-4 peer-checked:after:bg-accent-fg"
              />
              {/* On a phone the price sits under the name, so long (French) names never squeeze it. */}
              <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-baseline sm:justify-between sm:gap-x-3">
                <span>{m[feature]}</span>
                <span className="text-muted tabular-nums">
                  {format(m.featurePrice, { price: formatPrice(PLAN_FEATURE_CENTS, locale) })}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <Slider
          id={`${id}-sessions`}
          label={m.sessions}
          value={sessions}
          display={String(sessions)}
          range={SESSIONS_PER_MONTH}
          onChange={setSessions}
        />
        <Slider
          id={`${id}-hours`}
          label={m.hours}
          value={hours}
          display={format(m.hoursValue, { n: hours })}
          range={HOURS_PER_WEEK}
          onChange={setHours}
        />
      </div>

      <div className="mt-5 flex flex-wrap items-end justify-between gap-x-4 gap-y-1 border-t border-border pt-4">
        <div>
          <p className="text-sm text-muted">{m.monthlyTotal}</p>
          <p aria-live="polite" className="text-3xl font-extrabold tracking-tight tabular-nums" data-plan-total>
            {perMonth(total)}
          </p>
        </div>
        <p className="text-sm text-muted tabular-nums">
          {format(m.perSession, { price: formatPrice(perSessionCents(total, sessions), locale) })}
        </p>
      </div>
    </div>
  );
}

type SliderProps = {
  id: string;
  label: string;
  value: number;
  display: string;
  range: SliderRange;
  onChange: (value: number) => void;
};

/** A native range with the 10-step Page Up/Page Down (docs/product.md#site) and its value shown beside the label. */
function Slider({ id, label, value, display, range, onChange }: SliderProps) {
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <span aria-hidden="true" className="font-semibold text-accent-text tabular-nums">
          {display}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        aria-valuetext={display}
        onChange={(event) => onChange(Number(event.target.value))}
        onKeyDown={(event) => {
          const next = pagedValue(event.key, value, range);
          if (next === null) return;
          event.preventDefault();
          onChange(next);
        }}
        className="mt-2 h-6 w-full cursor-pointer accent-accent"
      />
    </div>
  );
}

export default island(PlanBuilderPreview);
