import { Check } from 'lucide-react';
import { Progress } from 'radix-ui';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { onboardingMessages } from '../../i18n/messages/auth.ts';
import { ONBOARDING_STEP_COUNT, ONBOARDING_STEPS, type OnboardingStep } from './validation.ts';

/** The onboarding wizard's progress: "Step n of 5", the bar, and the steps done, current and to come. */
export function OnboardingProgress({
  locale,
  step,
  stepNames,
}: {
  locale: Locale;
  step: OnboardingStep;
  stepNames: Record<OnboardingStep, string>;
}) {
  const m = onboardingMessages[locale];
  return (
    <div className="mt-5">
      <div className="mb-2 flex items-center justify-between text-xs font-medium text-muted">
        <span>{format(m.stepOf, { step, total: ONBOARDING_STEP_COUNT })}</span>
        <span>{stepNames[step]}</span>
      </div>
      <Progress.Root
        value={step}
        max={ONBOARDING_STEP_COUNT}
        getValueLabel={(value, max) => format(m.stepOf, { step: value, total: max })}
        aria-label={m.progressLabel}
        className="relative h-2 overflow-hidden rounded-full bg-surface-2"
      >
        <Progress.Indicator
          className="h-full w-full rounded-full bg-accent transition-transform duration-300"
          style={{ transform: `translateX(-${100 - (step / ONBOARDING_STEP_COUNT) * 100}%)` }}
        />
      </Progress.Root>
      <ol className="mt-3 grid grid-cols-5 gap-1 text-center">
        {ONBOARDING_STEPS.map((s) => {
          const done = s < step;
          const current = s === step;
          return (
            <li
              key={s}
              aria-current={current ? 'step' : undefined}
              className={`flex flex-col items-center gap-1 text-[11px] leading-tight sm:text-xs ${
                current ? 'font-semibold text-fg' : 'text-muted'
              }`}
            >
              <span
                aria-hidden="true"
                className={`flex h-6 w-6 items-center justify-center rounded-full border text-[11px] ${
                  done ? 'border-accent bg-accent text-accent-fg' : current ? 'border-accent text-fg' : 'border-border'
                }`}
              >
                {done ? <Check className="h-3.5 w-3.5" /> : s}
              </span>
              <span>{stepNames[s]}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
